#if canImport(Glibc)
@preconcurrency import Glibc
#else
import Darwin
#endif
import Foundation

/// Whole reads and writes on a file descriptor, retried past signals and short counts: the
/// binary answers `segue frame-child` writes and `segue serve` reads (`ShaderFrameChild`), and
/// the raw frames an ffmpeg child decodes (`VideoClipDecoder`).
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

    /// Fills `buffer` from `descriptor`; false when the stream ends first.
    public static func readWhole(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let n = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return filled == buffer.count
    }

    /// Exactly `count` bytes; nil when the stream ends sooner.
    public static func read(_ count: Int, from descriptor: Int32) -> Data? {
        var data = Data(count: count)
        return data.withUnsafeMutableBytes { readWhole($0, from: descriptor) } ? data : nil
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
