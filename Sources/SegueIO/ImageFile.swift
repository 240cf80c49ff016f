import Foundation
import SegueCore

/// Loads the snapshot images Segue accepts, picking the decoder by content, not extension.
public enum ImageFile {
    /// Decodes a PNG or JPEG file to a premultiplied buffer. A missing or unreadable file is
    /// `.missingInput`; anything else wrong with it (not an image, truncated, corrupt, empty,
    /// too large) is `.invalidInput`. Every message is one line naming `path`.
    public static func load(_ path: String) throws(SegueError) -> PixelBuffer {
        let data = try FileBytes.contents(path)
        switch Format(sniffing: data) {
        case .png: return try PNGCodec.decode(data, name: path)
        case .jpeg: return try JPEGCodec.decode(data, name: path)
        case nil: throw .invalidInput("\(path): not a PNG or JPEG image")
        }
    }

    public enum Format: Sendable {
        case png, jpeg

        /// By magic bytes: the PNG signature, or a JPEG SOI marker followed by another marker.
        public init?(sniffing data: [UInt8]) {
            if data.starts(with: PNGCodec.signature) { self = .png }
            else if data.count >= 3, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF { self = .jpeg }
            else { return nil }
        }
    }
}

/// Whole-file reads with errors phrased for users.
enum FileBytes {
    /// Larger files are refused before reading: no image within `PixelBuffer.maxPixels` needs
    /// more (a raw RGBA PNG of the maximum size is about 256 MiB).
    static let maxFileSize = 1 << 30

    static func contents(_ path: String) throws(SegueError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw .missingInput("\(path): \(code == ENOENT ? "no such file" : errnoText(code))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .missingInput("\(path): \(errnoText())") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .missingInput("\(path): \((info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file")")
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw .invalidInput("\(path): empty file (0 bytes)") }
        guard size <= maxFileSize else { throw .invalidInput("\(path): file too large (\(size) bytes)") }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .missingInput("\(path): \(errnoText())")
            }
            if n == 0 { break }
            done += n
        }
        if done < size { bytes.removeSubrange(done...) }
        return bytes
    }
}
