import Foundation
import SegueCore
import SeguePipeline

/// The one thread that renders for the server. It owns the `RenderSession` — the software
/// renderer and the process's single GL context — and runs jobs one at a time, in order.
///
/// Why one thread: an EGL context is current on one thread at a time and GL calls are
/// synchronous, so sharing one context between request threads would mean making it current
/// around every call; and on a 2-core machine two frames at once are no faster than one after
/// the other. Requests only enqueue work and wait; the event loop is never blocked by a draw.
///
/// A job may carry the page's client id: a newer job of the same client drops that client's
/// jobs still waiting in the queue (they answer `ServeFailure.superseded`, HTTP 409), so a
/// scrubber moved quickly renders the frame it stopped at, not every frame it passed.
public final class RenderThread: @unchecked Sendable {
    private struct Job {
        var client: String?
        var run: (RenderSession) -> Void
        var drop: () -> Void
    }

    private let condition = NSCondition()
    private var queue: [Job] = []
    private let session: RenderSession
    /// Jobs dropped because a newer one of the same client came: for tests and the log.
    public private(set) var supersededCount = 0

    public init(session: RenderSession) {
        self.session = session
        let thread = Thread { [self] in loop() }
        thread.name = "segue.render"
        thread.start()
    }

    /// Runs `body` on the render thread and returns its result; throws `superseded` when a
    /// newer job of the same client replaced it before it started.
    public func run<T: Sendable>(client: String? = nil,
                                 _ body: @escaping @Sendable (RenderSession) throws(ServeFailure) -> T) async throws(ServeFailure) -> T {
        let result: Result<T, ServeFailure> = await withCheckedContinuation { continuation in
            let job = Job(client: client, run: { session in
                do throws(ServeFailure) {
                    continuation.resume(returning: .success(try body(session)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }, drop: {
                continuation.resume(returning: .failure(.superseded(client: client ?? "")))
            })
            enqueue(job)
        }
        return try result.get()
    }

    /// Number of jobs waiting (not the one running).
    public var waiting: Int {
        condition.lock(); defer { condition.unlock() }
        return queue.count
    }

    private func enqueue(_ job: Job) {
        condition.lock()
        var dropped: [Job] = []
        if let client = job.client, !client.isEmpty {
            dropped = queue.filter { $0.client == client }
            queue.removeAll { $0.client == client }
            supersededCount += dropped.count
        }
        queue.append(job)
        condition.signal()
        condition.unlock()
        for old in dropped { old.drop() }
    }

    private func loop() {
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let job = queue.removeFirst()
            condition.unlock()
            job.run(session)
        }
    }
}
