import Foundation
import SegueCore

/// A child process's stderr, kept in a file of the temporary folder that has no name from the
/// start (created, then unlinked at once, with no interruption possible in between): nothing
/// is left in /tmp however the process ends, and its last line can be the error message.
final class ChildProcessLog: @unchecked Sendable {
    /// The open file, for the child's stderr.
    let descriptor: Int32
    private var closed = false

    /// Only the end of the file is read for `lastLine`: a damaged input can make a decoder
    /// log a line per damaged block.
    private static let tailBytes = 4096

    init() throws(SegueError) {
        let folder = NSTemporaryDirectory()
        (descriptor, _) = try CleanupRegistry.shared.register(creating: { () throws(SegueError) in
            var template = Array((folder + "segue-ffmpeg-XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { b -> Int32 in b.baseAddress.map { mkstemp($0) } ?? -1 }
            guard fd >= 0 else { throw .system(path: folder) }
            unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return fd
        }, cleanup: {})
    }

    deinit { release() }

    /// For `Process.standardError`.
    var handle: FileHandle { FileHandle(fileDescriptor: descriptor, closeOnDealloc: false) }

    /// The last non-empty line written, or nil when there is none.
    func lastLine() -> String? {
        var info = stat()
        guard !closed, fstat(descriptor, &info) == 0 else { return nil }
        let start = max(0, Int(info.st_size) - Self.tailBytes)
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) - start)
        let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard n > 0 else { return nil }
        let text = String(decoding: bytes[..<n], as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
    }

    /// Closes the file (which then disappears); idempotent.
    func release() {
        guard !closed else { return }
        closed = true
        close(descriptor)
    }
}
