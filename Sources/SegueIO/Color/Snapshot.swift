import SegueCore

/// A snapshot as its file holds it: straight RGBA, and what its numbers mean. The job's
/// working space is chosen from every snapshot's (`ColorSpaceChoice.resolved`) before any is
/// converted into it with `pixels(in:)`.
public struct Snapshot: Sendable {
    public let name: String
    /// Straight (not yet premultiplied) samples.
    let straight: PixelBuffer
    let color: SourceColor

    /// The decoded size (upright, after EXIF orientation).
    public var size: PixelSize { straight.size }

    /// The working space the file is in already; nil for another one (converted on use).
    public var colorSpace: ColorSpace? { color.space }

    /// Premultiplied pixels in `working`: as decoded when the file is in it already (an sRGB or
    /// untagged file in sRGB: the same bytes as before Segue managed colour), else converted by
    /// LittleCMS first. Errors name the file.
    public func pixels(in working: ColorSpace) throws(SegueError) -> PixelBuffer {
        var pixels = straight
        let source: ColorProfile
        switch color {
        case .space(let space) where space == working:
            premultiply(&pixels.bytes)
            return pixels
        case .space(let space): source = try ColorProfile.of(space)
        case .profile(let profile): source = profile
        }
        do throws(SegueError) {
            try pixels.bytes.withUnsafeMutableBufferPointer { bytes throws(SegueError) in
                try ColorConversion.convert(bytes, from: source, to: working)
            }
        } catch {
            var placed = error
            placed.path = name
            throw placed
        }
        premultiply(&pixels.bytes)
        return pixels
    }
}

extension Snapshot {
    /// The snapshot as a frame of the canvas: in the working space, premultiplied, fitted to
    /// `size` — the steps every still takes, a side of a transition or a clip of a sequence.
    public func frame(in working: ColorSpace, size: PixelSize, fit: FitMode) throws(SegueError) -> PixelBuffer {
        try pixels(in: working).fitted(to: size, mode: fit)
    }
}
