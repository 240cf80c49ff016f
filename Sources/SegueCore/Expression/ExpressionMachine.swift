#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an `ExpressionProgram` over rows of a frame: xfade's `custom` transition (FFmpeg
/// `libavfilter/vf_xfade.c`) on premultiplied RGBA. For each pixel the expression is evaluated
/// once per plane, the planes numbered as in the planar RGB format xfade works in for RGB input
/// (GBRAP: plane 0 is green, 1 blue, 2 red, 3 alpha); `A` and `B` are the inputs' straight (not
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
        lanes = min(128, max(8, 32_768 / max(program.registerCount, 1)))
    }

    /// The plane of each byte of an RGBA pixel (R, G, B, A are planes 2, 0, 1, 3).
    @inline(__always)
    static func plane(ofByte k: Int) -> Double {
        switch k & 3 {
        case 0: 2
        case 1: 0
        case 2: 1
        default: 3
        }
    }

    /// The bit shift of a plane's byte within an RGBA pixel.
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
        let lanes = self.lanes, stride = 4 * lanes
        let registers = UnsafeMutablePointer<Double>.allocate(capacity: program.registerCount * stride)
        let iterations = UnsafeMutablePointer<Int32>.allocate(capacity: stride)
        defer { registers.deallocate(); iterations.deallocate() }
        // Every register is written before it is read, except the variables (reset per value below).
        var run = Run(machine: self, registers: registers, stride: stride, iterations: iterations, y: y)
        try run.execute(program.rowSteps, lanes: 0..<1, mask: nil)
        for instruction in program.rowSteps.instructions {
            let register = registers + instruction.target * stride
            register.update(repeating: register[0], count: stride)
        }
        let out = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        var start = 0
        while start < width {
            let count = min(lanes, width - start)
            run.x0 = start
            try run.execute(program.pixelSteps, lanes: 0..<count, mask: nil)
            for (source, target) in program.expansions {
                let s = registers + source * stride, t = registers + target * stride
                for l in 0..<count { let v = s[l]; t[4 * l] = v; t[4 * l + 1] = v; t[4 * l + 2] = v; t[4 * l + 3] = v }
            }
            for slot in program.variables { (registers + slot * stride).update(repeating: 0, count: 4 * count) }
            iterations.update(repeating: 0, count: 4 * count)
            try run.execute(program.planeSteps, lanes: 0..<(4 * count), mask: nil)
            let result = registers + program.planeSteps.result * stride
            let bytes = out + 4 * start
            for k in 0..<(4 * count) { bytes[k] = ExpressionMath.storedByte(result[k]) }
            for l in 0..<count where bytes[4 * l + 3] != 255 {
                let pixel = UnsafeMutableRawPointer(bytes + 4 * l).assumingMemoryBound(to: UInt32.self)
                pixel.pointee = Self.premultiplied(pixel.pointee)
            }
            start += count
        }
    }

    /// A straight pixel premultiplied (`AlphaRounding`).
    @inline(__always)
    static func premultiplied(_ pixel: UInt32) -> UInt32 {
        let a = pixel >> 24
        func scaled(_ c: UInt32) -> UInt32 { AlphaRounding.premultiplied(c, alpha: a) }
        return scaled(pixel & 255) | scaled((pixel >> 8) & 255) << 8 | scaled((pixel >> 16) & 255) << 16 | a << 24
    }

    /// The straight value of `plane` of a premultiplied pixel.
    @inline(__always)
    static func straight(_ pixel: UInt32, plane: Int) -> Double {
        let shift = channelShift(plane: plane)
        let a = pixel >> 24
        let c = (pixel >> shift) & 255
        return shift == 24 || a == 255 ? Double(c) : Double(AlphaRounding.straight(c, alpha: a))
    }
}

/// One row's evaluation: the register file (`lanes` values per register) and where it is.
private struct Run {
    let machine: ExpressionMachine
    let registers: UnsafeMutablePointer<Double>
    /// Values per register: four lanes per pixel in `planeSteps`, the first quarter in `pixelSteps`.
    let stride: Int
    /// Loop iterations of the current value, per lane.
    let iterations: UnsafeMutablePointer<Int32>
    let y: Int
    var x0 = 0

    init(machine: ExpressionMachine, registers: UnsafeMutablePointer<Double>, stride: Int, iterations: UnsafeMutablePointer<Int32>, y: Int) {
        self.machine = machine; self.registers = registers; self.stride = stride; self.iterations = iterations; self.y = y
    }

    @inline(__always) func r(_ index: Int) -> UnsafeMutablePointer<Double> { registers + index * stride }

    /// Runs `block` for `lanes` (pixels in `pixelSteps`, bytes of pixels in `planeSteps`); only
    /// lanes whose `mask` is non-zero (all when nil) see its effects.
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
                for l in range { d[l] = registers[ExpressionMath.variableIndex(pi[l]) * stride + l] }
            case .store(let index, let value):
                let pi = r(index), pv = r(value)
                for l in range {
                    d[l] = pv[l]
                    if mask.map({ $0[l] != 0 }) ?? true { registers[ExpressionMath.variableIndex(pi[l]) * stride + l] = pv[l] }
                }
            case .loadVariable(let slot):
                let variable = r(slot)
                for l in range { d[l] = variable[l] }
            case .storeVariable(let slot, let value):
                let variable = r(slot), pv = r(value)
                if let mask {
                    for l in range { d[l] = pv[l]; if mask[l] != 0 { variable[l] = pv[l] } }
                } else {
                    for l in range { d[l] = pv[l]; variable[l] = pv[l] }
                }
            case .random(let index):
                let pi = r(index)
                for l in range where mask.map({ $0[l] != 0 }) ?? true {
                    let slot = ExpressionMath.variableIndex(pi[l]) * stride + l
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
                    let slot = (pv.map { ExpressionMath.variableIndex($0[l]) } ?? 0) * stride + l
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
                                 + "(at x=\(x0 + l / 4), y=\(y)); does a while condition never become 0?")
            }
        }
    }

    /// A variable: X, Y, W, H and P in `pixelSteps` (a lane per pixel), A, B and PLANE in
    /// `planeSteps` (a lane per byte of the row).
    private func load(_ variable: ExpressionVariable, into d: UnsafeMutablePointer<Double>, _ range: Range<Int>) {
        switch variable {
        case .X: for l in range { d[l] = Double(x0 + l) }
        case .Y: for l in range { d[l] = Double(y) }
        case .W: for l in range { d[l] = Double(machine.width) }
        case .H: for l in range { d[l] = Double(machine.height) }
        case .P: for l in range { d[l] = Double(machine.progress) }
        case .PLANE: for l in range { d[l] = ExpressionMachine.plane(ofByte: l) }
        case .A, .B:
            let row = UnsafeRawPointer((variable == .A ? machine.from : machine.to) + y * machine.width + x0)
                .assumingMemoryBound(to: UInt8.self)
            var opaque = true
            if !range.isEmpty {
                for pixel in (range.lowerBound >> 2)...((range.upperBound - 1) >> 2) { opaque = opaque && row[4 * pixel + 3] == 255 }
            }
            if opaque {
                for l in range { d[l] = Double(row[l]) }
            } else {
                for l in range {
                    let c = UInt32(row[l]), a = UInt32(row[l | 3])
                    d[l] = l & 3 == 3 || a == 255 ? Double(c) : Double(AlphaRounding.straight(c, alpha: a))
                }
            }
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
