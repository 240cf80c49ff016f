/// Draws a `FramePlan` into a buffer of the plan's size. Implementations lower the plan
/// (`FramePlan.lowered`) and draw the lowered commands; they decide nothing the other renderer
/// must repeat.
public protocol FrameRenderer: AnyObject {
    /// `software`, `gl`.
    var backendName: String { get }
    /// Draws `plan` into `target`, which must be `plan.size` (a renderer never reallocates it:
    /// the caller owns the buffer, see `FramePool`).
    func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError)
}
