/// The images a sequence draws from, keyed by `ImageRef`. A renderer may keep GPU copies
/// for as long as it sees the same set (`id`), so each snapshot is uploaded once.
public final class ImageSet: @unchecked Sendable {
    public let id: UInt64
    public let images: [ImageRef: PixelBuffer]
    /// The images with no translucent pixel, found once per set (a word scan of each): a
    /// renderer need not draw what an opaque layer hides.
    public let opaqueImages: Set<ImageRef>
    /// Immutable after init: safe to share across threads.
    public init(_ images: [ImageRef: PixelBuffer]) {
        self.images = images
        self.opaqueImages = Set(images.filter { $0.value.isOpaque }.keys)
        self.id = ImageSet.nextID.next()
    }
    public subscript(ref: ImageRef) -> PixelBuffer? { images[ref] }

    private static let nextID = Counter()
    private final class Counter: @unchecked Sendable {
        private var value: UInt64 = 0
        private let lock = SpinLock()
        func next() -> UInt64 { lock.withLock { value += 1; return value } }
    }
}
