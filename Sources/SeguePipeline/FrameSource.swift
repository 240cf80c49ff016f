import SegueCore

/// What makes the frames of a job: one transition between two snapshots, or a sequence of
/// clips whose frames are mostly decoded and only drawn at the cuts. The frame loop asks for
/// frames in increasing order.
public protocol FrameSource {
    var size: PixelSize { get }
    var frameCount: Int { get }
    /// Frame `n`: a plan for the renderer, or pixels ready as they are, in a buffer taken from
    /// `pool` (the loop gives it back there once the sinks are done with it).
    func frame(_ n: Int, pool: FramePool) throws(SegueError) -> SourcedFrame
}

public enum SourcedFrame {
    /// Drawn by the renderer from these images. `lent`: those whose buffers are the pool's
    /// (a cut's frames of its two clips), which the loop gives back once the frame is drawn,
    /// so a cut allocates no buffer per frame.
    case drawn(FramePlan, ImageSet, lent: [ImageRef] = [])
    /// Shown as it is (a clip's own frame, at the output's size, premultiplied), in a buffer
    /// of the pool that nothing else references.
    case ready(PixelBuffer)
}

extension PreparedTransition: FrameSource {
    public func frame(_ n: Int, pool: FramePool) -> SourcedFrame { .drawn(plan(frame: n), images) }
}
