import Foundation
import SegueCore
import SegueGL
import SegueIO
import SeguePipeline
import SegueTestSupport
import Testing

extension GLSuite {
    /// `FrameLoop` with a renderer that holds frames (`FrameRenderer.submit`): every frame
    /// reaches the sinks once, with its own index, as `render` draws it; a failing sink leaves
    /// nothing held in the renderer for the next job.
    @Suite struct PipelinedFrameLoopTests {
        /// Keeps a copy of every frame by index.
        final class Recorder: FrameSink, @unchecked Sendable {
            private let lock = NSLock()
            private(set) var frames: [Int: PixelBuffer] = [:]
            let failAt: Int?
            init(failAt: Int? = nil) { self.failAt = failAt }
            func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
                if index == failAt { throw SegueError(.io, "sink failed at \(index)") }
                lock.withLock { frames[index] = frame }
            }
            func finish() throws(SegueError) {}
        }

        func transition() throws -> PreparedTransition {
            var request = TransitionRequest(effect: "push")
            request.fromImage = TestImages.photo(96, 64, seed: 1)
            request.toImage = TestImages.photo(96, 64, seed: 2)
            request.fps = 20
            request.duration = 0.5
            return try PreparedTransition(request)
        }

        @Test func everyFrameReachesTheSinksAsRendered() throws {
            let t = try transition()
            let renderer = try GLRenderer(platform: .auto, readback: .pixelBuffers)
            let sink = Recorder()
            let stats = try FrameLoop.run(t, renderer: renderer, sinks: [sink])
            #expect(stats.frames == t.frameCount)
            #expect(sink.frames.count == t.frameCount)
            for n in 0..<t.frameCount {
                var expected = PixelBuffer(size: t.size)
                try renderer.render(t.plan(frame: n), images: t.images, into: &expected)
                #expect(sink.frames[n] == expected, "frame \(n)")
            }
        }

        @Test func aFailingSinkLeavesNothingInTheRenderer() throws {
            let t = try transition()
            let renderer = try GLRenderer(platform: .auto, readback: .pixelBuffers)
            #expect(throws: SegueError.self) { try FrameLoop.run(t, renderer: renderer, sinks: [Recorder(failAt: 2)]) }
            #expect(try renderer.collect() == nil)
            // The next job starts clean: its first frame is its own.
            let sink = Recorder()
            _ = try FrameLoop.run(t, renderer: renderer, sinks: [sink], frames: [0])
            var expected = PixelBuffer(size: t.size)
            try renderer.render(t.plan(frame: 0), images: t.images, into: &expected)
            #expect(sink.frames[0] == expected)
        }
    }
}
