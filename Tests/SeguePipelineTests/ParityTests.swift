import SegueTestSupport
import Testing
import SegueCore
import SegueEffects
import SegueGL
import SegueSoftware
import SeguePipeline

/// Parity (docs/ARCHITECTURE.md, "Principles"): every effect of the table (`EffectVariant.forParity`:
/// every value of its choice parameters; of the xfade transitions a sample in `make test`, all in
/// `make test-full`), at seven progress points, at an even and an odd size,
/// on photo-like and UI-like snapshots with transparency: the GL frame holds PSNR ≥ 40 dB and
/// ≥ 99 % of pixels within 3 levels of the software frame, and the end frames are the snapshots
/// themselves. Needs EGL: with no GL this suite fails, it does not skip.
@Suite(.serialized) struct ParityTests {
    static let progressPoints: [Double] = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]
    static let sizes = [PixelSize(width: 640, height: 360), PixelSize(width: 391, height: 847)]

    @Test(arguments: EffectVariant.forParity)
    func glMatchesSoftware(_ variant: EffectVariant) throws {
        let gl = try GLRenderer(platform: .auto)
        let software = SoftwareRenderer()
        for size in Self.sizes {
            for (kind, from, to) in [("photo", TestImages.photo(size.width, size.height, seed: 1), TestImages.photo(size.width, size.height, seed: 2)),
                                     ("ui", TestImages.ui(size.width, size.height, seed: 0), TestImages.ui(size.width, size.height, seed: 1))] {
                var request = TransitionRequest(effect: variant.effect)
                request.parameters = variant.overrides
                request.fromImage = from
                request.toImage = to
                let transition = try PreparedTransition(request)
                for p in Self.progressPoints {
                    let plan = transition.plan(fraction: p)
                    var a = PixelBuffer(size: size), b = PixelBuffer(size: size)
                    try software.render(plan, images: transition.images, into: &a)
                    try gl.render(plan, images: transition.images, into: &b)
                    let c = try ImageComparison(a, b)
                    print("parity \(variant) \(size) \(kind) p=\(p): PSNR \(c.psnr) dB, within3 \(c.fractionWithin3), max \(c.maxDifference)")
                    #expect(c.meetsParity, "\(variant) \(size) \(kind) p=\(p): PSNR \(c.psnr), within3 \(c.fractionWithin3)")
                    if p == 0 || p == 1, let resting = transition.effect.restingSnapshot(atEnd: p == 1) {
                        let end = resting == .from ? from : to
                        #expect(try ImageComparison(a, end).maxDifference <= 1, "software end frame p=\(p)")
                        #expect(try ImageComparison(b, end).maxDifference <= 1, "GL end frame p=\(p)")
                    }
                }
            }
        }
    }
}
