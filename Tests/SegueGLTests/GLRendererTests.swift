import Foundation
import SegueCore
import SegueGL
import SegueTestSupport
import Testing

/// A `GLProgramSource` holding programs in memory, to exercise `shader` commands while no
/// built-in program exists.
struct InlinePrograms: GLProgramSource {
    let programs: [String: String]
    func fragmentSource(forProgram program: String) -> String? { programs[program] }
}

extension GLSuite {
    /// What only the GL renderer does: resource reuse across frames, a target resized to the
    /// plan, program lookup. Behaviours both renderers share are in RendererConformanceTests.
    @Suite struct GLRendererTests {
        let renderer: GLRenderer
        init() throws { renderer = try GLRenderer(platform: .auto) }

        func render(_ size: PixelSize, _ commands: [DrawCommand], images: ImageSet = ImageSet([:])) throws -> PixelBuffer {
            var target = PixelBuffer(size: size)
            try renderer.render(FramePlan(size: size, time: 0, progress: 0, commands: commands), images: images, into: &target)
            return target
        }

        @Test func texturesAreUploadedOncePerImageSet() throws {
            let size = PixelSize(width: 64, height: 48)
            let images = ImageSet([.from: TestImages.noise(width: 64, height: 48, seed: 7), .to: TestImages.noise(width: 64, height: 48, seed: 8)])
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
            let next = ImageSet([.from: TestImages.noise(width: 64, height: 48, seed: 9), .to: TestImages.noise(width: 32, height: 48, seed: 10)])
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
            // The caller owns the target (`FramePool`): one of another size is an error, never replaced.
            var target = PixelBuffer(width: 1, height: 1)
            #expect(throws: SegueError.self) {
                try renderer.render(FramePlan(size: PixelSize(width: 10, height: 4), time: 0, progress: 0, commands: [fill]),
                                    images: ImageSet([:]), into: &target)
            }
        }

        @Test func unknownShaderProgramIsInvalidInput() throws {
            #expect {
                _ = try render(PixelSize(width: 4, height: 4), [.shader(ShaderCall(program: "no-such-program"))])
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("no-such-program")
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
            let image = TestImages.noise(width: 16, height: 12, seed: 11, opaque: true)
            let call = ShaderCall(program: "tint", uniforms: [
                "u_gain": .float(0.5), "u_add": UniformValue(type: "vec4", values: [0.25, 0, 0, 0.5]), "u_flip": .int(1),
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
                                    images: ImageSet([.from: TestImages.noise(width: 4, height: 4, seed: 1)]), into: &out)
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
