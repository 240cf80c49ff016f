import CLCMS2
import Glibc
import SegueCore

/// An ICC profile opened by LittleCMS 2: one read from a snapshot, or one built from primaries
/// and a tone curve (cICP code points, PNG cHRM/gAMA, the working spaces).
final class ColorProfile: @unchecked Sendable {
    /// lcms2 guards each profile with its own lock, so one handle may serve several threads.
    let handle: cmsHPROFILE

    private init(handle: cmsHPROFILE) { self.handle = handle }
    deinit { cmsCloseProfile(handle) }

    /// The largest embedded profile read: real ones are a few KiB (Apple's Display P3: 536 bytes),
    /// camera and printer profiles with lookup tables reach a few MiB.
    static let maxBytes = 4 << 20

    /// The profile `bytes` hold; nil when lcms2 cannot read them.
    convenience init?(icc bytes: [UInt8]) {
        guard !bytes.isEmpty, bytes.count <= Self.maxBytes,
              let handle = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }) else { return nil }
        self.init(handle: handle)
    }

    /// A matrix/TRC RGB profile: the white point and the red, green, blue primaries as CIE xy,
    /// one tone curve for the three channels (lcms2 adapts them to the ICC's D50 with Bradford).
    convenience init?(white: Chromaticity, red: Chromaticity, green: Chromaticity, blue: Chromaticity,
                      curve: ToneCurve, description: String? = nil) {
        var whitePoint = white.xyY
        var primaries = cmsCIExyYTRIPLE(Red: red.xyY, Green: green.xyY, Blue: blue.xyY)
        guard let tone = curve.make() else { return nil }
        defer { cmsFreeToneCurve(tone) }
        var curves: [OpaquePointer?] = [tone, tone, tone]
        guard let handle = cmsCreateRGBProfile(&whitePoint, &primaries, &curves) else { return nil }
        self.init(handle: handle)
        if let description, let text = cmsMLUalloc(nil, 1) {
            cmsMLUsetASCII(text, "en", "US", description)
            cmsWriteTag(handle, cmsSigProfileDescriptionTag, UnsafeRawPointer(text))
            cmsMLUfree(text)
        }
    }

    /// A matrix/TRC RGB profile of `primaries` with one tone curve for the three channels.
    convenience init?(_ primaries: Primaries, curve: ToneCurve, description: String? = nil) {
        self.init(white: primaries.white, red: primaries.red, green: primaries.green, blue: primaries.blue,
                  curve: curve, description: description)
    }

    /// The profiles of the working spaces, built once: D65 white, the sRGB transfer curve
    /// (IEC 61966-2-1), and the BT.709 primaries (sRGB) or those of SMPTE EG 432-1 (Display P3).
    private static let working: [ColorSpace: ColorProfile] = [
        .srgb: ColorProfile(.bt709, curve: .srgb, description: "sRGB"),
        .displayP3: ColorProfile(.displayP3, curve: .srgb, description: "Display P3"),
    ].compactMapValues { $0 }

    /// The profile of a working space.
    static func of(_ space: ColorSpace) throws(SegueError) -> ColorProfile {
        // Built from constants: lcms2 fails here only when it cannot allocate a few KiB.
        guard let profile = working[space] else { throw SegueError(.internalError, "LittleCMS could not build the \(space.rawValue) profile") }
        return profile
    }

    /// An RGB profile (the input a colour PNG or JPEG needs).
    var isRGB: Bool { cmsGetColorSpace(handle) == cmsSigRgbData }
    /// A grey profile (the input a greyscale PNG needs).
    var isGrey: Bool { cmsGetColorSpace(handle) == cmsSigGrayData }

    /// Whether the profile is `space`'s: its colorants (D50-adapted XYZ) within 0.002 of the
    /// space's, and each channel's tone curve within 1/1000 of the sRGB curve at 33 points. Such
    /// a snapshot is used as decoded (no conversion, no rounding); any other is converted.
    func describes(_ space: ColorSpace) -> Bool {
        guard isRGB, let reference = try? ColorProfile.of(space) else { return false }
        let colorants = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
        for tag in colorants {
            guard let mine = xyz(tag), let theirs = reference.xyz(tag),
                  abs(mine.X - theirs.X) < 0.002, abs(mine.Y - theirs.Y) < 0.002, abs(mine.Z - theirs.Z) < 0.002 else { return false }
        }
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let curve = cmsReadTag(handle, tag) else { return false }
            let tone = OpaquePointer(curve)
            for step in 0...32 {
                let v = Float(step) / 32
                if abs(cmsEvalToneCurveFloat(tone, v) - ToneCurve.srgbLinear(v)) > 0.001 { return false }
            }
        }
        return true
    }

    private func xyz(_ tag: cmsTagSignature) -> cmsCIEXYZ? {
        cmsReadTag(handle, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
    }

    /// The profile as ICC bytes, with a fixed creation date so that the same frames make the
    /// same files (lcms2 stamps the current time; the profile ID is left zero, "not computed").
    var iccBytes: [UInt8] {
        var count: UInt32 = 0
        guard cmsSaveProfileToMem(handle, nil, &count) != 0, count >= 128 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(count))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(handle, $0.baseAddress, &count) }) != 0 else { return [] }
        // dateTimeNumber at bytes 24–35 (ICC.1:2022 7.2.1): 2016-01-01 00:00:00.
        bytes.replaceSubrange(24..<36, with: [0x07, 0xE0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        return bytes
    }
}

/// A CIE 1931 xy chromaticity.
struct Chromaticity: Equatable {
    var x: Double
    var y: Double
    init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    static let d65 = Chromaticity(0.3127, 0.3290)
    var xyY: cmsCIExyY { cmsCIExyY(x: x, y: y, Y: 1) }
}

/// An RGB space's white point and primaries (CIE xy), as ITU-T H.273 lists them.
struct Primaries: Equatable {
    var white: Chromaticity, red: Chromaticity, green: Chromaticity, blue: Chromaticity

    /// BT.709, which sRGB shares (H.273 colour primaries 1).
    static let bt709 = Primaries(white: .d65, red: .init(0.64, 0.33), green: .init(0.30, 0.60), blue: .init(0.15, 0.06))
    /// BT.2020 (9).
    static let bt2020 = Primaries(white: .d65, red: .init(0.708, 0.292), green: .init(0.170, 0.797), blue: .init(0.131, 0.046))
    /// DCI-P3, the cinema white (11).
    static let dciP3 = Primaries(white: .init(0.314, 0.351), red: .init(0.680, 0.320), green: .init(0.265, 0.690), blue: .init(0.150, 0.060))
    /// Display P3: DCI-P3's primaries with D65 (SMPTE EG 432-1; 12).
    static let displayP3 = Primaries(white: .d65, red: dciP3.red, green: dciP3.green, blue: dciP3.blue)
}

/// A transfer function from encoded values to linear light, as ICC parametric curves
/// (ICC.1:2022 10.18) express it.
enum ToneCurve: Equatable {
    /// `Y = X^γ`.
    case power(Double)
    /// IEC 61966-2-1 (sRGB, and Display P3): linear below 0.04045, else `((X + 0.055) / 1.055)^2.4`.
    case srgb
    /// The inverse of the ITU-R BT.709 OETF (H.273 transfer characteristics 1, 6, 14, 15).
    case bt709

    /// lcms2's parametric curve type 1 (`Y = X^g`) or 4 (`Y = (aX + b)^g` from `d` up, `cX` below).
    func make() -> OpaquePointer? {
        switch self {
        case .power(let gamma): [gamma].withUnsafeBufferPointer { cmsBuildParametricToneCurve(nil, 1, $0.baseAddress) }
        case .srgb: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].withUnsafeBufferPointer { cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) }
        case .bt709: [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081].withUnsafeBufferPointer { cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) }
        }
    }

    /// The sRGB curve at `v` (0…1), for comparing a profile's curves against it.
    static func srgbLinear(_ v: Float) -> Float {
        v <= 0.04045 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4)
    }
}
