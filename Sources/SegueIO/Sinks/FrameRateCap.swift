import SegueCore

/// Which frames go to a format that cannot play faster than `maxRate`, and at what rate: all
/// of them at the sequence's own rate when it is slow enough; otherwise evenly spaced ones
/// (always the first and the last), as many as `maxRate` allows, played at the rate that keeps
/// the sequence's duration (`frameCount / fps`), so the output lasts what it should.
public struct FrameRateCap: Sendable, Equatable {
    /// Frames in the sequence.
    public let frameCount: Int
    /// The indices written, ascending.
    public let kept: [Int]
    /// The output's frame rate: `kept.count × fps / frameCount`, at most `maxRate`.
    public let rate: Double
    /// The sequence's own rate.
    public let fps: Double

    public init(frameCount: Int, fps: Double, maxRate: Double?) {
        self.frameCount = max(1, frameCount)
        self.fps = fps
        guard let maxRate, fps > maxRate else {
            kept = Array(0..<self.frameCount)
            rate = fps
            return
        }
        let count = max(1, Int((Double(self.frameCount) * maxRate / fps).rounded(.down)))
        kept = evenlySpacedIndices(count, in: self.frameCount)
        rate = Double(kept.count) * fps / Double(self.frameCount)
    }

    /// Whether some frames are left out.
    public var dropsFrames: Bool { kept.count < frameCount }

    /// `25 of 31 frames kept, evenly spaced, at 48.39 fps instead of 60 (same duration)`.
    public var summary: String {
        "\(kept.count) of \(frameCount) frames kept, evenly spaced, at \(readable(rate, decimals: 2)) fps "
            + "instead of \(readable(fps, decimals: 2)) (same duration)"
    }
}
