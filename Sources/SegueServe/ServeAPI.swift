import Foundation
import SegueAuthoring
import SegueCore
import SegueGL
import SegueIO
import SeguePipeline

/// What `segue serve` answers, apart from HTTP: each endpoint takes the query and gives the
/// body (or a `ServeFailure`). Rendering runs on the `RenderThread`; everything here reuses
/// the CLI's code paths (`PreparedTransition`, `RenderSession`, `PNGCodec`, `EffectListing`),
/// so a frame is the one `segue still` writes.
public final class ServeAPI: Sendable {
    public let files: ServedFiles
    public let renderThread: RenderThread
    public let cache: FrameCache
    public let events: EventHub
    /// Seconds a user shader's frame may take (0 = no limit: drawn in-process).
    public let shaderTimeLimit: Double
    /// The process user shaders' frames are drawn in, kept from frame to frame.
    private let shaderFrames = ShaderFrameChild()
    /// Passed on to the child that draws a user shader's frame.
    public let eglPlatform: EGLPlatformChoice

    public init(files: ServedFiles, renderThread: RenderThread, cache: FrameCache = FrameCache(), events: EventHub = EventHub(),
                shaderTimeLimit: Double = 0, eglPlatform: EGLPlatformChoice = .auto) {
        self.files = files
        self.renderThread = renderThread
        self.cache = cache
        self.events = events
        self.shaderTimeLimit = shaderTimeLimit
        self.eglPlatform = eglPlatform
    }

    /// A served file changed: frames rendered from it are stale, and open pages are told.
    public func fileChanged(_ name: String) {
        cache.clear()
        events.publish(event: "change", data: SegueJSON.line(["file": name]))
    }

    /// `segue list --json` over the built-ins and the served shaders (files that do not load
    /// are left out, as `segue list` leaves them out).
    public func effects() throws(ServeFailure) -> Data {
        let (effects, _) = EffectCatalog.builtinsOnly().listing(files: files.shaders().map(\.path))
        do throws(SegueError) { return Data((try EffectListing(effects).json + "\n").utf8) } catch { throw named(.segue(error)) }
    }

    struct FileList: Encodable { var images: [String]; var shaders: [String] }

    public func fileList() -> Data {
        SegueJSON.data(FileList(images: files.images().map(\.name), shaders: files.shaders().map(\.name)))
    }

    /// The PNG `segue still` writes for the same options (default compression).
    public func frame(_ items: QueryItems) async throws(ServeFailure) -> Data {
        let query: FrameQuery
        do throws(ServeFailure) { query = try FrameQuery(items, files: files) } catch { throw named(error) }
        let key = "frame?" + query.normalised
        if let hit = cache.get(key) { return hit }
        let generation = cache.currentGeneration()
        let png: Data
        do throws(ServeFailure) {
            png = try await renderThread.run(client: query.client) { [self] session throws(ServeFailure) in
                do throws(SegueError) {
                    let transition = try Self.prepared(query)
                    if let shader = query.shaderFile, shaderTimeLimit > 0 {
                        // Compiled here, so a broken file answers with its line; drawn in a
                        // child, so a frame that never ends takes the child down, not the server.
                        _ = try session.renderer(for: transition, backend: query.backend)
                        let arguments = CommandBuilder(query: query).stillArguments
                            + (eglPlatform == .auto ? [] : ["--egl-platform", eglPlatform.rawValue])
                        return try shaderFrames.png(stillArguments: arguments, timeLimit: shaderTimeLimit, shaderPath: shader.path)
                    }
                    let frame = try Self.render(transition, at: query.at, backend: query.backend, session: session)
                    return Data(try PNGCodec.encode(frame, compression: .default, colorSpace: transition.colorSpace))
                } catch { throw .segue(error) }
            }
        } catch { throw named(error) }
        cache.put(key, png, generation: generation)
        return png
    }

    /// `segue plan --json`.
    public func plan(_ items: QueryItems) async throws(ServeFailure) -> Data {
        let query: FrameQuery
        do throws(ServeFailure) { query = try FrameQuery(items, files: files) } catch { throw named(error) }
        do throws(ServeFailure) {
            return try await renderThread.run { _ throws(ServeFailure) in
                do throws(SegueError) {
                    let transition = try Self.prepared(query)
                    return Data((SegueJSON.string(transition.plan(fraction: query.at)) + "\n").utf8)
                } catch { throw .segue(error) }
            }
        } catch { throw named(error) }
    }

    struct Parity: Encodable { var psnr: Double; var maxDifference: Int }

    /// GL against software for a built-in effect the software renderer draws.
    public func parity(_ items: QueryItems) async throws(ServeFailure) -> Data {
        let query: FrameQuery
        do throws(ServeFailure) { query = try FrameQuery(items, files: files) } catch { throw named(error) }
        if query.shaderFile != nil {
            throw .segue(.usage("parity: \(query.effect) is a user shader; only built-in effects have a software renderer to compare"))
        }
        do throws(ServeFailure) {
            return try await renderThread.run(client: query.client.map { $0 + "/parity" }) { session throws(ServeFailure) in
                do throws(SegueError) {
                    let transition = try Self.prepared(query)
                    if transition.drawing.needsGL {
                        throw .usage("parity: \(query.effect) draws with GL only; the software renderer cannot draw it")
                    }
                    let software = try Self.render(transition, at: query.at, backend: .software, session: session)
                    let gl = try Self.render(transition, at: query.at, backend: .gl, session: session)
                    let comparison = try ImageComparison(gl, software)
                    return SegueJSON.data(Parity(psnr: comparison.psnr, maxDifference: comparison.maxDifference))
                } catch { throw .segue(error) }
            }
        } catch { throw named(error) }
    }

    /// `{"spec", "duration", "points": [{"t", "value"}], "description"}`: the curve sampled at
    /// `samples` even fractions `t` of its duration (a spring's own settling time, else
    /// `duration`, default 0.5 s), and its derived constants (`segue timing --describe`).
    public func timing(_ items: QueryItems) throws(ServeFailure) -> Data {
        do throws(SegueError) { return try TimingSamples(items).json } catch { throw .segue(error) }
    }

    /// The command lines and the spec job for the page's current frame.
    public func command(_ items: QueryItems) throws(ServeFailure) -> Data {
        let query: FrameQuery
        do throws(ServeFailure) { query = try FrameQuery(items, files: files, requiresAt: false) } catch { throw named(error) }
        return CommandBuilder(query: query).json
    }

    /// The query's transition, its canvas within the page's pixel budget.
    static func prepared(_ query: FrameQuery) throws(SegueError) -> PreparedTransition {
        let transition = try PreparedTransition(query.request)
        if query.request.size == nil { try FrameQuery.checkBudget(transition.size, what: "the snapshots' size") }
        return transition
    }

    /// One frame at `fraction` on the chosen backend: `segue still`'s steps.
    static func render(_ transition: PreparedTransition, at fraction: Double, backend: BackendChoice,
                       session: RenderSession) throws(SegueError) -> PixelBuffer {
        try transition.frame(at: fraction, renderer: try session.renderer(for: transition, backend: backend))
    }

    /// Real paths in a failure told by their served names.
    func named(_ failure: ServeFailure) -> ServeFailure {
        let served = files.all()
        return failure.naming { path in
            if let file = served.first(where: { $0.path == path }) { return file.name }
            return path
        }
    }
}
