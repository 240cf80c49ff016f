import Foundation
import SegueAuthoring
import SegueCore
import SegueEffects

/// What `segue list --json` prints and `segue serve`'s `/api/effects` answers: one row per
/// effect, with what its plans draw, which backends can render it and its parameters.
public struct EffectListing: Encodable, Sendable {
    public struct Row: Encodable, Sendable {
        public var name: String
        /// The draw commands its plans use (found by planning it).
        public var commands: [String]
        public var summary: String
        public var backends: [String]
        public var duration: Double
        public var timing: String
        public var parameters: [Parameter]
    }
    public struct Parameter: Encodable, Sendable {
        public var name: String
        public var type: String
        public var `default`: String
        public var summary: String
    }

    public var rows: [Row]

    public init(rows: [Row]) { self.rows = rows }

    /// Rows for resolved effects (user shaders are GL-only: they need a GLSL compiler).
    public init(_ effects: [EffectCatalog.Resolved]) throws(SegueError) {
        rows = []
        for e in effects.map(\.entry) {
            let drawing = try e.drawing()
            rows.append(Row(name: e.name, commands: drawing.commands, summary: e.descriptor.summary,
                backends: drawing.needsGL ? ["gl"] : ["gl", "software"],
                duration: e.descriptor.defaultDuration, timing: e.descriptor.defaultTiming.description,
                parameters: e.descriptor.parameters.map {
                    Parameter(name: $0.name, type: Self.typeName($0.kind), default: $0.defaultValue.description, summary: $0.summary)
                }))
        }
    }

    /// Encodes as the bare array of rows.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rows)
    }

    /// The JSON text both print: sorted keys, pretty, unescaped slashes.
    public var json: String { SegueJSON.string(self) }

    public static func typeName(_ kind: ParameterKind) -> String {
        switch kind {
        case .number(let lo, let hi): return "number \(lo)…\(hi)"
        case .choice(let options): return options.joined(separator: "|")
        case .point: return "point x,y"
        case .color: return "color"
        case .rect: return "rect x,y,w,h"
        case .uniform(let type): return type == "sampler2D" ? "sampler2D image file" : type
        case .image: return "image file"
        case .expression: return "ffmpeg expression, or @file"
        case .elements: return "element map @file (JSON, uiautomator dump, XCUITest list)"
        }
    }
}

/// The one JSON style Segue prints (`--json` options, `segue serve`): sorted keys, pretty,
/// unescaped slashes and `inf` for infinite PSNR (identical images).
public enum SegueJSON {
    public static func string<T: Encodable>(_ value: T) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// Compact, on one line (a server-sent event's `data:`).
    public static func line<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    public static func data<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return (try? encoder.encode(value)) ?? Data()
    }
}
