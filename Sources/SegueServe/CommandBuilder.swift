import Foundation
import SegueCore
import SegueIO
import SeguePipeline

/// `/api/command`: what is on the page as a `segue render` line, a `segue still` line and a
/// `segue batch` spec, so an author takes the exact frames to CI. Files are written with the
/// served folder as `segue serve` was given it (`shots/list.png`), so the lines run from the
/// folder the server was started in.
struct CommandBuilder {
    let query: FrameQuery

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
            render: "segue render \(Self.quoted(effect))\(tail) -o \(Self.quoted(outputFolder))",
            still: "segue still \(Self.quoted(effect)) --at \(at)\(tail) -o \(Self.quoted(outputName + ".png"))",
            spec: Spec(jobs: [job]))
        return SegueJSON.data(answer)
    }

    /// The query's options as command-line arguments and as a spec job, each written back by
    /// its row of the request option table (`RequestOptions`) in the table's order; files are
    /// named as the server was given them (the served folder and the name).
    private var optionsAndJob: (arguments: [String], job: [String: SpecValue]) {
        var request = JobRequest(effect: query.request.effect)
        request.transition = query.request
        request.backend = query.backend == .auto ? nil : query.backend
        var job: [String: SpecValue] = ["effect": .string(effectArgument), "output": .string(outputFolder)]
        var arguments: [String] = []
        let offered = Set(FrameQuery.options.map(\.name) + ["from", "to", "param"])
        for row in RequestOptions.all where offered.contains(row.name) {
            let values = row.written(request)
            arguments += values.flatMap { ["--\(row.name)", $0] }
            guard !values.isEmpty else { continue }
            if row.repeats {
                job[row.specKey] = .object(Dictionary(values.map(split), uniquingKeysWith: { _, last in last }))
            } else if [.number, .wholeNumber, .numberOrAuto].contains(row.specType), let number = Double(values[0]) {
                job[row.specKey] = .number(number)
            } else {
                job[row.specKey] = .string(values[0])
            }
        }
        return (arguments, job)
    }

    /// A built-in's name, or the shader file as the server was given it.
    private var effectArgument: String { query.shaderFile?.path ?? query.effect }

    private var outputName: String { (query.shaderFile.map { ($0.name as NSString).deletingPathExtension }) ?? query.effect }

    /// Where the render line and the spec job write: a PNG folder, named with a trailing `/`
    /// so that a dot in a shader's name is not taken for an extension (`OutputFormat.inferred`).
    private var outputFolder: String { "out/\(outputName)/" }

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
