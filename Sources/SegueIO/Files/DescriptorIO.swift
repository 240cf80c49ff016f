#if canImport(Glibc)
@preconcurrency import Glibc
#else
import Darwin
#endif
import Foundation

/// Whole reads and writes on a file descriptor, retried past signals and short counts: the
/// binary answers `segue frame-child` writes and `segue serve` reads (`ShaderFrameChild`).
public enum DescriptorIO {
    /// All of `data`; false when the other end has gone.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// Exactly `count` bytes; nil when the stream ends sooner.
    public static func read(_ count: Int, from descriptor: Int32) -> Data? {
        var data = Data(count: count)
        let complete = data.withUnsafeMutableBytes { raw -> Bool in
            var offset = 0
            while offset < count {
                let n = Foundation.read(descriptor, raw.baseAddress! + offset, count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        return complete ? data : nil
    }

    /// One line without its newline, at most `limit` bytes; nil when the stream ends first.
    public static func line(from descriptor: Int32, limit: Int = 65_536) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = Foundation.read(descriptor, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
            if bytes.count > limit { return nil }
        }
    }
}
