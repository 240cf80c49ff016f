import SegueCore
import Synchronization

/// Where rendered frames go. `write` may be called from several threads at once and in any
/// order (each index exactly once); `finish` is called once, after the last `write`.
public protocol FrameSink: AnyObject, Sendable {
    func write(_ frame: PixelBuffer, index: Int) throws(SegueError)
    func finish() throws(SegueError)
}

/// A sink whose `write` may run for several frames at once (each a whole file, or compressed
/// apart and put in order inside): the frame loop then hands it frames from a concurrent queue.
/// Every other sink gets its frames one at a time, in order.
public protocol ConcurrentFrameSink: FrameSink {}

/// A sink that holds an unfinished output (a temporary file, a child process) to clean up
/// when the job fails before `finish`.
public protocol AbortableFrameSink: FrameSink {
    func abort()
}

/// A sink that can take a frame over when it is the frame's only reader, converting it in place
/// instead of into a copy (raw and ffmpeg streams un-premultiply this way). The render loop
/// hands over the buffer itself; when `write(owned:index:)` returns the buffer goes back to the
/// pool, so its pixels may be left changed.
public protocol OwningFrameSink: FrameSink {
    func write(owned frame: inout PixelBuffer, index: Int) throws(SegueError)
}

/// Discards frames (benchmarks measure rendering alone); counts them so a run can be checked.
public final class NullSink: ConcurrentFrameSink {
    private let count = Atomic<Int>(0)
    public init() {}
    public var framesWritten: Int { count.load(ordering: .relaxed) }
    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) { count.add(1, ordering: .relaxed) }
    public func finish() throws(SegueError) {}
}
