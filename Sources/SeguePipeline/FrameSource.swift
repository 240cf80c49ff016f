import SegueCore

/// What makes the frames of a job: one transition between two snapshots, or a sequence of
/// clips whose frames are mostly decoded and only drawn at the cuts. The frame loop asks for
/// frames in increasing order.
public protocol FrameSource {
    var size: PixelSize { get }
    var frameCount: Int { get }
    /// Frame `n`: a plan for the renderer, or pixels ready as they are.
    func frame(_ n: Int) throws(SegueError) -> SourcedFrame
}

public enum SourcedFrame {
    /// Drawn by the renderer from these images.
    case drawn(FramePlan, ImageSet)
    /// Shown as it is (a clip's own frame, at the output's size, premultiplied).
    case ready(PixelBuffer)
}

extension PreparedTransition: FrameSource {
    public func frame(_ n: Int) -> SourcedFrame { .drawn(plan(frame: n), images) }
}
