import Foundation
import SegueCore

/// The frames a decoding thread hands to the renderer: at most `capacity` wait, so memory stays
/// flat however long the clip, and decoding the next frames overlaps rendering this one. The
/// producer ends the queue with `finish` (or an error); the consumer may `cancel` it, which
/// wakes a producer waiting for room.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var frames: [PixelBuffer] = []
    /// Set by `finish`: nil while frames may still come; `.success` at the end, `.failure` when
    /// decoding failed.
    private var end: Result<Void, SegueError>?
    private var cancelled = false

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Adds a frame once there is room. False when the consumer cancelled: stop producing.
    func put(_ frame: PixelBuffer) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while frames.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        frames.append(frame)
        condition.broadcast()
        return true
    }

    /// No more frames; `error` is thrown to the consumer after the frames already queued.
    func finish(_ error: SegueError?) {
        condition.lock()
        end = error.map { .failure($0) } ?? .success(())
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame, waiting for it; nil at the end (and once cancelled); the producer's
    /// error when it failed.
    func take() throws(SegueError) -> PixelBuffer? {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty && end == nil && !cancelled { condition.wait() }
        if cancelled { return nil }
        if !frames.isEmpty {
            condition.broadcast()
            return frames.removeFirst()
        }
        if case .failure(let error) = end { throw error }
        return nil
    }

    /// Drops the queued frames and wakes a waiting producer, whose `put` then returns false.
    func cancel() {
        condition.lock()
        cancelled = true
        frames.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
