import Foundation
import SegueCore
import SegueEffects
import SegueGL
import SegueAuthoring
import SegueGLSL
import SegueIO
import SeguePipeline
import SegueTestSupport
import Testing

/// Shader files for tests, written to a fresh temporary folder (sources are Swift literals:
/// the package declares no test resources).
final class ShaderFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-user-shaders-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Opaque images whose halves differ: top red / bottom blue (`from`), left green / right white (`to`).
func halvesImage(_ size: PixelSize, to: Bool) -> PixelBuffer {
    var image = PixelBuffer(size: size)
    for y in 0..<size.height {
        for x in 0..<size.width {
            let c: [UInt8] = to ? (x < size.width / 2 ? [0, 255, 0, 255] : [255, 255, 255, 255])
                                : (y < size.height / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255])
            image.bytes.replaceSubrange((y * size.width + x) * 4..<((y * size.width + x) * 4 + 4), with: c)
        }
    }
    return image
}

extension GLSuite {
    @Suite struct UserShaderGLTests {
        let folder: ShaderFolder
        let session: RenderSession
        static let size = PixelSize(width: 32, height: 24)

        init() throws {
            folder = try ShaderFolder()
            session = RenderSession(backend: .gl, notice: { _ in })
        }

        func transition(_ path: String, params: [(String, String)] = [], catalog: EffectCatalog = EffectCatalog(),
                        size: PixelSize = UserShaderGLTests.size) throws -> PreparedTransition {
            var request = TransitionRequest(effect: path)
            request.catalog = catalog
            request.size = size
            request.fromImage = halvesImage(size, to: false)
            request.toImage = halvesImage(size, to: true)
            request.parameters = params
            return try PreparedTransition(request)
        }

        func render(_ t: PreparedTransition, at fraction: Double) throws -> PixelBuffer {
            var out = PixelBuffer(size: t.size)
            try session.renderer(for: t).render(t.plan(fraction: fraction), images: t.images, into: &out)
            return out
        }

        func renderFile(_ name: String, _ text: String, at fraction: Double, params: [(String, String)] = []) throws -> PixelBuffer {
            try render(try transition(try folder.write(name, text), params: params), at: fraction)
        }

        /// uv is bottom-left (the spec) while frames stay top-left: the top half of the output
        /// is where uv.y > 0.5, and getFromColor shows the snapshot upright there.
        @Test func uvOriginIsBottomLeftAndSnapshotsUpright() throws {
            let out = try renderFile("orient.glsl", """
            vec4 transition(vec2 uv) { return uv.y > 0.5 ? getFromColor(uv) : vec4(0.0, 1.0, 0.0, 1.0); }
            """, at: 0.5)
            #expect(pixel(out, 3, 2) == [255, 0, 0, 255])
            #expect(pixel(out, 3, 20) == [0, 255, 0, 255])
        }

        /// Endpoints come from the shader itself (progress 0 and 1, eased on the CPU).
        @Test func globalInitializerReadingUniformsIsHoisted() throws {
            let text = """
            uniform float smoothness; // = 0.0
            float edge = progress;
            vec2 centre = vec2(0.5, edge), other = centre * 2.0;
            vec4 transition(vec2 uv) {
              return uv.x < edge + smoothness ? getToColor(uv) : getFromColor(uv);
            }
            """
            let t = try transition(try folder.write("hoist.glsl", text))
            #expect(try render(t, at: 0) == halvesImage(Self.size, to: false))
            #expect(try render(t, at: 1) == halvesImage(Self.size, to: true))
            let middle = try render(t, at: 0.5)
            #expect(pixel(middle, 2, 2) == [0, 255, 0, 255] && pixel(middle, 30, 2) == [255, 0, 0, 255])
        }

        /// DoomScreenTransition class: `precision mediump float` and an int product beyond fp16
        /// (inf → NaN) would show `to` at progress 0; forced highp keeps the endpoint rule.
        @Test func mediumpIntOverflowRunsInHighp() throws {
            let text = """
            precision mediump float;
            uniform int bars; // = 30
            vec4 transition(vec2 uv) {
              int bar = int(uv.x * float(bars));
              float r = mod(float(bar) * 67123.313, 12.0) / 12.0;
              float t = progress * 2.0 - r;
              return t <= 0.0 ? getFromColor(uv) : getToColor(uv);
            }
            """
            let t = try transition(try folder.write("doom.glsl", text))
            #expect(try render(t, at: 0) == halvesImage(Self.size, to: false))
        }

        /// FilmBurn class: a user function named `texture` (a built-in in ES 3) is renamed;
        /// `texture2D` on a sampler parameter still works.
        @Test func userTextureFunctionAndTexture2D() throws {
            let out = try renderFile("burn.glsl", """
            uniform sampler2D luma;
            vec4 texture(vec2 p) { return getFromColor(p); }
            vec4 transition(vec2 uv) {
              float l = texture2D(luma, uv).r;
              return mix(texture(uv), getToColor(uv), step(2.0, l + 2.0 * progress));
            }
            """, at: 0.25)
            #expect(out == halvesImage(Self.size, to: false))
        }

        /// ES 1.00 code may name things `smooth`, `flat` or `round`: keywords or built-ins in ES 3.
        @Test func es3KeywordsAndBuiltinsAsNames() throws {
            let out = try renderFile("names.glsl", """
            float smooth = 0.5;
            float round(float x) { return floor(x + 0.5); }
            vec4 transition(vec2 uv) {
              float flat = round(progress);
              return mix(getFromColor(uv), getToColor(uv), flat * smooth * 2.0);
            }
            """, at: 0.75)
            #expect(out == halvesImage(Self.size, to: true))
        }

        @Test func multiDeclaratorDefaultsAndEveryTypeAreUploaded() throws {
            let text = """
            uniform float f; // = 0.25
            uniform int i; // = 3
            uniform bool b; // = 1
            uniform vec2 v2 /* = vec2(0.5) */, w2 /* = vec2(1.0, 2.0) */;
            uniform float x, y; // = 0.75
            uniform vec3 v3; // = vec3(0.1, 0.2, 0.3)
            uniform vec4 v4; // = vec4(1.0, 2.0, 3.0, 4.0)
            uniform ivec2 i2; // = ivec2(20)
            uniform ivec3 i3; // = ivec3(1, -2, 3)
            uniform ivec4 i4; // = ivec4(-1)
            uniform bvec2 b2; // = bvec2(true, false)
            uniform bvec3 b3; // = bvec3(1)
            uniform bvec4 b4; // = bvec4(false)
            uniform mat2 m2; // = mat2(1.0, 2.0, 3.0, 4.0)
            uniform mat3 m3; // = mat3(2.0)
            uniform mat4 m4; // = mat4(1.0)
            vec4 transition(vec2 uv) {
              bool ok = f == 0.25 && i == 3 && b && v2 == vec2(0.5) && w2 == vec2(1.0, 2.0) && x == 0.75 && y == 0.75
                && v3 == vec3(0.1, 0.2, 0.3) && v4 == vec4(1.0, 2.0, 3.0, 4.0) && i2 == ivec2(20) && i3 == ivec3(1, -2, 3)
                && i4 == ivec4(-1) && b2 == bvec2(true, false) && all(b3) && !any(b4)
                && m2 == mat2(1.0, 2.0, 3.0, 4.0) && m3 == mat3(2.0) && m4 == mat4(1.0);
              return ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
            }
            """
            let path = try folder.write("types.glsl", text)
            #expect(pixel(try render(try transition(path), at: 0.5), 5, 5) == [0, 255, 0, 255])
            // The same values written on the command line pass; a different one does not.
            let same = [("f", "0.25"), ("i", "3"), ("b", "true"), ("v2", "0.5,0.5"), ("i4", "-1,-1,-1,-1"),
                        ("b2", "1,0"), ("m3", "2,0,0,0,2,0,0,0,2"), ("v3", "0.1, 0.2, 0.3")]
            #expect(pixel(try render(try transition(path, params: same), at: 0.5), 5, 5) == [0, 255, 0, 255])
            #expect(pixel(try render(try transition(path, params: [("i3", "1,2,3")]), at: 0.5), 5, 5) == [255, 0, 0, 255])
            #expect { _ = try transition(path, params: [("i", "1.5")]) } throws: { ($0 as? SegueError)?.exitCode == 65 }
            #expect { _ = try transition(path, params: [("nope", "1")]) } throws: { ($0 as? SegueError)?.exitCode == 65 }
        }

        /// A sampler2D parameter reads an image file (upright under the spec's uv), or the
        /// built-in luma spiral when none is given.
        @Test func samplerParameterFromFileOrDefault() throws {
            let path = try folder.write("luma.glsl", """
            uniform sampler2D luma;
            vec4 transition(vec2 uv) { return texture2D(luma, uv); }
            """)
            let imagePath = folder.url.appendingPathComponent("map.png").path
            let map = halvesImage(Self.size, to: false)
            try PNGCodec.write(map, to: imagePath)
            #expect(try render(try transition(path, params: [("luma", imagePath)]), at: 0.5) == map)
            let spiralSize = PixelSize(width: 256, height: 256)
            #expect(try render(try transition(path, size: spiralSize), at: 0.5) == ShaderTextures.lumaSpiral())
            #expect { _ = try transition(path, params: [("luma", imagePath + ".missing")]) } throws: { ($0 as? SegueError)?.exitCode == 66 }
        }

        /// Errors name the author's file, line and 1-based column, also inside a hoisted initializer.
        @Test func compileErrorsPointAtTheUserFile() throws {
            let path = try folder.write("broken.glsl", """
            // Author: someone
            uniform float amount; // = 1.0
            float g = amount * 2.0;
            vec4 transition(vec2 uv) {
              return getToColor(uv) * nope;
            }
            """)
            #expect { _ = try render(try transition(path), at: 0.5) } throws: { error in
                let message = (error as? SegueError)?.message ?? ""
                return message.hasPrefix("\(path):5:27: error: `nope' undeclared") && !message.contains("_segue")
            }
            let hoisted = try folder.write("hoisted.glsl", """
            uniform float amount; // = 1.0
            float other;
            float g = amount * missing;
            vec4 transition(vec2 uv) { return getToColor(uv) * g; }
            """)
            #expect { _ = try render(try transition(hoisted), at: 0.5) } throws: { error in
                ((error as? SegueError)?.message ?? "").hasPrefix("\(hoisted):3:20: error: `missing' undeclared")
            }
            let signature = try folder.write("nosig.glsl", "vec3 transition(vec2 uv) { return vec3(0.0); }\n")
            #expect { _ = try transition(signature) } throws: { error in
                ((error as? SegueError)?.message ?? "").hasPrefix("\(signature):1:6: error: transition must be")
            }
        }

        /// A native file reuses a built-in effect's plan: its `shader` commands run the file,
        /// with the effect's uniforms and the file's own defaulted parameters.
        @Test func nativeFileReusesABuiltInEffect() throws {
            let catalog = EffectCatalog(builtins: EffectTable.all + [TintEffect.entry])
            let path = try folder.write("my-tint.glsl", """
            // segue: effect test-tint
            uniform sampler2D u_from;
            uniform float u_level;
            uniform vec4 tint; // = vec4(0.0, 1.0, 0.0, 1.0)
            in vec2 v_uv;
            out vec4 fragColor;
            void main() { fragColor = mix(texture(u_from, v_uv), tint, u_level); }
            """)
            let t = try transition(path, catalog: catalog)
            #expect(t.drawing.needsGL && t.descriptor.parameters.map(\.name) == ["level", "tint"])
            #expect(pixel(try render(t, at: 0.5), 3, 2) == [0, 255, 0, 255])
            // Half way from the `from` snapshot (top red, bottom blue) to a red tint.
            let red = try render(try transition(path, params: [("tint", "1,0,0,1"), ("level", "-0.5")], catalog: catalog), at: 0.5)
            #expect(pixel(red, 3, 2) == [255, 0, 0, 255])
            #expect(zip(pixel(red, 3, 20), [128, 0, 128, 255]).allSatisfy { abs($0 - $1) <= 1 }, "\(pixel(red, 3, 20))")
            // Listed beside the built-ins when it sits in the shader folder; overrides by name.
            let listed = EffectCatalog(builtins: EffectTable.all + [TintEffect.entry], shaderDirectory: folder.url.path).listing()
            #expect(listed.effects.contains { $0.entry.name == "my-tint" && (try? $0.entry.drawing().needsGL) == true })
        }

        /// A native file for a built-in canvas program (`reveal.frag`) gets that program's
        /// uniforms and inputs (`ProgramInterface`) and replaces it; the old program names of
        /// native files (`circle-reveal`, `iris`) still mean it.
        @Test func nativeFileReplacesABuiltInCanvasProgram() throws {
            for header in ["// segue: effect circle-reveal", "// segue: effect circle-reveal program reveal"] {
                let path = try folder.write("rim.glsl", """
                \(header)
                uniform sampler2D u_outside;
                uniform vec4 u_circle;
                uniform vec4 rim; // = vec4(0.0, 1.0, 0.0, 1.0)
                in vec2 v_uv;
                out vec4 fragColor;
                void main() {
                    float d = length(gl_FragCoord.xy - u_circle.xy) - u_circle.z;
                    fragColor = d < 0.0 ? rim : texture(u_outside, v_uv);
                }
                """)
                // Centre (4, 4) pt = (12, 12) px at scale 3; half-way the radius is half the
                // distance to the farthest corner (11.7 px): (12, 12) is inside, (31, 23) outside.
                let t = try transition(path, params: [("center", "4,4"), ("rim", "0,0,1,1")])
                #expect(t.drawing.needsGL && t.drawing.commands == ["shader"])
                let out = try render(t, at: 0.5)
                #expect(pixel(out, 12, 12) == [0, 0, 255, 255])
                #expect(pixel(out, 31, 23) == pixel(halvesImage(UserShaderGLTests.size, to: false), 31, 23))
            }
        }

        @Test func validatorChecksEndpointsAndCompiles() throws {
            let good = try folder.write("good.glsl", """
            // Author: Test
            // License: MIT
            vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }
            """)
            let stuck = try folder.write("stuck.glsl", "// Author: Test\n// License: MIT\nvec4 transition(vec2 uv) { return getFromColor(uv); }\n")
            let broken = try folder.write("syntax.glsl", "vec4 transition(vec2 uv) {\n  return getFromColor(uv)\n}\n")
            let ok = ShaderValidator.validate(path: good, catalog: EffectCatalog(), session: session)
            #expect(ok.pass && ok.messages.isEmpty && ok.format == "gl-transition", "\(ok.messages)")
            let wrong = ShaderValidator.validate(path: stuck, catalog: EffectCatalog(), session: session)
            #expect(!wrong.pass && wrong.messages.map(\.code) == ["endpoint"])
            let failed = ShaderValidator.validate(path: broken, catalog: EffectCatalog(), session: session)
            #expect(!failed.pass && failed.messages.contains { $0.code == "compile" && $0.line == 3 && $0.column != nil })
        }

        /// The endpoint rule is the spec's own (gl-transition-utils on a 512×256 canvas, corners
        /// inset by 8 and 4 pixels, centre pixel (256, 128) from the bottom): no stricter, no laxer.
        @Test func validatorUsesTheSpecCanvasAndPickPoints() throws {
            #expect(ShaderValidator.size == PixelSize(width: 512, height: 256))
            #expect(ShaderValidator.probes.map { [$0.0, $0.1] } == [[8, 251], [503, 251], [8, 4], [503, 4], [256, 127]])
            // At progress 0 a thin ring around the centre shows `to`; the spec's centre pick lies
            // in its hole. Any ratio but the canvas's 2 shows `to` everywhere.
            let ring = try folder.write("ring.glsl", """
            // Author: Test
            // License: MIT
            vec4 transition(vec2 uv) {
              float d = distance(uv, vec2(0.5));
              float ring = step(0.005, d) * step(d, 0.03);
              float wrongRatio = 1.0 - step(abs(ratio - 2.0), 0.001);
              float m = progress >= 1.0 ? 1.0 : max(progress, max(ring, wrongRatio));
              return mix(getFromColor(uv), getToColor(uv), m);
            }
            """)
            let passed = ShaderValidator.validate(path: ring, catalog: EffectCatalog(), session: session)
            #expect(passed.pass && passed.messages.isEmpty, "\(passed.messages)")
            // `to` in a 2% strip at the left edge at progress 0: the corner picks (8 px in) see it.
            let strip = try folder.write("strip.glsl", """
            // Author: Test
            // License: MIT
            vec4 transition(vec2 uv) {
              float m = progress >= 1.0 ? 1.0 : max(progress, step(uv.x, 0.02));
              return mix(getFromColor(uv), getToColor(uv), m);
            }
            """)
            let failed = ShaderValidator.validate(path: strip, catalog: EffectCatalog(), session: session)
            #expect(!failed.pass && failed.messages.map(\.code) == ["endpoint"], "\(failed.messages)")
        }
    }
}

/// A test-only effect that draws through a `shader` command, for the native format.
struct TintEffect: BuiltinEffect {
    static let entry = EffectEntry(TintEffect(), name: "test-tint", summary: "test",
                                   defaultDuration: 1, defaultTiming: .linear)
    static let parameters: [ParameterBinding<TintEffect>] = [.init(\.$level)]

    @Parameter("level", in: -1...1, "added to progress")
    var level = 0.0

    func plan(_ frame: FrameContext) -> FramePlan {
        FramePlan(size: frame.size, time: frame.time, progress: frame.easedProgress, commands: [
            .clear(.clear),
            .shader(ShaderCall(program: "test-tint", uniforms: ["u_level": .float(frame.easedProgress * 2 + level)], inputs: ["u_from": .from])),
        ])
    }
}
