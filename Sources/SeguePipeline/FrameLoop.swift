import SegueCore
import SegueIO
import SegueSoftware
import Foundation

/// Timings of one rendered sequence.
public struct RenderStats: Sendable, Codable {
    public var frames: Int
    public var seconds: Double
    public var renderSeconds: Double
    public var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }
}

/// Renders frames of a prepared transition (all, or the absolute indices `frames` in order) and
/// hands them to sinks. Encoding runs on other threads while the next frame renders (a bounded
/// queue, so memory stays flat).
public enum FrameLoop {
    public static func run(_ transition: PreparedTransition, renderer: any FrameRenderer, sinks: [any FrameSink],
                           frames: [Int]? = nil, progress: ((Int, Int) -> Void)? = nil) throws(SegueError) -> RenderStats {
        let range = frames ?? Array(0..<transition.frameCount)
        let writer = SinkWriter(sinks: sinks)
        let start = DispatchTime.now()
        var renderNanos: UInt64 = 0
        var buffer = PixelBuffer(size: transition.size)
        for (done, n) in range.enumerated() {
            let plan = transition.plan(frame: n)
            let t0 = DispatchTime.now()
            do {
                try renderer.render(plan, images: transition.images, into: &buffer)
            } catch let error as SegueError {
                writer.abandon()
                throw error
            } catch {
                writer.abandon()
                throw SegueError(.internalError, "render failed: \(error)")
            }
            renderNanos += DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds
            try writer.submit(buffer, index: n)
            progress?(done + 1, range.count)
        }
        try writer.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return RenderStats(frames: range.count, seconds: seconds, renderSeconds: Double(renderNanos) / 1e9)
    }
}

/// Sinks whose frames are independent files may be written by several threads at once
/// (PNG encoding is the slowest stage of a PNG sequence; this is how it uses every core).
protocol ConcurrentFrameSink: FrameSink {}
extension PNGSequenceSink: ConcurrentFrameSink {}
extension NullSink: ConcurrentFrameSink {}

/// Runs sink writes on background queues, at most `capacity` frames in flight. A sequential
/// sink (a contact sheet, a pipe) gets its frames in order on its own serial queue.
final class SinkWriter: @unchecked Sendable {
    private let sinks: [any FrameSink]
    private let queues: [DispatchQueue]
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var firstError: SegueError?

    init(sinks: [any FrameSink], capacity: Int = SystemInfo.activeProcessorCount + 1) {
        self.sinks = sinks
        self.queues = sinks.indices.map { i in
            DispatchQueue(label: "segue.sink.\(i)", attributes: sinks[i] is any ConcurrentFrameSink ? .concurrent : [])
        }
        self.slots = DispatchSemaphore(value: capacity)
    }

    func submit(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        if let error = currentError() { throw error }
        for (sink, queue) in zip(sinks, queues) {
            slots.wait()
            group.enter()
            let box = UncheckedBox(sink)
            queue.async {
                defer { self.slots.signal(); self.group.leave() }
                if self.currentError() != nil { return }
                do throws(SegueError) {
                    try box.value.write(frame, index: index)
                } catch {
                    self.record(error)
                }
            }
        }
    }

    func finish() throws(SegueError) {
        group.wait()
        if let error = currentError() { throw error }
        for sink in sinks { try sink.finish() }
    }

    /// Waits for writes in flight after a failure elsewhere, discarding their results.
    func abandon() { group.wait() }

    private func currentError() -> SegueError? { lock.lock(); defer { lock.unlock() }; return firstError }
    private func record(_ e: SegueError) { lock.lock(); if firstError == nil { firstError = e }; lock.unlock() }
}

/// Sinks are used from one serial queue each; the box only carries them there.
struct UncheckedBox<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }
