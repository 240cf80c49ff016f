import Foundation
import Hummingbird
import Logging
import SegueCore
import SegueGL
import SeguePipeline
import Synchronization

/// `segue serve`: the live authoring page and its JSON API on Hummingbird (docs/SERVE.md has
/// the routes). Request handlers only parse, look in the cache and wait for the render
/// thread; file changes reach open pages as server-sent events.
public struct SegueServer: Sendable {
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        /// 0 = any free port (the URL line tells which).
        public var port = 8390
        public var files = ServedFiles(shaderDirectory: nil, namedShaders: [], imageDirectory: nil)
        /// Seconds one frame of a user shader may take (`--time-limit`); 0 = no limit.
        public var frameTimeLimit: Double = 10
        public var eglPlatform: EGLPlatformChoice = .auto
        public var pollInterval: Duration = .milliseconds(200)
        public init() {}
    }

    public let configuration: Configuration
    public let api: ServeAPI

    public init(_ configuration: Configuration, notice: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        let session = RenderSession(backend: .auto, eglPlatform: configuration.eglPlatform, notice: notice)
        // The in-process session never arms the watchdog, which would end the server: user
        // shaders' frames are drawn by a child under the limit (`ShaderFrameChild`).
        session.frameTimeLimit = 0
        api = ServeAPI(files: configuration.files, renderThread: RenderThread(session: session),
                       shaderTimeLimit: configuration.frameTimeLimit, eglPlatform: configuration.eglPlatform)
    }

    /// Serves until the process ends; `onListening` gets the URL once the port is bound.
    /// SIGINT and SIGTERM are the CLI's (`InterruptSignals`: exit 130 / 143): nothing the
    /// server holds needs more than the process's end (no files are written).
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let api = self.api
        let watcher = FileWatcher(files: configuration.files, interval: configuration.pollInterval) { api.fileChanged($0) }
        watcher.start()
        defer { watcher.stop() }
        var logger = Logger(label: "segue.serve")
        logger.logLevel = .warning
        let host = configuration.host
        let listening = ListeningPort()
        let app = Application(
            router: Self.router(api, origin: OriginGuard(origin: RequestOrigin(listenHost: host), port: listening)),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "segue"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                listening.set(port)
                let shownHost = host.contains(":") ? "[\(host)]" : host
                onListening("http://\(shownHost):\(port)/")
            },
            logger: logger)
        try await app.runService(gracefulShutdownSignals: [])
    }

    /// Every route of the contract (docs/SERVE.md), each behind `origin`.
    static func router(_ api: ServeAPI, origin: OriginGuard<BasicRequestContext>) -> Router<BasicRequestContext> {
        let router = Router()
        // Middleware applies to the routes added after it.
        router.add(middleware: origin)
        router.get("/") { _, _ in Self.web(WebAssets.indexName) }
        router.get("/static/:name") { _, context in Self.web(context.parameters.get("name") ?? "") }
        router.get("/api/effects") { _, _ in Self.answer(ServedMediaType.json) { () throws(ServeFailure) in try api.effects() } }
        router.get("/api/files") { _, _ in Self.answer(ServedMediaType.json) { () throws(ServeFailure) in api.fileList() } }
        router.get("/api/frame") { request, _ in
            await Self.answer(ServedMediaType.png) { () async throws(ServeFailure) in try await api.frame(Self.items(request)) }
        }
        router.get("/api/plan") { request, _ in
            await Self.answer(ServedMediaType.json) { () async throws(ServeFailure) in try await api.plan(Self.items(request)) }
        }
        router.get("/api/parity") { request, _ in
            await Self.answer(ServedMediaType.json) { () async throws(ServeFailure) in try await api.parity(Self.items(request)) }
        }
        router.get("/api/timing") { request, _ in
            Self.answer(ServedMediaType.json) { () throws(ServeFailure) in try api.timing(Self.items(request)) }
        }
        router.get("/api/command") { request, _ in
            Self.answer(ServedMediaType.json) { () throws(ServeFailure) in try api.command(Self.items(request)) }
        }
        router.get("/api/events") { _, _ in Self.eventStream(api.events) }
        router.get("/api/**") { request, _ in
            Self.failure(.notFound(.missingInput("no such API route: \(request.uri.path)")))
        }
        return router
    }

    static func items(_ request: Request) -> QueryItems { QueryItems(query: request.uri.query) }

    static func answer(_ type: String, _ body: () throws(ServeFailure) -> Data) -> Response {
        do throws(ServeFailure) { return ok(type, try body()) } catch { return failure(error) }
    }

    static func answer(_ type: String, _ body: () async throws(ServeFailure) -> Data) async -> Response {
        do throws(ServeFailure) { return ok(type, try await body()) } catch { return failure(error) }
    }

    static func ok(_ type: String, _ data: Data) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func failure(_ failure: ServeFailure) -> Response {
        Response(status: .init(code: failure.status), headers: [.contentType: ServedMediaType.json, .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: failure.json)))
    }

    static func web(_ name: String) -> Response {
        guard let file = WebAssets.file(name) else { return failure(.notFound(.missingInput("no such page file: \(name)"))) }
        return Response(status: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"], body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// `text/event-stream`: a comment at once (so the page knows it is connected), then one
    /// `change` event per changed file, until the page goes or the server stops.
    static func eventStream(_ events: EventHub) -> Response {
        let stream = events.subscribe()
        return Response(status: .ok, headers: [.contentType: ServedMediaType.eventStream, .cacheControl: "no-store"],
                        body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": connected\n\n"))
            for await text in stream { try await writer.write(ByteBuffer(string: text)) }
            try await writer.finish(nil)
        })
    }
}

/// The port the server listens on, known once it is bound (`--port 0` picks one).
final class ListeningPort: Sendable {
    private let port = Mutex(0)
    func set(_ value: Int) { port.withLock { $0 = value } }
    var value: Int { port.withLock { $0 } }
}

/// Answers 403 to every request `RequestOrigin` refuses, before any route runs.
struct OriginGuard<Context: RequestContext>: RouterMiddleware {
    let origin: RequestOrigin
    let port: ListeningPort

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The first Host header became the authority; one still among the fields is a second.
        let problem = request.headers[.init("Host")!] != nil ? "more than one Host header"
            : origin.problem(host: request.head.authority, origin: request.headers[.origin],
                             fetchSite: request.headers[.init("Sec-Fetch-Site")!], port: port.value,
                             isAPI: request.uri.path.hasPrefix("/api/"))
        if let problem { return SegueServer.failure(.forbidden(.usage(problem))) }
        return try await next(request, context)
    }
}
