import Synchronization

/// Frame buffers of one size, passed from the renderer to the sinks and back. Ownership is
/// explicit: whoever takes a buffer holds its only reference until it gives it back, so a
/// renderer writing into a taken buffer never triggers a copy-on-write of a frame a sink still
/// reads. A render loop allocates as many buffers as frames it keeps in flight, then none.
/// Buffers that come from elsewhere may be given back too: beyond `maxFree` idle buffers they
/// are let go, so the pool never holds more than a loop needs.
public final class FramePool: Sendable {
    public let size: PixelSize
    public let maxFree: Int
    private let free = Mutex<[PixelBuffer]>([])
    private let made = Atomic<Int>(0)

    public init(size: PixelSize, maxFree: Int = .max) {
        self.size = size
        self.maxFree = maxFree
    }

    /// Buffers allocated since creation.
    public var allocationCount: Int { made.load(ordering: .relaxed) }

    /// A buffer of `size` (contents undefined): a returned one when there is one.
    public func take() -> PixelBuffer {
        if let buffer = free.withLock({ $0.popLast() }) { return buffer }
        made.add(1, ordering: .relaxed)
        return PixelBuffer(size: size)
    }

    /// Takes `buffer` back. The caller hands over its reference (`consuming`) and must hold no
    /// other: the buffer moves into the pool, so the next `take` gets it unshared.
    public func giveBack(_ buffer: consuming PixelBuffer) {
        guard buffer.size == size else { return }
        var moving: PixelBuffer? = buffer
        free.withLock { list in if list.count < maxFree, let buffer = moving.take() { list.append(buffer) } }
    }
}
