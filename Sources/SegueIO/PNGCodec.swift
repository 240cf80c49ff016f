import CPNG
import Foundation
import SegueCore

/// zlib effort for PNG output. libpng's simplified API (the only one usable from Swift, since
/// its error path needs `setjmp`) exposes a single knob, `PNG_IMAGE_FLAG_FAST` (filter none,
/// low zlib level), so `best` currently compresses like `default`; the case exists so the CLI
/// contract does not change if a C encoder with finer control is added.
public enum PNGCompression: String, CaseIterable, Sendable {
    case fast
    case `default`
    case best

    var imageFlags: UInt32 { self == .fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0 }
}

/// PNG decode/encode through libpng's simplified API (`png_image_*`). Decoding yields a
/// premultiplied `PixelBuffer`; encoding un-premultiplies exactly (`round(c·255/a)`), so a
/// decode of the output gives back the same premultiplied bytes.
public enum PNGCodec {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG file. Errors name `path`.
    public static func decode(path: String) throws(SegueError) -> PixelBuffer {
        try decode(try FileBytes.contents(path), name: path)
    }

    /// Decodes PNG bytes of any colour type and bit depth (libpng converts to 8-bit sRGB RGBA).
    /// The size is checked against `PixelBuffer.checkSize` before any pixel memory is allocated.
    public static func decode(_ data: [UInt8], name: String) throws(SegueError) -> PixelBuffer {
        // libpng keeps the pointer `begin` was given and reads from it again in `finish`,
        // so both run inside one `withUnsafeBytes`.
        let result: Result<PixelBuffer, SegueError> = data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(.invalidInput("\(name): not a readable PNG (\(message(of: &image)))"))
            }
            let size = PixelSize(width: Int(image.width), height: Int(image.height))
            do throws(SegueError) { try PixelBuffer.checkSize(size, what: name) } catch { return .failure(error) }

            image.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
            // 16-bit files without gAMA/sRGB are almost always sRGB-encoded (what viewers
            // assume too); without this flag libpng would treat them as linear light.
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var pixels = PixelBuffer(size: size)
            let finished = pixels.bytes.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, Int32(size.width * 4), nil)
            }
            guard finished != 0 else { return .failure(.invalidInput("\(name): corrupt PNG (\(message(of: &image)))")) }
            premultiply(&pixels.bytes)
            return .success(pixels)
        }
        return try result.get()
    }

    /// Encodes to PNG bytes in memory.
    public static func encode(_ buffer: PixelBuffer, compression: PNGCompression = .default) throws(SegueError) -> [UInt8] {
        let (rows, format) = straightRows(buffer)
        var image = makeImage(buffer, format: format, compression: compression)
        let channels = format & PNG_FORMAT_FLAG_ALPHA != 0 ? 4 : 3
        // An upper bound on the output (PNG_IMAGE_PNG_SIZE_MAX: raw rows + zlib's worst case +
        // chunk framing), so one pass normally suffices; libpng reports a larger need otherwise.
        let raw = buffer.height * (buffer.width * channels + 1)
        var capacity = raw + raw / 8 + raw / 32 + 65536
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            var written = capacity
            let ok = out.withUnsafeMutableBytes { o in
                rows.withUnsafeBytes { png_image_write_to_memory(&image, o.baseAddress, &written, 0, $0.baseAddress, 0, nil) }
            }
            if ok != 0 {
                out.removeSubrange(written...)
                return out
            }
            guard written > capacity else { break }
            capacity = written
            image = makeImage(buffer, format: format, compression: compression)
        }
        throw .io("PNG encoding failed (\(message(of: &image)))")
    }

    /// Writes a PNG file atomically: into `.<name>.tmp-<pid>` beside it, then `rename`, so the
    /// final name never holds a partial file. The temporary is removed on any failure.
    public static func write(_ buffer: PixelBuffer, to path: String, compression: PNGCompression = .default) throws(SegueError) {
        let (rows, format) = straightRows(buffer)
        var image = makeImage(buffer, format: format, compression: compression)
        let temp = temporaryPath(for: path)
        guard let file = fopen(temp, "wb") else { throw .io("\(path): \(errnoText())") }
        let ok = rows.withUnsafeBytes { png_image_write_to_stdio(&image, file, 0, $0.baseAddress, 0, nil) }
        let failure = ok == 0 ? message(of: &image) : nil
        let closeFailed = fclose(file) != 0
        let closeError = errnoText()
        if let failure {
            unlink(temp)
            throw .io("\(path): PNG write failed (\(failure))")
        }
        if closeFailed {
            unlink(temp)
            throw .io("\(path): \(closeError)")
        }
        guard rename(temp, path) == 0 else {
            let text = errnoText()
            unlink(temp)
            throw .io("\(path): \(text)")
        }
    }

    static func temporaryPath(for path: String) -> String {
        let dir = parentDirectory(of: path)
        return (dir.isEmpty ? "" : dir == "/" ? "/" : dir + "/") + "." + fileName(of: path) + ".tmp-\(getpid())"
    }

    private static func makeImage(_ buffer: PixelBuffer, format: UInt32, compression: PNGCompression) -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(buffer.width)
        image.height = UInt32(buffer.height)
        image.format = format
        image.flags = compression.imageFlags
        return image
    }

    /// Straight-alpha rows for libpng. Opaque buffers go out as RGB: a quarter less to
    /// filter and deflate, and smaller files.
    private static func straightRows(_ buffer: PixelBuffer) -> ([UInt8], UInt32) {
        let n = buffer.width * buffer.height
        if buffer.isOpaque {
            var rgb = [UInt8](repeating: 0, count: n * 3)
            buffer.bytes.withUnsafeBufferPointer { src in
                rgb.withUnsafeMutableBufferPointer { dst in
                    for i in 0..<n {
                        dst[3 * i] = src[4 * i]; dst[3 * i + 1] = src[4 * i + 1]; dst[3 * i + 2] = src[4 * i + 2]
                    }
                }
            }
            return (rgb, PNG_FORMAT_FLAG_COLOR)
        }
        var rgba = buffer.bytes
        unpremultiply(&rgba)
        return (rgba, PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// `unpremultiplyTable[a << 8 | c] = min(255, round(c·255/a))`: a division per channel is the
/// slowest part of un-premultiplying, and 64 KiB stays in L2.
let unpremultiplyTable: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 65536)
    for a in 1..<256 {
        for c in 0..<256 { t[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a)) }
    }
    return t
}()

/// Straight → premultiplied in place, `round(c·a/255)` exactly.
func premultiply(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBufferPointer { p in
        var i = 0
        while i < p.count {
            let a = UInt32(p[i + 3])
            if a != 255 {
                for k in 0..<3 {
                    let v = UInt32(p[i + k]) * a + 128
                    p[i + k] = UInt8((v + (v >> 8)) >> 8)
                }
            }
            i += 4
        }
    }
}

/// Premultiplied → straight in place, `round(c·255/a)`; fully transparent pixels become 0.
func unpremultiply(_ bytes: inout [UInt8]) {
    unpremultiplyTable.withUnsafeBufferPointer { table in
        bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    let row = a << 8
                    p[i] = table[row | Int(p[i])]
                    p[i + 1] = table[row | Int(p[i + 1])]
                    p[i + 2] = table[row | Int(p[i + 2])]
                }
                i += 4
            }
        }
    }
}

func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
