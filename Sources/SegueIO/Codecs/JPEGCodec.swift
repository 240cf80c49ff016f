import CSegueJPEG
import SegueCore

/// JPEG decode through libjpeg(-turbo); the C shim catches libjpeg's longjmp errors.
public enum JPEGCodec {
    /// Decodes a JPEG file. Errors name `path`.
    public static func decode(path: String) throws(SegueError) -> PixelBuffer {
        try decode(try FileBytes.contents(path), name: path)
    }

    /// Decodes JPEG bytes to an opaque buffer, the numbers as the file holds them (its ICC
    /// profile is not applied: data images are read this way; snapshots with `snapshot`).
    public static func decode(_ data: [UInt8], name: String) throws(SegueError) -> PixelBuffer {
        try decode(data, name: name, colour: nil)
    }

    /// Decodes a snapshot: the pixels and what its ICC profile (APP2 `ICC_PROFILE` segments,
    /// ICC.1:2022 annex B) says; none is sRGB. Segments that do not join into one profile, or a
    /// profile LittleCMS cannot use, are refused (65).
    public static func snapshot(_ data: [UInt8], name: String) throws(SegueError) -> Snapshot {
        var colour = segue_jpeg_colour()
        defer { segue_jpeg_colour_free(&colour) }
        let pixels = try decode(data, name: name, colour: &colour)
        if colour.malformed != 0 {
            throw SegueError(.invalidInput, "malformed ICC profile (its APP2 segments are missing, repeated or misnumbered)", path: name)
        }
        guard let icc = colour.icc else { return Snapshot(name: name, straight: pixels, color: .space(.srgb)) }
        let bytes = Array(UnsafeBufferPointer(start: icc, count: Int(colour.icc_length)))
        return Snapshot(name: name, straight: pixels, color: try SourceColor(icc: bytes, grey: colour.grey != 0, name: name))
    }

    /// The header is probed (with the colour segments, into `colour`, when given) and the size
    /// checked before pixel memory is allocated. Data that ends early is "truncated"; damaged
    /// entropy-coded data is "corrupt JPEG data" (libjpeg would fill the rest with grey).
    private static func decode(_ data: [UInt8], name: String,
                               colour: UnsafeMutablePointer<segue_jpeg_colour>?) throws(SegueError) -> PixelBuffer {
        var message = [CChar](repeating: 0, count: 200)
        var width: Int32 = 0, height: Int32 = 0
        let probed = data.withUnsafeBufferPointer { d in
            message.withUnsafeMutableBufferPointer {
                segue_jpeg_probe(d.baseAddress, d.count, &width, &height, colour, $0.baseAddress, $0.count)
            }
        }
        guard probed == Int32(SEGUE_JPEG_OK) else { throw failure(probed, message, name: name, reading: "not a readable JPEG") }
        let size = PixelSize(width: Int(width), height: Int(height))
        try PixelBuffer.checkSize(size, what: name)
        var status = Int32(SEGUE_JPEG_OK)
        let decoded = PixelBuffer.decoded(size: size) { pixels in
            status = data.withUnsafeBufferPointer { d in
                message.withUnsafeMutableBufferPointer {
                    segue_jpeg_decode_rgba(d.baseAddress, d.count, width, height, pixels.baseAddress, $0.baseAddress, $0.count)
                }
            }
            return status == Int32(SEGUE_JPEG_OK)
        }
        guard let decoded else { throw failure(status, message, name: name, reading: "corrupt JPEG") }
        return decoded
    }

    /// The error for a failed probe or decode: truncation and corrupt data by name, anything
    /// else as `reading` with libjpeg's message.
    private static func failure(_ status: Int32, _ message: [CChar], name: String, reading: String) -> SegueError {
        let libjpeg = text(message)
        let corruptPrefix = "Corrupt JPEG data: "
        if status == Int32(SEGUE_JPEG_TRUNCATED) { return SegueError(.invalidInput, "truncated JPEG (the data ends early)", path: name) }
        if libjpeg.hasPrefix(corruptPrefix) {
            return SegueError(.invalidInput, "corrupt JPEG data: \(libjpeg.dropFirst(corruptPrefix.count))", path: name)
        }
        return SegueError(.invalidInput, "\(reading) (\(libjpeg))", path: name)
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
