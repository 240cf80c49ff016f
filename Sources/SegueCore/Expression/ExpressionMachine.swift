#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an `ExpressionProgram` over rows of a frame: xfade's `custom` transition (FFmpeg
/// `libavfilter/vf_xfade.c`) on premultiplied RGBA. For each pixel the expression is evaluated
/// once per plane in the order of the planar RGB format xfade works in for RGB input (GBRAP:
/// plane 0 is green, 1 blue, 2 red, 3 alpha); `A` and `B` are the inputs' straight (not
/// premultiplied) values of that plane, and each result is stored as xfade stores it
/// (`ExpressionMath.storedByte`), then premultiplied. The variables start at 0 for every value
/// evaluated (in ffmpeg they carry over from the previous pixel, on whichever thread ran it).
///
/// `@unchecked Sendable`: the image pointers address images pinned, and only read, for the frame.
public struct ExpressionMachine: @unchecked Sendable {
    public let program: ExpressionProgram
    public let from: UnsafePointer<UInt32>
    public let to: UnsafePointer<UInt32>
    public let width: Int
    public let height: Int
    /// xfade's progress P (1 → 0), in single precision as vf_xfade.c passes it.
    public let progress: Float
    /// Pixels evaluated together: fewer for long programs, so the registers stay in cache.
    let lanes: Int

    public init(program: ExpressionProgram, from: UnsafePointer<UInt32>, to: UnsafePointer<UInt32>, size: PixelSize, progress: Float) {
        self.program = program
        self.from = from
        self.to = to
        width = size.width
        height = size.height
        self.progress = progress
        lanes = min(256, max(16, 131_072 / max(program.registerCount, 1)))
    }

    /// The bit shift of a plane's byte within an RGBA pixel (plane order G, B, R, A).
    @inline(__always)
    static func channelShift(plane: Int) -> UInt32 {
        switch plane {
        case 0: 8
        case 1: 16
        case 2: 0
        default: 24
        }
    }

    /// Evaluates row `y` into `dst` (the canvas row, `width` pixels). Throws when the loops of
    /// one value run past `Limits.expressionLoopIterations`.
    public func render(row y: Int, into dst: UnsafeMutablePointer<UInt32>) throws(SegueError) {
        guard y >= 0, y < height else { return }
        let lanes = self.lanes
        let registers = UnsafeMutablePointer<Double>.allocate(capacity: program.registerCount * lanes)
        let planes = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * lanes)
        let iterations = UnsafeMutablePointer<Int32>.allocate(capacity: lanes)
        defer { registers.deallocate(); planes.deallocate(); iterations.deallocate() }
        registers.initialize(repeating: 0, count: program.registerCount * lanes)
        var run = Run(machine: self, registers: registers, lanes: lanes, iterations: iterations, y: y)
        var start = 0
        while start < width {
            let count = min(lanes, width - start)
            run.x0 = start
            run.plane = 0
            try run.execute(program.pixelSteps, count: count, mask: nil)
            for plane in 0..<4 {
                run.plane = plane
                if program.usesVariables { (registers).update(repeating: 0, count: ExpressionProgram.variableCount * lanes) }
                iterations.update(repeating: 0, count: lanes)
                try run.execute(program.planeSteps, count: count, mask: nil)
                let result = registers + program.planeSteps.result * lanes
                for l in 0..<count { planes[plane * lanes + l] = ExpressionMath.storedByte(result[l]) }
            }
            for l in 0..<count {
                let g = UInt32(planes[l]), b = UInt32(planes[lanes + l]), r = UInt32(planes[2 * lanes + l]), a = UInt32(planes[3 * lanes + l])
                dst[start + l] = Self.premultiplied(r: r, g: g, b: b, a: a)
            }
            start += count
        }
    }

    /// Straight → premultiplied, `round(c·a/255)` as Segue premultiplies everywhere.
    @inline(__always)
    static func premultiplied(r: UInt32, g: UInt32, b: UInt32, a: UInt32) -> UInt32 {
        guard a != 255 else { return r | g << 8 | b << 16 | 255 << 24 }
        func scaled(_ c: UInt32) -> UInt32 { let v = c * a + 128; return (v + (v >> 8)) >> 8 }
        return scaled(r) | scaled(g) << 8 | scaled(b) << 16 | a << 24
    }

    /// The straight value of `plane` of a premultiplied pixel.
    @inline(__always)
    static func straight(_ pixel: UInt32, plane: Int) -> Double {
        straight(pixel, shift: channelShift(plane: plane))
    }

    /// The straight value of the byte at `shift` of a premultiplied pixel: round(c·255/a).
    @inline(__always)
    static func straight(_ pixel: UInt32, shift: UInt32) -> Double {
        let a = pixel >> 24
        let c = (pixel >> shift) & 255
        if shift == 24 || a == 255 { return Double(c) }
        return a == 0 ? 0 : Double(min(255, (c * 255 + a / 2) / a))
    }
}

/// One row's evaluation: the register file (`lanes` values per register) and where it is.
private struct Run {
    let machine: ExpressionMachine
    let registers: UnsafeMutablePointer<Double>
    let lanes: Int
    /// Loop iterations of the current value, per lane.
    let iterations: UnsafeMutablePointer<Int32>
    let y: Int
    var x0 = 0
    var plane = 0

    init(machine: ExpressionMachine, registers: UnsafeMutablePointer<Double>, lanes: Int, iterations: UnsafeMutablePointer<Int32>, y: Int) {
        self.machine = machine; self.registers = registers; self.lanes = lanes; self.iterations = iterations; self.y = y
    }

    @inline(__always) func r(_ index: Int) -> UnsafeMutablePointer<Double> { registers + index * lanes }

    /// Runs `block` for lanes `0..<count`; only lanes whose `mask` is non-zero (all when nil)
    /// see its effects.
    func execute(_ block: ExpressionProgram.Block, count: Int, mask: UnsafeMutablePointer<Double>?) throws(SegueError) {
        try execute(block, lanes: 0..<count, mask: mask)
    }

    func execute(_ block: ExpressionProgram.Block, lanes range: Range<Int>, mask: UnsafeMutablePointer<Double>?) throws(SegueError) {
        for instruction in block.instructions {
            let d = r(instruction.target)
            switch instruction.step {
            case .constant(let v): for l in range { d[l] = v }
            case .variable(let variable): load(variable, into: d, range)
            case .unary(let f, let a):
                let pa = r(a)
                switch f {
                case .abs: for l in range { d[l] = Swift.abs(pa[l]) }
                case .floor: for l in range { d[l] = pa[l].rounded(.down) }
                case .ceil: for l in range { d[l] = pa[l].rounded(.up) }
                case .trunc: for l in range { d[l] = pa[l].rounded(.towardZero) }
                case .not: for l in range { d[l] = pa[l] == 0 ? 1 : 0 }
                default: for l in range { d[l] = ExpressionMath.apply(f, pa[l]) }
                }
            case .binary(let f, let a, let b):
                let pa = r(a), pb = r(b)
                switch f {
                case .add: for l in range { d[l] = pa[l] + pb[l] }
                case .mul: for l in range { d[l] = pa[l] * pb[l] }
                case .div: for l in range { d[l] = pa[l] / pb[l] }
                case .sequence: for l in range { d[l] = pb[l] }
                case .gt: for l in range { d[l] = pa[l] > pb[l] ? 1 : 0 }
                case .lt: for l in range { d[l] = pa[l] < pb[l] ? 1 : 0 }
                case .gte: for l in range { d[l] = pa[l] >= pb[l] ? 1 : 0 }
                case .lte: for l in range { d[l] = pa[l] <= pb[l] ? 1 : 0 }
                case .max: for l in range { d[l] = pa[l] > pb[l] ? pa[l] : pb[l] }
                case .min: for l in range { d[l] = pa[l] < pb[l] ? pa[l] : pb[l] }
                default: for l in range { d[l] = ExpressionMath.apply(f, pa[l], pb[l]) }
                }
            case .ternary(let f, let a, let b, let c):
                let pa = r(a), pb = r(b), pc = r(c)
                switch f {
                case .if: for l in range { d[l] = pa[l] != 0 ? pb[l] : pc[l] }
                case .ifnot: for l in range { d[l] = pa[l] == 0 ? pb[l] : pc[l] }
                default: for l in range { d[l] = ExpressionMath.apply(f, pa[l], pb[l], pc[l]) }
                }
            case .read(let image, let plane, let x, let y):
                let px = r(x), py = r(y), w = machine.width, h = machine.height
                let pixels = image == 0 ? machine.from : machine.to
                for l in range {
                    let column = ExpressionMath.readerIndex(px[l], limit: w), row = ExpressionMath.readerIndex(py[l], limit: h)
                    d[l] = ExpressionMachine.straight(pixels[row * w + column], plane: plane)
                }
            case .load(let index):
                let pi = r(index)
                for l in range { d[l] = registers[ExpressionMath.variableIndex(pi[l]) * lanes + l] }
            case .store(let index, let value):
                let pi = r(index), pv = r(value)
                for l in range {
                    d[l] = pv[l]
                    if mask.map({ $0[l] != 0 }) ?? true { registers[ExpressionMath.variableIndex(pi[l]) * lanes + l] = pv[l] }
                }
            case .random(let index):
                let pi = r(index)
                for l in range where mask.map({ $0[l] != 0 }) ?? true {
                    let slot = ExpressionMath.variableIndex(pi[l]) * lanes + l
                    (d[l], registers[slot]) = ExpressionMath.randomStep(registers[slot])
                }
            case .branch(let condition, let negate, let then, let otherwise, let masks):
                let pc = r(condition), takes = r(masks.0), skips = r(masks.1)
                var anyTakes = false, anySkips = false
                for l in range {
                    let active = mask.map { $0[l] != 0 } ?? true
                    let chosen = (pc[l] != 0) != negate
                    takes[l] = active && chosen ? 1 : 0
                    skips[l] = active && !chosen ? 1 : 0
                    anyTakes = anyTakes || (active && chosen)
                    anySkips = anySkips || (active && !chosen)
                }
                if anyTakes { try execute(then, lanes: range, mask: takes) }
                if anySkips, let otherwise { try execute(otherwise, lanes: range, mask: skips) }
                let pt = r(then.result), po = otherwise.map { r($0.result) }
                for l in range { d[l] = takes[l] != 0 ? pt[l] : (po?[l] ?? 0) }
            case .loop(let condition, let body, let maskIndex):
                let active = r(maskIndex), pc = r(condition.result), pb = r(body.result)
                for l in range { active[l] = (mask.map { $0[l] != 0 } ?? true) ? 1 : 0; d[l] = .nan }
                while true {
                    try execute(condition, lanes: range, mask: active)
                    var any = false
                    for l in range where active[l] != 0 {
                        if pc[l] == 0 { active[l] = 0 } else { any = true }
                    }
                    guard any else { break }
                    try count(range, mask: active)
                    try execute(body, lanes: range, mask: active)
                    for l in range where active[l] != 0 { d[l] = pb[l] }
                }
            case .taylor(let series, let x, let variable, let maskIndex):
                let lane = r(maskIndex), px = r(x), pv = variable.map { r($0) }, ps = r(series.result)
                for l in range where mask.map({ $0[l] != 0 }) ?? true {
                    for k in range { lane[k] = k == l ? 1 : 0 }
                    let slot = (pv.map { ExpressionMath.variableIndex($0[l]) } ?? 0) * lanes + l
                    let saved = registers[slot]
                    var t = 1.0, sum = 0.0
                    for i in 0..<1000 {
                        let previous = sum
                        registers[slot] = Double(i)
                        try execute(series, lanes: l..<(l + 1), mask: lane)
                        try count(l..<(l + 1), mask: lane)
                        let v = ps[l]
                        sum += t * v
                        if previous == sum && v != 0 { break }
                        t *= px[l] / Double(i + 1)
                    }
                    registers[slot] = saved
                    d[l] = sum
                }
            case .root(let function, let maxIndex, let maskIndex):
                let lane = r(maskIndex), pm = r(maxIndex), pf = r(function.result)
                for l in range where mask.map({ $0[l] != 0 }) ?? true {
                    for k in range { lane[k] = k == l ? 1 : 0 }
                    let one = l..<(l + 1)
                    d[l] = try root(function, lane: l, maxValue: pm[l], value: pf, mask: lane, one: one)
                }
            }
            if instruction.sign != 1 { for l in range { d[l] *= instruction.sign } }
        }
    }

    /// eval.c's `root(expr, max)`: samples of x in [0, max] (bit-reversed steps), then around
    /// the best ones, then bisection between a non-positive and a non-negative value.
    private func root(_ function: ExpressionProgram.Block, lane l: Int, maxValue: Double, value pf: UnsafeMutablePointer<Double>,
                      mask: UnsafeMutablePointer<Double>, one: Range<Int>) throws(SegueError) -> Double {
        let slot = l  // variable 0 of lane l
        let saved = registers[slot]
        var low = -1.0, high = -1.0, lowValue = -Double.greatestFiniteMagnitude, highValue = Double.greatestFiniteMagnitude
        func evaluate(_ x: Double) throws(SegueError) -> Double {
            registers[slot] = x
            try execute(function, lanes: one, mask: mask)
            try count(one, mask: mask)
            return pf[l]
        }
        for i in -1..<1024 {
            var x: Double
            if i < 255 {
                x = Double(UInt8(truncatingIfNeeded: i & 255).bitReversed) * maxValue / 255
            } else {
                x = maxValue * pow(0.9, Double(i - 255))
                if i & 1 != 0 { x = -x }
                x += i & 2 != 0 ? low : high
            }
            let v = try evaluate(x)
            if v <= 0 && v > lowValue { low = x; lowValue = v }
            if v >= 0 && v < highValue { high = x; highValue = v }
            if low >= 0 && high >= 0 {
                for _ in 0..<1000 {
                    let middle = (low + high) * 0.5
                    if low == middle || high == middle { break }
                    let v = try evaluate(middle)
                    if v <= 0 { low = middle }
                    if v >= 0 { high = middle }
                    if v.isNaN { low = v; high = v; break }
                }
                break
            }
        }
        registers[slot] = saved
        return -lowValue < highValue ? low : high
    }

    /// Counts one loop iteration for the active lanes; throws past the limit.
    private func count(_ range: Range<Int>, mask: UnsafeMutablePointer<Double>) throws(SegueError) {
        for l in range where mask[l] != 0 {
            iterations[l] += 1
            if iterations[l] > Limits.expressionLoopIterations {
                throw SegueError(.invalidInput, "expression: the loops of one value ran more than \(Limits.expressionLoopIterations) iterations "
                                 + "(at x=\(x0 + l), y=\(y)); does a while condition never become 0?")
            }
        }
    }

    private func load(_ variable: ExpressionVariable, into d: UnsafeMutablePointer<Double>, _ range: Range<Int>) {
        switch variable {
        case .X: for l in range { d[l] = Double(x0 + l) }
        case .Y: for l in range { d[l] = Double(y) }
        case .W: for l in range { d[l] = Double(machine.width) }
        case .H: for l in range { d[l] = Double(machine.height) }
        case .P: for l in range { d[l] = Double(machine.progress) }
        case .PLANE: for l in range { d[l] = Double(plane) }
        case .A, .B:
            let row = (variable == .A ? machine.from : machine.to) + y * machine.width + x0
            let shift = ExpressionMachine.channelShift(plane: plane)
            for l in range { d[l] = ExpressionMachine.straight(row[l], shift: shift) }
        }
    }
}

extension UInt8 {
    /// The bits in reverse order (libavutil's `av_reverse` table).
    var bitReversed: UInt8 {
        var v = self, r: UInt8 = 0
        for _ in 0..<8 { r = r << 1 | v & 1; v >>= 1 }
        return r
    }
}
