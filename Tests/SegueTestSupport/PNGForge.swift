/// PNG files built byte by byte, independently of libpng: any colour type, bit depth and
/// interlace method, with the chunks and lengths a test wants (including wrong ones). Image
/// data goes into stored (uncompressed) deflate blocks and every row uses filter 0, so the
/// file's pixels are exactly the samples given.
public enum PNGForge {
    /// PNG colour types (PNG specification, section 11.2.2).
    public enum ColorType: UInt8, Sendable, CaseIterable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        public var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths the specification allows for this colour type.
        public var depths: [Int] {
            switch self {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .grayAlpha, .rgba: [8, 16]
            }
        }
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A complete, valid file. `sample(x, y, channel)` gives each sample in 0..<(1 << depth);
    /// palette images get a palette of `1 << depth` greys.
    public static func file(width: Int, height: Int, colorType: ColorType, depth: Int, interlaced: Bool,
                            sample: (Int, Int, Int) -> Int) -> [UInt8] {
        var bytes = signature
        bytes += chunk("IHDR", header(width: width, height: height, depth: depth, colorType: colorType.rawValue,
                                      interlace: interlaced ? 1 : 0))
        if colorType == .palette {
            let entries = 1 << depth
            bytes += chunk("PLTE", (0..<entries).flatMap { i -> [UInt8] in
                let level = UInt8(i * 255 / max(1, entries - 1))
                return [level, level, level]
            })
        }
        let raw = scanlines(width: width, height: height, channels: colorType.channels, depth: depth,
                            interlaced: interlaced, sample: sample)
        bytes += chunk("IDAT", zlibStored(raw))
        bytes += chunk("IEND", [])
        return bytes
    }

    /// The 13 bytes of an IHDR chunk's data.
    public static func header(width: Int, height: Int, depth: Int, colorType: UInt8, interlace: UInt8,
                              compression: UInt8 = 0, filter: UInt8 = 0) -> [UInt8] {
        bigEndian32(UInt32(truncatingIfNeeded: width)) + bigEndian32(UInt32(truncatingIfNeeded: height))
            + [UInt8(truncatingIfNeeded: depth), colorType, compression, filter, interlace]
    }

    /// Length, type, data and CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian32(UInt32(data.count)) + typeBytes + data + bigEndian32(crc32(typeBytes + data))
    }

    /// Filter-0 scanlines of every Adam7 pass (or of the whole image), samples packed
    /// most significant bit first as the specification orders them.
    static func scanlines(width: Int, height: Int, channels: Int, depth: Int, interlaced: Bool,
                          sample: (Int, Int, Int) -> Int) -> [UInt8] {
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        for pass in passes {
            let xs = Array(stride(from: pass.x0, to: width, by: pass.dx))
            guard !xs.isEmpty else { continue }
            for y in stride(from: pass.y0, to: height, by: pass.dy) {
                out.append(0)
                var bits = BitPacker()
                for x in xs {
                    for c in 0..<channels { bits.append(sample(x, y, c), depth: depth) }
                }
                out += bits.finish()
            }
        }
        return out
    }

    /// A zlib stream of stored deflate blocks (no compression).
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out.append(last)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        return out + bigEndian32(adler32(data))
    }

    public static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    public static func bigEndian32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    /// Packs samples of 1, 2, 4, 8 or 16 bits, most significant first, padding the last byte.
    struct BitPacker {
        private var bytes: [UInt8] = []
        private var accumulator = 0
        private var used = 0

        mutating func append(_ value: Int, depth: Int) {
            if depth == 16 {
                bytes += [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
                return
            }
            accumulator = accumulator << depth | (value & ((1 << depth) - 1))
            used += depth
            if used == 8 {
                bytes.append(UInt8(accumulator))
                accumulator = 0
                used = 0
            }
        }

        mutating func finish() -> [UInt8] {
            if used > 0 { bytes.append(UInt8(accumulator << (8 - used))) }
            return bytes
        }
    }
}
