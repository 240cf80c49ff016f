import CGLES3

/// One unit quad, drawn as a triangle strip and placed by each program's `u_quad`
/// (`quad.vert`); the sprite instances share its vertex buffer.
final class GLQuad {
    let array: GLuint
    let buffer: GLuint

    /// Context current.
    init() {
        var array: GLuint = 0, buffer: GLuint = 0
        glGenVertexArrays(1, &array)
        glBindVertexArray(array)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        glBufferData(GLenum(GL_ARRAY_BUFFER), corners.count * MemoryLayout<GLfloat>.size, corners, GLenum(GL_STATIC_DRAW))
        Self.bindCorners(attribute: 0)
        self.array = array
        self.buffer = buffer
    }

    /// Points `attribute` of the bound vertex array at the quad's corners.
    static func bindCorners(attribute: GLuint) {
        glEnableVertexAttribArray(attribute)
        glVertexAttribPointer(attribute, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }

    func bind() { glBindVertexArray(array) }

    func delete() {
        var buffer = buffer, array = array
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &array)
    }
}
