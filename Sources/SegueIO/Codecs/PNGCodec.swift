import CPNG
import CSegueFastPNG
import CSeguePNG
import Foundation
import SegueCore

/// Compression effort for PNG output. `fast` is Segue's own writer (every row filtered Up,
/// deflate with literals and byte runs only: about 5× faster than zlib level 1 on photos, files
/// of the same size; see docs/ARCHITECTURE.md "Speed"); `default` is
/// libpng's simplified API with its defaults (adaptive filters, level 6). That API has no finer
/// knob, so `best` currently compresses like `default`.
public enum PNGCompression: String, CaseIterable, Sendable {
    case fast
    case `default`
    case best
}

/// PNG decode through libpng's row API, encode through its simplified API (`png_image_*`) or
/// Segue's own `fast` writer. Decoding yields a premultiplied `PixelBuffer`; encoding un-premultiplies exactly (`round(c·255/a)`), so a
/// decode of the output gives back the same premultiplied bytes.
public enum PNGCodec {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG file. Errors name `path`.
    public static func decode(path: String) throws(SegueError) -> PixelBuffer {
        try decode(try FileBytes.contents(path), name: path)
    }

    /// Decodes PNG bytes of any colour type, bit depth and interlace to 8-bit premultiplied RGBA,
    /// the numbers as the file holds them (a gAMA brought to the sRGB curve; colour profiles are
    /// not applied: masks and other data images are read this way). Snapshots are read with
    /// `snapshot(_:name:)`.
    public static func decode(_ data: [UInt8], name: String) throws(SegueError) -> PixelBuffer {
        var (pixels, _) = try decodeStraight(data, name: name, managed: false)
        premultiply(&pixels.bytes)
        return pixels
    }

    /// Decodes a snapshot: straight RGBA and what its colour chunks say (`PNGColor`).
    public static func snapshot(_ data: [UInt8], name: String) throws(SegueError) -> Snapshot {
        let (pixels, color) = try decodeStraight(data, name: name, managed: true)
        return Snapshot(name: name, straight: pixels, color: color)
    }

    /// Straight 8-bit RGBA through libpng's row API (`CSeguePNG`: the simplified API misplaces
    /// rows of interlaced 16-bit files in libpng 1.6.39), and, when `managed`, the source colour
    /// its chunks give. The size is checked against `PixelBuffer.checkSize` before any pixel
    /// memory is allocated.
    private static func decodeStraight(_ data: [UInt8], name: String, managed: Bool) throws(SegueError) -> (PixelBuffer, SourceColor) {
        var message = [CChar](repeating: 0, count: 200)
        var width: UInt32 = 0, height: UInt32 = 0
        var chunks = segue_png_colour()
        defer { segue_png_colour_free(&chunks) }
        let probed = data.withUnsafeBufferPointer { d in
            message.withUnsafeMutableBufferPointer { m in
                managed ? segue_png_probe(d.baseAddress, d.count, &width, &height, &chunks, m.baseAddress, m.count)
                    : segue_png_probe(d.baseAddress, d.count, &width, &height, nil, m.baseAddress, m.count)
            }
        }
        guard probed == 0 else { throw SegueError(.invalidInput, "not a readable PNG (\(text(message)))", path: name) }
        let size = PixelSize(width: Int(width), height: Int(height))
        try PixelBuffer.checkSize(size, what: name)
        let color = managed ? try PNGColor(chunks, name: name) : nil
        let toSRGBGamma: Int32 = color?.libpngGamma ?? true ? 1 : 0
        let decoded = PixelBuffer.decoded(size: size) { pixels in
            data.withUnsafeBufferPointer { d in
                message.withUnsafeMutableBufferPointer {
                    segue_png_decode_rgba(d.baseAddress, d.count, width, height, toSRGBGamma, pixels.baseAddress, $0.baseAddress, $0.count) == 0
                }
            }
        }
        guard let decoded else { throw SegueError(.invalidInput, "corrupt PNG (\(text(message)))", path: name) }
        return (decoded, color?.source ?? .space(.srgb))
    }

    /// Encodes to PNG bytes in memory, tagged as holding `colorSpace` (`PNGColorChunks`).
    public static func encode(_ buffer: PixelBuffer, compression: PNGCompression = .default,
                              colorSpace: ColorSpace = .srgb) throws(SegueError) -> [UInt8] {
        if compression == .fast { return try encodeFast(buffer, colorSpace: colorSpace) }
        // libpng's simplified writer tags 8-bit files `sRGB` itself; other spaces replace that.
        return colorSpace == .srgb ? try encodeLibpng(buffer) : PNGColorChunks.retagged(try encodeLibpng(buffer), as: colorSpace)
    }

    /// libpng's simplified writer (`default`, `best`).
    private static func encodeLibpng(_ buffer: PixelBuffer) throws(SegueError) -> [UInt8] {
        let (rows, format) = straightRows(buffer)
        var image = makeImage(buffer, format: format)
        let channels = format & PNG_FORMAT_FLAG_ALPHA != 0 ? 4 : 3
        // An upper bound on the output (PNG_IMAGE_PNG_SIZE_MAX: raw rows + zlib's worst case +
        // chunk framing), so one pass normally suffices; libpng reports a larger need otherwise.
        let raw = buffer.height * (buffer.width * channels + 1)
        var capacity = raw + raw / 8 + raw / 32 + 65536
        for _ in 0..<2 {
            // Uninitialised: only the pages libpng writes become resident.
            var written = capacity
            var ok: Int32 = 0
            let out = [UInt8](unsafeUninitializedCapacity: capacity) { o, count in
                ok = rows.withUnsafeBytes { png_image_write_to_memory(&image, o.baseAddress, &written, 0, $0.baseAddress, 0, nil) }
                count = ok != 0 ? written : 0
            }
            if ok != 0 { return out }
            guard written > capacity else { break }
            capacity = written
            image = makeImage(buffer, format: format)
        }
        throw .io("PNG encoding failed (\(message(of: &image)))")
    }

    /// Writes a PNG to an output path (`ByteOutput.writeAll`: `-` is stdout, a special file is
    /// written in place, a regular file through `AtomicFile`, so the final name never holds a
    /// partial file).
    public static func write(_ buffer: PixelBuffer, to path: String, compression: PNGCompression = .default,
                             colorSpace: ColorSpace = .srgb) throws(SegueError) {
        let data: [UInt8]
        do throws(SegueError) { data = try encode(buffer, compression: compression, colorSpace: colorSpace) } catch {
            var placed = error
            placed.path = placed.path ?? path
            throw placed
        }
        try ByteOutput.writeAll(data, to: path)
    }

    /// libpng's defaults for `default` and `best` (see `PNGCompression`).
    private static func makeImage(_ buffer: PixelBuffer, format: UInt32) -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(buffer.width)
        image.height = UInt32(buffer.height)
        image.format = format
        return image
    }

    /// The `fast` writer: IHDR, the colour chunks, one IDAT, IEND. The IDAT's zlib stream comes from
    /// `CSegueFastPNG` (every row filtered Up and un-premultiplied while in cache, deflate with
    /// literals and runs of a repeated byte; docs/ARCHITECTURE.md "Speed"). Opaque frames are RGB,
    /// others straight RGBA, as with libpng. The file's buffer is taken uninitialised at the
    /// stream's worst case: only the pages written become resident.
    static func encodeFast(_ buffer: PixelBuffer, colorSpace: ColorSpace) throws(SegueError) -> [UInt8] {
        let opaque = buffer.isOpaque
        let channels: Int32 = opaque ? 3 : 4
        let width = UInt32(truncatingIfNeeded: buffer.width), height = UInt32(truncatingIfNeeded: buffer.height)
        let colorChunks = PNGColorChunks.bytes(for: colorSpace)
        let idatStart = signature.count + 25 + colorChunks.count + 8 // signature, IHDR chunk, colour chunks, IDAT length and type
        let trailerCount = 4 + 12 // IDAT CRC, IEND chunk
        let bound = segue_fast_png_bound(width, height, channels)
        guard bound > 0 else { throw .io("PNG encoding failed (a \(buffer.width)×\(buffer.height) frame)") }
        let file = [UInt8](unsafeUninitializedCapacity: idatStart + bound + trailerCount) { out, count in
            count = 0
            guard let base = out.baseAddress else { return }
            let compressedSize = buffer.bytes.withUnsafeBufferPointer { frame in
                unpremultiplyTable.withUnsafeBufferPointer { table in
                    segue_fast_png_zlib(frame.baseAddress, width, height, channels, table.baseAddress, base + idatStart, bound)
                }
            }
            guard compressedSize > 0 else { return }
            var header: [UInt8] = signature
            header.append(contentsOf: chunkHeader(13, "IHDR"))
            header.append(contentsOf: bigEndian(width) + bigEndian(height) + [8, opaque ? 2 : 6, 0, 0, 0])
            header.append(contentsOf: bigEndian(crc(header[12...])))
            header.append(contentsOf: colorChunks)
            header.append(contentsOf: chunkHeader(compressedSize, "IDAT"))
            for (i, byte) in header.enumerated() { out[i] = byte }
            let idatEnd = idatStart + compressedSize
            let idatCRC = segue_png_crc32(0, base + idatStart - 4, compressedSize + 4)
            let trailer = bigEndian(idatCRC) + chunkHeader(0, "IEND") + bigEndian(crc(Array("IEND".utf8)[...]))
            for (i, byte) in trailer.enumerated() { out[idatEnd + i] = byte }
            count = idatEnd + trailer.count
        }
        guard !file.isEmpty else { throw .io("PNG encoding failed (out of memory)") }
        return file
    }

    /// A whole chunk: length, type, data and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc(body[...]))
    }

    private static func chunkHeader(_ length: Int, _ type: String) -> [UInt8] { bigEndian(UInt32(length)) + Array(type.utf8) }
    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    /// CRC-32 of a chunk's type and data.
    private static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { segue_png_crc32(0, $0.baseAddress, $0.count) }
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

    /// A C shim's NUL-terminated message.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
