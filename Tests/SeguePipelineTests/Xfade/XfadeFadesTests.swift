import Testing
import SegueCore
import SegueTestSupport

extension GLSuite {
    /// xfade's fades and warps against ffmpeg (XfadeOracle: fadegrays against ffmpeg 9, as
    /// 5.1's is broken), and valid premultiplied frames between translucent inputs.
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
