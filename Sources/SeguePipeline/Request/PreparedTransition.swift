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
        let size = request.size ?? sides.to.size
        cut = try PreparedCut(request, settings: settings, size: size, sideSize: sides.to.size)
        colorSpace = sides.colorSpace
        let (from, to) = sides.fitted(to: size, mode: request.fit)
        images = cut.images(from: from, to: to)
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

/// The two sides of a transition between stills, read once and brought into one working colour
/// space: files (`ImageFile.snapshot`, their profiles honoured), images in memory, or the
/// built-in sample screens. The one loader of stills for `render`, `still`, `serve` and
/// `watch`; a sequence's stills take the same steps (`Snapshot.pixels(in:)`, then `fitted`).
public struct StillPair: Sendable {
    public let from: PixelBuffer
    public let to: PixelBuffer
    public let colorSpace: ColorSpace

    /// The snapshots in the working space `request.colorSpace` resolves to from their own.
    /// Files are read first (`ImageFile.snapshot`), so that `auto` sees every one before any is
    /// converted; images in memory and the built-in samples (drawn at the given scale, or at 3,
    /// an iPhone, for `auto`) are sRGB.
    public init(_ r: TransitionRequest) throws(SegueError) {
        func read(_ image: PixelBuffer?, _ path: String?) throws(SegueError) -> Snapshot? {
            guard image == nil, let path else { return nil }
            return try ImageFile.snapshot(path)
        }
        let files = (from: try read(r.fromImage, r.from), to: try read(r.toImage, r.to))
        let space = r.colorSpace.resolved(snapshots: [files.from?.colorSpace ?? .srgb, files.to?.colorSpace ?? .srgb])
        func pixels(_ file: Snapshot?, _ image: PixelBuffer?, sample: (Double) -> PixelBuffer) throws(SegueError) -> PixelBuffer {
            if let file { return try file.pixels(in: space) }
            return try (image ?? sample(r.scale ?? 3)).inColorSpace(space)
        }
        from = try pixels(files.from, r.fromImage, sample: SampleSnapshots.list)
        to = try pixels(files.to, r.toImage, sample: SampleSnapshots.detail)
        colorSpace = space
    }

    /// Both sides fitted to the canvas.
    public func fitted(to size: PixelSize, mode: FitMode) -> (PixelBuffer, PixelBuffer) {
        (from.fitted(to: size, mode: mode), to.fitted(to: size, mode: mode))
    }
}
