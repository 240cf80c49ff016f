import CLCMS2
import CPNG
import Glibc

/// Colour management for tests, through LittleCMS directly (not through Segue): ICC profiles
/// made here, samples converted between profiles, PNG files tagged or read back chunk by chunk.
public enum TestColor {
    /// Display P3 (SMPTE EG 432-1 primaries, D65, sRGB curve) as an ICC v2 profile whose curves
    /// are 1024-entry tables, not the parametric curves of Segue's own profile: recognising it
    /// tests Segue's comparison of what profiles mean, not of their bytes.
    public static let displayP3 = rgbProfile(white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060),
                                             version: 2.1)
    /// sRGB, as LittleCMS builds it.
    public static let srgb: [UInt8] = save(cmsCreate_sRGBProfile())
    /// BT.2020 primaries, D65, the sRGB curve: wider than Display P3, the space outputs and
    /// sources are compared in (as a colour-managed viewer on a wide screen would show them).
    public static let reference = rgbProfile(white: (0.3127, 0.3290), red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046),
                                             version: 4.3)

    /// A flat-ish 64×48 screen, straight RGBA, opaque: a band of a green more saturated than
    /// sRGB holds (as Display P3 numbers), eight patches of strong and muted colours, a grey
    /// ramp. Blocks are 8 pixels wide, so 4:2:0 video keeps them.
    public static func screen() -> (width: Int, height: Int, rgba: [UInt8]) {
        let patches: [[UInt8]] = [[230, 40, 40], [40, 200, 60], [40, 60, 220], [240, 220, 40],
                                  [200, 60, 200], [40, 200, 200], [128, 128, 128], [250, 150, 60]]
        var rgba: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 {
                switch y {
                case ..<16: rgba += [20, 240, 30, 255]
                case ..<32: rgba += patches[x / 8] + [255]
                default: rgba += [UInt8(x * 4), UInt8(x * 4), UInt8(x * 4), 255]
                }
            }
        }
        return (64, 48, rgba)
    }

    /// A matrix/TRC profile with the sRGB curve (IEC 61966-2-1) sampled into a table.
    public static func rgbProfile(white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double),
                                  version: Double) -> [UInt8] {
        let table = (0..<1024).map { i -> UInt16 in
            let v = Double(i) / 1023
            let linear = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            return UInt16((linear * 65535).rounded())
        }
        let curve = table.withUnsafeBufferPointer { cmsBuildTabulatedToneCurve16(nil, UInt32($0.count), $0.baseAddress) }
        defer { cmsFreeToneCurve(curve) }
        var whitePoint = cmsCIExyY(x: white.0, y: white.1, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.0, y: red.1, Y: 1), Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
                                        Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&whitePoint, &primaries, &curves)
        cmsSetProfileVersion(profile, version)
        return save(profile)
    }

    /// A grey profile: D50 white, `Y = X^gamma`.
    public static func greyProfile(gamma: Double) -> [UInt8] {
        let curve = cmsBuildGamma(nil, gamma)
        defer { cmsFreeToneCurve(curve) }
        return save(cmsCreateGrayProfile(cmsD50_xyY(), curve))
    }

    private static func save(_ profile: cmsHPROFILE?) -> [UInt8] {
        defer { cmsCloseProfile(profile) }
        var count: UInt32 = 0
        guard cmsSaveProfileToMem(profile, nil, &count) != 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(count))
        _ = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &count) }
        return bytes
    }

    /// Straight RGBA samples converted from the space of profile `from` into that of `to`
    /// (relative colorimetric, floating point inside), alpha kept.
    public static func convert(_ rgba: [UInt8], from: [UInt8], to: [UInt8]) -> [UInt8] {
        let source = from.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        let target = to.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        defer { cmsCloseProfile(source); cmsCloseProfile(target) }
        let format = UInt32(SEGUE_LCMS_RGBA_8)
        let transform = cmsCreateTransform(source, format, target, format, UInt32(INTENT_RELATIVE_COLORIMETRIC),
                                           UInt32(cmsFLAGS_NOOPTIMIZE | cmsFLAGS_COPY_ALPHA))
        defer { cmsDeleteTransform(transform) }
        var out = rgba
        rgba.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { cmsDoTransform(transform, input.baseAddress, $0.baseAddress, UInt32(rgba.count / 4)) }
        }
        return out
    }

    /// Mean and largest difference of the red, green and blue samples of two RGBA images.
    public static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, max: Int) {
        var total = 0, largest = 0, count = 0
        for i in 0..<min(a.count, b.count) where i % 4 != 3 {
            let d = abs(Int(a[i]) - Int(b[i]))
            total += d
            largest = max(largest, d)
            count += 1
        }
        return (Double(total) / Double(max(1, count)), largest)
    }

    /// An 8-bit RGB PNG of straight RGBA `rgba` (alpha dropped), with `chunks` after IHDR.
    public static func png(width: Int, height: Int, rgba: [UInt8], chunks: [UInt8] = []) -> [UInt8] {
        let file = PNGForge.file(width: width, height: height, colorType: .rgb, depth: 8, interlaced: false) { x, y, c in
            Int(rgba[4 * (y * width + x) + c])
        }
        return inserting(chunks, into: file)
    }

    /// `png` with `chunks` placed right after IHDR (where colour chunks belong).
    public static func inserting(_ chunks: [UInt8], into png: [UInt8]) -> [UInt8] {
        let headerEnd = PNGForge.signature.count + 25
        return Array(png[..<headerEnd]) + chunks + png[headerEnd...]
    }

    /// An `iCCP` chunk holding `profile`.
    public static func iccpChunk(_ profile: [UInt8]) -> [UInt8] {
        PNGForge.chunk("iCCP", Array("test profile".utf8) + [0, 0] + PNGForge.zlibStored(profile))
    }

    /// The chunks of a PNG file, in order (type and data).
    public static func chunks(ofPNG png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = PNGForge.signature.count
        while offset + 12 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= png.count else { break }
            result.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self), Array(png[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return result
    }

    /// The profile in a PNG's iCCP chunk, inflated with zlib; nil when there is none.
    public static func iccProfile(ofPNG png: [UInt8]) -> [UInt8]? {
        guard let data = chunks(ofPNG: png).first(where: { $0.type == "iCCP" })?.data,
              let nul = data.firstIndex(of: 0) else { return nil }
        let compressed = Array(data[(nul + 2)...])
        var length = uLong(1 << 22)
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { o in
            compressed.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        return status == Z_OK ? Array(out.prefix(Int(length))) : nil
    }
}
