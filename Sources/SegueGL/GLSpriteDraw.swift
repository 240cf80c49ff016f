import CGLES3
import SegueCore

/// StarWars sprites on GL: one instanced draw from a buffer made once per sprite field.
extension GLRenderer {
    /// All sprites in one instanced draw: the instance buffer (origin, velocity per sprite,
    /// from `SpriteField.sprites()`) is made when the field changes, never per frame.
    func draw(_ field: SpriteField, images: ImageSet, canvas: PixelSize) throws(SegueError) {
        let texture = try texture(for: field.source, in: images)
        let sprites = try instanceBuffers(for: field)
        guard sprites.count > 0, field.tile > 0 else { return }
        let program = spriteProgram
        glUseProgram(program.id)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        if let location = program.location("u_imageSize") { glUniform2f(location, GLfloat(texture.width), GLfloat(texture.height)) }
        if let location = program.location("u_canvasSize") { glUniform2f(location, GLfloat(canvas.width), GLfloat(canvas.height)) }
        if let location = program.location("u_tile") { glUniform1f(location, GLfloat(field.tile)) }
        if let location = program.location("u_time") { glUniform1f(location, GLfloat(field.time)) }
        if let location = program.location("u_accelerationOffset") {
            let a = field.accelerationOffset
            glUniform2f(location, GLfloat(a.x), GLfloat(a.y))
        }
        setBlend(.sourceOver)
        glBindVertexArray(sprites.array)
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(sprites.count))
        glBindVertexArray(quadArray)
        canvasIsTransparent = false
    }

    func instanceBuffers(for field: SpriteField) throws(SegueError) -> SpriteBuffers {
        let key = field.atRest
        if let held = spriteBuffers, held.field == key { return held }
        if let old = spriteBuffers { deleteSpriteBuffers(old); spriteBuffers = nil }
        var data: [GLfloat] = []
        let sprites = key.sprites()
        data.reserveCapacity(sprites.count * 4)
        for sprite in sprites {
            data += [GLfloat(sprite.origin.x), GLfloat(sprite.origin.y), GLfloat(sprite.velocity.x), GLfloat(sprite.velocity.y)]
        }
        var array: GLuint = 0, buffer: GLuint = 0
        glGenVertexArrays(1, &array)
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quadBuffer)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), max(data.count, 4) * MemoryLayout<GLfloat>.size, data.isEmpty ? nil : data, GLenum(GL_STATIC_DRAW))
        let stride = GLsizei(4 * MemoryLayout<GLfloat>.size)
        for (location, offset) in [(GLuint(1), 0), (GLuint(2), 2 * MemoryLayout<GLfloat>.size)] {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
            glVertexAttribDivisor(location, 1)
        }
        glBindVertexArray(quadArray)
        try GLRenderer.checkError("making the sprite buffer")
        let made = SpriteBuffers(field: key, array: array, buffer: buffer, count: sprites.count)
        spriteBuffers = made
        spriteUploadCount += 1
        return made
    }

    func deleteSpriteBuffers(_ sprites: SpriteBuffers) {
        var array = sprites.array, buffer = sprites.buffer
        glDeleteVertexArrays(1, &array)
        glDeleteBuffers(1, &buffer)
    }
}
