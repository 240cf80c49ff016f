/// An RGBA8 image: sRGB-encoded, **premultiplied** alpha, rows top to bottom, no row padding
/// (`rowBytes == width * 4`). This is the only pixel format inside Segue; decoders produce it,
/// both renderers write it, encoders un-premultiply it.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// The pixels. Any write through it forgets `isKnownOpaque`.
    public var bytes: [UInt8] {
        get { storage }
        set { storage = newValue; isKnownOpaque = false }
        _modify {
            isKnownOpaque = false
            yield &storage
        }
    }
    private var storage: [UInt8]
    /// Set by `markOpaque` (a renderer that saw every alpha while the rows were in cache), so
    /// that `isOpaque` need not scan the frame again; false means unknown.
    public private(set) var isKnownOpaque = false

    /// Largest side and pixel count Segue accepts (`Limits.canvasSide`, `Limits.canvasPixels`).
    public static let maxSide = Limits.canvasSide.range.upperBound
    public static let maxPixels = Limits.canvasPixels

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var rowBytes: Int { width * 4 }

    /// A transparent buffer. Call `checkSize` first on untrusted sizes.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.storage = [UInt8](repeating: 0, count: width * height * 4)
    }
    public init(size: PixelSize) { self.init(width: size.width, height: size.height) }

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "pixel data does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.storage = bytes
    }

    /// Rejects sizes Segue cannot render (zero, or beyond `maxSide`/`maxPixels`).
    public static func checkSize(_ size: PixelSize, what: String) throws(SegueError) {
        guard size.width > 0, size.height > 0 else {
            throw .invalidInput("\(what): size \(size) is empty")
        }
        guard size.width <= maxSide, size.height <= maxSide, size.pixelCount <= maxPixels else {
            throw .invalidInput("\(what): size \(size) is too large (at most \(maxSide) px per side and \(maxPixels / (1024 * 1024)) Mpx)")
        }
    }

    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (storage[i], storage[i + 1], storage[i + 2], storage[i + 3])
    }

    public mutating func fill(_ color: Color) {
        let (r, g, b, a) = color.premultipliedBytes
        bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count { p[i] = r; p[i + 1] = g; p[i + 2] = b; p[i + 3] = a; i += 4 }
        }
    }

    /// Pixels are compared; what is known of them is not.
    public static func == (a: PixelBuffer, b: PixelBuffer) -> Bool {
        a.width == b.width && a.height == b.height && a.storage == b.storage
    }

    /// Becomes a copy of `other`'s pixels (of the same size) in its own storage, which it keeps
    /// (a pooled buffer stays the pool's, unshared), and of what is known of them.
    public mutating func copyPixels(from other: PixelBuffer) {
        precondition(other.size == size, "copyPixels: \(other.size) into \(size)")
        let opaque = other.isKnownOpaque
        storage.withUnsafeMutableBytes { target in
            other.storage.withUnsafeBytes { source in target.copyMemory(from: source) }
        }
        isKnownOpaque = opaque
    }

    /// Records that every alpha byte is 255, for the caller that has just checked them all
    /// (the next write through `bytes` forgets it).
    public mutating func markOpaque() { isKnownOpaque = true }

    /// True when every alpha byte is 255: known (`markOpaque`) or scanned.
    public var isOpaque: Bool {
        if isKnownOpaque { return true }
        return storage.withUnsafeBytes { raw in raw.baseAddress.map { Self.isOpaque($0, pixels: raw.count / 4) } ?? true }
    }

    /// Whether every one of `pixels` RGBA pixels at `pixels` is opaque: the alpha bytes ANDed
    /// 16 pixels at a time (words, no per-byte branch), the scan ending at the first
    /// translucent block.
    public static func isOpaque(_ source: UnsafeRawPointer, pixels: Int) -> Bool {
        let alphaBits: UInt64 = 0xFF00_0000_FF00_0000
        let blocks = pixels / 16
        for b in 0..<blocks {
            var all = UInt64.max
            for k in 0..<8 { all &= source.loadUnaligned(fromByteOffset: b * 64 + k * 8, as: UInt64.self) }
            if all & alphaBits != alphaBits { return false }
        }
        for k in blocks * 16..<pixels where source.load(fromByteOffset: 4 * k + 3, as: UInt8.self) != 255 { return false }
        return true
    }
}
