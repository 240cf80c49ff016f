/// An expression compiled for the CPU: straight-line steps over *lanes* (a run of pixels of one
/// row), so each operation is one tight loop over many pixels instead of a tree walk per pixel,
/// which is how eval.c, and so ffmpeg's xfade, evaluates it. Control flow runs as on a GPU:
/// a branch whose arms change variables or loop runs each arm under a mask of the lanes that
/// take it, and `while` repeats its body while any lane's condition holds; arms without effects
/// are evaluated for every lane and selected. What does not depend on the plane (the pixel's
/// geometry, a wipe's mask) is computed once per pixel in `pixelSteps`, not once per plane;
/// `planeSteps` then run with one lane per byte of the RGBA row (four per pixel), so the
/// images are read and the results written as the contiguous bytes they are.
public struct ExpressionProgram: Sendable {
    /// One operation: its result goes to register `target`, times `sign` (eval.c's node sign).
    struct Instruction: Sendable {
        var step: Step
        var target: Int
        var sign: Double
    }

    /// A run of instructions and the register holding its value.
    struct Block: Sendable {
        var instructions: [Instruction] = []
        var result = 0
    }

    enum Step: Sendable {
        case constant(Double)
        case variable(ExpressionVariable)
        case unary(ExpressionFunction, Int)
        case binary(ExpressionFunction, Int, Int)
        case ternary(ExpressionFunction, Int, Int, Int)
        /// `a0(x,y)` … `b3(x,y)`.
        case read(image: Int, plane: Int, x: Int, y: Int)
        case load(index: Int)
        case store(index: Int, value: Int)
        /// `ld(k)` and `st(k, v)` with a constant index: variable `slot` directly.
        case loadVariable(slot: Int)
        case storeVariable(slot: Int, value: Int)
        case random(index: Int)
        /// `if`/`ifnot` whose arms have effects: each arm under its own mask register.
        case branch(condition: Int, negate: Bool, then: Block, otherwise: Block?, masks: (Int, Int))
        /// `while(condition, body)`: the lanes still looping in mask register `mask`.
        case loop(condition: Block, body: Block, mask: Int)
        /// `taylor(series, x[, variable])`, lane by lane.
        case taylor(series: Block, x: Int, variable: Int?, mask: Int)
        /// `root(function, max)`, lane by lane.
        case root(function: Block, max: Int, mask: Int)
    }

    /// Registers 0…9 hold eval.c's ten variables.
    static let variableCount = 10
    /// Computed once per row (in lane 0, then copied to every lane): what depends on nothing
    /// but Y, W, H and P, such as a wipe's edge `W*P`.
    let rowSteps: Block
    /// Computed once per pixel for every plane, one lane per pixel.
    let pixelSteps: Block
    /// Registers of `pixelSteps` that `planeSteps` read, each copied to the four lanes of its
    /// pixel (`target`) before they run.
    let expansions: [(source: Int, target: Int)]
    /// Computed per plane, one lane per byte of the RGBA row; the result is the plane's value.
    let planeSteps: Block
    /// Registers, the variables included.
    let registerCount: Int
    /// The variables the steps read or write, reset to 0 before each value (all ten when an
    /// index is computed).
    let variables: [Int]
    /// The planes read through `A`, `B`, `PLANE` and the readers, for the images' preparation.
    let readsImages: Bool

    /// Compiles a parsed expression.
    public init(_ root: ExpressionNode) {
        var compiler = Compiler()
        var top = Block()
        top.result = compiler.emit(root, into: &top)
        rowSteps = compiler.rowHoisted
        pixelSteps = compiler.hoisted
        expansions = compiler.expansions
        planeSteps = top
        registerCount = compiler.next
        let functions = root.functions
        variables = Self.variablesUsed(by: root)
        readsImages = !root.variables.isDisjoint(with: [.A, .B]) || functions.contains { $0.reader != nil }
    }

    private struct Compiler {
        var next = ExpressionProgram.variableCount
        var hoisted = Block()
        var rowHoisted = Block()
        var expansions: [(source: Int, target: Int)] = []
        private var expanded: [Int: Int] = [:]

        /// The four-lanes-per-pixel copy of pixel register `source`.
        mutating func expand(_ source: Int) -> Int {
            if let target = expanded[source] { return target }
            let target = register()
            expanded[source] = target
            expansions.append((source, target))
            return target
        }

        mutating func register() -> Int {
            defer { next += 1 }
            return next
        }

        /// Emits `node` into `block`, or into `rowHoisted` when it is the same for a whole row,
        /// or into `hoisted` when it is the same for every plane of a pixel, and returns the
        /// register of its value (in the current block's lanes).
        mutating func emit(_ node: ExpressionNode, into block: inout Block) -> Int {
            if level != .row, !node.dependsOnPixel {
                let outer = level
                level = .row
                var row = rowHoisted
                let result = emit(node, into: &row)
                rowHoisted = row
                level = outer
                return result  // copied to every lane before the pixel steps run
            }
            if level == .plane, !node.dependsOnPlane {
                level = .pixel
                var pixel = hoisted
                let result = emit(node, into: &pixel)
                hoisted = pixel
                level = .plane
                return expand(result)
            }
            if let value = ExpressionProgram.constantValue(node) {
                return append(.constant(value), sign: 1, to: &block)
            }
            switch node {
            case .number(let value):
                return append(.constant(value), sign: 1, to: &block)
            case .variable(let variable, let sign):
                return append(.variable(variable), sign: sign, to: &block)
            case .call(let function, let arguments, let sign):
                return call(function, arguments, sign: function.appliesSign ? sign : 1, into: &block)
            }
        }

        /// Where the node being emitted runs.
        private enum Level { case row, pixel, plane }
        private var level = Level.plane

        private mutating func append(_ step: Step, sign: Double, to block: inout Block) -> Int {
            let target = register()
            block.instructions.append(Instruction(step: step, target: target, sign: sign))
            return target
        }

        private mutating func subBlock(_ node: ExpressionNode) -> Block {
            var block = Block()
            block.result = emit(node, into: &block)
            return block
        }

        private mutating func call(_ function: ExpressionFunction, _ arguments: [ExpressionNode], sign: Double,
                                   into block: inout Block) -> Int {
            if function == .if || function == .ifnot, arguments.dropFirst().contains(where: \.hasEffects) {
                let condition = emit(arguments[0], into: &block)
                let then = subBlock(arguments[1])
                let otherwise = arguments.count > 2 ? subBlock(arguments[2]) : nil
                let masks = (register(), register())
                return append(.branch(condition: condition, negate: function == .ifnot, then: then, otherwise: otherwise, masks: masks),
                              sign: sign, to: &block)
            }
            switch function {
            case .while:
                let condition = subBlock(arguments[0])
                let body = subBlock(arguments[1])
                return append(.loop(condition: condition, body: body, mask: register()), sign: sign, to: &block)
            case .taylor:
                let x = emit(arguments[1], into: &block)
                let variable = arguments.count > 2 ? emit(arguments[2], into: &block) : nil
                return append(.taylor(series: subBlock(arguments[0]), x: x, variable: variable, mask: register()), sign: sign, to: &block)
            case .root:
                let max = emit(arguments[1], into: &block)
                return append(.root(function: subBlock(arguments[0]), max: max, mask: register()), sign: sign, to: &block)
            case .ld:
                if let k = ExpressionProgram.constantValue(arguments[0]) {
                    return append(.loadVariable(slot: ExpressionMath.variableIndex(k)), sign: sign, to: &block)
                }
                return append(.load(index: emit(arguments[0], into: &block)), sign: sign, to: &block)
            case .st:
                if let k = ExpressionProgram.constantValue(arguments[0]) {
                    let value = emit(arguments[1], into: &block)
                    return append(.storeVariable(slot: ExpressionMath.variableIndex(k), value: value), sign: sign, to: &block)
                }
                let index = emit(arguments[0], into: &block)
                return append(.store(index: index, value: emit(arguments[1], into: &block)), sign: sign, to: &block)
            case .random:
                return append(.random(index: emit(arguments[0], into: &block)), sign: sign, to: &block)
            case .print:
                let value = emit(arguments[0], into: &block)
                if arguments.count > 1 { _ = emit(arguments[1], into: &block) }
                return append(.unary(.print, value), sign: sign, to: &block)
            default:
                let registers = arguments.map { emit($0, into: &block) }
                if let (image, plane) = function.reader {
                    return append(.read(image: image, plane: plane, x: registers[0], y: registers[1]), sign: sign, to: &block)
                }
                switch registers.count {
                case 1: return append(.unary(function, registers[0]), sign: sign, to: &block)
                case 2:
                    if function == .if || function == .ifnot {
                        let zero = append(.constant(0), sign: 1, to: &block)
                        return append(.ternary(function, registers[0], registers[1], zero), sign: sign, to: &block)
                    }
                    return append(.binary(function, registers[0], registers[1]), sign: sign, to: &block)
                default: return append(.ternary(function, registers[0], registers[1], registers[2]), sign: sign, to: &block)
                }
            }
        }
    }

    /// The variables `node` reads or writes: the constant indexes of `ld` and `st`, or all ten
    /// when an index is computed or `random`, `taylor` or `root` runs.
    static func variablesUsed(by node: ExpressionNode) -> [Int] {
        guard case .call(let function, let arguments, _) = node else { return [] }
        var used = Set(arguments.flatMap { variablesUsed(by: $0) })
        switch function {
        case .ld, .st:
            guard let k = constantValue(arguments[0]) else { return Array(0..<variableCount) }
            used.insert(ExpressionMath.variableIndex(k))
        case .random, .taylor, .root: return Array(0..<variableCount)
        default: break
        }
        return used.sorted()
    }

    /// The value of a node that reads nothing (no variable, image or state), folded once.
    public static func constantValue(_ node: ExpressionNode) -> Double? {
        switch node {
        case .number(let value): return value
        case .variable: return nil
        case .call(let function, let arguments, let sign):
            guard !function.hasEffects, function != .ld, function.reader == nil else { return nil }
            var values: [Double] = []
            for argument in arguments {
                guard let value = constantValue(argument) else { return nil }
                values.append(value)
            }
            let s = function.appliesSign ? sign : 1
            switch values.count {
            case 1: return s * ExpressionMath.apply(function, values[0])
            case 2 where function == .if || function == .ifnot: return s * ExpressionMath.apply(function, values[0], values[1], 0)
            case 2: return s * ExpressionMath.apply(function, values[0], values[1])
            default: return s * ExpressionMath.apply(function, values[0], values[1], values[2])
            }
        }
    }
}
