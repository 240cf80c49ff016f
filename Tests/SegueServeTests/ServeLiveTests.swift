import Foundation
import SegueCore
import SegueIO
import SeguePipeline
@testable import SegueServe
import Testing

/// Live reload (server-sent events, cache invalidation) and the render queue (stale requests
/// dropped, LRU bounds).
@Suite(.serialized) struct ServeLiveTests {
    @Test func shaderEditSendsAnEventWithinASecond() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let before = try server.get("/api/frame?effect=wipe&at=0.5&from=a.png&to=b.png")
        #expect(before.status == 200, "\(before.text)")

        let fd = try RawHTTP.connect(port: server.port)
        defer { close(fd) }
        RawHTTP.send(fd, path: "/api/events", port: server.port)
        let head = RawHTTP.read(fd, timeout: 5) { String(decoding: $0, as: UTF8.self).contains(": connected") }
        #expect(String(decoding: head, as: UTF8.self).lowercased().contains("content-type: text/event-stream"))

        let edited = ServeFixture.wipe.replacingOccurrences(of: "0.1", with: "0.6")
        try edited.write(toFile: fixture.folder + "/shaders/wipe.glsl", atomically: true, encoding: .utf8)
        let start = Date()
        let event = RawHTTP.read(fd, timeout: 3) { String(decoding: $0, as: UTF8.self).contains("wipe.glsl") }
        let elapsed = Date().timeIntervalSince(start)
        let text = String(decoding: event, as: UTF8.self)
        #expect(text.contains("event: change\ndata: {\"file\":\"wipe.glsl\"}\n\n"), "\(text)")
        #expect(elapsed < 1.0, "the change event came after \(elapsed) s")

        // The cache was emptied: the frame is the edited shader's.
        let after = try server.get("/api/frame?effect=wipe&at=0.5&from=a.png&to=b.png")
        #expect(after.status == 200)
        #expect(after.body != before.body)

        // An image change is an event too.
        try FileManager.default.removeItem(atPath: fixture.folder + "/shots/a.png")
        let removed = RawHTTP.read(fd, timeout: 3) { String(decoding: $0, as: UTF8.self).contains("a.png") }
        #expect(String(decoding: removed, as: UTF8.self).contains("{\"file\":\"a.png\"}"))
    }

    @Test func newerRequestOfAClientDropsItsQueuedOlderOnes() async throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let session = RenderSession(backend: .software, notice: { _ in })
        let thread = RenderThread(session: session)
        let api = ServeAPI(files: ServedFiles(shaderDirectory: nil, namedShaders: [], imageDirectory: fixture.folder + "/shots"), renderThread: thread)
        // Hold the render thread so the frame requests wait in its queue.
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let blocker = Task { try await thread.run { _ throws(ServeFailure) in started.signal(); gate.wait(); return 0 } }
        while started.wait(timeout: .now()) != .success { try await Task.sleep(for: .milliseconds(10)) }

        func frame(_ at: String, client: String) -> Task<Int, Never> {
            Task {
                do throws(ServeFailure) {
                    _ = try await api.frame(QueryItems(query: "effect=fade&at=\(at)&from=a.png&to=b.png&client=\(client)"))
                    return 200
                } catch { return error.status }
            }
        }
        let first = frame("0.1", client: "page")
        while thread.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let other = frame("0.2", client: "other-page")
        while thread.waiting < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let second = frame("0.3", client: "page")
        while thread.waiting < 2 || thread.supersededCount < 1 { try await Task.sleep(for: .milliseconds(5)) }
        gate.signal()
        _ = try await blocker.value
        #expect(await first.value == 409)
        #expect(await other.value == 200)
        #expect(await second.value == 200)
        #expect(thread.supersededCount == 1)
        #expect(ServeFailure.superseded(client: "page").status == 409)
    }

    @Test func cacheIsLeastRecentlyUsedAndBounded() {
        let cache = FrameCache(maxEntries: 2, maxBytes: 10)
        let g = cache.currentGeneration()
        cache.put("a", Data([1, 2, 3]), generation: g)
        cache.put("b", Data([4, 5, 6]), generation: g)
        _ = cache.get("a")
        cache.put("c", Data([7]), generation: g)  // evicts b, the least recently used
        #expect(cache.get("a") != nil && cache.get("b") == nil && cache.get("c") != nil)
        cache.put("d", Data(repeating: 0, count: 9), generation: g)  // 3 + 1 + 9 > 10 bytes
        #expect(cache.count <= 2)
        cache.clear()
        cache.put("e", Data([1]), generation: g)  // rendered before the clear: not stored
        #expect(cache.get("e") == nil)
    }

    @Test func cachedFrameIsServedAgainWithoutRendering() async throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let session = RenderSession(backend: .software, notice: { _ in })
        let api = ServeAPI(files: ServedFiles(shaderDirectory: nil, namedShaders: [], imageDirectory: fixture.folder + "/shots"),
                           renderThread: RenderThread(session: session))
        let first = try await api.frame(QueryItems(query: "effect=fade&at=0.5&from=a.png&to=b.png&client=x"))
        // Same frame, keys in another order, another client: one entry.
        let second = try await api.frame(QueryItems(query: "to=b.png&at=0.5&effect=fade&from=a.png&client=y"))
        #expect(first == second)
        #expect(api.cache.count == 1)
    }
}
