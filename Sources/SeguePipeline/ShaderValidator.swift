import Foundation
import SegueCore
import SegueEffects

/// `segue validate`: the GL Transitions checks (reference §1.5) on one file: static checks,
/// compile, and renders on the spec validator's 512×256 canvas with its inputs and pick points.
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

    public static func validate(path: String, catalog: EffectCatalog, session: RenderSession) -> ShaderValidation {
        var result = ShaderValidation(file: path, name: EffectCatalog.effectName(path), format: "unknown", pass: false, messages: [])
        func add(_ level: ShaderDiagnostic.Level, _ code: String, _ message: String, line: Int? = nil, column: Int? = nil) {
            result.messages.append(ShaderValidation.Message(level: level, code: code, message: message, line: line, column: column))
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            add(.error, "unreadable", "\(path): cannot read the file")
            return result
        }
        let shader = UserShader(name: result.name, path: path, text: text)
        switch shader.format {
        case .glTransition: result.format = "gl-transition"
        case .native(let effect, _): result.format = "native:\(effect)"
        }
        for d in shader.diagnostics { add(d.level, d.code, d.message, line: d.line, column: d.column) }
        if shader.diagnostics.allSatisfy({ $0.level != .error }) {
            renderChecks(path: path, catalog: catalog, session: session, add: add)
        }
        result.pass = result.messages.allSatisfy { $0.level != .error }
        return result
    }

    private static func renderChecks(path: String, catalog: EffectCatalog, session: RenderSession,
                                     add: (ShaderDiagnostic.Level, String, String, Int?, Int?) -> Void) {
        var request = TransitionRequest(effect: path)
        request.catalog = catalog
        request.size = size
        request.fromImage = validatorImage(blue: 0)
        request.toImage = validatorImage(blue: 255)
        do throws(SegueError) {
            let transition = try PreparedTransition(request)
            let renderer = try session.renderer(for: transition)
            func frame(_ p: Double) throws(SegueError) -> PixelBuffer {
                var out = PixelBuffer(size: size)
                do { try renderer.render(transition.plan(fraction: p), images: transition.images, into: &out) }
                catch let error as SegueError { throw error } catch { throw SegueError(.internalError, "\(error)") }
                return out
            }
            for (p, image, name) in [(0.0, request.fromImage!, "from"), (1.0, request.toImage!, "to")] {
                let out = try frame(p)
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
            if middle.bytes.enumerated().allSatisfy({ $0.offset % 4 != 3 || $0.element == 0 }) {
                add(.error, "blank", "the frame at progress 0.5 is fully transparent", nil, nil)
            } else if middle.bytes.withUnsafeBytes({ b in (0..<(b.count / 4)).allSatisfy { i in (0..<4).allSatisfy { b[i * 4 + $0] == b[$0] } } }) {
                add(.warning, "flat", "the frame at progress 0.5 is a single colour", nil, nil)
            }
        } catch {
            // Compile errors arrive as `path:line:col: error: …`, one per ` | `.
            for line in error.message.components(separatedBy: " | ") {
                let fields = line.hasPrefix(path + ":")
                    ? line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false) : []
                if fields.count == 3, let l = Int(fields[0]) {
                    let column = Int(fields[1])
                    var text = (column == nil ? fields[1...].joined(separator: ":") : String(fields[2])).trimmingCharacters(in: .whitespaces)
                    // The compiler's warnings come in the same log; they stay warnings.
                    var level = ShaderDiagnostic.Level.error
                    if text.hasPrefix("error: ") { text.removeFirst(7) }
                    else if text.hasPrefix("warning: ") { text.removeFirst(9); level = .warning }
                    add(level, "compile", text, l, column)
                } else {
                    add(.error, error.kind == .invalidInput ? "compile" : "render", line, nil, nil)
                }
            }
        }
    }
}

/// `segue watch` and `still` previews: one frame, or a strip of frames side by side.
public enum ShaderPreview {
    /// The frame at `fraction`, or with `strip` ≥ 2 that many frames at 0, 1/(n−1), …, 1.
    public static func render(_ transition: PreparedTransition, renderer: any FrameRenderer, at fraction: Double,
                              strip: Int?) throws(SegueError) -> PixelBuffer {
        let fractions = strip.map { n in (0..<n).map { Double($0) / Double(max(n - 1, 1)) } } ?? [fraction]
        let size = transition.size
        try PixelBuffer.checkSize(PixelSize(width: size.width * fractions.count, height: size.height), what: "preview")
        var strip = PixelBuffer(width: size.width * fractions.count, height: size.height)
        var frame = PixelBuffer(size: size)
        for (i, f) in fractions.enumerated() {
            do { try renderer.render(transition.plan(fraction: f), images: transition.images, into: &frame) }
            catch let error as SegueError { throw error } catch { throw SegueError(.internalError, "\(error)") }
            for row in 0..<size.height {
                let from = row * frame.rowBytes, to = row * strip.rowBytes + i * frame.rowBytes
                strip.bytes.replaceSubrange(to..<(to + frame.rowBytes), with: frame.bytes[from..<(from + frame.rowBytes)])
            }
        }
        return strip
    }
}
