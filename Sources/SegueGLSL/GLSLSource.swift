import SegueCore

/// One GLSL token with its place in the file (1-based line and byte column), so rewrites can
/// keep every line and column where the author wrote it.
public struct GLSLToken: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case identifier, number, punctuation, lineComment, blockComment, directive }
    public var kind: Kind
    public var text: String
    /// Byte offsets into the UTF-8 source: `start..<end`.
    public var start: Int
    public var end: Int
    public var line: Int
    public var column: Int

    public var isComment: Bool { kind == .lineComment || kind == .blockComment }
    /// The comment's text without `//` or `/* */`.
    public var commentBody: String {
        switch kind {
        case .lineComment: return String(text.dropFirst(2))
        case .blockComment: return String(text.dropFirst(2).dropLast(2))
        default: return text
        }
    }
}

/// A GLSL source split into tokens, with its top-level statements: enough structure to find
/// uniforms and their default comments, global initializers and function names, without a
/// full GLSL grammar.
public struct GLSLSource: Sendable {
    public let text: String
    public let bytes: [UInt8]
    public let tokens: [GLSLToken]
    public let declarations: [GlobalDeclaration]
    public let functions: [FunctionDefinition]

    /// A variable declaration statement at file scope (`uniform vec2 a, b;`, `float x = y;`).
    public struct GlobalDeclaration: Sendable {
        public var qualifiers: [String]
        /// The type name (`vec2`), without precision qualifiers.
        public var type: String
        public var typeToken: GLSLToken
        public var declarators: [Declarator]
        /// Token indices of the whole statement, `;` included.
        public var tokenRange: ClosedRange<Int>
    }

    public struct Declarator: Sendable {
        public var name: GLSLToken
        public var nameIndex: Int
        /// Token index of `[`…`]` after the name, when the declarator is an array.
        public var arrayRange: ClosedRange<Int>?
        /// Token index of `=` and the last token of the initializer.
        public var initializer: (equals: Int, last: Int)?
        /// Token indices of the declarator, comments included (up to, not including, the `,` or `;`).
        public var tokenRange: ClosedRange<Int>
    }

    /// A function defined or declared at file scope.
    public struct FunctionDefinition: Sendable {
        public var name: GLSLToken
        public var returnType: String
        /// Parameter types in order (`vec2`), empty for `()` or `(void)`.
        public var parameterTypes: [String]
        public var hasBody: Bool
    }

    public init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        tokens = GLSLSource.tokenize(bytes)
        (declarations, functions) = GLSLSource.topLevel(tokens)
    }

    // MARK: Tokenizer

    static func tokenize(_ b: [UInt8]) -> [GLSLToken] {
        var tokens: [GLSLToken] = []
        var i = 0, line = 1, lineStart = 0
        var atLineStart = true
        func isIdentHead(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 }
        func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
        func text(_ s: Int, _ e: Int) -> String { String(decoding: b[s..<e], as: UTF8.self) }
        func isCRLF(_ j: Int) -> Bool { j + 1 < b.count && b[j] == 13 && b[j + 1] == 10 }
        while i < b.count {
            let c = b[i]
            if c == 10 { i += 1; line += 1; lineStart = i; atLineStart = true; continue }
            if c == 32 || c == 9 || c == 13 || c == 12 || c == 11 { i += 1; continue }
            let start = i, startLine = line, column = i - lineStart + 1
            var kind = GLSLToken.Kind.punctuation
            if c == 35 && atLineStart {  // '#': a directive runs to the end of the line (with `\` continuations)
                kind = .directive
                while i < b.count && b[i] != 10 && !isCRLF(i) {
                    if b[i] == 92 && i + 1 < b.count && b[i + 1] == 10 { i += 2; line += 1; lineStart = i; continue }
                    if b[i] == 92 && isCRLF(i + 1) { i += 3; line += 1; lineStart = i; continue }
                    i += 1
                }
            } else if c == 47 && i + 1 < b.count && b[i + 1] == 47 {
                // Up to the line break; a CRLF file's `\r` is not part of the comment (`// License: MIT`).
                kind = .lineComment
                while i < b.count && b[i] != 10 && !isCRLF(i) { i += 1 }
            } else if c == 47 && i + 1 < b.count && b[i + 1] == 42 {
                kind = .blockComment
                i += 2
                while i < b.count && !(b[i] == 42 && i + 1 < b.count && b[i + 1] == 47) {
                    if b[i] == 10 { line += 1; lineStart = i + 1 }
                    i += 1
                }
                i = min(i + 2, b.count)
            } else if isIdentHead(c) {
                kind = .identifier
                while i < b.count && (isIdentHead(b[i]) || isDigit(b[i])) { i += 1 }
            } else if isDigit(c) || (c == 46 && i + 1 < b.count && isDigit(b[i + 1])) {
                kind = .number
                i += 1
                while i < b.count {
                    let d = b[i]
                    if isDigit(d) || d == 46 || isIdentHead(d) { i += 1; continue }  // digits, '.', e, x, hex, suffixes
                    if (d == 43 || d == 45) && (b[i - 1] == 101 || b[i - 1] == 69) && !text(start, i).hasPrefix("0x") { i += 1; continue }
                    break
                }
            } else {
                let two = i + 1 < b.count ? text(i, i + 2) : ""
                i += ["==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "&&", "||", "^^", "++", "--", "<<", ">>"].contains(two) ? 2 : 1
            }
            atLineStart = false
            tokens.append(GLSLToken(kind: kind, text: text(start, i), start: start, end: i, line: startLine, column: column))
        }
        return tokens
    }

    // MARK: Top-level statements

    static let storageQualifiers: Set<String> = [
        "const", "uniform", "in", "out", "inout", "attribute", "varying", "invariant", "centroid", "flat", "smooth",
        "highp", "mediump", "lowp",
    ]

    /// Walks statements at brace depth 0: declarations are split into declarators at
    /// paren/bracket depth 0; function bodies, structs and `precision` statements are skipped.
    static func topLevel(_ tokens: [GLSLToken]) -> ([GlobalDeclaration], [FunctionDefinition]) {
        let code = tokens.indices.filter { !tokens[$0].isComment && tokens[$0].kind != .directive }
        var declarations: [GlobalDeclaration] = []
        var functions: [FunctionDefinition] = []
        var k = 0
        func t(_ n: Int) -> GLSLToken { tokens[code[n]] }
        /// Index in `code` of the token closing the bracket opened at `n`.
        func closing(_ n: Int) -> Int {
            let open = t(n).text, close = open == "(" ? ")" : open == "[" ? "]" : "}"
            var depth = 0, m = n
            while m < code.count {
                if t(m).text == open { depth += 1 } else if t(m).text == close { depth -= 1; if depth == 0 { return m } }
                m += 1
            }
            return code.count - 1
        }
        while k < code.count {
            let first = t(k).text
            if first == ";" { k += 1; continue }
            if first == "precision" {
                while k < code.count && t(k).text != ";" { k += 1 }
                k += 1; continue
            }
            // Qualifiers, a layout(...) and the type.
            let statementStart = k
            var qualifiers: [String] = []
            while k < code.count {
                if t(k).text == "layout", k + 1 < code.count, t(k + 1).text == "(" { k = closing(k + 1) + 1; continue }
                if storageQualifiers.contains(t(k).text) { qualifiers.append(t(k).text); k += 1; continue }
                break
            }
            guard k < code.count else { break }
            if t(k).text == "struct" || (k + 1 < code.count && t(k + 1).text == "{") {
                // A struct or interface block: skip its body and any declarators after it.
                while k < code.count && t(k).text != "{" { k += 1 }
                if k < code.count { k = closing(k) + 1 }
                while k < code.count && t(k).text != ";" { k += 1 }
                k += 1; continue
            }
            let typeIndex = k
            k += 1
            if k < code.count && t(k).text == "[" { k = closing(k) + 1 }  // `vec3[9] name`
            guard k < code.count else { break }
            if k + 1 < code.count && t(k).kind == .identifier && t(k + 1).text == "(" {
                // A function: collect parameter types, then skip its body or the `;` of a prototype.
                let close = closing(k + 1)
                var types: [String] = []
                var expectType = true
                for m in (k + 2)..<max(close, k + 2) {
                    let token = t(m)
                    if token.text == "," { expectType = true; continue }
                    if expectType && token.kind == .identifier && !storageQualifiers.contains(token.text) {
                        if token.text != "void" { types.append(token.text) }
                        expectType = false
                    }
                }
                let hasBody = close + 1 < code.count && t(close + 1).text == "{"
                functions.append(FunctionDefinition(name: t(k), returnType: t(typeIndex).text, parameterTypes: types, hasBody: hasBody))
                k = hasBody ? closing(close + 1) + 1 : close + 1
                if !hasBody { while k < code.count && t(k).text != ";" { k += 1 }; k += 1 }
                continue
            }
            // Declarators up to `;`, split at depth 0.
            var declarators: [Declarator] = []
            var m = k
            while m < code.count && t(m).text != ";" {
                let declStart = m
                guard t(m).kind == .identifier else { m += 1; continue }
                var d = Declarator(name: t(m), nameIndex: code[m], arrayRange: nil, initializer: nil, tokenRange: code[m]...code[m])
                m += 1
                if m < code.count && t(m).text == "[" {
                    let close = closing(m)
                    d.arrayRange = code[m]...code[close]
                    m = close + 1
                }
                if m < code.count && t(m).text == "=" {
                    let equals = m
                    var depth = 0
                    m += 1
                    while m < code.count {
                        let s = t(m).text
                        if depth == 0 && (s == "," || s == ";") { break }
                        if s == "(" || s == "[" || s == "{" { depth += 1 } else if s == ")" || s == "]" || s == "}" { depth -= 1 }
                        m += 1
                    }
                    d.initializer = (code[equals], code[m - 1])
                }
                while m < code.count && t(m).text != "," && t(m).text != ";" { m += 1 }
                // Up to the `,` or `;`, so comments after the name belong to this declarator.
                d.tokenRange = code[declStart]...max(code[declStart], (m < code.count ? code[m] : tokens.count) - 1)
                declarators.append(d)
                if m < code.count && t(m).text == "," { m += 1 }
            }
            if m < code.count {
                declarations.append(GlobalDeclaration(qualifiers: qualifiers, type: t(typeIndex).text, typeToken: t(typeIndex),
                                                      declarators: declarators, tokenRange: code[statementStart]...code[m]))
            }
            k = m + 1
        }
        return (declarations, functions)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (GLSL's blanks within a line).
    var trimmingBlanks: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
