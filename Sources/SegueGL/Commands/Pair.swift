import CGLES3
import SegueCore

extension GLFrame {
    /// `pair` (`LayerPair`; `layer.frag` with `SEGUE_LAYER_PAIR`): both layers sampled and
    /// covered in one pass over the pixels either can touch, added and capped at 1 — the
    /// isolated group — and drawn source-over.
    func draw(_ pair: LoweredPair) throws(SegueError) {
        guard !pair.columns.isEmpty, !pair.rows.isEmpty else { return }
        let first = try textures.texture(for: pair.first.source, in: images)
        let second = try textures.texture(for: pair.second.source, in: images)
        let program = programs[.layerPair]
        glUseProgram(program.id)
        bind(first, unit: 0)
        bind(second, unit: 1)
        glActiveTexture(GLenum(GL_TEXTURE0))
        setLayerUniforms(of: pair.first, texture: first, in: program)
        setLayerUniforms(of: pair.second, texture: second, in: program,
                         names: ("u_secondImageSize", "u_secondFrame", "u_secondMapping", "u_secondRadii", "u_secondOpacity"))
        setBlend(.sourceOver)
        drawQuad(program, Rect(x: Double(pair.columns.lowerBound), y: Double(pair.rows.lowerBound),
                               width: Double(pair.columns.count), height: Double(pair.rows.count)))
    }
}
