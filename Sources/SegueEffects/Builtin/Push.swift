import SegueCore

/// A direction of travel on screen.
public enum Direction: String, ParameterChoice {
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
public struct Push: BuiltinEffect {
    public static let pushEntry = EffectEntry(Push(isPop: false), name: "push",
                                              summary: "Navigation push: the new screen slides over, the old one moves a third and darkens.",
                                              defaultDuration: 0.35, defaultTiming: .caDefault)
    public static let popEntry = EffectEntry(Push(isPop: true), name: "pop",
                                             summary: "Navigation pop: the top screen slides away and uncovers the previous one.",
                                             defaultDuration: 0.35, defaultTiming: .caDefault)
    public static let parameters: [ParameterBinding<Push>] = [.init(\.$direction), .init(\.$parallax), .init(\.$dim), .init(\.$shadow)]

    /// Pop runs push backwards.
    let isPop: Bool
    @Parameter("direction", "Direction the screens move in.")
    var direction = Direction.left
    @Parameter("parallax", in: 0...1, "How far the screen underneath moves, as a fraction of the travel.")
    var parallax = 1.0 / 3.0
    @Parameter("dim", in: 0...1, "Black overlay on the screen underneath when fully covered.")
    var dim = 0.1
    @Parameter("shadow", in: 0...1, "Opacity of the soft shadow along the moving screen's edge.")
    var shadow = 0.25

    /// A pop moves the top screen back the way a push brought it in: to the right.
    init(isPop: Bool) {
        self.isPop = isPop
        if isPop { direction = .right }
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
            ? Shadow(color: Color.black.withAlpha(shadow * (1 - abs(2 * coverAmount - 1) * 0.5)), sigma: 4 * frame.scale, offset: .zero)
            : nil
        commands.append(.layer(Layer(source: moving, frame: movingFrame, shadow: shadowValue)))
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: commands)
    }
}
