import CGLES3
import SegueCore
import SegueGLSL
import SegueShaders

/// The renderer's own programs, one per draw command (and the texel-copy variant of layers).
enum BuiltinProgram: CaseIterable {
    case layer, layerCopy, layerPair, mix, fill, shadow, reveal, lumaWipe, blur, sprites, rowPrefixSums, smpteWipe

    var vertex: ShaderFile { self == .sprites ? .spritesVertex : .quad }
    var fragment: ShaderFile {
        switch self {
        case .layer, .layerCopy, .layerPair: .layer
        case .mix: .mix
        case .fill: .fill
        case .shadow: .shadow
        case .reveal: .reveal
        case .lumaWipe: .lumaWipe
        case .blur: .blur
        case .sprites: .sprites
        case .rowPrefixSums: .rowPrefixSums
        case .smpteWipe: .smpteWipe
        }
    }
    var defines: [String] {
        switch self {
        case .layerCopy: ["SEGUE_LAYER_COPY"]
        case .layerPair: ["SEGUE_LAYER_PAIR"]
        default: []
        }
    }
    /// Sampler uniforms and the texture unit each reads (set once at link time).
    var samplers: [(String, Int32)] {
        switch self {
        case .layer, .layerCopy, .blur, .sprites: [("u_image", 0)]
        case .mix: [("u_first", 0), ("u_second", 1)]
        case .layerPair: [("u_image", 0), ("u_second", 1)]
        case .rowPrefixSums: [("u_image", 0), ("u_sums", 1)]
        case .reveal, .lumaWipe, .fill, .shadow, .smpteWipe: []  // canvas programs bind theirs per draw
        }
    }
}

/// Compiled programs: the built-in ones, made with the renderer, and the ones `shader`
/// commands call (authors' files), compiled on first use. Owns their GL objects: `deleteAll`
/// runs with the context current.
final class GLProgramCache {
    private let files: GLShaderFiles
    private let source: any GLProgramSource
    private let quadStage: GLSLStage
    private let shapes: String
    private var builtins: [BuiltinProgram: GLProgram] = [:]
    private var callable: [String: GLProgram] = [:]
    /// xfade programs by file, compiled on first use (few jobs need more than one).
    private var xfade: [ShaderFile: GLProgram] = [:]
    /// xfade custom expressions' programs, by the expression's text (the last few).
    private var expressions: [(text: String, program: GLProgram)] = []
    /// Authors' shader files by `UserShader.programName`; they win over `source`.
    private var userShaders: [String: UserShader] = [:]

    /// Compiles every built-in program (context current). An author's override of a built-in
    /// stage that does not compile is their input error; Segue's own is an internal one.
    init(files: GLShaderFiles, programs: (any GLProgramSource)?) throws(SegueError) {
        self.files = files
        source = programs ?? files
        shapes = files.source(of: .shapes)
        quadStage = GLSLStage(name: ShaderFile.quad.rawValue, body: files.source(of: .quad), shapes: nil)
        let kind: SegueError.Kind = files.directory == nil ? .internalError : .invalidInput
        do throws(SegueError) {
            for program in BuiltinProgram.allCases {
                let vertex = program.vertex == .quad ? quadStage
                    : GLSLStage(name: program.vertex.rawValue, body: files.source(of: program.vertex), shapes: nil)
                let fragment = GLSLStage(name: program.fragment.rawValue, body: files.source(of: program.fragment), shapes: shapes,
                                         defines: program.defines)
                let linked = try GLProgram(name: program.fragment.rawValue, vertex: vertex, fragment: fragment, errorKind: kind)
                builtins[program] = linked
                glUseProgram(linked.id)
                for (sampler, unit) in program.samplers {
                    if let location = linked.location(sampler) { glUniform1i(location, unit) }
                }
            }
        } catch {
            deleteAll()
            throw error
        }
    }

    subscript(_ program: BuiltinProgram) -> GLProgram {
        // Every case is compiled by init, or init threw.
        builtins[program]!
    }

    /// Makes `shader` commands naming `shader.programName` run the author's file. Registering
    /// changed text (`segue watch`) drops the program compiled from the old text.
    func register(_ shader: UserShader) {
        let name = shader.programName
        if let old = userShaders[name], old.source.text == shader.source.text { return }
        userShaders[name] = shader
        if let program = callable.removeValue(forKey: name) { glDeleteProgram(program.id) }
    }

    /// The program a `shader` command names: a registered user shader, else one of `source`.
    func callableProgram(_ name: String) throws(SegueError) -> GLProgram {
        if let program = callable[name] { return program }
        let fragment: GLSLStage, label: String
        if let shader = userShaders[name] {
            fragment = GLUserShaderSource.stage(for: shader, shapes: shapes)
            label = shader.path
        } else if let body = source.fragmentSource(forProgram: name) {
            fragment = GLSLStage(name: name + ".frag", body: body, shapes: shapes)
            label = name
        } else {
            throw .invalidInput("unknown shader program '\(name)'")
        }
        let program = try GLProgram(name: label, vertex: quadStage, fragment: fragment, errorKind: .invalidInput)
        callable[name] = program
        return program
    }

    /// The program of an xfade transition (`Shaders/GLSL/xfade-<family>.frag`, hblur its own), compiled on first use,
    /// with each member's name defined as its index in the family (`#define FADEBLACK 2`), the
    /// value `u_transition` takes: the numbering is `XfadeTransition`'s order, written nowhere else.
    func xfadeProgram(_ transition: XfadeTransition) throws(SegueError) -> GLProgram {
        let family = transition.family, file = transition.shaderFile
        if let program = xfade[file] { return program }
        let kind: SegueError.Kind = files.directory == nil ? .internalError : .invalidInput
        let defines = family.members.map { "#define \($0.rawValue.uppercased()) \($0.indexInFamily)\n" }.joined()
        let fragment = GLSLStage(name: file.rawValue, body: files.source(of: file), shapes: shapes,
                                 header: defines + files.source(of: .xfade) + "\n")
        let program = try GLProgram(name: file.rawValue, vertex: quadStage, fragment: fragment, errorKind: kind)
        xfade[file] = program
        return program
    }

    /// The program of an xfade custom expression: `xfade-expression.frag` followed by the
    /// expression translated (`GLExpressionTranslation`), compiled on first use; the eight most
    /// recent are kept (a job uses one, a server a few).
    func expressionProgram(_ lowered: LoweredXfadeExpression) throws(SegueError) -> GLProgram {
        let text = lowered.call.expression
        if let index = expressions.firstIndex(where: { $0.text == text }) { return expressions[index].program }
        let fragment = GLSLStage(name: ShaderFile.xfadeExpression.rawValue, body: files.source(of: .xfadeExpression), shapes: nil,
                                 trailer: "\n" + GLExpressionTranslation.glsl(lowered.syntax))
        let program = try GLProgram(name: "xfade custom expression", vertex: quadStage, fragment: fragment, errorKind: .internalError)
        expressions.insert((text, program), at: 0)
        if expressions.count > 8, let evicted = expressions.popLast() { glDeleteProgram(evicted.program.id) }
        return program
    }

    func deleteAll() {
        let all = Array(builtins.values) + Array(callable.values) + Array(xfade.values) + expressions.map(\.program)
        for program in all { glDeleteProgram(program.id) }
        builtins.removeAll()
        callable.removeAll()
        xfade.removeAll()
        expressions.removeAll()
    }
}

extension XfadeTransition {
    /// The transition's program: its family's, but hblur's own, which reads row sums.
    var shaderFile: ShaderFile { self == .hblur ? .xfadeHblur : family.shaderFile }
}

extension XfadeFamily {
    /// The family's program.
    var shaderFile: ShaderFile {
        switch self {
        case .fades: .xfadeFades
        case .warps: .xfadeWarps
        case .wipes: .xfadeWipes
        case .slides: .xfadeSlides
        case .smooth: .xfadeSmooth
        case .diagonals: .xfadeDiagonals
        case .shapes: .xfadeShapes
        case .slices: .xfadeSlices
        case .winds: .xfadeWinds
        }
    }
}
