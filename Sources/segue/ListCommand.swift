import ArgumentParser
import SegueEffects

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the effects and their parameters.")

    @Flag(help: "Print JSON.") var json = false

    struct Row: Encodable {
        var name: String
        var kind: String
        var summary: String
        var backends: [String]
        var duration: Double
        var timing: String
        var parameters: [Parameter]
    }
    struct Parameter: Encodable {
        var name: String
        var type: String
        var `default`: String
        var summary: String
    }

    func run() throws {
        let rows = EffectTable.all.map { e in
            Row(name: e.name, kind: e.descriptor.kind.rawValue, summary: e.descriptor.summary,
                backends: e.descriptor.kind == .userShader ? ["gl"] : ["gl", "software"],
                duration: e.descriptor.defaultDuration, timing: e.descriptor.defaultTiming.description,
                parameters: e.descriptor.parameters.map {
                    Parameter(name: $0.name, type: Self.typeName($0.kind), default: $0.defaultValue.description, summary: $0.summary)
                })
        }
        if json {
            print(jsonString(rows))
            return
        }
        for row in rows {
            print("\(row.name)  [\(row.kind); \(row.backends.joined(separator: ", ")); \(row.duration) s \(row.timing)]")
            print("    \(row.summary)")
            for p in row.parameters {
                print("    --param \(p.name)=\(p.default)  (\(p.type)) \(p.summary)")
            }
        }
    }

    static func typeName(_ kind: ParameterKind) -> String {
        switch kind {
        case .number(let lo, let hi): return "number \(lo)…\(hi)"
        case .integer(let lo, let hi): return "integer \(lo)…\(hi)"
        case .bool: return "bool"
        case .choice(let options): return options.joined(separator: "|")
        case .point: return "point x,y"
        case .color: return "color"
        case .rect: return "rect x,y,w,h"
        case .image: return "image file"
        }
    }
}
