import Dispatch
import SegueCore

/// One effect variant drawn by the GL renderer and by the software renderer (the reference)
/// on the built-in sample screens, at each size and progress: the worst agreement found, held
/// to the parity thresholds (`ImageComparison.meetsParity`, docs/ARCHITECTURE.md).
public struct ParityCheck: Codable, Sendable {
    public var effect: String
    /// The comparison with the lowest PSNR, and where it was.
    public var worst: ImageComparison
    public var worstSize: String
    public var worstProgress: Double
    /// The lowest fraction of pixels within 3 levels over all frames (it may come from
    /// another frame than the lowest PSNR).
    public var lowestWithin3: Double
    public var frames: Int
    /// Mean milliseconds per frame of each renderer over these frames (draw and readback).
    public var glMs: Double
    public var softwareMs: Double
    public var pass: Bool

    public static func run(_ variant: EffectVariant, sizes: [PixelSize], progress: [Double],
                           gl: any FrameRenderer, software: any FrameRenderer) throws(SegueError) -> ParityCheck {
        var worst: (ImageComparison, PixelSize, Double)?
        var lowestWithin3 = 1.0, pass = true, frames = 0
        var glNanoseconds: UInt64 = 0, softwareNanoseconds: UInt64 = 0
        for size in sizes {
            var request = TransitionRequest(effect: variant.effect)
            request.parameters = variant.overrides
            request.size = size
            let transition = try PreparedTransition(request)
            var a = PixelBuffer(size: size), b = PixelBuffer(size: size)
            for p in progress {
                let plan = transition.plan(fraction: p)
                let t0 = DispatchTime.now().uptimeNanoseconds
                try software.render(plan, images: transition.images, into: &a)
                let t1 = DispatchTime.now().uptimeNanoseconds
                try gl.render(plan, images: transition.images, into: &b)
                let t2 = DispatchTime.now().uptimeNanoseconds
                softwareNanoseconds += t1 - t0
                glNanoseconds += t2 - t1
                frames += 1
                let c = try ImageComparison(a, b)
                lowestWithin3 = min(lowestWithin3, c.fractionWithin3)
                pass = pass && c.meetsParity
                if worst == nil || c.psnr < worst!.0.psnr { worst = (c, size, p) }
            }
        }
        guard let (comparison, size, p) = worst else { throw .usage("parity: no size or progress to compare") }
        return ParityCheck(effect: variant.description, worst: comparison, worstSize: size.description, worstProgress: p,
                           lowestWithin3: lowestWithin3, frames: frames, glMs: Double(glNanoseconds) / 1e6 / Double(frames),
                           softwareMs: Double(softwareNanoseconds) / 1e6 / Double(frames), pass: pass)
    }
}
