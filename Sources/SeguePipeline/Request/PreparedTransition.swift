import SegueCore
import SegueDrawing
import SegueIO

/// A transition between two stills, ready to draw: the cut (`PreparedCut`: effect, timeline,
/// parameter images) and its two sides read, brought into the working colour space and fitted
/// to the canvas once (`StillPair`). A frame source whose images never change; the cut's
/// properties read through it (`transition.descriptor`, `transition.timeline`).
@dynamicMemberLookup
public struct PreparedTransition: Sendable {
    public let cut: PreparedCut
    /// The two sides and the parameter images, the same for every frame.
    public let images: ImageSet
    /// What the snapshots were converted into, and the outputs are tagged as.
    public let colorSpace: ColorSpace

    public init(_ request: TransitionRequest) throws(SegueError) {
        let settings = try TransitionSettings(request)  // a bad option is reported before any file is read
        let sides = try StillPair(request)
        cut = try PreparedCut(request, settings: settings, size: sides.size, sideSize: sides.sideSize)
        colorSpace = sides.colorSpace
        images = cut.images(from: sides.from, to: sides.to)
    }

    public subscript<Value>(dynamicMember field: KeyPath<PreparedCut, Value>) -> Value { cut[keyPath: field] }

    public var size: PixelSize { cut.size }
    public var frameCount: Int { cut.frameCount }

    /// The plan of frame `n`.
    public func plan(frame n: Int) -> FramePlan { cut.plan(frame: n) }

    /// The plan at animation-time fraction `fraction` (0 = from, 1 = to): `segue still --at`.
    public func plan(fraction: Double, time: Double? = nil) -> FramePlan { cut.plan(fraction: fraction, time: time) }

    /// `--scale auto`'s rule (`PreparedCut.inferredScale`).
    public static func inferredScale(snapshot: PixelSize, canvas: PixelSize, fit: FitMode) -> Double {
        PreparedCut.inferredScale(snapshot: snapshot, canvas: canvas, fit: fit)
    }
}

/// The two sides of a transition between stills, read once, brought into one working colour
/// space and fitted to the canvas: files (`ImageFile.snapshot`, their profiles honoured, then
/// `Snapshot.frame`, the steps a sequence's stills take too), images in memory, or the built-in
/// sample screens. The one loader of still pairs for `render`, `still`, `serve` and `watch`.
public struct StillPair: Sendable {
    /// The sides as frames of the canvas.
    public let from: PixelBuffer
    public let to: PixelBuffer
    public let colorSpace: ColorSpace
    /// The canvas: the request's size, else the *to* side's own.
    public let size: PixelSize
    /// The *to* side's own size, before fitting (what `--scale auto` reads).
    public let sideSize: PixelSize

    /// Files are read first, so that `auto` sees every one before any is converted; images in
    /// memory and the built-in samples (drawn at the given scale, or at 3, an iPhone, for
    /// `auto`) are sRGB.
    public init(_ r: TransitionRequest) throws(SegueError) {
        func read(_ image: PixelBuffer?, _ path: String?) throws(SegueError) -> Snapshot? {
            guard image == nil, let path else { return nil }
            return try ImageFile.snapshot(path)
        }
        let files = (from: try read(r.fromImage, r.from), to: try read(r.toImage, r.to))
        let space = r.colorSpace.resolved(snapshots: [files.from?.colorSpace ?? .srgb, files.to?.colorSpace ?? .srgb])
        // The built-in samples are drawn only when a side needs one.
        let samples = (from: files.from == nil ? r.fromImage ?? SampleSnapshots.list(scale: r.scale ?? 3) : nil,
                       to: files.to == nil ? r.toImage ?? SampleSnapshots.detail(scale: r.scale ?? 3) : nil)
        guard let sideSize = files.to?.size ?? samples.to?.size else { throw SegueError(.internalError, "the to side has no size") }
        let size = r.size ?? sideSize
        try PixelBuffer.checkSize(size, what: "output")
        func frame(_ file: Snapshot?, _ image: PixelBuffer?) throws(SegueError) -> PixelBuffer {
            if let file { return try file.frame(in: space, size: size, fit: r.fit) }
            guard let image else { throw SegueError(.internalError, "a side of the transition has no pixels") }
            return try image.inColorSpace(space).fitted(to: size, mode: r.fit)
        }
        from = try frame(files.from, samples.from)
        to = try frame(files.to, samples.to)
        colorSpace = space
        self.size = size
        self.sideSize = sideSize
    }
}
