/// xfade's `custom` transition (FFmpeg `libavfilter/vf_xfade.c`, `transition=custom:expr=…`):
/// an expression in ffmpeg's language evaluated per pixel and plane over the whole canvas,
/// replacing it. Both images have the canvas's size. `progress` is xfade's P (1 shows `from`,
/// 0 shows `to`), as in `XfadeCall`.
public struct XfadeExpressionCall: Codable, Hashable, Sendable {
    /// The expression's text, as the user wrote it.
    public var expression: String
    public var progress: Double
    public var from: ImageRef
    public var to: ImageRef

    public init(expression: String, progress: Double, from: ImageRef = .from, to: ImageRef = .to) {
        self.expression = expression; self.progress = progress; self.from = from; self.to = to
    }

    /// xfade's progress in single precision, as vf_xfade.c passes it to the expression.
    public var singleProgress: Float { Float(progress) }
}

extension DrawCommand {
    /// Whether the command evaluates a custom expression with a loop (`while`, `taylor`,
    /// `root`): on GL such a frame runs under the frame time limit.
    public var runsLoops: Bool {
        guard case .xfadeExpression(let call) = self, let (syntax, _) = try? LoweredXfadeExpression.compiled(call.expression) else {
            return false
        }
        return !syntax.functions.isDisjoint(with: [.while, .taylor, .root])
    }
}

/// A custom expression lowered: parsed and compiled once per text (`compiled(_:)`), shared by
/// every frame.
public struct LoweredXfadeExpression: Sendable {
    public var call: XfadeExpressionCall
    public var syntax: ExpressionNode
    public var program: ExpressionProgram

    init(_ call: XfadeExpressionCall) throws(SegueError) {
        self.call = call
        (syntax, program) = try Self.compiled(call.expression)
    }

    private static let cache = ExpressionCache()

    /// The parsed and compiled expression, from the cache when this text was seen before.
    static func compiled(_ text: String) throws(SegueError) -> (ExpressionNode, ExpressionProgram) {
        if let hit = cache.lookup(text) { return hit }
        let syntax = try ExpressionParser.parse(text)
        let compiled = (syntax, ExpressionProgram(syntax))
        cache.store(text, compiled)
        return compiled
    }
}

/// The last few expressions compiled (a job uses one; a server a handful).
private final class ExpressionCache: @unchecked Sendable {
    private let lock = SpinLock()
    private var entries: [(String, ExpressionNode, ExpressionProgram)] = []

    func lookup(_ text: String) -> (ExpressionNode, ExpressionProgram)? {
        lock.withLock { entries.first { $0.0 == text }.map { ($0.1, $0.2) } }
    }

    func store(_ text: String, _ value: (ExpressionNode, ExpressionProgram)) {
        lock.withLock {
            entries.insert((text, value.0, value.1), at: 0)
            if entries.count > 8 { entries.removeLast() }
        }
    }
}
