import SegueCore

/// Loads the snapshot images Segue accepts, picking the decoder by content, not extension.
public enum ImageFile {
    /// Decodes a PNG or JPEG file to a premultiplied buffer of the numbers it holds, colour
    /// profiles not applied, turned upright as its EXIF orientation says: for images that are
    /// data (masks, luma maps, shader textures) and for comparing files. A missing or
    /// unreadable file is `.missingInput`; anything else wrong with it (not an image,
    /// truncated, corrupt, empty, too large) is `.invalidInput`. Every message is one line
    /// naming `path`.
    public static func load(_ path: String) throws(SegueError) -> PixelBuffer {
        let data = try FileBytes.contents(path)
        let format = try Format(of: data, path: path)
        let stored = switch format {
        case .png: try PNGCodec.decode(data, name: path)
        case .jpeg: try JPEGCodec.decode(data, name: path)
        }
        return stored.oriented(ExifOrientation.of(imageFile: data, format: format))
    }

    /// Decodes a snapshot (a screen: colour): its pixels, turned upright, and what its colour
    /// chunks or ICC profile say, for `Snapshot.pixels(in:)` to bring into the job's working
    /// space. Errors as `load`'s, and a profile that cannot be used is `.invalidInput`.
    public static func snapshot(_ path: String) throws(SegueError) -> Snapshot {
        let data = try FileBytes.contents(path)
        let format = try Format(of: data, path: path)
        let stored = switch format {
        case .png: try PNGCodec.snapshot(data, name: path)
        case .jpeg: try JPEGCodec.snapshot(data, name: path)
        }
        return stored.oriented(ExifOrientation.of(imageFile: data, format: format))
    }

    public enum Format: Sendable {
        case png, jpeg

        /// By magic bytes: the PNG signature, or a JPEG SOI marker followed by another marker.
        public init?(sniffing data: [UInt8]) {
            if data.starts(with: PNGCodec.signature) { self = .png }
            else if data.count >= 3, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF { self = .jpeg }
            else { return nil }
        }

        /// `init(sniffing:)`, or the error naming `path` when neither.
        init(of data: [UInt8], path: String) throws(SegueError) {
            guard let format = Format(sniffing: data) else { throw SegueError(.invalidInput, "not a PNG or JPEG image", path: path) }
            self = format
        }
    }
}
