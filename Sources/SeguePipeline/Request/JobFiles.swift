import SegueCore
import SegueIO

/// A file a transition request reads, by the option that names it, so that each front end can
/// name it in its own words (`--from` on the command line, `key "from"` in a spec).
public enum RequestInput: Sendable, Equatable {
    case from, to, gesture
    /// The effect is an author's shader file (named, or overriding a built-in from `--shaders`).
    case shader
    /// An image parameter (`mask`, a shader's `sampler2D`).
    case parameter(String)

    /// As the command line names it.
    public var flag: String {
        switch self {
        case .from: "--from"
        case .to: "--to"
        case .gesture: "--gesture"
        case .shader: "the shader file"
        case .parameter(let name): "--param \(name)"
        }
    }

    /// As a spec file names it.
    public var specKey: String {
        switch self {
        case .from: "key \"from\""
        case .to: "key \"to\""
        case .gesture: "key \"gesture\""
        case .shader: "key \"effect\""
        case .parameter(let name): "key \"params\" \"\(name)\""
        }
    }
}

extension TransitionRequest {
    /// Every file the request reads: the two sides (snapshots or clips), the gesture, the
    /// shader file and the images parameters name. Settles the effect and its parameters
    /// (`TransitionSettings`) but reads no pixel, so it can be checked before any work.
    public func inputFiles() throws(SegueError) -> [(RequestInput, String)] {
        let settings = try TransitionSettings(self)
        var files: [(RequestInput, String)] = []
        if fromImage == nil, let from { files.append((.from, from)) }
        if toImage == nil, let to { files.append((.to, to)) }
        if let gesture { files.append((.gesture, gesture)) }
        if let shader = settings.shader { files.append((.shader, shader.path)) }
        files += settings.parameterImages.map { (.parameter($0.parameter), $0.path) }
        return files
    }

    /// `inputFiles` named as the command line names them.
    public func commandLineInputs() throws(SegueError) -> [NamedPath] {
        try inputFiles().map { NamedPath($0.0.flag, $0.1) }
    }
}

extension OutputSpec {
    /// This output as the check of inputs against outputs sees it: a PNG sequence is a folder.
    public func named(_ name: String) -> NamedPath { NamedPath(name, path, isFolder: format == .png) }
}

extension SequenceSpec {
    /// Every file the storyboard reads, the spec itself first, each named as the spec names it
    /// (`clip 2`, `transition 1: key "params" "mask"`, `audio`).
    public func inputFiles() throws(SegueError) -> [NamedPath] {
        var files = [NamedPath("the spec", file)]
        files += clips.enumerated().map { NamedPath("clip \($0.offset + 1)", $0.element.file) }
        for (i, request) in transitions.enumerated() {
            files += try request.inputFiles().map { NamedPath("transition \(i + 1): \($0.0.specKey)", $0.1) }
        }
        if let audio { files.append(NamedPath("audio", audio.file)) }
        return files
    }
}
