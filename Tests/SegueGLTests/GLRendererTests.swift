import Foundation
import SegueCore
import SegueGL
import SegueTestSupport
import Testing

/// Premultiplied RGBA8 noise (a valid premultiplied image: colour ≤ alpha), reproducible.
func glTestImage(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> PixelBuffer {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    func next() -> UInt8 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return UInt8(truncatingIfNeeded: state >> 24)
    }
    var image = PixelBuffer(width: width, height: height)
    for i in stride(from: 0, to: image.bytes.count, by: 4) {
        let a = opaque ? 255 : next()
        for c in 0..<3 { image.bytes[i + c] = UInt8(Int(next()) * Int(a) / 255) }
        image.bytes[i + 3] = a
    }
    return image
}

/// Bilinear sample of a premultiplied image at source position (sx, sy), texel centres at
/// +0.5, clamped to the edge: the reference for what GL LINEAR + CLAMP_TO_EDGE returns.
func bilinear(_ image: PixelBuffer, _ sx: Double, _ sy: Double) -> [Double] {
    let x = sx - 0.5, y = sy - 0.5
    let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
    let fx = x - Double(x0), fy = y - Double(y0)
    func texel(_ i: Int, _ j: Int, _ c: Int) -> Double {
        let ci = min(max(i, 0), image.width - 1), cj = min(max(j, 0), image.height - 1)
        return Double(image.bytes[(cj * image.width + ci) * 4 + c])
    }
    return (0..<4).map { c in
        let top = texel(x0, y0, c) * (1 - fx) + texel(x0 + 1, y0, c) * fx
        let bottom = texel(x0, y0 + 1, c) * (1 - fx) + texel(x0 + 1, y0 + 1, c) * fx
        return top * (1 - fy) + bottom * fy
    }
}

/// Largest per-channel difference between the buffer and `expected` over the pixels `where` picks.
func maxDifference(_ buffer: PixelBuffer, where include: (Int, Int) -> Bool = { _, _ in true },
                   expected: (Int, Int) -> [Double]) -> Double {
    var worst = 0.0
    for y in 0..<buffer.height {
        for x in 0..<buffer.width where include(x, y) {
            let want = expected(x, y), got = pixel(buffer, x, y)
            for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - want[c])) }
        }
    }
    return worst
}

/// A `GLProgramSource` holding programs in memory, to exercise `shader` commands while no
/// built-in program exists.
struct InlinePrograms: GLProgramSource {
    let programs: [String: String]
    func fragmentSource(forProgram program: String) -> String? { programs[program] }
}

extension GLSuite {
    @Suite struct GLRendererTests {
        let renderer: GLRenderer
        init() throws { renderer = try GLRenderer(platform: .auto) }

        func render(_ size: PixelSize, _ commands: [DrawCommand], images: ImageSet = ImageSet([:])) throws -> PixelBuffer {
            var target = PixelBuffer(size: size)
            try renderer.render(FramePlan(size: size, time: 0, progress: 0, commands: commands), images: images, into: &target)
            return target
        }

        @Test func backendName() { #expect(renderer.backendName == "gl") }

        @Test func orientationTopLeftIsRowZero() throws {
            let out = try render(PixelSize(width: 8, height: 6), [
                .clear(.white),
                .fill(Fill(shape: .rect(Rect(x: 0, y: 0, width: 4, height: 3), .zero), color: Color(r: 1, g: 0, b: 0))),
            ])
            #expect(pixel(out, 0, 0) == [255, 0, 0, 255])
            #expect(pixel(out, 3, 2) == [255, 0, 0, 255])
            #expect(pixel(out, 4, 0) == [255, 255, 255, 255])
            #expect(pixel(out, 0, 3) == [255, 255, 255, 255])
            #expect(pixel(out, 7, 5) == [255, 255, 255, 255])
        }

        /// A plan that does not clear draws onto a transparent canvas, not the previous frame.
        @Test func everyFrameStartsTransparent() throws {
            let size = PixelSize(width: 16, height: 8)
            _ = try render(size, [.clear(.white)])
            let out = try render(size, [.fill(Fill(shape: .rect(Rect(x: 0, y: 0, width: 4, height: 4), .zero), color: .black))])
            #expect(pixel(out, 10, 6) == [0, 0, 0, 0])
            #expect(pixel(out, 1, 1) == [0, 0, 0, 255])
        }

        @Test func clearWritesPremultipliedBytes() throws {
            let color = Color(r: 0.2, g: 0.6, b: 1, a: 0.5)
            let out = try render(PixelSize(width: 3, height: 2), [.clear(color)])
            let (r, g, b, a) = color.premultipliedBytes
            #expect(pixel(out, 2, 1) == [Int(r), Int(g), Int(b), Int(a)])
        }

        @Test func identityLayerReproducesTheImageExactly() throws {
            let image = glTestImage(width: 37, height: 23, seed: 1)
            let out = try render(image.size, [
                .clear(.clear), .layer(Layer(source: .from, frame: Rect(size: image.size))),
            ], images: ImageSet([.from: image]))
            #expect(out == image)
        }

        @Test func integerOffsetLayerIsAnExactCopy() throws {
            let image = glTestImage(width: 20, height: 10, seed: 2)
            let out = try render(PixelSize(width: 30, height: 16), [
                .clear(.clear), .layer(Layer(source: .to, frame: Rect(x: 5, y: 3, width: 20, height: 10))),
            ], images: ImageSet([.to: image]))
            #expect(pixel(out, 4, 3) == [0, 0, 0, 0])
            for y in 0..<10 { for x in 0..<20 { #expect(pixel(out, x + 5, y + 3) == pixel(image, x, y)) } }
        }

        @Test func fractionalOffsetSamplesBilinearly() throws {
            let image = glTestImage(width: 40, height: 30, seed: 3, opaque: true)
            let frame = Rect(x: 3.5, y: 2.25, width: 40, height: 30)
            let out = try render(PixelSize(width: 48, height: 36), [
                .clear(.clear), .layer(Layer(source: .from, frame: frame)),
            ], images: ImageSet([.from: image]))
            // Pixels whose centre is at least half a pixel inside the frame have coverage 1.
            let inside = { (x: Int, y: Int) in
                Double(x) >= frame.minX && Double(x) + 1 <= frame.maxX && Double(y) >= frame.minY && Double(y) + 1 <= frame.maxY
            }
            let worst = maxDifference(out, where: inside) { x, y in
                bilinear(image, Double(x) + 0.5 - frame.x, Double(y) + 0.5 - frame.y)
            }
            #expect(worst <= 2, "max difference \(worst)")
            #expect(pixel(out, 0, 0) == [0, 0, 0, 0])
            #expect(pixel(out, 3, 10)[3] == 128)  // half-covered column at x = 3.5
        }

        @Test(arguments: [1.5, 0.5])
        func scaledLayerSamplesTheSourceRect(scale: Double) throws {
            let image = glTestImage(width: 40, height: 30, seed: 4, opaque: true)
            let source = Rect(x: 4, y: 2, width: 32, height: 24)
            let frame = Rect(x: 2, y: 3, width: source.width * scale, height: source.height * scale)
            let out = try render(PixelSize(width: 52, height: 42), [
                .clear(.black), .layer(Layer(source: .from, sourceRect: source, frame: frame)),
            ], images: ImageSet([.from: image]))
            let inside = { (x: Int, y: Int) in
                Double(x) >= frame.minX && Double(x) + 1 <= frame.maxX && Double(y) >= frame.minY && Double(y) + 1 <= frame.maxY
            }
            let worst = maxDifference(out, where: inside) { x, y in
                bilinear(image, source.x + (Double(x) + 0.5 - frame.x) / scale, source.y + (Double(y) + 0.5 - frame.y) / scale)
            }
            #expect(worst <= 2, "max difference \(worst) at scale \(scale)")
            #expect(pixel(out, 51, 41) == [0, 0, 0, 255])
        }

        @Test func plusBlendOfComplementaryOpacitiesIsAMix() throws {
            let a = glTestImage(width: 31, height: 17, seed: 5), b = glTestImage(width: 31, height: 17, seed: 6)
            let canvas = Rect(size: a.size)
            let out = try render(a.size, [
                .clear(.clear),
                .layer(Layer(source: .from, frame: canvas, opacity: 0.3, blend: .plus)),
                .layer(Layer(source: .to, frame: canvas, opacity: 0.7, blend: .plus)),
            ], images: ImageSet([.from: a, .to: b]))
            let worst = maxDifference(out) { x, y in
                let pa = pixel(a, x, y), pb = pixel(b, x, y)
                return (0..<4).map { (0.3 * Double(pa[$0]) + 0.7 * Double(pb[$0])).rounded() }
            }
            #expect(worst <= 1, "max difference \(worst)")
        }

        @Test func texturesAreUploadedOncePerImageSet() throws {
            let size = PixelSize(width: 64, height: 48)
            let images = ImageSet([.from: glTestImage(width: 64, height: 48, seed: 7), .to: glTestImage(width: 64, height: 48, seed: 8)])
            var target = PixelBuffer(size: size)
            for n in 0..<100 {
                let e = Double(n) / 99
                let plan = FramePlan(size: size, time: e, progress: e, commands: [
                    .clear(.clear),
                    .layer(Layer(source: .from, frame: Rect(size: size), opacity: 1 - e, blend: .plus)),
                    .layer(Layer(source: .to, frame: Rect(size: size), opacity: e, blend: .plus)),
                ])
                try renderer.render(plan, images: images, into: &target)
            }
            #expect(renderer.textureUploadCount == 2)
            #expect(renderer.framebufferCreationCount == 1)
            // The last frame is exactly the `to` image.
            #expect(target == images[.to])
            // A new set re-uploads, once.
            let next = ImageSet([.from: glTestImage(width: 64, height: 48, seed: 9), .to: glTestImage(width: 32, height: 48, seed: 10)])
            for _ in 0..<3 {
                _ = try render(size, [.layer(Layer(source: .from, frame: Rect(size: size))),
                                      .layer(Layer(source: .to, frame: Rect(size: size)))], images: next)
            }
            #expect(renderer.textureUploadCount == 4)
        }

        @Test func framebufferFollowsThePlanSize() throws {
            let fill = DrawCommand.fill(Fill(shape: .rect(Rect(x: 0, y: 0, width: 1, height: 1), .zero), color: Color(r: 0, g: 1, b: 0)))
            let small = try render(PixelSize(width: 8, height: 6), [.clear(.black), fill])
            let wide = try render(PixelSize(width: 10, height: 4), [.clear(.black), fill])
            #expect(small.size == PixelSize(width: 8, height: 6) && wide.size == PixelSize(width: 10, height: 4))
            #expect(pixel(wide, 0, 0) == [0, 255, 0, 255] && pixel(wide, 0, 3) == [0, 0, 0, 255])
            #expect(renderer.framebufferCreationCount == 2)
            // A target of another size is replaced by one of the plan's size.
            var target = PixelBuffer(width: 1, height: 1)
            try renderer.render(FramePlan(size: PixelSize(width: 10, height: 4), time: 0, progress: 0, commands: [fill]),
                                images: ImageSet([:]), into: &target)
            #expect(target.size == PixelSize(width: 10, height: 4))
        }

        @Test func roundedCornersMatchCoverage() throws {
            var image = PixelBuffer(width: 40, height: 40)
            image.fill(.white)
            let frame = Rect(size: image.size)
            let radii = CornerRadii(topLeft: 10, topRight: 10, bottomRight: 4, bottomLeft: 0)
            let out = try render(image.size, [.clear(.clear), .layer(Layer(source: .from, frame: frame, cornerRadii: radii))],
                                 images: ImageSet([.from: image]))
            #expect(pixel(out, 0, 0) == [0, 0, 0, 0])
            #expect(pixel(out, 39, 0) == [0, 0, 0, 0])
            #expect(pixel(out, 39, 39)[3] < 128)
            #expect(pixel(out, 0, 39) == [255, 255, 255, 255])  // bottom-left is square
            #expect(pixel(out, 20, 20) == [255, 255, 255, 255])
            let worst = maxDifference(out) { x, y in
                let k = Coverage.fromDistance(Coverage.roundedRectDistance(Double(x) + 0.5, Double(y) + 0.5, rect: frame, radii: radii))
                return Array(repeating: (255 * k).rounded(), count: 4)
            }
            #expect(worst <= 1, "max difference \(worst)")
        }

        @Test func fillShapesMatchCoverage() throws {
            let size = PixelSize(width: 32, height: 24)
            let center = Point(x: 15.3, y: 11.7), radius = 8.4
            let out = try render(size, [
                .clear(.clear),
                .fill(Fill(shape: .circle(center: center, radius: radius), color: .white)),
            ])
            let worst = maxDifference(out) { x, y in
                let k = Coverage.fromDistance(Coverage.circleDistance(Double(x) + 0.5, Double(y) + 0.5, center: center, radius: radius))
                return Array(repeating: (255 * k).rounded(), count: 4)
            }
            #expect(worst <= 1, "max difference \(worst)")

            // A half-transparent dimming fill over white, source-over.
            let dim = try render(size, [.clear(.white), .fill(Fill(shape: .canvas, color: Color(r: 0, g: 0, b: 1, a: 0.5)))])
            let (_, _, b, a) = Color(r: 0, g: 0, b: 1, a: 0.5).premultipliedBytes
            let under = 255 * (1 - Double(a) / 255)
            let expected = [under, under, Double(b) + under, 255].map { $0.rounded() }
            #expect(maxDifference(dim) { _, _ in expected } <= 1)
        }

        @Test func shadowFollowsBoxShadowCoverage() throws {
            var image = PixelBuffer(width: 24, height: 24)
            image.fill(.white)
            let frame = Rect(x: 20, y: 16, width: 24, height: 24)
            let shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.5), radius: 4, offset: Point(x: 0, y: 6))
            let out = try render(PixelSize(width: 64, height: 64), [
                .clear(.clear), .layer(Layer(source: .from, frame: frame, opacity: 0.8, shadow: shadow)),
            ], images: ImageSet([.from: image]))
            let shadowRect = frame.offsetBy(dx: 0, dy: 6)
            // Outside the layer's frame only the shadow shows: alpha = 0.5 · 0.8 · boxShadow.
            let outside = { (x: Int, y: Int) in
                Double(x) + 1.5 <= frame.minX || Double(x) - 0.5 >= frame.maxX || Double(y) + 1.5 <= frame.minY || Double(y) - 0.5 >= frame.maxY
            }
            let worst = maxDifference(out, where: outside) { x, y in
                let k = Coverage.boxShadow(Double(x) + 0.5, Double(y) + 0.5, rect: shadowRect, sigma: 4)
                return [0, 0, 0, (255 * 0.4 * k).rounded()]
            }
            #expect(worst <= 1, "max difference \(worst)")
            #expect(pixel(out, 32, 46)[3] > 40)      // under the layer's bottom edge
            #expect(pixel(out, 32, 63)[3] == 0)      // beyond 3σ
            // Inside, the layer at opacity 0.8 lies over its own shadow: alpha = 204 + 0.2 · shadow.
            let under = (255 * 0.4 * Coverage.boxShadow(32.5, 28.5, rect: shadowRect, sigma: 4)).rounded()
            let inside = pixel(out, 32, 28)
            #expect(inside[0] == 204 && inside[1] == 204 && inside[2] == 204)
            #expect(abs(Double(inside[3]) - (204 + 0.2 * under)) <= 1)
        }

        @Test func unknownShaderProgramIsInvalidInput() throws {
            #expect {
                _ = try render(PixelSize(width: 4, height: 4), [.shader(ShaderCall(program: "no-such-program"))])
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("no-such-program")
            }
        }

        @Test func missingImageIsInvalidInput() throws {
            #expect {
                _ = try render(PixelSize(width: 4, height: 4), [.layer(Layer(source: .named("mask"), frame: Rect(x: 0, y: 0, width: 4, height: 4)))])
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("mask")
            }
        }
    }
}

extension GLSuite {
    /// `shader` command plumbing: program lookup, uniforms by GLSL type, input textures.
    @Suite struct GLShaderCommandTests {
        static let programs = InlinePrograms(programs: [
            "tint": """
            #version 300 es
            uniform sampler2D u_from;
            uniform float u_gain;
            uniform vec4 u_add;
            uniform int u_flip;
            in vec2 v_uv;
            out vec4 fragColor;
            void main() {
                vec2 uv = u_flip == 1 ? vec2(1.0 - v_uv.x, v_uv.y) : v_uv;
                fragColor = texture(u_from, uv) * u_gain + u_add;
            }
            """,
            "broken": """
            out vec4 fragColor;
            void main() {
                fragColor = vec4(undefinedThing);
            }
            """,
        ])

        @Test func uniformsAndInputsReachTheProgram() throws {
            let renderer = try GLRenderer(programs: GLShaderCommandTests.programs)
            let image = glTestImage(width: 16, height: 12, seed: 11, opaque: true)
            let call = ShaderCall(program: "tint", uniforms: [
                "u_gain": .float(0.5), "u_add": .color(Color(r: 0.25, g: 0, b: 0, a: 0.5)), "u_flip": .int(1),
                "u_unused": .float(3),
            ], inputs: ["u_from": .from])
            var out = PixelBuffer(size: image.size)
            try renderer.render(FramePlan(size: image.size, time: 0, progress: 0, commands: [.clear(.white), .shader(call)]),
                                images: ImageSet([.from: image]), into: &out)
            let worst = maxDifference(out) { x, y in
                let p = pixel(image, image.width - 1 - x, y).map(Double.init)
                return [p[0] * 0.5 + 63.75, p[1] * 0.5, p[2] * 0.5, min(255, p[3] * 0.5 + 127.5)].map { $0.rounded() }
            }
            #expect(worst <= 1, "max difference \(worst)")
        }

        @Test func wrongUniformTypeIsInvalidInput() throws {
            let renderer = try GLRenderer(programs: GLShaderCommandTests.programs)
            let call = ShaderCall(program: "tint", uniforms: ["u_gain": .vec2(Point(x: 1, y: 2))], inputs: ["u_from": .from])
            var out = PixelBuffer(width: 4, height: 4)
            #expect {
                try renderer.render(FramePlan(size: out.size, time: 0, progress: 0, commands: [.shader(call)]),
                                    images: ImageSet([.from: glTestImage(width: 4, height: 4, seed: 1)]), into: &out)
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("u_gain")
            }
        }

        @Test func compileErrorsNameTheFileLine() throws {
            let renderer = try GLRenderer(programs: GLShaderCommandTests.programs)
            var out = PixelBuffer(width: 4, height: 4)
            #expect {
                try renderer.render(FramePlan(size: out.size, time: 0, progress: 0, commands: [.shader(ShaderCall(program: "broken"))]),
                                    images: ImageSet([:]), into: &out)
            } throws: { error in
                // The undefined identifier is on line 3 of the program's own text.
                let text = "\(error)"
                return (error as? SegueError)?.kind == .invalidInput && text.contains("broken.frag") && text.contains("0:3(")
            }
        }

        @Test func shaderDirectoryOverridesAndAddsPrograms() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-gl-shaders-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try """
            uniform vec4 u_color;
            out vec4 fragColor;
            void main() { fragColor = vec4(0.0, 1.0, 0.0, 1.0); }
            """.write(to: directory.appendingPathComponent("fill.frag"), atomically: true, encoding: .utf8)
            try """
            uniform float u_level;
            out vec4 fragColor;
            void main() { fragColor = vec4(u_level, 0.0, 0.0, 1.0); }
            """.write(to: directory.appendingPathComponent("solid.frag"), atomically: true, encoding: .utf8)

            let renderer = try GLRenderer(shaderDirectory: directory.path)
            var out = PixelBuffer(width: 4, height: 4)
            try renderer.render(FramePlan(size: out.size, time: 0, progress: 0, commands: [
                .fill(Fill(shape: .canvas, color: .white)),
            ]), images: ImageSet([:]), into: &out)
            #expect(pixel(out, 1, 1) == [0, 255, 0, 255])
            try renderer.render(FramePlan(size: out.size, time: 0, progress: 0, commands: [
                .shader(ShaderCall(program: "solid", uniforms: ["u_level": .float(1)])),
            ]), images: ImageSet([:]), into: &out)
            #expect(pixel(out, 3, 3) == [255, 0, 0, 255])
            // A broken override of a built-in stage is the author's input error, with the log.
            let broken = directory.appendingPathComponent("broken")
            try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
            try "out vec4 fragColor;\nvoid main() { fragColor = nope; }\n"
                .write(to: broken.appendingPathComponent("layer.frag"), atomically: true, encoding: .utf8)
            #expect {
                _ = try GLRenderer(shaderDirectory: broken.path)
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("layer.frag") && "\(error)".contains("0:2(")
            }
            // Built-in stages are not callable as programs.
            #expect(throws: SegueError.self) {
                try renderer.render(FramePlan(size: out.size, time: 0, progress: 0, commands: [.shader(ShaderCall(program: "layer"))]),
                                    images: ImageSet([:]), into: &out)
            }
        }
    }
}

extension GLSuite {
    @Suite struct GLShadowMathTests {
        @Test func erfMatchesKnownValues() {
            let known: [(Double, Double)] = [(0, 0), (0.5, 0.5204998778), (1, 0.8427007929), (2, 0.9953222650), (3, 0.9999779095)]
            for (x, value) in known {
                #expect(abs(Coverage.erf(x) - value) < 2e-7, "erf(\(x))")
                #expect(abs(Coverage.erf(-x) + value) < 2e-7, "erf(-\(x))")
            }
        }

        @Test func boxShadowLimits() {
            let rect = Rect(x: 0, y: 0, width: 1000, height: 1000)
            #expect(abs(Coverage.boxShadow(500, 500, rect: rect, sigma: 5) - 1) < 1e-6)
            #expect(abs(Coverage.boxShadow(0, 500, rect: rect, sigma: 5) - 0.5) < 1e-6)
            #expect(abs(Coverage.boxShadow(0, 0, rect: rect, sigma: 5) - 0.25) < 1e-6)
            #expect(Coverage.boxShadow(-30, 500, rect: rect, sigma: 5) < 1e-6)
            // σ = 0 is the sharp rectangle's one-pixel ramp.
            #expect(Coverage.boxShadow(0.5, 500, rect: rect, sigma: 0) == 1)
            #expect(Coverage.boxShadow(-0.5, 500, rect: rect, sigma: 0) == 0)
        }
    }
}
