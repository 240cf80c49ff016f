import Foundation
import SegueCore
import SegueGLSL

/// `segue validate`: the GL Transitions checks on one file, as gl-transition-utils makes them
/// (gre/gl-transition-libs, packages/gl-transition-utils: `transformSource` and
/// `createWebGLCompiler`): static checks, compile, and renders on its 512×256 canvas with its
/// inputs and pick points.
public struct ShaderValidation: Codable, Sendable {
    public struct Message: Codable, Sendable {
        public var level: ShaderDiagnostic.Level
        public var code: String
        public var message: String
        public var line: Int?
        public var column: Int?
    }
    public var file: String
    public var name: String
    public var format: String
    public var pass: Bool
    public var messages: [Message]
}

public enum ShaderValidator {
    /// The canvas of gl-transition-utils' `createWebGLCompiler` (a 512×256 context, so
    /// `ratio` is 2): the endpoint rule is only as strict as the spec's own check.
    public static let size = PixelSize(width: 512, height: 256)
    /// Its pick points (`pickPositionsForSize`): the corners inset by w/64 and h/64 pixels and
    /// the pixel (w/2, h/2), in `readPixels` rows (from the bottom), here as rows from the top.
    public static let probes: [(Int, Int)] = {
        let w = size.width, h = size.height, padX = w / 64, padY = h / 64
        let bottomUp = [(padX, padY), (w - 1 - padX, padY), (padX, h - 1 - padY), (w - 1 - padX, h - 1 - padY), (w / 2, h / 2)]
        return bottomUp.map { ($0.0, h - 1 - $0.1) }
    }()

    /// The spec's validator lookups as images: `getFromColor(uv) = vec4(uv, 0, 1)` and
    /// `getToColor(uv) = vec4(uv, 1, 1)`, uv bottom-left.
    public static func validatorImage(blue: UInt8) -> PixelBuffer {
        var image = PixelBuffer(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = (y * size.width + x) * 4
                image.bytes[i] = UInt8(((Double(x) + 0.5) / Double(size.width) * 255).rounded())
                image.bytes[i + 1] = UInt8(((1 - (Double(y) + 0.5) / Double(size.height)) * 255).rounded())
                image.bytes[i + 2] = blue
                image.bytes[i + 3] = 255
            }
        }
        return image
    }

    /// The frame of the file under check at a progress, on `size` with `validatorImage(blue: 0)`
    /// as *from* and `validatorImage(blue: 255)` as *to*; compile errors arrive from the first call.
    public typealias Frames = (_ progress: Double) throws(SegueError) -> PixelBuffer

    /// Static checks, then (when they pass) compile and render checks on `frames`.
    public static func validate(path: String, frames: Frames) -> ShaderValidation {
        var result = ShaderValidation(file: path, name: EffectCatalog.effectName(path), format: "unknown", pass: false, messages: [])
        func add(_ level: ShaderDiagnostic.Level, _ code: String, _ message: String, line: Int? = nil, column: Int? = nil) {
            result.messages.append(ShaderValidation.Message(level: level, code: code, message: message, line: line, column: column))
        }
        let data: Data
        do throws(SegueError) { data = Data(try InputFile.contents(path, maxBytes: InputFile.maxTextBytes)) } catch {
            add(.error, "unreadable", error.message)
            return result
        }
        guard let text = String(data: data, encoding: .utf8) else {
            add(.error, "unreadable", "\(path): not UTF-8 text")
            return result
        }
        let shader = UserShader(name: result.name, path: path, text: text)
        switch shader.format {
        case .glTransition: result.format = "gl-transition"
        case .native(let effect, _): result.format = "native:\(effect)"
        }
        for d in shader.diagnostics { add(d.level, d.code, d.message, line: d.line, column: d.column) }
        if shader.diagnostics.allSatisfy({ $0.level != .error }) {
            var native = false
            if case .native = shader.format { native = true }
            renderChecks(path: path, frames: frames, native: native, add: add)
        }
        result.pass = result.messages.allSatisfy { $0.level != .error }
        return result
    }

    /// A native file's end frames are the effect's resting snapshots, not the file's output,
    /// so for it the middle frame must also differ from both: else the file draws nothing.
    private static func renderChecks(path: String, frames frame: Frames, native: Bool,
                                     add: (ShaderDiagnostic.Level, String, String, Int?, Int?) -> Void) {
        let images = [validatorImage(blue: 0), validatorImage(blue: 255)]
        do throws(SegueError) {
            var ends: [PixelBuffer] = []
            for (p, image, name) in [(0.0, images[0], "from"), (1.0, images[1], "to")] {
                let out = try frame(p)
                ends.append(out)
                for (x, y) in probes {
                    let got = out[x, y], want = image[x, y]
                    let d = [Int(got.r) - Int(want.r), Int(got.g) - Int(want.g), Int(got.b) - Int(want.b), Int(got.a) - Int(want.a)]
                    let squared = d.reduce(0) { $0 + $1 * $1 }
                    if squared >= 10 {
                        add(.error, "endpoint", "at progress \(Int(p)) pixel (\(x), \(y)) is \([got.r, got.g, got.b, got.a]), the '\(name)' image has \([want.r, want.g, want.b, want.a])", nil, nil)
                        break
                    }
                }
            }
            let middle = try frame(0.5)
            if native, let same = zip(["from", "to"], ends).first(where: { $0.1.bytes == middle.bytes })?.0 {
                add(.error, "unchanged", "the frame at progress 0.5 is the '\(same)' image unchanged: the file draws nothing (does fragColor depend on the effect's inputs and uniforms?)", nil, nil)
            } else if middle.bytes.enumerated().allSatisfy({ $0.offset % 4 != 3 || $0.element == 0 }) {
                add(.error, "blank", "the frame at progress 0.5 is fully transparent", nil, nil)
            } else if middle.bytes.withUnsafeBytes({ b in (0..<(b.count / 4)).allSatisfy { i in (0..<4).allSatisfy { b[i * 4 + $0] == b[$0] } } }) {
                add(.warning, "flat", "the frame at progress 0.5 is a single colour", nil, nil)
            }
        } catch {
            // A compile error is placed in the file, one problem per line of the compiler's log.
            for problem in [error] + error.related {
                if problem.path == path, let line = problem.line {
                    // The compiler's warnings come in the same log; they stay warnings.
                    var level = ShaderDiagnostic.Level.error
                    var text = problem.detail.trimmingCharacters(in: .whitespaces)
                    if text.hasPrefix("error: ") { text.removeFirst(7) }
                    else if text.hasPrefix("warning: ") { text.removeFirst(9); level = .warning }
                    add(level, "compile", text, line, problem.column)
                } else {
                    add(.error, error.kind == .invalidInput ? "compile" : "render", problem.placedDetail, nil, nil)
                }
            }
        }
    }
}

extension ShaderValidation {
    /// The result for a file whose check ran past the per-frame time limit: the watchdog
    /// ended the process checking it, so only the limit is known.
    public static func timedOut(path: String, limitSeconds: Double) -> ShaderValidation {
        ShaderValidation(file: path, name: EffectCatalog.effectName(path), format: "unknown", pass: false, messages: [
            Message(level: .error, code: "time-limit",
                    message: "a frame exceeded the per-frame time limit of \(Allowed<Double>.format(limitSeconds)) s"),
        ])
    }
}
