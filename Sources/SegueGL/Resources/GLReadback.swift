import CGLES3
import SegueCore

/// How drawn frames come back from GL: read straight into the frame (`glReadPixels` waits for
/// the drawing), or through a ring of pixel-buffer objects, so that the copy of frame n starts
/// when it is drawn and is waited for only after frame n + 1 has been drawn: a GPU draws the
/// next frame while the last one travels back (OpenGL ES 3.0 §4.3.2, "pixel pack buffer").
///
/// Mesa's llvmpipe gains nothing from the ring: a flush queues the frame to its rasteriser
/// threads and waits for them (Mesa, src/gallium/drivers/llvmpipe/lp_setup.c,
/// `lp_setup_rasterize_scene`: "We enqueue the scene then wait on the rasterizer to finish"),
/// so no drawing is left to overlap: measured, the ring (with its second copy, buffer → frame)
/// costs the same as a direct read there (docs/ARCHITECTURE.md "Speed"), and the direct read
/// holds no frame back.
final class GLReadback {
    /// Pixel-buffer objects in the ring; 0 reads directly.
    let bufferCount: Int
    /// Threads that copy a frame out of its mapped buffer (1: the GL thread alone).
    let copyThreads: Int
    private var buffers: [(id: GLuint, bytes: Int)] = []
    /// Frames whose read has started, oldest first, with the index of their buffer.
    private var held: [(frame: PixelBuffer, buffer: Int)] = []
    private var nextBuffer = 0

    init(bufferCount: Int, copyThreads: Int = 1) {
        self.bufferCount = bufferCount
        self.copyThreads = max(1, copyThreads)
    }

    var heldCount: Int { held.count }

    /// Reads the bound canvas framebuffer (of `frame.size`) into `frame` now.
    static func readCanvas(into frame: inout PixelBuffer) {
        let size = frame.size
        frame.bytes.withUnsafeMutableBytes { bytes in
            glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
    }

    /// Reads the bound canvas framebuffer for `frame`, which this holds until the read is
    /// complete. Returns the oldest held frame once the ring is full (never the frame just
    /// drawn, unless there is no ring), else nil.
    func read(into frame: consuming PixelBuffer) throws(SegueError) -> PixelBuffer? {
        guard bufferCount > 0 else {
            var direct = frame
            GLReadback.readCanvas(into: &direct)
            return direct
        }
        let index = nextBuffer
        nextBuffer = (nextBuffer + 1) % bufferCount
        let buffer = makeBuffer(index, bytes: frame.bytes.count)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
        glReadPixels(0, 0, GLsizei(frame.width), GLsizei(frame.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        // Start the GPU on this frame now rather than when its buffer is mapped.
        glFlush()
        held.append((frame, index))
        return held.count >= bufferCount ? try finishOldest() : nil
    }

    /// The oldest held frame, its read waited for and copied into it; nil when none is held.
    func finishOldest() throws(SegueError) -> PixelBuffer? {
        guard !held.isEmpty else { return nil }
        var (frame, index) = held.removeFirst()
        let count = frame.bytes.count
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[index].id)
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, GLsizeiptr(count), GLbitfield(GL_MAP_READ_BIT)) else {
            discardAll()
            throw SegueError(.internalError, "GL could not map the read-back buffer (error 0x\(String(glGetError(), radix: 16)))")
        }
        frame.bytes.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            Self.copy(from: mapped, to: base, byteCount: min(count, bytes.count), threads: copyThreads)
        }
        glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
        return frame
    }

    /// The copy out of a mapped buffer, in `threads` bands at once (`PixelBands`): one core's
    /// copy is most of what a GPU frame costs here (an H200 drew a 1080p fade in 0.05 ms and
    /// the frame came back in 0.7), and memory bandwidth serves several.
    static func copy(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, byteCount: Int, threads: Int) {
        nonisolated(unsafe) let from = source, to = destination
        PixelBands.forEach(pixels: byteCount / 4, bands: threads) { band in
            (to + 4 * band.lowerBound).copyMemory(from: from + 4 * band.lowerBound, byteCount: 4 * band.count)
        }
    }

    /// Drops every held frame (after a failure): their buffers are free again.
    func discardAll() { held.removeAll() }

    /// Buffer `index` of the ring, (re)sized for `bytes`; its previous frame is finished.
    private func makeBuffer(_ index: Int, bytes: Int) -> GLuint {
        if index == buffers.count {
            var id: GLuint = 0
            glGenBuffers(1, &id)
            buffers.append((id, 0))
        }
        let buffer = buffers[index]
        if buffer.bytes != bytes {
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer.id)
            glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), GLsizeiptr(bytes), nil, GLenum(GL_STREAM_READ))
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
            buffers[index].bytes = bytes
        }
        return buffer.id
    }

    func deleteAll() {
        held.removeAll()
        for buffer in buffers {
            var id = buffer.id
            glDeleteBuffers(1, &id)
        }
        buffers.removeAll()
    }
}

/// How a `GLRenderer` reads back the frames given to `submit`.
public enum GLReadbackMode: Sendable, Equatable {
    /// Through `defaultRingDepth` pixel buffers, copied out by `defaultCopyThreads`, on a GPU;
    /// directly on a CPU rasteriser (llvmpipe), where the ring gains nothing.
    case automatic
    /// `glReadPixels` into the frame, waited for.
    case direct
    /// A ring of `depth` pixel-buffer objects (at least 1): frame n is copied out, by
    /// `copyThreads` threads, after frame n + depth − 1 is drawn.
    case pixelBuffers(depth: Int, copyThreads: Int)

    /// The ring `automatic` uses on a GPU: frame n travels back while frame n + 1 is drawn.
    public static let defaultRingDepth = 2
    /// Threads `automatic` copies a frame out with (fewer on a smaller machine).
    public static let defaultCopyThreads = 4
    /// A ring of the default depth and copy threads.
    public static let pixelBuffers = GLReadbackMode.pixelBuffers(depth: defaultRingDepth, copyThreads: defaultCopyThreads)

    func bufferCount(hardware: Bool) -> Int {
        switch self {
        case .automatic: hardware ? Self.defaultRingDepth : 0
        case .direct: 0
        case .pixelBuffers(let depth, _): max(1, depth)
        }
    }

    func copyThreads(cores: Int) -> Int {
        switch self {
        case .automatic, .direct: min(Self.defaultCopyThreads, max(1, cores / 2))
        case .pixelBuffers(_, let threads): max(1, threads)
        }
    }
}
