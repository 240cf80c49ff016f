import CGLES3
import SegueCore

extension GLFrame {
    /// A cross-dissolve (`CrossDissolve`; `mix.frag`): its clear and layers as full-canvas
    /// passes of two images each, the first replacing the canvas and any later ones added to
    /// it. A fade is one pass instead of a clear and two blended layer draws.
    func draw(_ mix: CrossDissolve) throws(SegueError) {
        let program = programs[.mix]
        glUseProgram(program.id)
        var first = true
        for pair in stride(from: 0, to: mix.layers.count, by: 2) {
            let a = mix.layers[pair], b = pair + 1 < mix.layers.count ? mix.layers[pair + 1] : nil
            let textureA = try textures.texture(for: a.source, in: images)
            // A lone last layer reads its own image again at weight 0.
            let textureB = try b.map { layer throws(SegueError) in try textures.texture(for: layer.source, in: images) } ?? textureA
            bind(textureA, unit: 0)
            bind(textureB, unit: 1)
            if let location = program.location("u_weights") { glUniform2f(location, GLfloat(a.opacity), GLfloat(b?.opacity ?? 0)) }
            setBlend(first ? nil : .plus)
            drawQuad(program, Rect(size: canvas))
            first = false
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
