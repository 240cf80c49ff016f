import Synchronization

/// Working memory for the band workers, kept across frames: a band takes a buffer, uses it,
/// and gives it back, so a frame allocates nothing once the pool holds as many buffers as
/// bands run at once (one per core).
final class ScratchPool: Sendable {
    private struct Buffer: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let bytes: Int
    }
    private let free = Mutex<[Buffer]>([])
    private let made = Atomic<Int>(0)

    /// Buffers allocated since creation (flat once warm; a test reads it).
    var allocationCount: Int { made.load(ordering: .relaxed) }

    /// Runs `body` with at least `bytes` of 16-byte-aligned memory, uninitialised.
    func withBuffer<R>(bytes: Int, _ body: (UnsafeMutableRawPointer) -> R) -> R {
        let buffer = take(bytes: bytes)
        defer { free.withLock { $0.append(buffer) } }
        return body(buffer.base)
    }

    /// A free buffer that is large enough, else a new one (a free one too small for this
    /// frame's widths is released, so the pool does not keep outgrown buffers). New buffers
    /// are a power of two of at least 4 KiB: requests that grow a little from frame to frame
    /// (a blur's taps as σ grows) keep fitting the same buffers.
    private func take(bytes: Int) -> Buffer {
        let (fit, outgrown) = free.withLock { list -> (Buffer?, Buffer?) in
            if let i = list.lastIndex(where: { $0.bytes >= bytes }) { return (list.remove(at: i), nil) }
            return (nil, list.popLast())
        }
        if let fit { return fit }
        outgrown?.base.deallocate()
        made.add(1, ordering: .relaxed)
        let size = max(bytes, 4096).roundedUpToPowerOfTwo
        return Buffer(base: .allocate(byteCount: size, alignment: 16), bytes: size)
    }

    deinit {
        free.withLock { list in for buffer in list { buffer.base.deallocate() } }
    }
}

private extension Int {
    /// The smallest power of two ≥ self (self ≥ 1).
    var roundedUpToPowerOfTwo: Int { 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
