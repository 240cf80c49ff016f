import CGLES3
import SegueCore

extension GLFrame {
    /// `sprites` (`sprites.vert`, `sprites.frag`): every sprite in one instanced draw from a
    /// buffer made once per field (`GLSpriteInstances`); a frame sets only the time.
    func draw(_ field: SpriteField) throws(SegueError) {
        let texture = try textures.texture(for: field.source, in: images)
        let instances = try sprites.buffer(for: field, quad: quad)
        let program = programs[.sprites]
        glUseProgram(program.id)
        bind(texture, unit: 0)
        set(program, "u_imageSize", texture.size)
        set(program, "u_canvasSize", canvas)
        set(program, "u_tile", field.tile)
        set(program, "u_time", field.time)
        if let location = program.location("u_accelerationOffset") {
            let a = field.accelerationOffset
            glUniform2f(location, GLfloat(a.x), GLfloat(a.y))
        }
        setBlend(.sourceOver)
        glBindVertexArray(instances.array)
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(instances.count))
        quad.bind()
    }
}

/// The instance buffer (origin and velocity per sprite, from `SpriteField.sprites()`) of the
/// last field drawn, kept across frames: a field's sprites depend only on its state at rest.
final class GLSpriteInstances {
    struct Buffer { let field: SpriteField; let array: GLuint; let buffer: GLuint; let count: Int }
    private var held: Buffer?
    /// Buffer uploads since creation: one per new field, none per frame.
    private(set) var uploadCount = 0

    func buffer(for field: SpriteField, quad: GLQuad) throws(SegueError) -> Buffer {
        let key = field.atRest
        if let held, held.field == key { return held }
        deleteAll()
        let sprites = key.sprites()
        var data: [GLfloat] = []
        data.reserveCapacity(sprites.count * 4)
        for sprite in sprites {
            data += [GLfloat(sprite.origin.x), GLfloat(sprite.origin.y), GLfloat(sprite.velocity.x), GLfloat(sprite.velocity.y)]
        }
        var array: GLuint = 0, buffer: GLuint = 0
        glGenVertexArrays(1, &array)
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quad.buffer)
        GLQuad.bindCorners(attribute: 0)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), max(data.count, 4) * MemoryLayout<GLfloat>.size, data.isEmpty ? nil : data, GLenum(GL_STATIC_DRAW))
        let stride = GLsizei(4 * MemoryLayout<GLfloat>.size)
        for (location, offset) in [(GLuint(1), 0), (GLuint(2), 2 * MemoryLayout<GLfloat>.size)] {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
            glVertexAttribDivisor(location, 1)
        }
        quad.bind()
        try GLRenderer.checkError("making the sprite buffer")
        let made = Buffer(field: key, array: array, buffer: buffer, count: sprites.count)
        held = made
        uploadCount += 1
        return made
    }

    func deleteAll() {
        guard let held else { return }
        var array = held.array, buffer = held.buffer
        glDeleteVertexArrays(1, &array)
        glDeleteBuffers(1, &buffer)
        self.held = nil
    }
}
