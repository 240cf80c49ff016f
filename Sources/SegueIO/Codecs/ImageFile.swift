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
        case nil: throw SegueError(.invalidInput, "not a PNG or JPEG image", path: path)
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
