import SegueCore

/// `segue watch` and `still` previews: one frame, or a strip of frames side by side.
public enum ShaderPreview {
    /// The frame at `fraction`, or with `strip` ≥ 2 that many frames at 0, 1/(n−1), …, 1.
    public static func render(_ transition: PreparedTransition, renderer: any FrameRenderer, at fraction: Double,
                              strip: Int?) throws(SegueError) -> PixelBuffer {
        guard let strip else { return try transition.frame(at: fraction, renderer: renderer) }
        let fractions = (0..<strip).map { Double($0) / Double(max(strip - 1, 1)) }
        let size = transition.size
        try PixelBuffer.checkSize(PixelSize(width: size.width * fractions.count, height: size.height), what: "preview")
        var joined = PixelBuffer(width: size.width * fractions.count, height: size.height)
        for (i, f) in fractions.enumerated() {
            let frame = try transition.frame(at: f, renderer: renderer)
            for row in 0..<size.height {
                let from = row * frame.rowBytes, to = row * joined.rowBytes + i * frame.rowBytes
                joined.bytes.replaceSubrange(to..<(to + frame.rowBytes), with: frame.bytes[from..<(from + frame.rowBytes)])
            }
        }
        return joined
    }
}

extension PreparedTransition {
    /// The frame at linear time `fraction` (0 = from, 1 = to): what `segue still` writes,
    /// `segue serve` answers and `segue watch` previews.
    public func frame(at fraction: Double, renderer: any FrameRenderer) throws(SegueError) -> PixelBuffer {
        var frame = PixelBuffer(size: size)
        try renderer.render(plan(fraction: fraction), images: images, into: &frame)
        return frame
    }
}
