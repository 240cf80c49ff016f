import SegueCore

/// Static description of an effect: the one table the CLI, docs and tests read.
public struct EffectDescriptor: Sendable {
    public var name: String
    public var summary: String
    public var parameters: [ParameterSpec]
    /// Seconds; the transition's duration when the user gives none.
    public var defaultDuration: Double
    public var defaultTiming: TimingCurve

    public init(name: String, summary: String, parameters: [ParameterSpec], defaultDuration: Double, defaultTiming: TimingCurve) {
        self.name = name; self.summary = summary; self.parameters = parameters
        self.defaultDuration = defaultDuration; self.defaultTiming = defaultTiming
    }
}

/// A configured effect: decides the draw commands of each frame. Pure and deterministic.
public protocol Effect: Sendable {
    func plan(_ frame: FrameContext) -> FramePlan

    /// The snapshot shown alone when the transition rests at its start (`atEnd == false`) or
    /// end, as UIKit removes the other view then; nil when the resting state is a composition
    /// the effect plans itself (a presented card keeps the screen behind it visible).
    func restingSnapshot(atEnd: Bool) -> ImageRef?

    /// The original's own drag behaviour, for `--gesture` (see `DragInteraction`).
    func dragInteraction(_ frame: FrameContext) -> DragInteraction?

    /// The image an `.image` parameter left empty stands for, at the canvas size; nil when the
    /// parameter needs a file.
    func builtinImage(parameter: String, size: PixelSize) -> PixelBuffer?

    /// Refuses, before any frame is drawn, parameters that cannot work on this canvas at this
    /// scale (an element map whose rectangles lie off the screen). `frame` is the first frame.
    func check(_ frame: FrameContext) throws(SegueError)
}

extension Effect {
    public func restingSnapshot(atEnd: Bool) -> ImageRef? { atEnd ? .to : .from }
    public func builtinImage(parameter: String, size: PixelSize) -> PixelBuffer? { nil }
    public func check(_ frame: FrameContext) throws(SegueError) {}
}

/// One row of the effect table.
public struct EffectEntry: Sendable {
    public var descriptor: EffectDescriptor
    public var make: @Sendable (ParameterValues) throws(SegueError) -> any Effect
    public init(_ descriptor: EffectDescriptor, make: @escaping @Sendable (ParameterValues) throws(SegueError) -> any Effect) {
        self.descriptor = descriptor
        self.make = make
    }
    public var name: String { descriptor.name }
}
