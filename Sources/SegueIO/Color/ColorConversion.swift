import CLCMS2
import SegueCore

/// Straight-alpha RGBA from a profile into a working space, through LittleCMS 2.
enum ColorConversion {
    /// Converts `pixels` (straight RGBA, or grey-in-RGBA under a grey profile) in place, with the
    /// ICC relative colorimetric intent (the source's white maps to the working space's; colours
    /// outside it are clipped). Alpha is left as it is. Bands of the image run on every core:
    /// the transform keeps no cache (`cmsFLAGS_NOCACHE`), so one transform serves them all.
    static func convert(_ pixels: UnsafeMutableBufferPointer<UInt8>, from source: ColorProfile,
                        to space: ColorSpace) throws(SegueError) {
        let target = try ColorProfile.of(space)
        let input = UInt32(source.isGrey ? SEGUE_LCMS_GREY_IN_RGBA_8 : SEGUE_LCMS_RGBA_8)
        // LittleCMS's optimised 8-bit matrix-shaper path stays within a level of a floating-point
        // transform (ColorManagementTests); its resampled lookup tables (grey and LUT profiles)
        // lose up to 7 levels in the darks of a linear source, so those are evaluated pixel by
        // pixel instead (about 3 Mpx/s rather than 30).
        let exact = source.isRGB && cmsIsMatrixShaper(source.handle) != 0 ? 0 : cmsFLAGS_NOOPTIMIZE
        guard let transform = cmsCreateTransform(source.handle, input, target.handle, UInt32(SEGUE_LCMS_RGBA_8),
                                                 UInt32(INTENT_RELATIVE_COLORIMETRIC), UInt32(cmsFLAGS_NOCACHE | exact)) else {
            throw .invalidInput("ICC profile cannot convert into \(space.rawValue) (LittleCMS refused it)")
        }
        defer { cmsDeleteTransform(transform) }
        guard let base = pixels.baseAddress else { return }
        let shared = SharedPointer(UnsafeMutableRawPointer(base)), shareable = SharedPointer(transform)
        PixelBands.forEach(pixels: pixels.count / 4) { band in
            let start = shared.pointer + 4 * band.lowerBound
            cmsDoTransform(shareable.pointer, start, start, UInt32(band.count))
        }
    }
}

extension PixelBuffer {
    /// This buffer, whose premultiplied numbers are sRGB (a built-in sample, an image made in
    /// memory), in `space`: itself for sRGB, else un-premultiplied, converted and premultiplied.
    public func inColorSpace(_ space: ColorSpace) throws(SegueError) -> PixelBuffer {
        var converted = self
        try converted.convert(to: space)
        return converted
    }

    /// This buffer's premultiplied numbers, in `space`, turned into sRGB in place: for outputs
    /// that carry no colour profile, whose numbers every viewer takes as sRGB.
    public mutating func convertToSRGB(from space: ColorSpace) throws(SegueError) {
        guard space != .srgb else { return }
        unpremultiply(&bytes)
        let source = try ColorProfile.of(space)
        try bytes.withUnsafeMutableBufferPointer { pixels throws(SegueError) in
            try ColorConversion.convert(pixels, from: source, to: .srgb)
        }
        premultiply(&bytes)
    }

    /// `inColorSpace` in this buffer's own memory: a clip's frame stays in the pool buffer it
    /// was decoded into.
    public mutating func convert(to space: ColorSpace) throws(SegueError) {
        guard space != .srgb else { return }
        unpremultiply(&bytes)
        let srgb = try ColorProfile.of(.srgb)
        try bytes.withUnsafeMutableBufferPointer { pixels throws(SegueError) in
            try ColorConversion.convert(pixels, from: srgb, to: space)
        }
        premultiply(&bytes)
    }
}
