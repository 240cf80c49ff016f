import SegueCore

/// A parameter of a built-in effect, declared once on the property that holds it:
///
///     @Parameter("dim", in: 0...1, "Black overlay on the screen underneath when fully covered.")
///     var dim = 0.1
///
/// The declaration gives the command-line name, the accepted range (numbers) and what it means;
/// the property's initial value is the default. `segue list`, the parser and the docs read the
/// `spec`; the effect reads the typed value. List the property in the effect's
/// `BuiltinEffect.parameters` (`.init(\.$dim)`) so the effect table finds it.
@propertyWrapper
public struct Parameter<Value: ParameterType>: Sendable {
    public var wrappedValue: Value
    /// The name after `--param`.
    public let name: String
    public let kind: ParameterKind
    /// One line for `segue list`.
    public let summary: String

    /// A number in `range`.
    public init(wrappedValue: Value, _ name: String, in range: ClosedRange<Double>, _ summary: String) where Value == Double {
        self.init(wrappedValue: wrappedValue, name: name, kind: .number(min: range.lowerBound, max: range.upperBound), summary: summary)
    }

    /// A point, rect, colour, image file or one of a choice's cases: the type says what is accepted.
    public init(wrappedValue: Value, _ name: String, _ summary: String) where Value: UnrangedParameterType {
        self.init(wrappedValue: wrappedValue, name: name, kind: Value.parameterKind, summary: summary)
    }

    private init(wrappedValue: Value, name: String, kind: ParameterKind, summary: String) {
        self.wrappedValue = wrappedValue
        self.name = name
        self.kind = kind
        self.summary = summary
    }

    /// `$name`: the declaration itself, for `BuiltinEffect.parameters`.
    public var projectedValue: Parameter<Value> {
        get { self }
        set { self = newValue }
    }

    /// The row `segue list` prints; the current value is the default.
    public var spec: ParameterSpec { ParameterSpec(name, kind, default: wrappedValue.parameterValue, summary) }
}

/// A Swift type a `@Parameter` can hold: how its values travel through parsing as `ParameterValue`.
public protocol ParameterType: Sendable {
    /// nil when `parameterValue` is of another kind.
    init?(parameterValue: ParameterValue)
    var parameterValue: ParameterValue { get }
}

/// A parameter type that takes no range: the type alone says what is accepted.
public protocol UnrangedParameterType: ParameterType {
    static var parameterKind: ParameterKind { get }
}

/// An option list: an enum whose cases, by raw value, are the accepted words (`left|right|up|down`).
public protocol ParameterChoice: UnrangedParameterType, CaseIterable, RawRepresentable<String> {}

extension ParameterChoice {
    public static var parameterKind: ParameterKind { .choice(allCases.map(\.rawValue)) }
    public init?(parameterValue: ParameterValue) {
        guard case .string(let word) = parameterValue else { return nil }
        self.init(rawValue: word)
    }
    public var parameterValue: ParameterValue { .string(rawValue) }
}

/// A parameter whose default depends on the canvas (a button near the top-right corner of any
/// screen): nil, shown and typed as `auto`, until the effect resolves it from the frame it plans.
extension Optional: ParameterType where Wrapped: ParameterType {
    public init?(parameterValue: ParameterValue) {
        if parameterValue == .auto {
            self = .none
            return
        }
        guard let value = Wrapped(parameterValue: parameterValue) else { return nil }
        self = .some(value)
    }
    public var parameterValue: ParameterValue { map(\.parameterValue) ?? .auto }
}

extension Optional: UnrangedParameterType where Wrapped: UnrangedParameterType {
    public static var parameterKind: ParameterKind { Wrapped.parameterKind }
}

extension Double: ParameterType {
    public init?(parameterValue: ParameterValue) {
        guard case .number(let v) = parameterValue else { return nil }
        self = v
    }
    public var parameterValue: ParameterValue { .number(self) }
}

extension Point: UnrangedParameterType {
    public static var parameterKind: ParameterKind { .point }
    public init?(parameterValue: ParameterValue) {
        guard case .point(let p) = parameterValue else { return nil }
        self = p
    }
    public var parameterValue: ParameterValue { .point(self) }
}

extension Rect: UnrangedParameterType {
    public static var parameterKind: ParameterKind { .rect }
    public init?(parameterValue: ParameterValue) {
        guard case .rect(let r) = parameterValue else { return nil }
        self = r
    }
    public var parameterValue: ParameterValue { .rect(self) }
}

extension Color: UnrangedParameterType {
    public static var parameterKind: ParameterKind { .color }
    public init?(parameterValue: ParameterValue) {
        guard case .color(let c) = parameterValue else { return nil }
        self = c
    }
    public var parameterValue: ParameterValue { .color(self) }
}

/// An image file a parameter names. The pipeline loads it as `ImageRef.named(<parameter name>)`;
/// the effect only declares it (and may draw a built-in image when the path is empty).
public struct ImagePath: UnrangedParameterType, Hashable {
    public var path: String
    public init(_ path: String) { self.path = path }
    /// No file: the effect's `builtinImage(parameter:size:)`.
    public static let builtin = ImagePath("")

    public static var parameterKind: ParameterKind { .image }
    public init?(parameterValue: ParameterValue) {
        guard case .string(let path) = parameterValue else { return nil }
        self.path = path
    }
    public var parameterValue: ParameterValue { .string(path) }
}

/// The text of an expression in ffmpeg's language (xfade's `custom`), checked by
/// `ExpressionParser` when the parameter is read.
public struct ExpressionText: UnrangedParameterType, Hashable {
    public var text: String
    public init(_ text: String) { self.text = text }

    public static var parameterKind: ParameterKind { .expression }
    public init?(parameterValue: ParameterValue) {
        guard case .string(let text) = parameterValue else { return nil }
        self.text = text
    }
    public var parameterValue: ParameterValue { .string(text) }
}

/// A screen's named rectangles (`ParameterKind.elements`), carried as Segue's JSON.
extension ElementMap: UnrangedParameterType {
    public static var parameterKind: ParameterKind { .elements }
    public init?(parameterValue: ParameterValue) {
        guard case .string(let json) = parameterValue,
              let map = try? ElementMap.read(Array(json.utf8), source: "") else { return nil }
        self = map
    }
    public var parameterValue: ParameterValue { .string(jsonText) }
}
