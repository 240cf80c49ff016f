import SegueAuthoring
import SegueCore
import Testing

/// Frames that finish in time pass straight through the watchdog, errors included.
@Suite struct TimeLimitedRendererTests {
    final class Stub: FrameRenderer {
        let backendName = "stub"
        var frames = 0
        var failure: SegueError?
        func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
            if let failure { throw failure }
            frames += 1
            target.fill(.white)
        }
    }

    @Test func framesInTimePassThrough() throws {
        let stub = Stub()
        let limited = TimeLimitedRenderer(stub, watchdog: FrameWatchdog(), limit: 60, label: "stub.glsl") {}
        let size = PixelSize(width: 4, height: 4)
        var target = PixelBuffer(size: size)
        for _ in 0..<3 { try limited.render(FramePlan(size: size, time: 0, progress: 0, commands: []), images: ImageSet([:]), into: &target) }
        #expect(stub.frames == 3 && target[0, 0] == (255, 255, 255, 255) && limited.backendName == "stub")
        stub.failure = SegueError(.invalidInput, "bad frame")
        #expect(throws: SegueError(.invalidInput, "bad frame")) {
            try limited.render(FramePlan(size: size, time: 0, progress: 0, commands: []), images: ImageSet([:]), into: &target)
        }
    }
}
