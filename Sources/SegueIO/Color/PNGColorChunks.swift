import CPNG
import SegueCore

/// The chunks that tell a viewer what a written PNG's numbers are (PNG 3rd edition, 11.3.2),
/// so that a colour-managed one shows the source's colours.
enum PNGColorChunks {
    /// sRGB: an `sRGB` chunk (rendering intent 0, perceptual). Display P3: `cICP` 12/13/0/1
    /// (ITU-T H.273: P3-D65 primaries, sRGB transfer, RGB, full range), which viewers that know
    /// the chunk read first, and `iCCP` with LittleCMS's Display P3 profile for the others.
    static func bytes(for space: ColorSpace) -> [UInt8] {
        switch space {
        case .srgb: srgb
        case .displayP3: displayP3
        }
    }

    private static let srgb = PNGCodec.chunk("sRGB", [0])
    private static let displayP3: [UInt8] = {
        let cicp = PNGCodec.chunk("cICP", [12, 13, 0, 1])
        guard let profile = try? ColorProfile.of(.displayP3).iccBytes, let compressed = zlib(profile) else { return cicp }
        return cicp + PNGCodec.chunk("iCCP", Array("Display P3".utf8) + [0, 0] + compressed)
    }()

    /// zlib's stream of `bytes` (iCCP's compression method 0), nil if zlib fails.
    private static func zlib(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        guard out.withUnsafeMutableBufferPointer({ o in
            bytes.withUnsafeBufferPointer { compress2(o.baseAddress, &length, $0.baseAddress, uLong($0.count), 9) }
        }) == Z_OK else { return nil }
        return Array(out.prefix(Int(length)))
    }

    /// Types of the chunks that describe colour (the ones `retagged` replaces).
    private static let colorTypes: Set<String> = ["sRGB", "gAMA", "cHRM", "iCCP", "cICP"]

    /// A complete PNG (libpng's output) with its colour chunks replaced by `space`'s, placed
    /// right after IHDR (they must precede PLTE and IDAT). A file that does not parse as
    /// chunks is returned as it is.
    static func retagged(_ png: [UInt8], as space: ColorSpace) -> [UInt8] {
        let headerEnd = PNGCodec.signature.count + 25
        guard png.count > headerEnd else { return png }
        var out = Array(png[..<headerEnd]) + bytes(for: space)
        var retagged: [UInt8]?
        PNGChunks.walk(png, from: headerEnd) { type, data in
            let chunk = (data.lowerBound - 8)..<(data.upperBound + 4)
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("PLTE".utf8) {
                retagged = out + png[chunk.lowerBound...]
                return false
            }
            if !colorTypes.contains(String(decoding: type, as: UTF8.self)) { out += png[chunk] }
            return true
        }
        return retagged ?? png
    }
}
