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
/// queue, so memory stays flat). Frames come from a `FramePool` and go back to it when every
/// sink is done with them: no frame is copied on the way.
public enum FrameLoop {
    public static func run(_ source: any FrameSource, renderer: any FrameRenderer, sinks: [any FrameSink],
                           frames: [Int]? = nil, pool: FramePool? = nil,
                           progress: ((Int, Int) -> Void)? = nil) throws(SegueError) -> RenderStats {
        let range = frames ?? Array(0..<source.frameCount)
        let capacity = SinkWriter.capacity(frameSize: source.size)
        // Frames in flight, those a renderer holds (two at most) and a decoder's queue per clip
        // of a cut (`VideoClipDecoder`): more idle buffers than that are never needed again.
        let pool = pool ?? FramePool(size: source.size, maxFree: capacity + 2 + 2 * VideoClipDecoder.queueDepth)
        let writer = SinkWriter(sinks: sinks, pool: pool, capacity: capacity)
        let start = DispatchTime.now()
        var renderNanos: UInt64 = 0
        // Frames are submitted to the renderer and come back in order, possibly a frame or two
        // later (`FrameRenderer.submit`): those it still holds, with the images lent to them.
        var held: [HeldFrame] = []
        // Drawn frames whose lent images go back to the pool at the next step, when nothing
        // but this list refers to their image set any more.
        var drawn: [HeldFrame] = []
        func timed<T>(_ body: () throws(SegueError) -> T) throws(SegueError) -> T {
            let t0 = DispatchTime.now()
            defer { renderNanos += DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds }
            return try body()
        }
        func hand(_ frame: consuming PixelBuffer) throws(SegueError) {
            guard !held.isEmpty else { throw SegueError(.internalError, "the renderer gave back a frame it was not given") }
            let done = held.removeFirst()
            try writer.submit(consume frame, index: done.index)
            if !done.lent.isEmpty { drawn.append(done) }
        }
        do throws(SegueError) {
            for (done, n) in range.enumerated() {
                while let frame = drawn.popLast() { frame.giveBackLent(to: pool) }
                switch try source.frame(n, pool: pool) {
                case .drawn(let plan, let images, let lent):
                    held.append(HeldFrame(index: n, images: lent.isEmpty ? nil : images, lent: lent))
                    if let frame = try timed({ () throws(SegueError) in try renderer.submit(plan, images: images, into: pool.take()) }) {
                        try hand(consume frame)
                    }
                case .ready(let pixels):
                    // Frames go out in order: those the renderer still holds come first.
                    while let frame = try timed({ () throws(SegueError) in try renderer.collect() }) { try hand(consume frame) }
                    try writer.submit(pixels, index: n)
                }
                progress?(done + 1, range.count)
            }
            while let frame = try timed({ () throws(SegueError) in try renderer.collect() }) { try hand(consume frame) }
        } catch {
            // Nothing may stay in the renderer for the next job.
            while (try? renderer.collect()) != nil {}
            writer.abandon()
            throw error
        }
        try writer.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return RenderStats(frames: range.count, seconds: seconds, renderSeconds: Double(renderNanos) / 1e9)
    }
}

/// A frame given to the renderer, and the images lent to it (`SourcedFrame.drawn`).
private struct HeldFrame {
    let index: Int
    var images: ImageSet?
    let lent: [ImageRef]

    /// Moves the lent buffers out of the image set, lets the set go, then gives them back:
    /// when this holds the set's last reference, each buffer reaches the pool unshared.
    consuming func giveBackLent(to pool: FramePool) {
        var buffers = lent.compactMap { images?[$0] }
        images = nil
        while let buffer = buffers.popLast() { pool.giveBack(buffer) }
    }
}


/// Runs sink writes on background queues, at most `capacity` frames in flight. A sequential
/// sink (a contact sheet, a pipe) gets its frames in order on its own serial queue. A frame
/// goes back to the pool when its last sink write ends. A lone `OwningFrameSink` is handed the
/// buffer itself (`write(owned:)`), so it converts in place rather than into a copy.
final class SinkWriter: @unchecked Sendable {
    private let sinks: [any FrameSink]
    private let queues: [DispatchQueue]
    private let pool: FramePool
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var firstError: SegueError?

    /// Frames in flight: one per core and one more, but no more than
    /// `Limits.framesInFlightBytes` of them (at least one).
    static func capacity(frameSize: PixelSize) -> Int {
        max(1, min(SystemInfo.activeProcessorCount + 1, Limits.framesInFlightBytes / max(1, frameSize.pixelCount * 4)))
    }

    init(sinks: [any FrameSink], pool: FramePool, capacity: Int = SystemInfo.activeProcessorCount + 1) {
        self.sinks = sinks
        self.pool = pool
        self.queues = sinks.indices.map { i in
            DispatchQueue(label: "segue.sink.\(i)", attributes: sinks[i] is any ConcurrentFrameSink ? .concurrent : [])
        }
        self.slots = DispatchSemaphore(value: capacity)
    }

    /// Queues `frame` for every sink. The caller hands over its only reference (`consume`), so
    /// an owning sink can change the pixels without a copy-on-write.
    func submit(_ frame: consuming PixelBuffer, index: Int) throws(SegueError) {
        if let error = currentError() { throw error }
        slots.wait()
        if sinks.count == 1, let owner = sinks[0] as? any OwningFrameSink {
            return submit(OwnedFrame(frame), to: owner, on: queues[0], index: index)
        }
        let shared = SharedFrame(frame, readers: sinks.count)
        for (sink, queue) in zip(sinks, queues) {
            group.enter()
            let box = UncheckedBox(sink)
            queue.async {
                defer { self.group.leave() }
                if self.currentError() == nil {
                    do throws(SegueError) {
                        try box.value.write(shared.frame, index: index)
                    } catch {
                        self.record(error)
                    }
                }
                if shared.release(to: self.pool) { self.slots.signal() }
            }
        }
        if sinks.isEmpty, shared.release(to: pool) { slots.signal() }
    }

    private func submit(_ owned: OwnedFrame, to sink: any OwningFrameSink, on queue: DispatchQueue, index: Int) {
        group.enter()
        let box = UncheckedBox(sink)
        queue.async {
            defer { self.group.leave() }
            var frame = owned.take()
            if self.currentError() == nil {
                do throws(SegueError) {
                    try box.value.write(owned: &frame, index: index)
                } catch {
                    self.record(error)
                }
            }
            self.pool.giveBack(consume frame)
            self.slots.signal()
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

/// One frame read by several sinks at once. The last reader moves the buffer into the pool, so
/// no other reference to its pixels is left when the render loop takes it again.
private final class SharedFrame: @unchecked Sendable {
    private var buffer: PixelBuffer?
    private var readers: Int
    private let lock = NSLock()

    init(_ frame: consuming PixelBuffer, readers: Int) {
        buffer = frame
        self.readers = readers
    }

    /// The frame, for a reader that has not released it yet.
    var frame: PixelBuffer { lock.lock(); defer { lock.unlock() }; return buffer ?? PixelBuffer(width: 0, height: 0) }

    /// Ends one reader's use; the last one (or the caller, when there are none) moves the
    /// buffer to `pool` and gets true.
    func release(to pool: FramePool) -> Bool {
        lock.lock(); defer { lock.unlock() }
        readers -= 1
        guard readers <= 0, let frame = buffer.take() else { return false }
        pool.giveBack(frame)
        return true
    }
}

/// A frame on its way to its only reader: the reader takes the buffer out, leaving no other
/// reference to its pixels.
private final class OwnedFrame: @unchecked Sendable {
    private var buffer: PixelBuffer?
    init(_ frame: consuming PixelBuffer) { buffer = frame }
    func take() -> PixelBuffer { buffer.take() ?? PixelBuffer(width: 0, height: 0) }
}

/// Sinks are used from one serial queue each; the box only carries them there.
struct UncheckedBox<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }
