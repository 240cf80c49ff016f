import SegueCore

/// A PNG encoder written from the specification for tests, independent of libpng: it lays out
/// samples of any colour type and bit depth, with or without Adam7 interlacing, with the
/// filter type chosen per row, deflated as zlib stored blocks. `expected` gives the 8-bit
/// premultiplied pixels a correct decoder must produce.
struct ReferencePNG {
    enum ColourType: UInt8, CaseIterable { case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6 }

    let width: Int
    let height: Int
    let colourType: ColourType
    let bitDepth: Int
    /// Samples per pixel, row-major: palette indices for `.palette`, else channel values
    /// below `1 << bitDepth`.
    let samples: [Int]
    /// PLTE entries (r, g, b) and their tRNS alphas (shorter than the palette is allowed).
    var palette: [(Int, Int, Int)] = []
    var paletteAlpha: [Int] = []
    /// tRNS for grey (one value) or RGB (three): pixels of exactly this colour are transparent.
    var transparentKey: [Int]? = nil

    var channels: Int {
        switch colourType { case .gray, .palette: 1; case .grayAlpha: 2; case .rgb: 3; case .rgba: 4 }
    }

    /// Random samples (a fixed seed) of every legal value, with a palette of `1 << bitDepth` colours.
    static func random(width: Int, height: Int, colourType: ColourType, bitDepth: Int, seed: UInt64) -> ReferencePNG {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ limit: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(limit))
        }
        let probe = ReferencePNG(width: width, height: height, colourType: colourType, bitDepth: bitDepth, samples: [])
        let limit = 1 << bitDepth
        var png = ReferencePNG(width: width, height: height, colourType: colourType, bitDepth: bitDepth,
                               samples: (0..<(width * height * probe.channels)).map { _ in next(limit) })
        if colourType == .palette {
            png.palette = (0..<limit).map { _ in (next(256), next(256), next(256)) }
        }
        return png
    }

    // MARK: Expected decode

    /// 8-bit straight RGBA of pixel `i`, by the specification: low depths scaled exactly,
    /// 16-bit rounded, tRNS applied.
    func straightRGBA(_ i: Int) -> [Int] {
        let s = Array(samples[(i * channels)..<((i + 1) * channels)])
        let maxValue = (1 << bitDepth) - 1
        func eight(_ v: Int) -> Int { Int((Double(v) * 255 / Double(maxValue)).rounded()) }
        switch colourType {
        case .palette:
            let (r, g, b) = palette[s[0]]
            return [r, g, b, s[0] < paletteAlpha.count ? paletteAlpha[s[0]] : 255]
        case .gray:
            return [eight(s[0]), eight(s[0]), eight(s[0]), transparentKey == s ? 0 : 255]
        case .grayAlpha:
            return [eight(s[0]), eight(s[0]), eight(s[0]), eight(s[1])]
        case .rgb:
            return [eight(s[0]), eight(s[1]), eight(s[2]), transparentKey == s ? 0 : 255]
        case .rgba:
            return s.map(eight)
        }
    }

    /// What Segue's decoder must return: `straightRGBA` premultiplied, `round(c·a/255)`.
    var expected: PixelBuffer {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for i in 0..<(width * height) {
            let p = straightRGBA(i)
            for c in 0..<3 { bytes.append(UInt8((Double(p[c] * p[3]) / 255).rounded())) }
            bytes.append(UInt8(p[3]))
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    // MARK: Encoding

    /// The file, Adam7-interlaced or not.
    func encoded(interlaced: Bool) -> [UInt8] {
        var raw: [UInt8] = []
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for pass in passes {
            let xs = Array(stride(from: pass.x0, to: width, by: pass.dx))
            let ys = Array(stride(from: pass.y0, to: height, by: pass.dy))
            guard !xs.isEmpty else { continue }
            var previous: [UInt8]? = nil
            for (n, y) in ys.enumerated() {
                let row = packedRow(xs.map { y * width + $0 })
                let filter = UInt8(n % 5)
                raw.append(filter)
                raw += filtered(row, previous: previous, type: filter)
                previous = row
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(width) + be32(height) + [UInt8(bitDepth), colourType.rawValue, 0, 0, interlaced ? 1 : 0])
        if colourType == .palette {
            file += chunk("PLTE", palette.flatMap { [UInt8($0.0), UInt8($0.1), UInt8($0.2)] })
            if !paletteAlpha.isEmpty { file += chunk("tRNS", paletteAlpha.map { UInt8($0) }) }
        }
        if let key = transparentKey { file += chunk("tRNS", key.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) }
        file += chunk("IDAT", zlibStored(raw))
        file += chunk("IEND", [])
        return file
    }

    /// Samples of `pixels` packed at `bitDepth`, big-endian, most significant bits first.
    private func packedRow(_ pixels: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        var accumulator = 0, bits = 0
        for p in pixels {
            for c in 0..<channels {
                let v = samples[p * channels + c]
                if bitDepth == 16 { out += [UInt8(v >> 8), UInt8(v & 0xFF)]; continue }
                accumulator = accumulator << bitDepth | v
                bits += bitDepth
                if bits == 8 { out.append(UInt8(accumulator)); accumulator = 0; bits = 0 }
            }
        }
        if bits > 0 { out.append(UInt8(accumulator << (8 - bits))) }
        return out
    }

    /// The row under filter `type` (None, Sub, Up, Average, Paeth), per the specification.
    private func filtered(_ row: [UInt8], previous: [UInt8]?, type: UInt8) -> [UInt8] {
        let bpp = max(1, channels * bitDepth / 8)
        let up = previous ?? [UInt8](repeating: 0, count: row.count)
        return row.indices.map { i in
            let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(up[i]), c = i >= bpp ? Int(up[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            case 4:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predictor = 0
            }
            return UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
        }
    }

    private func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let last: UInt8 = offset + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var c: UInt32 = 0xFFFF_FFFF
        for byte in body {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return be32(data.count) + body + be32(Int(c ^ 0xFFFF_FFFF))
    }

    private func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}
