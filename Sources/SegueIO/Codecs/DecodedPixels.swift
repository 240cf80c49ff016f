import SegueCore

extension PixelBuffer {
    /// A buffer of `size` whose every byte `decode` writes; nil when `decode` returns false
    /// (it failed part-way). The memory is taken uninitialised: a large allocation's pages are
    /// mapped only as they are written, so a file that claims a huge size but fails early (a
    /// truncated header bomb) costs only the rows decoded before the failure.
    static func decoded(size: PixelSize, _ decode: (UnsafeMutableBufferPointer<UInt8>) -> Bool) -> PixelBuffer? {
        var succeeded = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size.pixelCount * 4) { buffer, initialized in
            succeeded = decode(buffer)
            initialized = succeeded ? buffer.count : 0
        }
        return succeeded ? PixelBuffer(width: size.width, height: size.height, bytes: bytes) : nil
    }
}
