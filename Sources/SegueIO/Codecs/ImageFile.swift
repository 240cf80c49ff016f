import SegueCore

/// Loads the snapshot images Segue accepts, picking the decoder by content, not extension.
public enum ImageFile {
    /// Decodes a PNG or JPEG file to a premultiplied buffer, turned upright as its EXIF
    /// orientation says. A missing or unreadable file is `.missingInput`; anything else wrong
    /// with it (not an image, truncated, corrupt, empty, too large) is `.invalidInput`. Every
    /// message is one line naming `path`.
    public static func load(_ path: String) throws(SegueError) -> PixelBuffer {
        let data = try FileBytes.contents(path)
        guard let format = Format(sniffing: data) else { throw SegueError(.invalidInput, "not a PNG or JPEG image", path: path) }
        let stored = switch format {
        case .png: try PNGCodec.decode(data, name: path)
        case .jpeg: try JPEGCodec.decode(data, name: path)
        }
        return ExifOrientation.of(imageFile: data, format: format).map(stored.oriented) ?? stored
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
