import Foundation
import SegueCore
import SeguePipeline

/// `/api/command`: what is on the page as a `segue render` line, a `segue still` line and a
/// `segue batch` spec, so an author takes the exact frames to CI. Files are written with the
/// served folder as `segue serve` was given it (`shots/list.png`), so the lines run from the
/// folder the server was started in.
struct CommandBuilder {
    let query: FrameQuery
    let items: QueryItems
    let files: ServedFiles

    struct Answer: Encodable {
        var render: String
        var still: String
        var spec: Spec
    }
    struct Spec: Encodable { var jobs: [[String: SpecValue]] }
    enum SpecValue: Encodable {
        case string(String), number(Double), object([String: String])
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .string(let s): try c.encode(s)
            case .number(let n): if n == n.rounded(), abs(n) < 1e15 { try c.encode(Int64(n)) } else { try c.encode(n) }
            case .object(let o): try c.encode(o)
            }
        }
    }

    /// `segue still`'s arguments for the query's frame, without the output: what a child draws
    /// a user shader's frame with (`ShaderFrameChild`).
    var stillArguments: [String] {
        [effectArgument, "--at", Allowed<Double>.format(query.at)] + optionsAndJob.arguments
    }

    var json: Data {
        let effect = effectArgument
        let (arguments, job) = optionsAndJob
        let options = arguments.map(Self.quoted).joined(separator: " ")
        let tail = options.isEmpty ? "" : " " + options
        let at = Allowed<Double>.format(query.at)
        let answer = Answer(
            render: "segue render \(Self.quoted(effect))\(tail)",
            still: "segue still \(Self.quoted(effect)) --at \(at)\(tail) -o \(Self.quoted(outputName + ".png"))",
            spec: Spec(jobs: [job]))
        return SegueJSON.data(answer)
    }

    /// The query's options as command-line arguments and as a spec job, files named as the
    /// server was given them.
    private var optionsAndJob: (arguments: [String], job: [String: SpecValue]) {
        let effect = effectArgument
        var arguments: [String] = []
        // A PNG folder, named with a trailing `/` so that a dot in a shader's name is not taken
        // for an extension (`OutputFormat.inferred`).
        var job: [String: SpecValue] = ["effect": .string(effect), "output": .string("out/\(outputName)/")]
        var params: [String: String] = [:]
        for (key, value) in query.options {
            switch key {
            case "param":
                let (name, text) = split(value)
                let shown = imageParameters.contains(name) && !text.isEmpty ? imagePath(text) : text
                arguments += ["--param", "\(name)=\(shown)"]
                params[name] = shown
            case "from", "to":
                arguments += ["--\(key)", imagePath(value)]
                job[key] = .string(imagePath(value))
            case "fps", "duration", "seed":
                arguments += ["--\(key)", value]
                job[key] = Double(value).map { .number($0) } ?? .string(value)
            case "scale":
                arguments += ["--scale", value]
                job[key] = Double(value).map { .number($0) } ?? .string(value)
            default:
                arguments += ["--\(key)", value]
                job[key] = .string(value)
            }
        }
        if !params.isEmpty { job["params"] = .object(params) }
        return (arguments, job)
    }

    /// A built-in's name, or the shader file as the server was given it.
    private var effectArgument: String { query.shaderFile?.path ?? query.effect }

    private var outputName: String { (query.shaderFile.map { ($0.name as NSString).deletingPathExtension }) ?? query.effect }

    private var imageParameters: Set<String> {
        let resolved = try? query.request.catalog.resolve(query.request.effect)
        var names = Set((resolved?.entry.descriptor.parameters ?? []).filter { $0.kind == .image }.map(\.name))
        names.formUnion((resolved?.shader?.parameters ?? []).filter { $0.type == "sampler2D" }.map(\.name))
        return names
    }

    private func imagePath(_ name: String) -> String {
        files.imageDirectory.map { ($0 as NSString).appendingPathComponent(name) } ?? name
    }

    private func split(_ text: String) -> (String, String) {
        guard let eq = text.firstIndex(of: "=") else { return (text, "") }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }

    /// Single-quoted for a POSIX shell when it holds anything but safe characters.
    static func quoted(_ word: String) -> String {
        let safe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./,:=+@%")
        if !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
