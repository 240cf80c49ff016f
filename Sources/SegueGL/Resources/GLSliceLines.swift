import CGLES3
import SegueCore

/// The slices' per-line verdicts (`XfadeSliceLines`) as an R8 texture one texel high, written
/// each frame into a texture kept while the line count stays.
final class GLSliceLines {
    private var current: GLTexture?
    private var bytes: [UInt8] = []

    func texture(for lines: XfadeSliceLines) throws(SegueError) -> GLTexture {
        let count = max(1, lines.showsTo.count)
        let size = PixelSize(width: count, height: 1)
        if current?.size != size {
            delete()
            var id: GLuint = 0
            glGenTextures(1, &id)
            glBindTexture(GLenum(GL_TEXTURE_2D), id)
            glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_R8), GLsizei(count), 1)
            for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GLint(GL_NEAREST))
            }
            current = GLTexture(id: id, size: size)
        }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: lines.showsTo.map { $0 ? 255 : 0 })
        bytes += Array(repeating: 0, count: count - bytes.count)
        glBindTexture(GLenum(GL_TEXTURE_2D), current!.id)
        bytes.withUnsafeBytes { raw in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(count), 1, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        try GLRenderer.checkError("uploading the slices' lines")
        return current!
    }

    func delete() {
        current?.delete()
        current = nil
    }
}
