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
        let (stored, orientation) = try decoded(path, png: PNGCodec.decode, jpeg: JPEGCodec.decode)
        return stored.oriented(orientation)
    }

    /// Decodes a snapshot (a screen: colour): its pixels, turned upright, and what its colour
    /// chunks or ICC profile say, for `Snapshot.pixels(in:)` to bring into the job's working
    /// space. Errors as `load`'s, and a profile that cannot be used is `.invalidInput`.
    public static func snapshot(_ path: String) throws(SegueError) -> Snapshot {
        let (stored, orientation) = try decoded(path, png: PNGCodec.snapshot, jpeg: JPEGCodec.snapshot)
        return stored.oriented(orientation)
    }

    /// The file decoded by `png` or `jpeg` as its content says, and its EXIF orientation.
    private static func decoded<Image>(_ path: String, png: ([UInt8], String) throws(SegueError) -> Image,
                                       jpeg: ([UInt8], String) throws(SegueError) -> Image) throws(SegueError) -> (Image, ExifOrientation?) {
        let data = try FileBytes.contents(path)
        let format = try Format(of: data, path: path)
        let image = switch format {
        case .png: try png(data, path)
        case .jpeg: try jpeg(data, path)
        }
        return (image, ExifOrientation.of(imageFile: data, format: format))
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
