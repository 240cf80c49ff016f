import SegueCore
import SegueEffects

/// A point or rectangle parameter, given by the user in points, that lies outside the canvas at
/// the transition's scale: most often a point meant for another screen size or scale. Segue
/// still renders it (an effect may start off-screen on purpose) and the CLI warns:
/// `segue: warning: --param start=2000,100 lies outside the 1170×2532 canvas (390×844 pt at scale 3)`.
public struct OffCanvasParameter: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    /// As the user typed it.
    public var text: String
    public var canvas: PixelSize
    public var scale: Double

    /// `start=2000,100 lies outside the 1170×2532 canvas (390×844 pt at scale 3)`.
    public var description: String {
        let points = "\(readable(Double(canvas.width) / scale))×\(readable(Double(canvas.height) / scale)) pt"
        return "\(name)=\(text) lies outside the \(canvas.width)×\(canvas.height) canvas (\(points) at scale \(readable(scale)))"
    }

    /// The parameters among `given` (name, text) whose parsed point, or whole rectangle, lies
    /// outside the canvas. A point on the edge is inside; a rectangle that overlaps the canvas
    /// at all is inside.
    static func find(given: [(String, String)], values: ParameterValues, canvas: PixelSize, scale: Double) -> [OffCanvasParameter] {
        let width = Double(canvas.width), height = Double(canvas.height)
        return given.compactMap { name, text in
            let outside: Bool
            switch values[name] {
            case .point(let p)?:
                outside = !((0...width).contains(p.x * scale) && (0...height).contains(p.y * scale))
            case .rect(let r)?:
                outside = r.x * scale >= width || (r.x + r.width) * scale <= 0 || r.y * scale >= height || (r.y + r.height) * scale <= 0
            default:
                outside = false
            }
            return outside ? OffCanvasParameter(name: name, text: text, canvas: canvas, scale: scale) : nil
        }
    }
}
