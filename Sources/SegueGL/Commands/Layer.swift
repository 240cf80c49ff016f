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
        setLayerUniforms(of: layer, texture: texture, in: program)
        setBlend(layer.blend)
        drawQuad(program, layer.isTexelCopy ? layer.frame : layer.frame.expanded(by: 1))
    }

    /// A layer's uniforms in `layer.frag`, under `names` (image size, frame, mapping, radii,
    /// opacity): the first layer's by default, a pair's second under its own.
    func setLayerUniforms(of layer: LoweredLayer, texture: GLTexture, in program: GLProgram,
                          names: (String, String, String, String, String) = ("u_imageSize", "u_frame", "u_mapping", "u_radii", "u_opacity")) {
        set(program, names.0, texture.size)
        set(program, names.1, layer.frame)
        let m = layer.mapping
        if let location = program.location(names.2) {
            glUniform4f(location, GLfloat(m.ax), GLfloat(m.ay), GLfloat(m.bx + 0.5), GLfloat(m.by + 0.5))
        }
        set(program, names.3, layer.radii)
        set(program, names.4, layer.opacity)
    }
}
