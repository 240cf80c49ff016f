import Foundation
import SegueAuthoring
import SegueCore
import SegueEffects
import SeguePipeline

/// A frame, plan, parity or command request read from its query: the same options as
/// `segue still`, checked by the same rules (`TransitionRequest.problem`, `Limits`), with every
/// file named by its served name and mapped to its real path only through `ServedFiles`.
public struct FrameQuery: Sendable {
    /// The request options a query reads through the table (`RequestOptions`), as the CLI
    /// options of the same name; `from`, `to` and `param` name served files and are mapped first.
    static let options = RequestOptions.options(["size", "fps", "duration", "timing", "fit", "colorspace", "scale", "seed", "backend"])
    /// The query keys (`param` repeats).
    public static let keys = Set(options.map(\.name) + ["effect", "at", "from", "to", "param", "client"])

    /// The effect as the request named it (a built-in or a served shader's name).
    public var effect: String
    public var at: Double
    public var request: TransitionRequest
    public var backend: BackendChoice
    /// The page's id: its newer frame request supersedes its queued older ones.
    public var client: String?
    /// The served shader file behind the effect, when it is one.
    public var shaderFile: ServedFiles.File?
    /// The query without `client`, keys sorted: the cache key.
    public var normalised: String
    /// The options given, in order, as (key, value) without `effect`, `at` and `client`.
    public var options: [(key: String, value: String)]

    /// `requiresAt`: frames and plans need `at`; the command builder takes it when given.
    public init(_ items: QueryItems, files: ServedFiles, requiresAt: Bool = true) throws(ServeFailure) {
        for key in items.pairs.map(\.key) where !Self.keys.contains(key) {
            throw .segue(.usage("unknown query key '\(key)' (known: \(Self.keys.sorted().joined(separator: ", ")))"))
        }
        guard let effect = items["effect"], !effect.isEmpty else { throw .segue(.usage("effect: missing (e.g. effect=fade)")) }
        self.effect = effect
        client = items["client"]
        options = items.pairs.filter { !["effect", "at", "client"].contains($0.key) }
        normalised = QueryItems(items.pairs.filter { $0.key != "client" }).normalised

        if let text = items["at"] {
            guard let value = Double(text) else { throw .segue(.usage("at \(text): expected a number in \(Limits.fraction.text)")) }
            do throws(SegueError) { try Limits.fraction.check(value, option: "at") } catch { throw .segue(error) }
            at = value
        } else if requiresAt {
            throw .segue(.usage("at: missing (a time fraction in \(Limits.fraction.text))"))
        } else {
            at = 0.5
        }

        let catalog = EffectCatalog.builtinsOnly()
        let shaderFile: ServedFiles.File?
        do throws(SegueError) { shaderFile = try files.shader(named: effect) } catch { throw .forbidden(error) }
        self.shaderFile = shaderFile
        var request = TransitionRequest(effect: shaderFile?.path ?? effect)
        request.catalog = catalog
        if shaderFile == nil && !catalog.builtins.contains(where: { $0.name == effect }) {
            let known = catalog.builtins.map(\.name) + files.shaders().map(\.name)
            throw .notFound(.invalidInput("unknown effect '\(effect)' (known: \(known.joined(separator: ", ")))"))
        }

        var job = JobRequest(effect: request.effect)
        job.transition = request
        do throws(SegueError) {
            let names = Set(Self.options.map(\.name))
            try RequestOptions.read(items.pairs.filter { names.contains($0.key) }.map { ($0.key, .text($0.value)) }, into: &job) { row, problem in
                .usage("\(row.name) \(problem)")
            }
            if let size = job.transition.size { try Self.checkBudget(size, what: "size \(size)") }
        } catch {
            throw .segue(error)
        }
        backend = job.backend ?? .auto
        request = job.transition
        if let from = items["from"] { request.from = try files.image(named: from).path }
        if let to = items["to"] { request.to = try files.image(named: to).path }
        request.parameters = try Self.parameters(items.all("param"), request: request, files: files)
        self.request = request
    }

    /// A frame within `Limits.servePixels`: the query's `size`, or the canvas the snapshots
    /// make when it gives none (checked once they are read, before drawing).
    public static func checkBudget(_ size: PixelSize, what: String) throws(SegueError) {
        guard size.pixelCount <= Limits.servePixels else {
            throw .usage("\(what): \(size.pixelCount) pixels, more than the \(Limits.servePixels / (1024 * 1024)) Mpx "
                         + "segue serve draws for one request (render larger frames with segue still or render)")
        }
    }

    /// `param=name=value` pairs; a value naming an image (an `.image` parameter, a shader's
    /// `sampler2D`) must be a served image and is replaced by its real path; an expression or
    /// an element map must be text, not `@FILE`.
    static func parameters(_ texts: [String], request: TransitionRequest, files: ServedFiles) throws(ServeFailure) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for text in texts {
            guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw .segue(.usage("param \(text): expected name=value"))
            }
            pairs.append((String(text[..<eq]), String(text[text.index(after: eq)...])))
        }
        guard !pairs.isEmpty else { return pairs }
        let resolved: EffectCatalog.Resolved
        do throws(SegueError) { resolved = try request.catalog.resolve(request.effect) } catch { throw .segue(error) }
        var imageNames = Set(resolved.entry.descriptor.parameters.filter { $0.kind == .image }.map(\.name))
        imageNames.formUnion((resolved.shader?.parameters ?? []).filter { $0.type == "sampler2D" }.map(\.name))
        // An expression or an element map comes as its text: `@FILE` would read any file the server can.
        let textNames = Set(resolved.entry.descriptor.parameters.filter { $0.kind == .expression || $0.kind == .elements }.map(\.name))
        if let (name, _) = pairs.first(where: { textNames.contains($0.0) && $0.1.hasPrefix("@") }) {
            throw .segue(.usage("param \(name): give the text itself; serve reads no @FILE"))
        }
        return try pairs.map { (name, value) throws(ServeFailure) in
            guard imageNames.contains(name), !value.isEmpty else { return (name, value) }
            return (name, try files.image(named: value).path)
        }
    }
}
