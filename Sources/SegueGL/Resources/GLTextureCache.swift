import CGLES3
import SegueCore

/// An RGBA8 texture.
struct GLTexture {
    let id: GLuint
    let size: PixelSize

    /// A new texture of `size`, left bound: LINEAR and CLAMP_TO_EDGE, as the software renderer
    /// samples (docs/ARCHITECTURE.md "layer").
    static func make(_ size: PixelSize) -> GLTexture {
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        let linear = GLint(GL_LINEAR), clampToEdge = GLint(GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), linear)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), linear)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), clampToEdge)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), clampToEdge)
        return GLTexture(id: id, size: size)
    }

    /// A new texture of `size` in `format`, left bound, read only with `texelFetch` (NEAREST:
    /// integer and float formats are complete only so): the renderer's own tables.
    static func makeTable(_ size: PixelSize, format: Int32) -> GLTexture {
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(format), GLsizei(size.width), GLsizei(size.height))
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GLint(GL_NEAREST))
        }
        return GLTexture(id: id, size: size)
    }

    func delete() {
        var name = id
        glDeleteTextures(1, &name)
    }
}

/// One texture per image of the current `ImageSet`, uploaded on first use and kept while the
/// set stays the same; a new set re-uploads into textures of the same size and frees the ones
/// it lacks, so memory follows the live set over thousands of frames. Blur outputs of the
/// current frame are looked up here too (`derived`).
final class GLTextureCache {
    private let maxSide: Int
    private var textures: [ImageRef: GLTexture] = [:]
    private var setID: UInt64?
    /// Images of the current set already uploaded.
    private var uploaded: Set<ImageRef> = []
    /// This frame's blur outputs (textures owned by `GLRenderTargetPool`).
    var derived: [ImageRef: GLTexture] = [:]
    private(set) var uploadCount = 0
    var liveCount: Int { textures.count }

    init(maxSide: Int) { self.maxSide = maxSide }

    /// The texture of `ref`, uploading it on first use within `images`.
    func texture(for ref: ImageRef, in images: ImageSet) throws(SegueError) -> GLTexture {
        if let texture = derived[ref] { return texture }
        if images.id != setID {
            setID = images.id
            uploaded.removeAll(keepingCapacity: true)
            for (key, texture) in textures where images[key] == nil {
                texture.delete()
                textures[key] = nil
            }
        }
        if uploaded.contains(ref), let texture = textures[ref] { return texture }
        guard let image = images[ref] else {
            throw .invalidInput("the plan draws image '\(ref)', which is not among the frame's images")
        }
        guard image.width <= maxSide, image.height <= maxSide else {
            throw .invalidInput("image '\(ref)' is \(image.size); GL textures here are at most \(maxSide) px per side")
        }
        var texture = textures[ref]
        if let existing = texture, existing.size != image.size {
            existing.delete()
            texture = nil
        }
        let ready = texture ?? GLTexture.make(image.size)
        textures[ref] = ready
        glBindTexture(GLenum(GL_TEXTURE_2D), ready.id)
        // Image row 0 (the top) goes to t = 0.
        image.bytes.withUnsafeBytes { bytes in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(image.width), GLsizei(image.height),
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try GLRenderer.checkError("uploading image '\(ref)'")
        uploaded.insert(ref)
        uploadCount += 1
        return ready
    }

    func deleteAll() {
        for texture in textures.values { texture.delete() }
        textures.removeAll()
    }
}
