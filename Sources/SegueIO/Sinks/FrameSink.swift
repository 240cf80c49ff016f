import SegueCore
import Synchronization

/// Where rendered frames go. `write` may be called from several threads at once and in any
/// order (each index exactly once); `finish` is called once, after the last `write`.
public protocol FrameSink: AnyObject, Sendable {
    func write(_ frame: PixelBuffer, index: Int) throws(SegueError)
    func finish() throws(SegueError)
}

/// A sink that holds an unfinished output (a temporary file, a child process) to clean up
/// when the job fails before `finish`.
public protocol AbortableFrameSink: FrameSink {
    func abort()
}

/// Discards frames (benchmarks measure rendering alone); counts them so a run can be checked.
public final class NullSink: FrameSink {
    private let count = Atomic<Int>(0)
    public init() {}
    public var framesWritten: Int { count.load(ordering: .relaxed) }
    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) { count.add(1, ordering: .relaxed) }
    public func finish() throws(SegueError) {}
}
