import CGLES3
import SegueCore

/// An SMPTE wipe's mask (`SMPTEMask`, the values the software renderer reads) as an R32UI
/// texture of the canvas size, uploaded when the wipe or the size changes: a transition
/// uploads it once and then only moves the threshold. Read with `texelFetch`.
final class GLSMPTEMaskTexture {
    private var current: (mask: SMPTEMask, texture: GLTexture)?

    func texture(for mask: SMPTEMask) throws(SegueError) -> GLTexture {
        if let current, current.mask === mask || (current.mask.transition == mask.transition && current.mask.size == mask.size) {
            return current.texture
        }
        delete()
        let size = mask.size
        let texture = GLTexture.makeTable(size, format: GL_R32UI)
        mask.values.withUnsafeBytes { bytes in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(size.width), GLsizei(size.height),
                            GLenum(GL_RED_INTEGER), GLenum(GL_UNSIGNED_INT), bytes.baseAddress)
        }
        current = (mask, texture)
        try GLRenderer.checkError("uploading an SMPTE wipe's mask")
        return texture
    }

    func delete() {
        current?.texture.delete()
        current = nil
    }
}
