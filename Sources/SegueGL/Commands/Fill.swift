import CGLES3
import SegueCore

extension GLFrame {
    /// `fill` (`fill.frag`): the shape's coverage times the premultiplied colour, over a quad
    /// one pixel larger than the shape for its edge ramp.
    func draw(_ fill: LoweredFill) {
        let program = programs[.fill]
        glUseProgram(program.id)
        let quad: Rect
        switch fill.shape {
        case .canvas:
            set(program, "u_shape", Int32(0))
            quad = Rect(size: canvas)
        case .rect(let rect, let radii):
            set(program, "u_shape", Int32(1))
            set(program, "u_rect", rect)
            set(program, "u_radii", radii)
            quad = rect.expanded(by: 1)
        case .circle(let center, let radius):
            set(program, "u_shape", Int32(2))
            if let location = program.location("u_circle") { glUniform3f(location, GLfloat(center.x), GLfloat(center.y), GLfloat(radius)) }
            quad = Rect(x: center.x - radius - 1, y: center.y - radius - 1, width: 2 * radius + 2, height: 2 * radius + 2)
        }
        set(program, "u_color", fill.color)
        setBlend(fill.blend)
        drawQuad(program, quad)
    }
}
