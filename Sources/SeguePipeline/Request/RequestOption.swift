import SegueCore

/// A value as a front end holds it: text (the command line, a query, a spec's string) or a
/// spec file's number.
public enum OptionValue: Sendable, Equatable {
    case text(String)
    case number(Double)

    /// As the value was given: the text, or the number in its shortest form.
    public var shown: String {
        switch self {
        case .text(let t): t
        case .number(let n): Allowed<Double>.format(n)
        }
    }
}

/// What a spec file must hold for an option (a number where a number is meant: `fps: "30"` is
/// refused, so that a typo cannot hide in a string).
public enum SpecType: String, Sendable {
    case string, number, wholeNumber = "a whole number", numberOrAuto = "a number or \"auto\"", object, array, path

    /// As a message names it: `a string (a path)`, `a number or "auto"`.
    var phrase: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .object: "an object"
        case .array: "an array"
        case .path: "a string (a path)"
        case .wholeNumber, .numberOrAuto: rawValue
        }
    }

    func accepts(_ value: SpecValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.path, .string), (.number, .number), (.object, .object), (.array, .array), (.wholeNumber, .number): true
        case (.numberOrAuto, .number), (.numberOrAuto, .string("auto")): true
        default: false
        }
    }
}

/// What is wrong with one value, starting with the value as given: `0: must be more than 0 and
/// at most 1000`. Each front end puts its own name of the option before it (`--fps`,
/// `key "fps"`, `fps`) and its own exit code (64 for the command line, 65 for a file).
public struct OptionProblem: Error, Sendable {
    public let detail: String
    init(_ value: OptionValue, _ why: String) { detail = "\(value.shown): \(why)" }
}

/// One option of a job request, read alike by every front end: the command line
/// (`--NAME VALUE`), batch and sequence specs (`specKey: VALUE`) and `segue serve`'s query
/// (`NAME=VALUE`); and written back as command-line words (`segue serve`'s copied command).
/// The table is `RequestOptions.all`.
public struct RequestOption: Sendable {
    /// The command-line flag without `--`, and the query key.
    public let name: String
    /// The key in spec files (camelCase: `pngCompression`).
    public let specKey: String
    /// One line for `--help` and the docs.
    public let help: String
    public let specType: SpecType
    /// Given more than once on the command line (`--param`); a spec gives them as an object.
    public let repeats: Bool
    let read: @Sendable (OptionValue, inout JobRequest) throws(OptionProblem) -> Void
    let write: @Sendable (JobRequest) -> [String]

    /// Sets the option in `request` from `value`, or says what is wrong with it.
    public func read(_ value: OptionValue, into request: inout JobRequest) throws(OptionProblem) {
        try read(value, &request)
    }

    /// The values `request` holds for this option, as command-line words; empty for the default.
    public func written(_ request: JobRequest) -> [String] { write(request) }
}
