import Foundation
import SegueCore
import SegueEffects
import SegueGLSL

/// Every effect a name can mean: the built-in table (`EffectTable`, the only list of
/// built-ins) plus authors' shader files, from `--shaders DIR` / `$SEGUE_SHADERS` or given as
/// a path. A file in the folder named like a built-in (`fade.glsl`) overrides it.
public struct EffectCatalog: Sendable {
    public static let environmentVariable = "SEGUE_SHADERS"
    public static let fileExtension = "glsl"

    public let builtins: [EffectEntry]
    public let shaderDirectory: String?

    /// An effect ready to configure, with the file behind it when it is a user shader.
    public struct Resolved: Sendable {
        public var entry: EffectEntry
        public var shader: UserShader?
    }

    /// `shaderDirectory` nil falls back to `$SEGUE_SHADERS`.
    public init(builtins: [EffectEntry] = EffectTable.all, shaderDirectory: String? = nil) {
        self.builtins = builtins
        self.shaderDirectory = shaderDirectory ?? ProcessInfo.processInfo.environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Built-ins only, whatever `$SEGUE_SHADERS` says: for callers (`segue serve`) that pick and
    /// check the shader files themselves and resolve them by path.
    public static func builtinsOnly(_ builtins: [EffectEntry] = EffectTable.all) -> EffectCatalog {
        EffectCatalog(builtins: builtins, exactShaderDirectory: nil)
    }

    private init(builtins: [EffectEntry], exactShaderDirectory: String?) {
        self.builtins = builtins
        self.shaderDirectory = exactShaderDirectory
    }

    /// `name` as a path (it has a `/` or ends in `.glsl`), a file of the shader folder, or a built-in.
    public func resolve(_ name: String) throws(SegueError) -> Resolved {
        if name.contains("/") || name.hasSuffix("." + Self.fileExtension) {
            return try load(path: name)
        }
        if let path = userFile(named: name) { return try load(path: path) }
        // ffmpeg's xfade transitions answer to their bare names too (`dissolve`), where no
        // built-in has that name.
        // GStreamer's SMPTE wipes answer to their numbers too (`smpte:1`).
        guard let entry = builtins.first(where: { $0.name == EffectTable.smpteName(name) }) ?? builtins.first(where: { $0.name == EffectTable.xfadePrefix + name }) else {
            if name.hasPrefix(EffectTable.smptePrefix) {
                throw .invalidInput("unknown SMPTE wipe '\(name)': smpte:NAME or smpte:NUMBER of GStreamer's 70 (segue list; docs/SMPTE.md)")
            }
            throw .invalidInput("unknown effect '\(name)' (known: \(effectNames.joined(separator: ", ")); or a .glsl file)")
        }
        return Resolved(entry: entry, shader: nil)
    }

    /// Whether `name` is one of `effectNames`, or an SMPTE wipe's number (`smpte:44`).
    public func knows(_ name: String) -> Bool { effectNames.contains(EffectTable.smpteName(name)) }

    /// Every name `resolve` takes without a path: the built-ins, then the shader folder's files.
    public var effectNames: [String] { builtins.map(\.name) + userFiles().map(Self.effectName) }

    /// What `segue list` shows: built-ins (or the files overriding them), then the folder's
    /// other files; files that do not load are returned as errors beside them.
    public func listing() -> (effects: [Resolved], problems: [SegueError]) { listing(files: userFiles()) }

    /// `listing()` over the given shader files instead of the folder's.
    public func listing(files: [String]) -> (effects: [Resolved], problems: [SegueError]) {
        var effects: [Resolved] = []
        var problems: [SegueError] = []
        var overridden: Set<String> = []
        var loaded: [String: Resolved] = [:]
        for path in files {
            do throws(SegueError) {
                let resolved = try load(path: path)
                loaded[resolved.entry.name] = resolved
            } catch {
                problems.append(error)
                overridden.insert(Self.effectName(path))
            }
        }
        for entry in builtins where !overridden.contains(entry.name) {
            effects.append(loaded.removeValue(forKey: entry.name) ?? Resolved(entry: entry, shader: nil))
        }
        effects += loaded.values.sorted { $0.entry.name < $1.entry.name }
        return (effects, problems)
    }

    /// Reads and parses one file; a native file's base effect comes from the built-ins.
    public func load(path: String) throws(SegueError) -> Resolved {
        let data: Data
        do throws(SegueError) { data = Data(try InputFile.contents(path, maxBytes: InputFile.maxTextBytes)) } catch {
            throw error.errno == ENOENT ? SegueError(.missingInput, "no such shader file", path: path) : error
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SegueError(.invalidInput, "not a readable UTF-8 text file", path: path)
        }
        let shader = UserShader(name: Self.effectName(path), path: path, text: text)
        var base: EffectEntry?
        if case .native(let effect, _) = shader.format {
            base = builtins.first { $0.name == effect }
            guard base != nil else {
                throw SegueError(.invalidInput, "`// segue: effect \(effect)`: no built-in effect '\(effect)' (known: \(builtins.map(\.name).joined(separator: ", ")))",
                                 path: path)
            }
        }
        return Resolved(entry: try shader.entry(base: base), shader: shader)
    }

    /// A file's effect name: its base name without `.glsl`.
    public static func effectName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    private func userFile(named name: String) -> String? {
        userFiles().first { Self.effectName($0) == name }
    }

    /// `*.glsl` in the shader folder, sorted by name.
    private func userFiles() -> [String] {
        guard let shaderDirectory, let names = try? FileManager.default.contentsOfDirectory(atPath: shaderDirectory) else { return [] }
        return names.filter { $0.hasSuffix("." + Self.fileExtension) && !$0.hasPrefix(".") }.sorted()
            .map { (shaderDirectory as NSString).appendingPathComponent($0) }
    }
}
