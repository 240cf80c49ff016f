import SegueCore

/// A `uniform` a shader file exposes as a parameter, with the default from its `// = value`
/// comment (GL Transition Specification v1, gl-transitions/gl-transitions README; parsed as
/// gl-transition-utils' src/transformSource.ts does).
public struct ShaderParameter: Sendable, Hashable {
    public var name: String
    /// GLSL type: float, int, bool, vec2-4, ivec2-4, bvec2-4, mat2-4 or sampler2D.
    public var type: String
    /// Uniform values (column-major for matrices, 1/0 for booleans); empty for sampler2D.
    public var defaultValues: [Double]
    /// False when the file gave no `// = value` (the default is then zero); always false for sampler2D.
    public var hasDefault: Bool
    public var line: Int

    public var defaultUniform: UniformValue { UniformValue(type: type, values: defaultValues) }

    /// Parameters of every `uniform` statement whose name is not in `engineNames`. Declarators
    /// take their own comment (`a /* = 1 */, b`) first, then the statement's (`; // = 1`,
    /// same line as the `;`); a missing or unreadable default is zero with a diagnostic.
    public static func parse(_ source: GLSLSource, engineNames: Set<String>) -> ([ShaderParameter], [ShaderDiagnostic]) {
        var parameters: [ShaderParameter] = []
        var diagnostics: [ShaderDiagnostic] = []
        let tokens = source.tokens
        for declaration in source.declarations where declaration.qualifiers.contains("uniform") {
            let statementEnd = declaration.tokenRange.upperBound
            var trailing: GLSLToken?
            if statementEnd + 1 < tokens.count, tokens[statementEnd + 1].isComment,
               tokens[statementEnd + 1].line == tokens[statementEnd].line {
                trailing = tokens[statementEnd + 1]
            }
            for declarator in declaration.declarators where !engineNames.contains(declarator.name.text) {
                let name = declarator.name
                // Other uniforms still compile; they are just not parameters (GL leaves them zero).
                guard let arity = UniformValue.componentCounts[declaration.type] else {
                    diagnostics.append(ShaderDiagnostic(.warning, "unsupported-type",
                        "uniform '\(name.text)' has type '\(declaration.type)', which is not a parameter type; it stays zero", line: name.line, column: name.column))
                    continue
                }
                if declarator.arrayRange != nil {
                    diagnostics.append(ShaderDiagnostic(.warning, "unsupported-type",
                        "uniform '\(name.text)' is an array, not a parameter; it stays zero", line: name.line, column: name.column))
                    continue
                }
                var parameter = ShaderParameter(name: name.text, type: declaration.type,
                                                defaultValues: Array(repeating: 0, count: arity), hasDefault: false, line: name.line)
                if declaration.type != "sampler2D" {
                    let own = tokens[declarator.tokenRange].first { $0.isComment && isDefaultComment($0) }
                    if let comment = own ?? trailing.flatMap({ isDefaultComment($0) ? $0 : nil }) {
                        parameter.hasDefault = true
                        do throws(SegueError) {
                            parameter.defaultValues = try parseDefault(comment.commentBody, type: declaration.type)
                        } catch {
                            diagnostics.append(ShaderDiagnostic(.error, "invalid-default",
                                "uniform '\(name.text)': \(error.message); using zero", line: comment.line, column: comment.column))
                        }
                    } else {
                        diagnostics.append(ShaderDiagnostic(.warning, "no-default",
                            "uniform '\(name.text)' has no default (write `// = value`); using zero", line: name.line, column: name.column))
                    }
                }
                parameters.append(parameter)
            }
        }
        return (parameters, diagnostics)
    }

    static func isDefaultComment(_ token: GLSLToken) -> Bool {
        token.commentBody.drop { $0 == " " || $0 == "\t" }.first == "="
    }

    /// The values of a default written after `=`: a literal (optionally signed), true/false
    /// (1/0 for bool), or a constructor named like the type (`vec2(1.)` broadcasts; a matrix
    /// from one value is that value on the diagonal, as in GLSL). Text after a `;` is ignored.
    public static func parseDefault(_ comment: String, type: String) throws(SegueError) -> [Double] {
        var body = Substring(comment).drop { $0 == " " || $0 == "\t" }
        guard body.first == "=" else { throw .invalidInput("a default starts with '='") }
        body = body.dropFirst()
        if let semicolon = body.firstIndex(of: ";") { body = body[..<semicolon] }
        let tokens = GLSLSource.tokenize(Array(body.utf8)).filter { !$0.isComment }
        guard let arity = UniformValue.componentCounts[type], arity > 0 else { throw .invalidInput("type \(type) takes no default") }
        let scalar = type.hasPrefix("i") ? "int" : type.hasPrefix("b") ? "bool" : type == "int" ? "int" : "float"
        var index = 0
        func literal() throws(SegueError) -> Double {
            guard index < tokens.count else { throw .invalidInput("missing value") }
            var sign = 1.0
            if tokens[index].text == "-" || tokens[index].text == "+" {
                sign = tokens[index].text == "-" ? -1 : 1
                index += 1
                guard index < tokens.count else { throw .invalidInput("missing value after sign") }
            }
            let text = tokens[index].text
            index += 1
            if text == "true" || text == "false" {
                guard scalar == "bool" else { throw .invalidInput("'\(text)' is not a \(type)") }
                return text == "true" ? 1 : 0
            }
            guard tokens[index - 1].kind == .number else { throw .invalidInput("'\(text)' is not a literal") }
            let digits = text.hasSuffix("u") || text.hasSuffix("U") || (text.hasSuffix("f") && !text.hasPrefix("0x"))
                ? String(text.dropLast()) : text
            let isInteger = !digits.contains(".") && !(digits.lowercased().contains("e") && !digits.hasPrefix("0x"))
            let value: Double?
            if digits.lowercased().hasPrefix("0x") { value = Int(digits.dropFirst(2), radix: 16).map(Double.init) }
            else if isInteger { value = Int(digits).map(Double.init) }
            else { value = Double(digits) }
            guard let v = value, v.isFinite else { throw .invalidInput("'\(text)' is not a number") }
            switch scalar {
            case "int": guard isInteger else { throw .invalidInput("'\(text)' is not an int") }
            case "bool": guard isInteger, v == 0 || v == 1 else { throw .invalidInput("'\(text)' is not a bool (true, false, 1 or 0)") }
            default: break
            }
            return sign * v
        }
        var values: [Double]
        if tokens.first?.kind == .identifier, tokens.first?.text != "true", tokens.first?.text != "false" {
            guard tokens[0].text == type else { throw .invalidInput("constructor '\(tokens[0].text)' does not match type \(type)") }
            guard tokens.count > 1, tokens[1].text == "(" else { throw .invalidInput("expected '(' after \(type)") }
            index = 2
            var arguments: [Double] = []
            while index < tokens.count && tokens[index].text != ")" {
                arguments.append(try literal())
                if index < tokens.count && tokens[index].text == "," { index += 1 }
                else if index < tokens.count && tokens[index].text != ")" { throw .invalidInput("unexpected '\(tokens[index].text)'") }
            }
            guard index < tokens.count else { throw .invalidInput("missing ')'") }
            index += 1
            if arguments.count == 1 && arity > 1 {
                if type.hasPrefix("mat") {
                    let n = type == "mat2" ? 2 : type == "mat3" ? 3 : 4
                    values = (0..<arity).map { $0 % (n + 1) == 0 ? arguments[0] : 0 }
                } else {
                    values = Array(repeating: arguments[0], count: arity)
                }
            } else {
                guard arguments.count == arity else { throw .invalidInput("\(type) needs \(arity) values, got \(arguments.count)") }
                values = arguments
            }
        } else {
            guard arity == 1 else { throw .invalidInput("a \(type) default is written \(type)(…)") }
            values = [try literal()]
        }
        guard index == tokens.count else { throw .invalidInput("unexpected '\(tokens[index].text)' after the value") }
        if scalar == "bool" { values = values.map { $0 != 0 ? 1 : 0 } }
        return values
    }
}
