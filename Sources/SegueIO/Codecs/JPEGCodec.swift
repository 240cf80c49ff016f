import CSegueJPEG
import SegueCore

/// JPEG decode through libjpeg(-turbo); the C shim catches libjpeg's longjmp errors.
public enum JPEGCodec {
    /// Decodes a JPEG file. Errors name `path`.
    public static func decode(path: String) throws(SegueError) -> PixelBuffer {
        try decode(try FileBytes.contents(path), name: path)
    }

    /// Decodes JPEG bytes to an opaque buffer. The header is probed and the size checked
    /// before pixel memory is allocated.
    public static func decode(_ data: [UInt8], name: String) throws(SegueError) -> PixelBuffer {
        var message = [CChar](repeating: 0, count: 200)
        var width: Int32 = 0, height: Int32 = 0
        let probed = data.withUnsafeBufferPointer { d in
            message.withUnsafeMutableBufferPointer { segue_jpeg_probe(d.baseAddress, d.count, &width, &height, $0.baseAddress, $0.count) }
        }
        guard probed == 0 else { throw SegueError(.invalidInput, "not a readable JPEG (\(text(message)))", path: name) }
        let size = PixelSize(width: Int(width), height: Int(height))
        try PixelBuffer.checkSize(size, what: name)
        var pixels = PixelBuffer(size: size)
        let decoded = data.withUnsafeBufferPointer { d in
            pixels.bytes.withUnsafeMutableBufferPointer { px in
                message.withUnsafeMutableBufferPointer {
                    segue_jpeg_decode_rgba(d.baseAddress, d.count, width, height, px.baseAddress, $0.baseAddress, $0.count)
                }
            }
        }
        guard decoded == 0 else { throw SegueError(.invalidInput, "corrupt JPEG (\(text(message)))", path: name) }
        return pixels
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
