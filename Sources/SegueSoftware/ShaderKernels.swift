import SegueCore

/// Swift kernels of the built-in shader programs, keyed by program name: each builds the
/// `RowOp` that does what `Shaders/GLSL/<program>.frag` does, from the same `ShaderCall`.
/// Programs not listed here (user and GL Transitions shaders) run on GL only.
///
/// Inputs must have the canvas's size (the pipeline fits every image to it): the programs
/// sample them at pixel centres, i.e. texel for texel.
enum ShaderKernels {
    typealias Inputs = [String: UnsafePointer<UInt32>]
    typealias Make = @Sendable (ShaderCall, Inputs, PixelSize) throws(SegueError) -> any RowOp

    static let programs: [String: Make] = [
        "circle-reveal": { call, inputs, size throws(SegueError) in
            let args = KernelArguments(call)
            let center = try args.vec2("u_center"), radius = try args.float("u_radius")
            let feather = try args.float("u_feather"), reveal = try args.bool("u_reveal")
            let (inside, outside) = try revealInputs(inputs, reveal: reveal, call)
            return ShapeRevealOp(shape: .circle(center, radius, feather), inside: inside, outside: outside, width: size.width)
        },
        "iris": { call, inputs, size throws(SegueError) in
            let args = KernelArguments(call)
            let r = try args.vec4("u_rect"), q = try args.vec4("u_radii"), reveal = try args.bool("u_reveal")
            let (inside, outside) = try revealInputs(inputs, reveal: reveal, call)
            let rect = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
            let radii = CornerRadii(topLeft: q[0], topRight: q[1], bottomRight: q[2], bottomLeft: q[3])
            return ShapeRevealOp(shape: .roundedRect(rect, radii), inside: inside, outside: outside, width: size.width)
        },
        "mask": { call, inputs, size throws(SegueError) in
            let args = KernelArguments(call)
            return LumaWipeOp(from: try input("from", inputs, call), to: try input("to", inputs, call), mask: try input("mask", inputs, call),
                              progress: try args.float("u_progress"), softness: try args.float("u_softness"), width: size.width)
        },
    ]

    static func input(_ name: String, _ inputs: Inputs, _ call: ShaderCall) throws(SegueError) -> UnsafePointer<UInt32> {
        guard let p = inputs[name] else { throw .invalidInput("shader '\(call.program)': input '\(name)' is missing") }
        return p
    }

    private static func revealInputs(_ inputs: Inputs, reveal: Bool, _ call: ShaderCall) throws(SegueError) -> (UnsafePointer<UInt32>, UnsafePointer<UInt32>) {
        let from = try input("from", inputs, call), to = try input("to", inputs, call)
        return reveal ? (to, from) : (from, to)
    }
}

/// Typed access to a call's uniforms, with the error GL would give for a missing or mistyped one.
struct KernelArguments {
    let call: ShaderCall
    init(_ call: ShaderCall) { self.call = call }

    private func values(_ name: String, _ type: String, _ count: Int) throws(SegueError) -> [Double] {
        guard let v = call.uniforms[name], v.type == type, v.values.count == count, v.values.allSatisfy(\.isFinite) else {
            throw .invalidInput("shader '\(call.program)': uniform '\(name)' must be a finite \(type)")
        }
        return v.values
    }
    func float(_ name: String) throws(SegueError) -> Double { try values(name, "float", 1)[0] }
    func bool(_ name: String) throws(SegueError) -> Bool { try values(name, "bool", 1)[0] != 0 }
    func vec2(_ name: String) throws(SegueError) -> Point { let v = try values(name, "vec2", 2); return Point(x: v[0], y: v[1]) }
    func vec4(_ name: String) throws(SegueError) -> [Double] { try values(name, "vec4", 4) }
}

/// `inside` where a shape covers the pixel, `outside` elsewhere, mixed by the coverage on the
/// edge (`circle-reveal.frag`, `iris.frag`). Per row the shape's span is found analytically
/// (`CoverageSpan`): runs left and right of it are copied from `outside`, the interior from
/// `inside`, and coverage is evaluated only on the edge pixels.
///
/// `@unchecked Sendable`: the pointers address images pinned, and only read, for the frame.
struct ShapeRevealOp: RowOp, @unchecked Sendable {
    enum Shape { case circle(Point, Double, Double), roundedRect(Rect, CornerRadii) }
    let shape: Shape
    let inside: UnsafePointer<UInt32>
    let outside: UnsafePointer<UInt32>
    let width: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let offset = y * width
        let a = inside + offset, b = outside + offset
        let span: CoverageSpan?
        switch shape {
        case .circle(let c, let r, let f): span = CoverageSpan.circle(center: c, radius: r, feather: f, row: y, width: width)
        case .roundedRect(let rect, let radii):
            span = rect.width > 0 && rect.height > 0 ? CoverageSpan.roundedRect(rect, radii: radii, row: y, width: width) : nil
        }
        guard let span else {
            dst.update(from: b, count: width)
            return false
        }
        let outer = span.outer, inner = span.inner
        dst.update(from: b, count: outer.lowerBound)
        dst.advanced(by: outer.upperBound).update(from: b + outer.upperBound, count: width - outer.upperBound)
        if !inner.isEmpty {
            let w = weight256(span.innerCoverage)
            if w == 256 {
                dst.advanced(by: inner.lowerBound).update(from: a + inner.lowerBound, count: inner.count)
            } else {
                for x in inner { dst[x] = lerpPixel(b[x], a[x], w) }
            }
        }
        let py = Double(y) + 0.5
        for edge in [span.leftEdge, span.rightEdge] {
            for x in edge {
                let px = Double(x) + 0.5
                let k: Double
                switch shape {
                case .circle(let c, let r, let f): k = Coverage.fromDistance(Coverage.circleDistance(px, py, center: c, radius: r), feather: f)
                case .roundedRect(let rect, let radii): k = Coverage.fromDistance(Coverage.roundedRectDistance(px, py, rect: rect, radii: radii))
                }
                dst[x] = lerpPixel(b[x], a[x], weight256(k))
            }
        }
        return false
    }
}

/// Luma wipe (`mask.frag`): per pixel the mask's luma sets the weight of `to` over `from`
/// (`Reveal.maskLuma`, `Reveal.wipeWeight`).
struct LumaWipeOp: RowOp, @unchecked Sendable {
    let from: UnsafePointer<UInt32>
    let to: UnsafePointer<UInt32>
    let mask: UnsafePointer<UInt32>
    let progress: Double
    let softness: Double
    let width: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let offset = y * width
        let f = from + offset, t = to + offset, m = mask + offset
        for x in 0..<width {
            let p = m[x]
            let luma = Reveal.maskLuma(r: Double(p & 0xFF) / 255, g: Double((p >> 8) & 0xFF) / 255, b: Double((p >> 16) & 0xFF) / 255)
            dst[x] = lerpPixel(f[x], t[x], weight256(Reveal.wipeWeight(mask: luma, progress: progress, softness: softness)))
        }
        return false
    }
}
