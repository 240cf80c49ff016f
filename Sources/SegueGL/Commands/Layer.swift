import CGLES3
import SegueCore

extension GLFrame {
    /// `layer` (`layer.frag`): coverage × bilinear sample × opacity over a quad one pixel
    /// larger than the frame; a texel copy uses the `SEGUE_LAYER_COPY` variant over exactly
    /// the frame (same bytes, less work).
    func draw(_ layer: LoweredLayer) throws(SegueError) {
        let texture = try textures.texture(for: layer.source, in: images)
        let program = programs[layer.isTexelCopy ? .layerCopy : .layer]
        glUseProgram(program.id)
        bind(texture, unit: 0)
        set(program, "u_imageSize", texture.size)
        set(program, "u_frame", layer.frame)
        let m = layer.mapping
        if let location = program.location("u_mapping") {
            glUniform4f(location, GLfloat(m.ax), GLfloat(m.ay), GLfloat(m.bx + 0.5), GLfloat(m.by + 0.5))
        }
        set(program, "u_radii", layer.radii)
        set(program, "u_opacity", layer.opacity)
        setBlend(layer.blend)
        drawQuad(program, layer.isTexelCopy ? layer.frame : layer.frame.expanded(by: 1))
    }
}
