import SegueCore

/// Whole-file reads of images, with errors phrased for users.
enum FileBytes {
    /// Larger files are refused before reading: no image within `PixelBuffer.maxPixels` needs
    /// more (a raw RGBA PNG of the maximum size is about 256 MiB).
    static let maxFileSize = Limits.imageFileBytes

    /// The file's bytes (`InputFile`: never blocks on a FIFO or device, refuses them); an
    /// empty file is `.invalidInput`.
    static func contents(_ path: String) throws(SegueError) -> [UInt8] {
        let bytes = try InputFile.contents(path, maxBytes: maxFileSize)
        guard !bytes.isEmpty else { throw SegueError(.invalidInput, "empty file (0 bytes)", path: path) }
        return bytes
    }
}
