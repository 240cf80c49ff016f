import CGLES3
import SegueCore

/// xfade's noise (`XfadeNoiseField`, the same floats the software renderer reads) as an R32F
/// texture of the canvas size, uploaded when the size changes. Shaders read it with
/// `texelFetch` (R32F is not filterable; NEAREST keeps the texture complete).
final class GLXfadeNoiseTexture {
    private var current: GLTexture?

    func texture(for size: PixelSize) throws(SegueError) -> GLTexture {
        if let current, current.size == size { return current }
        delete()
        let texture = GLTexture.makeTable(size, format: GL_R32F)
        XfadeNoiseField.shared(size).values.withUnsafeBytes { bytes in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(size.width), GLsizei(size.height),
                            GLenum(GL_RED), GLenum(GL_FLOAT), bytes.baseAddress)
        }
        current = texture
        try GLRenderer.checkError("uploading xfade's noise")
        return texture
    }

    func delete() {
        current?.delete()
        current = nil
    }
}
