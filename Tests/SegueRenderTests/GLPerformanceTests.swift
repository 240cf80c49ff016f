import Foundation
import SegueCore
import SegueGL
import Testing

/// Resident memory of this process in bytes (Linux /proc/self/statm).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// A 1080p fade (two full-canvas layers, plus blend) with readback: prints ms/frame so the
/// number is visible in every run (`swift test -c release --filter GLPerformance` for the
/// figure worth quoting), and checks that memory stays flat over many frames.
@Suite(.serialized)
struct GLPerformanceTests {
    @Test func fade1080pFramesAndFlatMemory() throws {
        let size = PixelSize(width: 1920, height: 1080)
        let images = ImageSet([.from: glTestImage(width: 1920, height: 1080, seed: 21, opaque: true),
                               .to: glTestImage(width: 1920, height: 1080, seed: 22, opaque: true)])
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
        let memoryBefore = residentBytes()

        let frames = 100
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for n in 0..<frames { try renderer.render(fade(n, of: frames), images: images, into: &target) }
        }
        // The last fade frame is exactly the `to` image.
        #expect(target == images[.to])
        let clearOnly = try clock.measure {
            for _ in 0..<20 {
                try renderer.render(FramePlan(size: size, time: 0, progress: 0, commands: [.clear(.black)]),
                                    images: images, into: &target)
            }
        }
        let memoryAfter = residentBytes()
        func milliseconds(_ d: Duration) -> Double {
            Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        }
        let perFrame = milliseconds(elapsed) / Double(frames), perClear = milliseconds(clearOnly) / 20
        print("GL fade 1920x1080 (\(renderer.info.renderer)): \(String(format: "%.2f", perFrame)) ms/frame over \(frames) frames; clear+readback only \(String(format: "%.2f", perClear)) ms; RSS \(memoryBefore / 1_048_576) → \(memoryAfter / 1_048_576) MiB")

        #expect(renderer.textureUploadCount == 2)
        #expect(memoryAfter - memoryBefore < 32 * 1_048_576, "RSS grew by \((memoryAfter - memoryBefore) / 1_048_576) MiB")
    }
}
