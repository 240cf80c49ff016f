#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SegueSoftware

/// xfade's circles measure with the C library's `hypotf`; the software renderer inlines it
/// (`XfadeShapes.distance`), which must give the same float for every pixel offset of a
/// 4K canvas.
@Suite struct XfadeShapesDistanceTests {
    @Test func distanceEqualsHypotf() {
        var mismatches = 0
        for dx in stride(from: -3840, through: 3840, by: 7) {
            for dy in stride(from: -2160, through: 2160, by: 3) where XfadeShapes.distance(dx, dy) != hypotf(Float(dx), Float(dy)) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}
