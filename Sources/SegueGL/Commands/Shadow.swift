import CGLES3
import SegueCore

extension GLFrame {
    /// `shadow` (`shadow.frag`): the Gaussian-blurred box, source-over, over the box grown by
    /// 3σ + 1 (beyond it the tail is below half a level).
    func draw(_ shadow: LoweredShadow) {
        let program = programs[.shadow]
        glUseProgram(program.id)
        set(program, "u_rect", shadow.rect)
        set(program, "u_sigma", shadow.sigma)
        set(program, "u_color", shadow.color)
        setBlend(.sourceOver)
        drawQuad(program, shadow.rect.expanded(by: 3 * shadow.sigma + 1))
    }
}
