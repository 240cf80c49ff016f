import SegueCore

/// What an effect draws, found by planning it rather than declared: the draw commands its
/// plans use and whether only the GL renderer can draw them (an author's shader). `segue list`
/// shows it and the backend choice follows it, so it cannot drift from the effect's code.
public struct EffectDrawing: Sendable, Equatable {
    /// Command names (`DrawCommand.name`) in the order they first appear.
    public var commands: [String]
    public var needsGL: Bool

    /// The commands of `effect`'s plans at a few points of the transition on a phone-sized canvas.
    public init(of effect: any Effect, duration: Double, timing: TimingCurve) {
        var names: [String] = []
        var needsGL = false
        for fraction in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let frame = FrameContext(size: PixelSize(width: 390, height: 844), timeFraction: fraction, time: fraction * duration,
                                     duration: duration, timing: timing, scale: 1)
            for command in effect.plan(frame).commands {
                if !names.contains(command.name) { names.append(command.name) }
                needsGL = needsGL || command.needsGL
            }
        }
        commands = names
        self.needsGL = needsGL
    }
}

extension EffectEntry {
    /// What the effect draws with its default parameters.
    public func drawing() throws(SegueError) -> EffectDrawing {
        let effect = try make(ParameterValues(specs: descriptor.parameters, overrides: [], effect: name))
        return EffectDrawing(of: effect, duration: descriptor.defaultDuration, timing: descriptor.defaultTiming)
    }
}
