import CSegueJPEG
import CSeguePNG
import SegueCore

/// What a snapshot file says its numbers mean, once its format's precedence is applied.
enum SourceColor: Sendable {
    /// A working space's numbers as decoded (untagged files are sRGB, as viewers take them).
    case space(ColorSpace)
    /// Another space, converted through its profile.
    case profile(ColorProfile)

    /// The working space the snapshot is in already, if any (what `--colorspace auto` asks).
    var space: ColorSpace? {
        if case .space(let space) = self { space } else { nil }
    }

    /// A profile read from a file: a working space's own (used as decoded), or one to convert through.
    init(_ profile: ColorProfile) {
        self = ColorSpace.allCases.first(where: profile.describes).map { .space($0) } ?? .profile(profile)
    }

    /// An embedded ICC profile for an image with `grey` (one channel) or RGB samples. One
    /// that LittleCMS cannot read, or of the wrong kind, is refused (65): a snapshot is never
    /// shown in colours other than its file's without saying so.
    init(icc bytes: [UInt8], grey: Bool, name: String) throws(SegueError) {
        guard bytes.count <= ColorProfile.maxBytes else {
            throw SegueError(.invalidInput, "ICC profile of \(bytes.count) bytes, more than the \(ColorProfile.maxBytes >> 20) MiB accepted",
                             path: name)
        }
        guard let profile = ColorProfile(icc: bytes) else {
            throw SegueError(.invalidInput, "unreadable ICC profile (LittleCMS cannot parse it)", path: name)
        }
        guard profile.isRGB || (grey && profile.isGrey) else {
            throw SegueError(.invalidInput, "ICC profile is not an RGB\(grey ? " or grey" : "") profile", path: name)
        }
        self.init(profile)
    }
}

/// A PNG's colour chunks, taken in the precedence of PNG 3rd edition (W3C, 2025), 4.2 and
/// 11.3.2: cICP, then iCCP, then sRGB, then gAMA and cHRM; none is sRGB.
struct PNGColor {
    let source: SourceColor
    /// Whether libpng is to bring a gAMA to the sRGB curve while decoding, as Segue did before it
    /// managed colour (the file has no colour chunk above gAMA, nor primaries other than sRGB's).
    let libpngGamma: Bool

    init(_ chunks: segue_png_colour, name: String) throws(SegueError) {
        if chunks.has_cicp != 0, let source = Self.codePoints(chunks.cicp) {
            (self.source, libpngGamma) = (source, false)
        } else if let icc = chunks.icc {
            let bytes = Array(UnsafeBufferPointer(start: icc, count: Int(chunks.icc_length)))
            (source, libpngGamma) = (try SourceColor(icc: bytes, grey: chunks.grey != 0, name: name), false)
        } else if chunks.has_srgb == 0, chunks.grey == 0, chunks.has_chromaticities != 0,
                  let profile = Self.chromaticities(chunks) {
            (source, libpngGamma) = (SourceColor(profile), false)
        } else {
            (source, libpngGamma) = (.space(.srgb), true)
        }
    }

    /// cICP (ITU-T H.273 code points), when Segue can follow it: RGB (matrix 0), full range, the
    /// primaries BT.709 (1), BT.2020 (9), DCI-P3 (11) or P3-D65 (12), the transfers BT.709 (1,
    /// 6, 14, 15), gamma 2.2 (4) or 2.8 (5), linear (8) or sRGB (13). Others (PQ and HLG, narrow
    /// range) are passed over, to the chunks below, as PNG 3rd edition asks of decoders.
    private static func codePoints(_ c: (UInt8, UInt8, UInt8, UInt8)) -> SourceColor? {
        guard c.2 == 0, c.3 == 1 else { return nil }
        let primaries: Primaries
        switch c.0 {
        case 1: primaries = .bt709
        case 9: primaries = .bt2020
        case 11: primaries = .dciP3
        case 12: primaries = .displayP3
        default: return nil
        }
        let curve: ToneCurve
        switch c.1 {
        case 1, 6, 14, 15: curve = .bt709
        case 4: curve = .power(2.2)
        case 5: curve = .power(2.8)
        case 8: curve = .power(1)
        case 13: curve = .srgb
        default: return nil
        }
        if curve == .srgb, c.0 == 1 { return .space(.srgb) }
        if curve == .srgb, c.0 == 12 { return .space(.displayP3) }
        return ColorProfile(primaries, curve: curve).map(SourceColor.init)
    }

    /// cHRM (with gAMA's exponent, or the sRGB curve without one) as a profile; nil when its
    /// primaries and white are sRGB's within 0.001, so that gAMA alone decides, through libpng,
    /// as it always has.
    private static func chromaticities(_ chunks: segue_png_colour) -> ColorProfile? {
        let c = chunks.chromaticities
        let given = Primaries(white: .init(c.0, c.1), red: .init(c.2, c.3), green: .init(c.4, c.5), blue: .init(c.6, c.7))
        let points = { (p: Primaries) in [p.white, p.red, p.green, p.blue].flatMap { [$0.x, $0.y] } }
        guard zip(points(given), points(.bt709)).contains(where: { abs($0 - $1) > 0.001 }) else { return nil }
        let curve: ToneCurve = chunks.has_gamma != 0 && chunks.gamma > 0 ? .power(1 / chunks.gamma) : .srgb
        return ColorProfile(given, curve: curve)
    }
}
