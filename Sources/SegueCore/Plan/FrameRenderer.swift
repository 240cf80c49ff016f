/// Draws a `FramePlan` into a buffer of the plan's size. Implementations lower the plan
/// (`FramePlan.lowered`) and draw the lowered commands; they decide nothing the other renderer
/// must repeat.
///
/// Two ways to draw: `render` finishes one frame before it returns; `submit` and `collect`
/// form a pipeline, for renderers whose readback can overlap the drawing of the next frame
/// (GL on a GPU: pixel-buffer objects). A render loop submits each frame, hands on whatever
/// frame `submit` gives back, and collects the rest at the end. The defaults draw at once, so
/// a renderer that does not pipeline (software) needs only `render`.
public protocol FrameRenderer: AnyObject {
    /// `software`, `gl`.
    var backendName: String { get }
    /// Draws `plan` into `target`, which must be `plan.size` (a renderer never reallocates it:
    /// the caller owns the buffer, see `FramePool`).
    func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError)
    /// Starts drawing `plan` into `target` (of `plan.size`), which the renderer holds until the
    /// frame is complete. Returns the oldest frame it holds once that one is complete, or nil
    /// while every frame it holds is still on its way. Frames come back in submission order.
    /// After a throw the renderer holds no frame.
    func submit(_ plan: FramePlan, images: ImageSet, into target: consuming PixelBuffer) throws(SegueError) -> PixelBuffer?
    /// The oldest frame the renderer still holds, waited for; nil when it holds none. After a
    /// throw the renderer holds no frame.
    func collect() throws(SegueError) -> PixelBuffer?
}

extension FrameRenderer {
    /// Draws the frame at once and hands it straight back.
    public func submit(_ plan: FramePlan, images: ImageSet, into target: consuming PixelBuffer) throws(SegueError) -> PixelBuffer? {
        // A consuming parameter is the caller's buffer itself: drawn in place, no copy-on-write.
        try render(plan, images: images, into: &target)
        return target
    }

    /// Nothing is ever held.
    public func collect() throws(SegueError) -> PixelBuffer? { nil }
}
