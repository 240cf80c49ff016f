import SegueCore

/// `segue watch` and `still` previews: one frame, or a strip of frames side by side.
public enum ShaderPreview {
    /// The frame at `fraction`, or with `strip` ≥ 2 that many frames at 0, 1/(n−1), …, 1.
    public static func render(_ transition: PreparedTransition, renderer: any FrameRenderer, at fraction: Double,
                              strip: Int?) throws(SegueError) -> PixelBuffer {
        let fractions = strip.map { n in (0..<n).map { Double($0) / Double(max(n - 1, 1)) } } ?? [fraction]
        let size = transition.size
        try PixelBuffer.checkSize(PixelSize(width: size.width * fractions.count, height: size.height), what: "preview")
        var strip = PixelBuffer(width: size.width * fractions.count, height: size.height)
        var frame = PixelBuffer(size: size)
        for (i, f) in fractions.enumerated() {
            try renderer.render(transition.plan(fraction: f), images: transition.images, into: &frame)
            for row in 0..<size.height {
                let from = row * frame.rowBytes, to = row * strip.rowBytes + i * frame.rowBytes
                strip.bytes.replaceSubrange(to..<(to + frame.rowBytes), with: frame.bytes[from..<(from + frame.rowBytes)])
            }
        }
        return strip
    }
}
