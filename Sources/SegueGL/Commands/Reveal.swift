import CGLES3
import SegueCore

extension GLFrame {
    /// `reveal` (`reveal.frag`): the whole canvas, replaced.
    func draw(_ reveal: LoweredReveal) throws(SegueError) {
        let inside = try textures.texture(for: reveal.inside, in: images)
        let outside = try textures.texture(for: reveal.outside, in: images)
        let program = programs[.reveal]
        glUseProgram(program.id)
        bind(inside, unit: 0)
        bind(outside, unit: 1)
        glActiveTexture(GLenum(GL_TEXTURE0))
        switch reveal.shape {
        case .circle(let center, let radius, let feather):
            set(program, "u_shape", Int32(0))
            if let location = program.location("u_circle") {
                glUniform4f(location, GLfloat(center.x), GLfloat(center.y), GLfloat(radius), GLfloat(feather))
            }
        case .roundedRect(let rect, let radii):
            set(program, "u_shape", Int32(1))
            set(program, "u_rect", rect)
            set(program, "u_radii", radii)
        }
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }
}
