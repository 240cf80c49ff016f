import Testing
import SegueCore

extension GLSuite {
    /// xfade's fades and warps against the installed ffmpeg (XfadeOracle), and valid
    /// premultiplied frames between translucent inputs.
    @Suite struct XfadeFadesAndWarpsTests {
        static let transitions = XfadeFamily.fades.members + XfadeFamily.warps.members

        @Test(arguments: transitions)
        func matchesFFmpeg(_ transition: XfadeTransition) throws {
            try XfadeOracle.check(transition)
        }

        @Test(arguments: transitions)
        func staysPremultiplied(_ transition: XfadeTransition) throws {
            try XfadeOracle.checkStaysPremultiplied(transition)
        }
    }
}
