/// ffmpeg's expression language (FFmpeg `libavutil/eval.c`) as xfade's `custom` transition
/// reads it (`libavfilter/vf_xfade.c`): the variables, the functions with their arities, and
/// the parsed tree. Segue parses an expression once (`ExpressionParser`), compiles it for the
/// CPU (`ExpressionProgram`) and translates it to GLSL on GL; docs/XFADE.md, "Custom
/// expressions", lists where Segue deliberately differs from ffmpeg.

/// The names xfade defines, in vf_xfade.c's order (`var_names`): the pixel's column and row,
/// the frame's size, the current plane's value in each input, the plane, and the progress
/// (1 shows the first input, 0 the second).
public enum ExpressionVariable: String, CaseIterable, Sendable, Hashable {
    case X, Y, W, H, A, B, PLANE, P
}

/// Every function eval.c (FFmpeg 5.1) knows, and xfade's readers `a0(x,y)` … `b3(x,y)`.
/// Operators parse to the same cases: `+` is `add`, `*` `mul`, `/` `div`, `^` `pow`, `;`
/// `sequence` (binary minus is `add` of a negated term, as eval.c parses it).
public enum ExpressionFunction: String, CaseIterable, Sendable, Hashable {
    case sinh, cosh, tanh, sin, cos, tan, atan, asin, acos, exp, log, abs
    case squish, gauss, mod, max, min, eq, gte, gt, lte, lt, ld, isnan, isinf, st
    case `while`, taylor, root, floor, ceil, trunc, round, sqrt, not, pow, print, random, hypot, gcd
    case `if`, ifnot, bitand, bitor, between, clip, atan2, lerp, sgn
    case a0, a1, a2, a3, b0, b1, b2, b3
    case add, mul, div, sequence

    /// How many arguments eval.c's `verify_expr` accepts.
    public var arity: ClosedRange<Int> {
        switch self {
        case .sinh, .cosh, .tanh, .sin, .cos, .tan, .atan, .asin, .acos, .exp, .log, .abs,
             .squish, .gauss, .ld, .isnan, .isinf, .floor, .ceil, .trunc, .round, .sqrt, .not, .random, .sgn: 1...1
        case .print: 1...2
        case .if, .ifnot, .taylor: 2...3
        case .between, .clip, .lerp: 3...3
        default: 2...2
        }
    }

    /// Whether a leading minus negates the result. eval.c keeps a sign on every node but does
    /// not apply it in these cases, so `-gauss(0)` is +0.399 in ffmpeg, and in Segue.
    public var appliesSign: Bool {
        switch self {
        case .squish, .gauss, .while, .taylor, .root, .lerp, .print: false
        default: true
        }
    }

    /// Whether evaluating it can change the variables or run a loop: such a call is evaluated
    /// only where its branch is taken, never speculatively.
    public var hasEffects: Bool {
        switch self {
        case .st, .random, .while, .taylor, .root: true
        default: false
        }
    }

    /// The image (0 = `a`, 1 = `b`) and plane a reader reads; nil for other functions.
    public var reader: (image: Int, plane: Int)? {
        switch self {
        case .a0: (0, 0)
        case .a1: (0, 1)
        case .a2: (0, 2)
        case .a3: (0, 3)
        case .b0: (1, 0)
        case .b1: (1, 1)
        case .b2: (1, 2)
        case .b3: (1, 3)
        default: nil
        }
    }

    /// The names a user writes (operators excluded).
    public static var callable: [ExpressionFunction] {
        allCases.filter { ![.add, .mul, .div, .sequence].contains($0) }
    }
}

/// A parsed expression node. `sign` is eval.c's per-node sign (±1) from leading minus signs;
/// a number carries it in its value.
public indirect enum ExpressionNode: Sendable, Hashable {
    case number(Double)
    case variable(ExpressionVariable, sign: Double)
    case call(ExpressionFunction, [ExpressionNode], sign: Double)

    /// The node with its sign multiplied by `factor` (eval.c's `e->value *= sign`).
    func signed(_ factor: Double) -> ExpressionNode {
        guard factor != 1 else { return self }
        switch self {
        case .number(let v): return .number(v * factor)
        case .variable(let v, let s): return .variable(v, sign: s * factor)
        case .call(let f, let args, let s): return .call(f, args, sign: s * factor)
        }
    }

    /// Whether this node or one below it changes variables or loops (`ExpressionFunction.hasEffects`).
    public var hasEffects: Bool {
        guard case .call(let f, let args, _) = self else { return false }
        return f.hasEffects || args.contains { $0.hasEffects }
    }

    /// Whether its value can differ between the planes of one pixel: it reads `A`, `B`,
    /// `PLANE` or a variable, or has effects.
    public var dependsOnPlane: Bool {
        switch self {
        case .number: return false
        case .variable(let v, _): return v == .A || v == .B || v == .PLANE
        case .call(let f, let args, _): return f == .ld || f.hasEffects || args.contains { $0.dependsOnPlane }
        }
    }

    /// Whether its value can differ between the pixels of one row: it reads `X`, an image,
    /// `PLANE` or a variable, or has effects.
    public var dependsOnPixel: Bool {
        switch self {
        case .number: return false
        case .variable(let v, _): return v != .Y && v != .W && v != .H && v != .P
        case .call(let f, let args, _):
            return f == .ld || f.hasEffects || f.reader != nil || args.contains { $0.dependsOnPixel }
        }
    }

    /// Every function called at or below this node.
    public var functions: Set<ExpressionFunction> {
        guard case .call(let f, let args, _) = self else { return [] }
        return args.reduce(into: [f]) { $0.formUnion($1.functions) }
    }

    /// Every variable read at or below this node.
    public var variables: Set<ExpressionVariable> {
        switch self {
        case .number: return []
        case .variable(let v, _): return [v]
        case .call(_, let args, _): return args.reduce(into: []) { $0.formUnion($1.variables) }
        }
    }
}
