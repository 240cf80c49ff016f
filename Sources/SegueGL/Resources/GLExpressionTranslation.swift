import SegueCore

/// An expression of xfade's custom transition (SegueCore `ExpressionNode`) translated to GLSL
/// ES 3.00 statements, placed after `xfade-expression.frag`: `ffPixel()` computes what is the
/// same for every plane (the CPU's `ExpressionProgram.pixelSteps`, by the same rule,
/// `ExpressionNode.dependsOnPlane`) into globals, and `ffValue(plane, A, B)` one plane's
/// value. Each node becomes one temporary; `if` arms with effects, `while`, `taylor` and
/// `root` become GLSL control flow, so only the lanes that take an arm run it. Loops stop
/// after `Limits.expressionLoopIterations` iterations (the software renderer reports that
/// as an error; a shader cannot).
struct GLExpressionTranslation {
    private var pixelLines: [String] = []
    private var globals: [String] = []
    private var next = 0
    private var hoisting = false

    /// The GLSL text of `root`.
    static func glsl(_ root: ExpressionNode) -> String {
        var translation = GLExpressionTranslation()
        var body: [String] = []
        let result = translation.emit(root, into: &body, indent: "    ")
        return translation.globals.map { "vec2 \($0);\n" }.joined()
            + "void ffPixel() {\n" + translation.pixelLines.joined(separator: "\n") + "\n}\n"
            + "vec2 ffValue(int ffPlane, vec2 ffA, vec2 ffB) {\n"
            + "    for (int i = 0; i < 10; ++i) ffVars[i] = vec2(0.0);\n"
            + body.joined(separator: "\n") + "\n    return \(result);\n}\n"
    }

    private mutating func temporary() -> String {
        defer { next += 1 }
        return "t\(next)"
    }

    /// Emits `node`'s statements into `lines` (or `ffPixel` when they are the same for every
    /// plane) and returns the name of its value.
    private mutating func emit(_ node: ExpressionNode, into lines: inout [String], indent: String) -> String {
        if !node.dependsOnPlane, !hoisting {
            hoisting = true
            var pixel = pixelLines
            let name = emit(node, into: &pixel, indent: "    ")
            pixelLines = pixel
            hoisting = false
            return name
        }
        let name = temporary()
        // Hoisted temporaries are globals, assigned in ffPixel; the others are locals.
        let declare = hoisting ? "\(indent)\(name) = " : "\(indent)vec2 \(name) = "
        if hoisting { globals.append(name) }
        if let value = ExpressionProgram.constantValue(node) {
            lines.append(declare + Self.literal(value) + ";")
            return name
        }
        switch node {
        case .number(let value):
            lines.append(declare + Self.literal(value) + ";")
        case .variable(let variable, let sign):
            lines.append(declare + Self.signed(Self.name(of: variable), sign) + ";")
        case .call(let function, let arguments, let sign):
            let s = function.appliesSign ? sign : 1
            let value = call(function, arguments, into: &lines, indent: indent, declare: declare, name: name)
            if let value { lines.append(declare + Self.signed(value, s) + ";") } else if s != 1 {
                lines.append("\(indent)\(name) = -\(name);")
            }
        }
        return name
    }

    /// Emits a call; returns the expression of its value, or nil when it assigned `name`
    /// (declared by `declare`) itself.
    private mutating func call(_ function: ExpressionFunction, _ arguments: [ExpressionNode], into lines: inout [String],
                               indent: String, declare: String, name: String) -> String? {
        let inner = indent + "    "
        if function == .if || function == .ifnot, arguments.dropFirst().contains(where: \.hasEffects) {
            let condition = emit(arguments[0], into: &lines, indent: indent)
            lines.append(declare + "vec2(0.0);")
            lines.append("\(indent)if ((\(condition).x != 0.0) \(function == .ifnot ? "==" : "!=") false) {")
            let then = emit(arguments[1], into: &lines, indent: inner)
            lines.append("\(inner)\(name) = \(then);")
            if arguments.count > 2 {
                lines.append("\(indent)} else {")
                let otherwise = emit(arguments[2], into: &lines, indent: inner)
                lines.append("\(inner)\(name) = \(otherwise);")
            }
            lines.append("\(indent)}")
            return nil
        }
        switch function {
        case .while:
            lines.append(declare + "df(ffNaN());")
            lines.append("\(indent)for (int it = 0; it < \(Limits.expressionLoopIterations); ++it) {")
            let condition = emit(arguments[0], into: &lines, indent: inner)
            lines.append("\(inner)if (\(condition).x == 0.0) break;")
            let body = emit(arguments[1], into: &lines, indent: inner)
            lines.append("\(inner)\(name) = \(body);")
            lines.append("\(indent)}")
            return nil
        case .taylor:
            let x = emit(arguments[1], into: &lines, indent: indent)
            let id = arguments.count > 2 ? "ffVar(\(emit(arguments[2], into: &lines, indent: indent)))" : "0"
            let k = temporary()
            lines.append(declare + "vec2(0.0);")
            lines += ["\(indent){", "\(inner)int \(k)id = \(id);", "\(inner)vec2 \(k)saved = ffVars[\(k)id], \(k)t = df(1.0);",
                      "\(inner)for (int i = 0; i < 1000; ++i) {",
                      "\(inner)    vec2 \(k)previous = \(name);", "\(inner)    ffVars[\(k)id] = df(float(i));"]
            let series = emit(arguments[0], into: &lines, indent: inner + "    ")
            lines += ["\(inner)    \(name) = dfAdd(\(name), dfMul(\(k)t, \(series)));",
                      "\(inner)    if (dfEqual(\(k)previous, \(name)) && \(series).x != 0.0) break;",
                      "\(inner)    \(k)t = dfMul(\(k)t, dfDiv(\(x), df(float(i + 1))));", "\(inner)}", "\(inner)ffVars[\(k)id] = \(k)saved;", "\(indent)}"]
            return nil
        case .root:
            // One loop and one copy of the function, so nested roots do not multiply the
            // text: first the samples (i = −1…1023), then, once a non-positive and a
            // non-negative value are bracketed, up to 1000 bisections.
            let maximum = emit(arguments[1], into: &lines, indent: indent)
            let k = temporary()
            lines.append(declare + "vec2(0.0);")
            lines += ["\(indent){", "\(inner)vec2 \(k)saved = ffVars[0], \(k)low = df(-1.0), \(k)high = df(-1.0), \(k)m = df(0.0);",
                      "\(inner)vec2 \(k)lowV = df(-3.402823466e38), \(k)highV = df(3.402823466e38);",
                      "\(inner)int \(k)i = -1, \(k)j = 0;",
                      "\(inner)bool \(k)bisecting = false;",
                      "\(inner)for (int step = 0; step < 2025; ++step) {",
                      "\(inner)    vec2 \(k)x;",
                      "\(inner)    if (\(k)bisecting) {",
                      "\(inner)        \(k)m = dfMul(dfAdd(\(k)low, \(k)high), df(0.5));",
                      "\(inner)        if (dfEqual(\(k)low, \(k)m) || dfEqual(\(k)high, \(k)m)) break;",
                      "\(inner)        \(k)x = \(k)m;",
                      "\(inner)    } else if (\(k)i < 255) {",
                      "\(inner)        int bits = \(k)i & 255, reversed = 0;",
                      "\(inner)        for (int b = 0; b < 8; ++b) reversed |= ((bits >> b) & 1) << (7 - b);",
                      "\(inner)        \(k)x = dfDiv(dfMul(df(float(reversed)), \(maximum)), df(255.0));",
                      "\(inner)    } else {",
                      "\(inner)        \(k)x = dfMul(\(maximum), df(pow(0.9, float(\(k)i - 255))));",
                      "\(inner)        if ((\(k)i & 1) != 0) \(k)x = -\(k)x;",
                      "\(inner)        \(k)x = dfAdd(\(k)x, (\(k)i & 2) != 0 ? \(k)low : \(k)high);",
                      "\(inner)    }",
                      "\(inner)    ffVars[0] = \(k)x;"]
            let v = emit(arguments[0], into: &lines, indent: inner + "    ")
            lines += ["\(inner)    if (\(k)bisecting) {",
                      "\(inner)        if (!dfLess(df(0.0), \(v))) \(k)low = \(k)m;",
                      "\(inner)        if (!dfLess(\(v), df(0.0))) \(k)high = \(k)m;",
                      "\(inner)        if (isnan(\(v).x)) { \(k)low = \(v); \(k)high = \(v); break; }",
                      "\(inner)        if (++\(k)j >= 1000) break;",
                      "\(inner)    } else {",
                      "\(inner)        if (!dfLess(df(0.0), \(v)) && dfLess(\(k)lowV, \(v))) { \(k)low = \(k)x; \(k)lowV = \(v); }",
                      "\(inner)        if (!dfLess(\(v), df(0.0)) && dfLess(\(v), \(k)highV)) { \(k)high = \(k)x; \(k)highV = \(v); }",
                      "\(inner)        if (\(k)low.x >= 0.0 && \(k)high.x >= 0.0) { \(k)bisecting = true; continue; }",
                      "\(inner)        if (++\(k)i >= 1024) break;",
                      "\(inner)    }",
                      "\(inner)}",
                      "\(inner)ffVars[0] = \(k)saved;",
                      "\(inner)\(name) = dfLess(-\(k)lowV, \(k)highV) ? \(k)low : \(k)high;",
                      "\(indent)}"]
            return nil
        default:
            let values = arguments.map { emit($0, into: &lines, indent: indent) }
            switch function {
            case .st:
                lines.append("\(indent)ffVars[ffVar(\(values[0]))] = \(values[1]);")
                return values[1]
            case .ld: return "ffVars[ffVar(\(values[0]))]"
            case .random: return "ffRandom(ffVars[ffVar(\(values[0]))])"
            default: return Self.pure(function, values)
            }
        }
    }

    /// A function without effects, of values already computed (double-float pairs): + − × ÷,
    /// comparisons and rounding on the pair, the rest in float on its high part.
    private static func pure(_ function: ExpressionFunction, _ v: [String]) -> String {
        if let (image, plane) = function.reader {
            return "ffRead(\(image == 0 ? "u_from" : "u_to"), \(v[0]), \(v[1]), \(plane))"
        }
        func flag(_ condition: String) -> String { "df(\(condition) ? 1.0 : 0.0)" }
        func high(_ f: String) -> String { "df(\(f))" }
        let x = v.first.map { "\($0).x" } ?? ""
        switch function {
        case .sinh, .cosh, .tanh, .sin, .cos, .tan, .atan, .asin, .acos, .exp, .log, .sqrt:
            return high("\(function.rawValue)(\(x))")
        case .abs: return "(\(x) < 0.0 ? -\(v[0]) : \(v[0]))"
        case .floor: return "dfFloor(\(v[0]))"
        case .ceil: return "dfCeil(\(v[0]))"
        case .trunc: return "dfTrunc(\(v[0]))"
        case .round: return "dfRound(\(v[0]))"
        case .squish: return high("1.0 / (1.0 + exp(4.0 * \(x)))")
        case .gauss: return high("exp(-\(x) * \(x) / 2.0) / 2.5066282746")
        case .isnan: return flag("isnan(\(x))")
        case .isinf: return flag("isinf(\(x))")
        case .not: return flag("\(x) == 0.0")
        case .sgn: return high("sign(\(x))")
        case .print: return v[0]
        case .add: return "dfAdd(\(v[0]), \(v[1]))"
        case .mul: return "dfMul(\(v[0]), \(v[1]))"
        case .div: return "dfDiv(\(v[0]), \(v[1]))"
        case .pow: return "ffPow(\(v[0]), \(v[1]))"
        case .sequence: return v[1]
        case .mod: return "dfAdd(\(v[0]), -dfMul(dfFloor(dfDiv(\(v[0]), \(v[1]))), \(v[1])))"
        case .max: return "(dfLess(\(v[1]), \(v[0])) ? \(v[0]) : \(v[1]))"
        case .min: return "(dfLess(\(v[0]), \(v[1])) ? \(v[0]) : \(v[1]))"
        case .eq: return flag("dfEqual(\(v[0]), \(v[1]))")
        case .gt: return flag("dfLess(\(v[1]), \(v[0]))")
        case .gte: return flag("(dfLess(\(v[1]), \(v[0])) || dfEqual(\(v[0]), \(v[1])))")
        case .lt: return flag("dfLess(\(v[0]), \(v[1]))")
        case .lte: return flag("(dfLess(\(v[0]), \(v[1])) || dfEqual(\(v[0]), \(v[1])))")
        case .hypot: return high("sqrt(\(x) * \(x) + \(v[1]).x * \(v[1]).x)")
        case .atan2: return high("atan(\(x), \(v[1]).x)")
        case .gcd: return "ffGcd(\(v[0]), \(v[1]))"
        case .bitand: return "(isnan(\(x)) || isnan(\(v[1]).x) ? df(ffNaN()) : df(float(ffInt(\(v[0])) & ffInt(\(v[1])))))"
        case .bitor: return "(isnan(\(x)) || isnan(\(v[1]).x) ? df(ffNaN()) : df(float(ffInt(\(v[0])) | ffInt(\(v[1])))))"
        case .if: return "(\(x) != 0.0 ? \(v[1]) : \(v.count > 2 ? v[2] : "vec2(0.0)"))"
        case .ifnot: return "(\(x) == 0.0 ? \(v[1]) : \(v.count > 2 ? v[2] : "vec2(0.0)"))"
        case .between: return flag("(!dfLess(\(v[0]), \(v[1])) && !dfLess(\(v[2]), \(v[0])))")
        case .clip: return "ffClip(\(v[0]), \(v[1]), \(v[2]))"
        case .lerp: return "dfAdd(\(v[0]), dfMul(dfAdd(\(v[1]), -\(v[0])), \(v[2])))"
        default: return "df(ffNaN())"
        }
    }

    private static func name(of variable: ExpressionVariable) -> String {
        switch variable {
        case .X: "df(ffX)"
        case .Y: "df(ffY)"
        case .W: "df(float(textureSize(u_from, 0).x))"
        case .H: "df(float(textureSize(u_from, 0).y))"
        case .A: "ffA"
        case .B: "ffB"
        case .PLANE: "df(float(ffPlane))"
        case .P: "df(u_progress)"
        }
    }

    private static func signed(_ value: String, _ sign: Double) -> String { sign == 1 ? value : "-(\(value))" }

    /// A double as a GLSL float pair: the nearest float and the rest (infinities and NaN by
    /// their bits, as GLSL has no literal for them).
    static func literal(_ value: Double) -> String {
        if value.isNaN { return "df(ffNaN())" }
        if abs(value) > Double(Float.greatestFiniteMagnitude) { return value < 0 ? "df(-ffInfinity())" : "df(ffInfinity())" }
        let high = Float(value), low = Float(value - Double(high))
        return "vec2(\(float(high)), \(float(low)))"
    }

    private static func float(_ value: Float) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
