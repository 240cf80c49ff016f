import Foundation
import SegueCore
import SegueGL
import SegueTestSupport
import Testing

extension GLSuite {
    /// A 1080p fade (a cross-dissolve: one `mix.frag` pass) with readback: prints ms/frame so the
    /// number is visible in every run (`swift test -c release --filter GLPerformance` for the
    /// figure worth quoting), and checks that memory stays flat over many frames.
    @Suite struct GLPerformanceTests {
        @Test func fade1080pFramesAndFlatMemory() throws {
            let size = PixelSize(width: 1920, height: 1080)
            let images = ImageSet([.from: TestImages.noise(width: 1920, height: 1080, seed: 21, opaque: true),
                                   .to: TestImages.noise(width: 1920, height: 1080, seed: 22, opaque: true)])
            let renderer = try GLRenderer(platform: .auto)
            var target = PixelBuffer(size: size)
            func fade(_ n: Int, of count: Int) -> FramePlan {
                let e = Double(n) / Double(count - 1)
                return FramePlan(size: size, time: e, progress: e, commands: [
                    .clear(.clear),
                    .layer(Layer(source: .from, frame: Rect(size: size), opacity: 1 - e, blend: .plus)),
                    .layer(Layer(source: .to, frame: Rect(size: size), opacity: e, blend: .plus)),
                ])
            }
            // Warm-up: uploads, framebuffer, llvmpipe shader compilation.
            for n in 0..<5 { try renderer.render(fade(n, of: 5), images: images, into: &target) }
            let memoryBefore = TestFiles.residentBytes()

            let frames = 100
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                for n in 0..<frames { try renderer.render(fade(n, of: frames), images: images, into: &target) }
            }
            // The last fade frame is exactly the `to` image.
            #expect(target == images[.to])
            func milliseconds(_ d: Duration) -> Double {
                Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
            }
            // Where the time goes: the same frame size with less (or more general) work.
            func perFrame(_ commands: [DrawCommand]) throws -> String {
                let plan = FramePlan(size: size, time: 0, progress: 0, commands: commands)
                let d = try clock.measure { for _ in 0..<20 { try renderer.render(plan, images: images, into: &target) } }
                return String(format: "%.2f", milliseconds(d) / 20)
            }
            let canvas = Rect(size: size)
            let clearOnly = try perFrame([.clear(.black)])
            let oneLayer = try perFrame([.clear(.clear), .layer(Layer(source: .from, frame: canvas, opacity: 0.5, blend: .plus))])
            let sampled = try perFrame([
                .clear(.clear),
                .layer(Layer(source: .from, frame: canvas.offsetBy(dx: 0.5, dy: 0), opacity: 0.5, blend: .plus)),
                .layer(Layer(source: .to, frame: canvas.offsetBy(dx: 0.5, dy: 0), opacity: 0.5, blend: .plus)),
            ])
            let memoryAfter = TestFiles.residentBytes()
            print("GL fade 1920x1080 (\(renderer.info.renderer)): \(String(format: "%.2f", milliseconds(elapsed) / Double(frames))) ms/frame over \(frames) frames; "
                  + "clear+readback \(clearOnly) ms, one added layer (mix) \(oneLayer) ms, fade at a half-pixel offset (two bilinear layers) \(sampled) ms; "
                  + "RSS \(memoryBefore / 1_048_576) → \(memoryAfter / 1_048_576) MiB")

            #expect(renderer.textureUploadCount == 2)
            #expect(memoryAfter - memoryBefore < 32 * 1_048_576, "RSS grew by \((memoryAfter - memoryBefore) / 1_048_576) MiB")
        }

        @Test func thousandsOfFramesWithChangingImageSetsKeepMemoryFlat() throws {
            let size = PixelSize(width: 320, height: 180)
            let renderer = try GLRenderer(platform: .auto)
            var target = PixelBuffer(size: size)
            func run(sets: Range<Int>) throws {
                for set in sets {
                    // A new ImageSet every 100 frames, as a pipeline with new inputs would send.
                    let images = ImageSet([.from: TestImages.noise(width: 320, height: 180, seed: UInt64(set)),
                                           .to: TestImages.noise(width: 320, height: 180, seed: UInt64(set) + 1000)])
                    for n in 0..<100 {
                        let e = Double(n) / 99
                        let plan = FramePlan(size: size, time: e, progress: e, commands: [
                            .clear(.clear),
                            .layer(Layer(source: .from, frame: Rect(x: -e * 320, y: 0, width: 320, height: 180),
                                         cornerRadii: CornerRadii(all: 12), shadow: Shadow(color: .black, sigma: 6, offset: .zero))),
                            .layer(Layer(source: .to, frame: Rect(x: (1 - e) * 320, y: 0, width: 320, height: 180), opacity: e)),
                        ])
                        try renderer.render(plan, images: images, into: &target)
                    }
                }
            }
            try run(sets: 0..<3)
            let before = TestFiles.residentBytes()
            try run(sets: 3..<23)
            let after = TestFiles.residentBytes()
            print("GL 2000 frames 320x180 over 20 image sets: RSS \(before / 1_048_576) → \(after / 1_048_576) MiB, \(renderer.textureUploadCount) uploads")
            #expect(renderer.textureUploadCount == 46)
            // RSS is shared with the suites running beside this one, so it is printed, not held;
            // the GL objects this renderer keeps are what must stay flat.
            #expect(renderer.liveTextureCount == 2)
            #expect(renderer.framebufferCreationCount == 1)
        }
    }
}
