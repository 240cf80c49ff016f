import CGLES3
import SegueCore
import SegueGLSL

/// A linked program and its active uniforms (name → location, GL type, array size), read once
/// at link time so per-frame work is only glUniform calls. The owner deletes `id` with the
/// context current (a deinit could run with no context).
final class GLProgram {
    struct Uniform {
        let location: GLint
        let type: GLenum
        let arraySize: Int
    }

    let name: String
    let id: GLuint
    let uniforms: [String: Uniform]

    /// Compiles and links; failures carry the info log. `kind` is the error kind to report
    /// (invalid input for authors' programs, internal error for Segue's own).
    init(name: String, vertex: GLSLStage, fragment: GLSLStage, errorKind: SegueError.Kind) throws(SegueError) {
        self.name = name
        let vs = try GLProgram.compile(vertex, type: GLenum(GL_VERTEX_SHADER), errorKind: errorKind)
        defer { glDeleteShader(vs) }
        let fs = try GLProgram.compile(fragment, type: GLenum(GL_FRAGMENT_SHADER), errorKind: errorKind)
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = GLProgram.infoLog(program, isProgram: true)
            glDeleteProgram(program)
            throw SegueError(errorKind, "shader program '\(name)' failed to link: \(log)")
        }
        id = program
        uniforms = GLProgram.activeUniforms(program)
    }

    func location(_ uniform: String) -> GLint? { uniforms[uniform]?.location }

    private static func compile(_ stage: GLSLStage, type: GLenum, errorKind: SegueError.Kind) throws(SegueError) -> GLuint {
        let shader = glCreateShader(type)
        stage.text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, isProgram: false, joined: stage.sourcePath == nil)
            glDeleteShader(shader)
            if let path = stage.sourcePath {
                throw CompilerLog.error(log, kind: errorKind, path: path, source: stage.authorText ?? "")
            }
            // `#line 1` ahead of the body makes "0:LINE(COL)" in the log the file's own line.
            throw SegueError(errorKind, "shader '\(stage.name)' failed to compile (log lines are \(stage.name) lines): \(log)")
        }
        return shader
    }

    private static func infoLog(_ object: GLuint, isProgram: Bool, joined: Bool = true) -> String {
        var length: GLint = 0
        if isProgram { glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        else { glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        guard length > 1 else { return "(no info log)" }
        var log = [GLchar](repeating: 0, count: Int(length))
        if isProgram { glGetProgramInfoLog(object, length, nil, &log) }
        else { glGetShaderInfoLog(object, length, nil, &log) }
        let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !joined { return text }
        // One line for stderr (SegueError convention).
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.joined(separator: " | ")
    }

    private static func activeUniforms(_ program: GLuint) -> [String: Uniform] {
        var count: GLint = 0, maxLength: GLint = 0
        glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
        glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORM_MAX_LENGTH), &maxLength)
        var result: [String: Uniform] = [:]
        var buffer = [GLchar](repeating: 0, count: Int(max(maxLength, 1)) + 1)
        for index in 0..<GLuint(max(count, 0)) {
            var length: GLsizei = 0, size: GLint = 0, type: GLenum = 0
            glGetActiveUniform(program, index, GLsizei(buffer.count), &length, &size, &type, &buffer)
            var name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Arrays are reported as `name[0]`; plans name the array itself.
            if name.hasSuffix("[0]") { name.removeLast(3) }
            let location = glGetUniformLocation(program, name)
            guard location >= 0 else { continue }  // block members have no location
            result[name] = Uniform(location: location, type: type, arraySize: Int(size))
        }
        return result
    }
}

extension Substring {
    func trimmingCharacters() -> Substring {
        let head = drop(while: \.isWhitespace)
        var end = head.endIndex
        while end > head.startIndex, head[head.index(before: end)].isWhitespace { end = head.index(before: end) }
        return head[head.startIndex..<end]
    }
}

/// GLSL types a `UniformValue` may name, with their GL type enum and component count.
enum GLUniformType {
    static let table: [String: (type: Int32, components: Int)] = [
        "float": (GL_FLOAT, 1), "vec2": (GL_FLOAT_VEC2, 2), "vec3": (GL_FLOAT_VEC3, 3), "vec4": (GL_FLOAT_VEC4, 4),
        "int": (GL_INT, 1), "ivec2": (GL_INT_VEC2, 2), "ivec3": (GL_INT_VEC3, 3), "ivec4": (GL_INT_VEC4, 4),
        "bool": (GL_BOOL, 1), "bvec2": (GL_BOOL_VEC2, 2), "bvec3": (GL_BOOL_VEC3, 3), "bvec4": (GL_BOOL_VEC4, 4),
        "mat2": (GL_FLOAT_MAT2, 4), "mat3": (GL_FLOAT_MAT3, 9), "mat4": (GL_FLOAT_MAT4, 16),
    ]

    /// Sets `value` on the active uniform `name` of `program` (bound), checking the plan's
    /// type name against the declaration and the value count against the array size.
    static func set(_ value: UniformValue, name: String, in program: GLProgram) throws(SegueError) {
        // Declared but unused uniforms are optimized away; a plan may still send them.
        guard let uniform = program.uniforms[name] else { return }
        guard let declared = table[value.type] else {
            throw .invalidInput("shader '\(program.name)': uniform '\(name)' has unsupported type '\(value.type)'")
        }
        guard GLenum(declared.type) == uniform.type else {
            throw .invalidInput("shader '\(program.name)': uniform '\(name)' is sent as \(value.type) but declared otherwise (GL type 0x\(String(uniform.type, radix: 16)))")
        }
        let n = declared.components
        guard value.values.allSatisfy(\.isFinite) else {
            throw .invalidInput("shader '\(program.name)': uniform '\(name)' has a non-finite value")
        }
        guard value.values.count >= n, value.values.count % n == 0, value.values.count / n <= uniform.arraySize else {
            throw .invalidInput("shader '\(program.name)': uniform '\(name)' (\(value.type)) got \(value.values.count) values")
        }
        let count = GLsizei(value.values.count / n)
        let location = uniform.location
        switch declared.type {
        case GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3, GL_FLOAT_VEC4, GL_FLOAT_MAT2, GL_FLOAT_MAT3, GL_FLOAT_MAT4:
            let floats = value.values.map { GLfloat($0) }
            switch declared.type {
            case GL_FLOAT: glUniform1fv(location, count, floats)
            case GL_FLOAT_VEC2: glUniform2fv(location, count, floats)
            case GL_FLOAT_VEC3: glUniform3fv(location, count, floats)
            case GL_FLOAT_VEC4: glUniform4fv(location, count, floats)
            case GL_FLOAT_MAT2: glUniformMatrix2fv(location, count, GLboolean(GL_FALSE), floats)
            case GL_FLOAT_MAT3: glUniformMatrix3fv(location, count, GLboolean(GL_FALSE), floats)
            default: glUniformMatrix4fv(location, count, GLboolean(GL_FALSE), floats)
            }
        default:
            // Booleans are set through the integer entry points (any non-zero is true).
            let ints = value.values.map { GLint(clamping: Int($0.rounded())) }
            switch n {
            case 1: glUniform1iv(location, count, ints)
            case 2: glUniform2iv(location, count, ints)
            case 3: glUniform3iv(location, count, ints)
            default: glUniform4iv(location, count, ints)
            }
        }
    }
}
