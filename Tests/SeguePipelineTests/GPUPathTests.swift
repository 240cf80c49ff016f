import SegueCore
import SegueGL
import SegueSoftware
import SeguePipeline
import SegueTestSupport
import Testing

extension GLSuite {
    /// What a GPU found (`segue proof` on an NVIDIA H200) and what was built for it: hblur from
    /// row prefix sums, the line tables, the readback's copy threads; and the proof's own parts.
    @Suite struct GPUPathTests {
        /// hblur's row sums at widths where the doubling passes end unevenly (1, 2, 3, a power
        /// of two, one past it) and at box lengths from 1 to the whole row: equal to the
        /// software renderer's exact prefix sums.
        @Test(arguments: [1, 2, 3, 64, 65, 97])
        func hblurFromRowSumsEqualsSoftware(_ width: Int) throws {
            let gl = try GLRenderer(platform: .auto)
            let software = SoftwareRenderer()
            let size = PixelSize(width: width, height: 7)
            let images = ImageSet([.from: TestImages.photo(width, 7, seed: 5), .to: TestImages.ui(width, 7, seed: 6)])
            for progress in [0.0, 0.1, 0.3, 0.5, 0.77, 1.0] {
                let plan = FramePlan(size: size, time: progress, progress: progress,
                                     commands: [.xfade(XfadeCall(transition: .hblur, progress: progress, from: .from, to: .to))])
                var a = PixelBuffer(size: size), b = PixelBuffer(size: size)
                try software.render(plan, images: images, into: &a)
                try gl.render(plan, images: images, into: &b)
                #expect(try ImageComparison(a, b).maxDifference <= 1, "width \(width), progress \(progress)")
            }
        }

        /// A still pair is summed once for the whole job; a new pair (a clip's next frame) again.
        @Test func rowSumsAreMadeOncePerImageSet() throws {
            let gl = try GLRenderer(platform: .auto)
            let size = PixelSize(width: 40, height: 10)
            let first = ImageSet([.from: TestImages.photo(40, 10, seed: 1), .to: TestImages.photo(40, 10, seed: 2)])
            var frame = PixelBuffer(size: size)
            for n in 0..<5 {
                let p = Double(n) / 4
                try gl.render(FramePlan(size: size, time: p, progress: p,
                                        commands: [.xfade(XfadeCall(transition: .hblur, progress: p, from: .from, to: .to))]),
                              images: first, into: &frame)
            }
            #expect(gl.rowSumBuildCount == 2)
            let second = ImageSet([.from: TestImages.photo(40, 10, seed: 3), .to: TestImages.photo(40, 10, seed: 4)])
            try gl.render(FramePlan(size: size, time: 0.5, progress: 0.5,
                                    commands: [.xfade(XfadeCall(transition: .hblur, progress: 0.5, from: .from, to: .to))]),
                          images: second, into: &frame)
            #expect(gl.rowSumBuildCount == 4)
        }

        /// The slices and squeezes at 1080p, where band edges and squeeze positions fall on
        /// exact ties (the rows an H200 flipped): GL equal to the software renderer.
        @Test(arguments: [XfadeTransition.hlslice, .hrslice, .vuslice, .vdslice, .squeezeh, .squeezev])
        func lineTablesMakeTiesAgree(_ transition: XfadeTransition) throws {
            let gl = try GLRenderer(platform: .auto)
            let software = SoftwareRenderer()
            let size = PixelSize(width: 1920, height: 1080)
            let images = ImageSet([.from: TestImages.photo(1920, 1080, seed: 7), .to: TestImages.ui(1920, 1080, seed: 8)])
            for progress in [0.2, 0.5, 0.8] {
                let plan = FramePlan(size: size, time: progress, progress: progress,
                                     commands: [.xfade(XfadeCall(transition: transition, progress: progress, from: .from, to: .to))])
                var a = PixelBuffer(size: size), b = PixelBuffer(size: size)
                try software.render(plan, images: images, into: &a)
                try gl.render(plan, images: images, into: &b)
                #expect(try ImageComparison(a, b).maxDifference == 0, "\(transition) p=\(progress)")
            }
        }

        /// Frames read back through a pixel-buffer ring and copied out by several threads (a
        /// frame large enough to split, in runs that do not divide it evenly) are the frames a
        /// direct read gives.
        @Test func threadedCopyOutOfTheRingEqualsDirectReads() throws {
            let size = PixelSize(width: 813, height: 611)
            let images = ImageSet([.from: TestImages.photo(813, 611, seed: 9), .to: TestImages.photo(813, 611, seed: 10)])
            let direct = try GLRenderer(platform: .auto, readback: .direct)
            let ring = try GLRenderer(platform: .auto, readback: .pixelBuffers(depth: 3, copyThreads: 3))
            var returned: [PixelBuffer] = []
            let plans = (0..<5).map { n in
                FramePlan(size: size, time: 0, progress: Double(n) / 4,
                          commands: [.xfade(XfadeCall(transition: .fade, progress: Double(n) / 4, from: .from, to: .to))])
            }
            for plan in plans {
                if let done = try ring.submit(plan, images: images, into: PixelBuffer(size: size)) { returned.append(done) }
            }
            while let done = try ring.collect() { returned.append(done) }
            #expect(returned.count == plans.count)
            for (plan, frame) in zip(plans, returned) {
                var expected = PixelBuffer(size: size)
                try direct.render(plan, images: images, into: &expected)
                #expect(frame.bytes == expected.bytes)
            }
        }

        /// The proof's parity check reports the worst frame and fails a renderer that disagrees.
        @Test func parityCheckFindsTheWorstFrame() throws {
            let gl = try GLRenderer(platform: .auto)
            let software = SoftwareRenderer()
            let sizes = [PixelSize(width: 64, height: 36), PixelSize(width: 33, height: 21)]
            let good = try ParityCheck.run(EffectVariant(effect: "push"), sizes: sizes, progress: [0, 0.5, 1], gl: gl, software: software)
            #expect(good.pass && good.frames == 6 && good.worst.psnr >= 40)
            let bad = try ParityCheck.run(EffectVariant(effect: "push"), sizes: sizes, progress: [0.5], gl: Inverting(), software: software)
            #expect(!bad.pass && bad.worst.psnr < 20 && bad.lowestWithin3 < 0.5)
        }

        /// A sustained render samples each second and keeps count of every frame it drew.
        @Test func sustainedRenderSamplesEverySecond() throws {
            var request = TransitionRequest(effect: "fade")
            request.size = PixelSize(width: 32, height: 18)
            let transition = try PreparedTransition(request)
            let run = try SustainedRender.run(transition, renderer: try GLRenderer(platform: .auto), seconds: 2.2)
            #expect(run.samples.count == 2)
            #expect(run.frames > 0 && abs(Double(run.frames) / run.seconds - run.fps) < 1e-6)
            #expect(run.samples.allSatisfy { $0.fps > 0 && $0.residentMiB > 0 })
        }
    }
}

/// Draws the software frame with every colour byte inverted: a renderer that disagrees.
private final class Inverting: FrameRenderer {
    let backendName = "inverting"
    let software = SoftwareRenderer()
    func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        try software.render(plan, images: images, into: &target)
        for i in target.bytes.indices where i % 4 != 3 { target.bytes[i] = 255 - target.bytes[i] }
    }
}
