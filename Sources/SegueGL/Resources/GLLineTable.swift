import CGLES3
import SegueCore

/// An xfade frame's line table (`XfadeLineTable`: the slices' verdicts, the squeezes' source
/// lines) as an R32I texture one texel high, written each frame into a texture kept while the
/// line count stays. Programs that declare `u_lines` always get one bound (an empty table when
/// the frame has none), since an integer sampler left on unit 0 beside a `sampler2D` is a GL
/// error at the draw.
final class GLLineTable {
    private var current: GLTexture?

    func texture(for table: XfadeLineTable?) throws(SegueError) -> GLTexture {
        let values = table?.values ?? []
        let count = max(1, values.count)
        let size = PixelSize(width: count, height: 1)
        if current?.size != size {
            delete()
            current = GLTexture.makeTable(size, format: GL_R32I)
        }
        guard let texture = current else { throw SegueError(.internalError, "no line-table texture") }
        let texels = values.isEmpty ? [Int32(-1)] : values
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        texels.withUnsafeBytes { raw in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(count), 1, GLenum(GL_RED_INTEGER), GLenum(GL_INT), raw.baseAddress)
        }
        try GLRenderer.checkError("uploading an xfade line table")
        return texture
    }

    func delete() {
        current?.delete()
        current = nil
    }
}
