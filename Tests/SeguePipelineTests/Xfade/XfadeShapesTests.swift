import Testing
import SegueCore

/// xfade's shapes, slices and winds on both renderers: frame-equal to ffmpeg (XfadeOracle: the
/// winds, newer than Debian's ffmpeg 5.1, against ffmpeg 9), and valid premultiplied data
/// between translucent inputs.
extension GLSuite {
    @Suite struct XfadeShapesTests {
        static let transitions = XfadeFamily.shapes.members + XfadeFamily.slices.members + XfadeFamily.winds.members

        @Test(arguments: transitions)
        func equalsFFmpeg(_ transition: XfadeTransition) throws {
            try XfadeOracle.check(transition)
        }

        @Test(arguments: transitions)
        func staysPremultiplied(_ transition: XfadeTransition) throws {
            try XfadeOracle.checkStaysPremultiplied(transition)
        }
    }
}
