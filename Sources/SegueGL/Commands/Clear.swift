import CGLES3
import SegueCore

extension GLFrame {
    /// `clear`: the premultiplied bytes as exact fractions, so the cleared bytes are exactly them.
    func clear(_ color: PremultipliedColor) {
        let (r, g, b, a) = color.fractions
        glClearColor(r, g, b, a)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }
}
