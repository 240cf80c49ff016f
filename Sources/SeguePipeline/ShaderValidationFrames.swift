import SegueAuthoring
import SegueCore

extension ShaderValidator {
    /// `segue validate` on one file: it is resolved through `catalog` and drawn by `session`'s
    /// renderer for it (GL for user shaders), prepared on the first frame asked for.
    public static func validate(path: String, catalog: EffectCatalog, session: RenderSession) -> ShaderValidation {
        var prepared: (transition: PreparedTransition, renderer: any FrameRenderer)?
        return validate(path: path) { progress throws(SegueError) in
            let current: (transition: PreparedTransition, renderer: any FrameRenderer)
            if let prepared {
                current = prepared
            } else {
                var request = TransitionRequest(effect: path)
                request.catalog = catalog
                request.size = size
                // The 512×256 canvas is no phone screen: a point is a pixel, so a native file's
                // effect (a circle from a top-right button) draws inside it.
                request.scale = 1
                request.fromImage = validatorImage(blue: 0)
                request.toImage = validatorImage(blue: 255)
                let transition = try PreparedTransition(request)
                current = (transition, try session.renderer(for: transition))
                prepared = current
            }
            var frame = PixelBuffer(size: size)
            try current.renderer.render(current.transition.plan(fraction: progress), images: current.transition.images, into: &frame)
            return frame
        }
    }
}
