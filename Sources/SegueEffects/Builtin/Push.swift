import SegueCore

/// A direction of travel on screen.
public enum Direction: String, CaseIterable, Sendable {
    case left, right, up, down

    /// Unit vector on the canvas (y down).
    var vector: (dx: Double, dy: Double) {
        switch self {
        case .left: return (-1, 0)
        case .right: return (1, 0)
        case .up: return (0, -1)
        case .down: return (0, 1)
        }
    }
}

/// UINavigationController push and pop. Push: the new screen slides in over the old one,
/// which moves a third of the way (parallax) and darkens; pop: the reverse — the top screen
/// slides away and uncovers the previous one as it brightens and slides back into place.
public struct Push: Effect {
    let direction: Direction
    let isPop: Bool
    let parallax: Double
    let dim: Double
    let shadow: Double

    static func parameters(defaultDirection: Direction) -> [ParameterSpec] {
        [
            ParameterSpec("direction", .choice(Direction.allCases.map(\.rawValue)), default: .string(defaultDirection.rawValue),
                          "Direction the screens move in."),
            ParameterSpec("parallax", .number(min: 0, max: 1), default: .number(1.0 / 3.0),
                          "How far the screen underneath moves, as a fraction of the travel."),
            ParameterSpec("dim", .number(min: 0, max: 1), default: .number(0.1),
                          "Black overlay on the screen underneath when fully covered."),
            ParameterSpec("shadow", .number(min: 0, max: 1), default: .number(0.25),
                          "Opacity of the soft shadow along the moving screen's edge."),
        ]
    }

    public static let pushEntry = EffectEntry(EffectDescriptor(
        name: "push", summary: "Navigation push: the new screen slides over, the old one moves a third and darkens.",
        kind: .layers, parameters: parameters(defaultDirection: .left), defaultDuration: 0.35, defaultTiming: .caDefault
    )) { p throws(SegueError) in Push(p, isPop: false) }

    public static let popEntry = EffectEntry(EffectDescriptor(
        name: "pop", summary: "Navigation pop: the top screen slides away and uncovers the previous one.",
        kind: .layers, parameters: parameters(defaultDirection: .right), defaultDuration: 0.35, defaultTiming: .caDefault
    )) { p throws(SegueError) in Push(p, isPop: true) }

    init(_ p: ParameterValues, isPop: Bool) {
        direction = Direction(rawValue: p.string("direction"))!
        parallax = p.number("parallax")
        dim = p.number("dim")
        shadow = p.number("shadow")
        self.isPop = isPop
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let canvas = frame.canvas
        let (dx, dy) = direction.vector
        let travelX = dx * canvas.width, travelY = dy * canvas.height
        // `covered` is the screen underneath, `moving` the one that slides over it.
        // Push: from is covered, to moves in from −travel to 0 (i.e. from the far side).
        // Pop:  to is covered (uncovered as e grows), from moves out from 0 to +travel.
        let (covered, moving): (ImageRef, ImageRef) = isPop ? (.to, .from) : (.from, .to)
        let coverAmount = isPop ? 1 - e : e          // 0 = underneath fully visible, 1 = fully covered
        let movingOffset = isPop ? e : e - 1         // in units of travel
        // The covered screen drifts along the direction of travel: push takes it from 0 to
        // `parallax`, pop brings it back from −`parallax` to 0.
        let coveredOffset = (isPop ? -coverAmount : coverAmount) * parallax
        let coveredFrame = canvas.offsetBy(dx: travelX * coveredOffset, dy: travelY * coveredOffset)
        let movingFrame = canvas.offsetBy(dx: travelX * movingOffset, dy: travelY * movingOffset)

        var commands: [DrawCommand] = [
            .clear(.clear),
            .layer(Layer(source: covered, frame: coveredFrame)),
        ]
        if dim > 0 && coverAmount > 0 {
            commands.append(.fill(Fill(shape: .rect(coveredFrame, .zero), color: Color.black.withAlpha(dim * coverAmount))))
        }
        let shadowValue: Shadow? = shadow > 0 && coverAmount > 0 && coverAmount < 1
            ? Shadow(color: Color.black.withAlpha(shadow * (1 - abs(2 * coverAmount - 1) * 0.5)), radius: 4 * frame.scale, offset: .zero)
            : nil
        commands.append(.layer(Layer(source: moving, frame: movingFrame, shadow: shadowValue)))
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: commands)
    }
}
