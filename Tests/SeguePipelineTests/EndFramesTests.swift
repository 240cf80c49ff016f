import SegueCore
import SegueEffects
import SegueSoftware
import SeguePipeline
import SegueTestSupport
import Testing

/// Every built-in effect ends exactly on the *to* screen with its defaults, so a transition cut
/// into a video never pops at its end (README, docs/TIMELINES.md). A choice that keeps an
/// original's resting layout instead (`card end=card`) says so through `restingSnapshot`. The
/// effect's own last plan is drawn — not the snapshot `PreparedCut` shows at the end on the
/// effect's word — so the word is checked.
@Suite struct EndFramesTests {
    static let builtins = EffectVariant.all.filter { !$0.isXfade && (!$0.isSMPTE || XfadeOracle.isFull || EffectVariant.smpteSample.contains($0.effect)) }

    @Test(arguments: builtins)
    func endsOnTheToScreen(_ variant: EffectVariant) throws {
        let size = PixelSize(width: 195, height: 423)
        var request = TransitionRequest(effect: variant.effect)
        request.parameters = variant.overrides
        request.fromImage = TestImages.photo(195, 423, seed: 1)
        request.toImage = TestImages.photo(195, 423, seed: 2)
        request.size = size
        let t = try PreparedTransition(request)
        if variant.parameters.isEmpty {
            #expect(t.effect.restingSnapshot(atEnd: false) == .from && t.effect.restingSnapshot(atEnd: true) == .to,
                    "\(variant): with its defaults an effect must start on from and end on to")
        }
        guard let resting = t.effect.restingSnapshot(atEnd: true) else { return }
        let context = FrameContext(size: size, timeFraction: 1, time: t.duration, duration: t.duration,
                                   timing: t.timing, scale: t.scale, seed: t.seed)
        var frame = PixelBuffer(size: size)
        try SoftwareRenderer().render(t.effect.plan(context), images: t.images, into: &frame)
        let expected = try #require(t.images[resting])
        // Within a speck of what shrinks away (bubble's disc at radius 0 when dismissing); the
        // cut shows the snapshot itself there.
        let c = try ImageComparison(frame, expected)
        #expect(c.psnr >= 40 && c.fractionWithin3 >= 0.999,
                "\(variant): its last frame is \(c.psnr) dB from the \(resting) snapshot, \(c.fractionWithin3) within 3 levels")
    }
}
