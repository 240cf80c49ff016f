import Foundation
import SegueCore
import Synchronization

/// Where rendered frames go. `write` may be called from several threads at once and in any
/// order (each index exactly once); `finish` is called once, after the last `write`.
public protocol FrameSink: AnyObject, Sendable {
    func write(_ frame: PixelBuffer, index: Int) throws(SegueError)
    func finish() throws(SegueError)
}

/// `DIR/000000.png`, `DIR/000001.png`, … each written atomically (temporary name + rename).
public final class PNGSequenceSink: FrameSink {
    public let directory: String
    public let compression: PNGCompression

    /// Creates `directory` and its parents if needed, and fails now (not at frame 0) if it
    /// cannot be written.
    public init(directory: String, compression: PNGCompression = .default) throws(SegueError) {
        self.directory = directory
        self.compression = compression
        try makeDirectories(directory)
        guard access(directory, W_OK | X_OK) == 0 else { throw .io("\(directory): \(errnoText())") }
    }

    public func path(ofFrame index: Int) -> String {
        let digits = String(index)
        return directory + "/" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        try PNGCodec.write(frame, to: path(ofFrame: index), compression: compression)
    }

    public func finish() throws(SegueError) {}
}

/// Discards frames (benchmarks measure rendering alone); counts them so a run can be checked.
public final class NullSink: FrameSink {
    private let count = Atomic<Int>(0)
    public init() {}
    public var framesWritten: Int { count.load(ordering: .relaxed) }
    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) { count.add(1, ordering: .relaxed) }
    public func finish() throws(SegueError) {}
}

/// `mkdir -p`; a failure reads `<path>: <strerror>` for the directory asked for.
func makeDirectories(_ path: String) throws(SegueError) {
    let code = createDirectories(path)
    if code != 0 { throw .io("\(path): \(errnoText(code))") }
}

/// Creates `path` and missing parents; returns 0 or the errno of the first failure.
private func createDirectories(_ path: String) -> Int32 {
    var info = stat()
    if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? 0 : ENOTDIR }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path {
        let code = createDirectories(parent)
        if code != 0 { return code }
    }
    return mkdir(path, 0o755) == 0 || errno == EEXIST ? 0 : errno
}
