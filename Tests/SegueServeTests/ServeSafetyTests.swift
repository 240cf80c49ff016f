import Foundation
import SegueCore
import SegueTestSupport
import Testing

/// Only served files can be read, and bad values answer 4xx JSON like the CLI's messages;
/// the server keeps serving after each.
@Suite(.serialized) struct ServeSafetyTests {
    @Test func pathsOutsideTheServedFoldersAreRefused() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let refused = [
            "/api/frame?effect=fade&at=0.5&from=../../etc/passwd",
            "/api/frame?effect=fade&at=0.5&from=..%2Fsecret.png",
            "/api/frame?effect=fade&at=0.5&to=%2Fetc%2Fpasswd",
            "/api/frame?effect=fade&at=0.5&to=outside.png",  // a symlink whose target is outside
            "/api/frame?effect=mask&at=0.5&param=mask%3D..%2Fsecret.png",
            "/api/frame?effect=mask&at=0.5&param=mask%3D%2Fetc%2Fpasswd",
            "/api/frame?effect=..%2Fextra.glsl&at=0.5",
            "/api/frame?effect=%2Fetc%2Fpasswd.glsl&at=0.5",
            "/api/plan?effect=fade&at=0.5&from=../secret.png",
        ]
        for path in refused {
            let reply = try server.get(path)
            #expect(reply.status == 403, "\(path): \(reply.status) \(reply.text)")
            #expect(reply.contentType.hasPrefix("application/json"))
            #expect(!(reply.errorObject["message"] as? String ?? "").isEmpty)
            #expect(!reply.text.contains("root:"), "\(path) leaked a file")
        }
        let missing = try server.get("/api/frame?effect=fade&at=0.5&from=nope.png")
        #expect(missing.status == 404)
        #expect(missing.errorObject["file"] as? String == "nope.png")
        #expect(try server.get("/api/frame?effect=nosuch&at=0.5").status == 404)
        #expect(try server.get("/static/..%2F..%2Fetc%2Fpasswd").status == 404)
        #expect(try server.get("/api/frame?effect=fade&at=0.5&from=a.png&to=b.png&backend=software").status == 200)
    }

    @Test func badValuesAre400WithTheCLIMessages() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let cases: [(String, String)] = [
            ("effect=fade&at=2", "at 2: must be in 0…1"),
            ("effect=fade", "at: missing"),
            ("at=0.5", "effect: missing"),
            ("effect=fade&at=0.5&fps=abc", "fps abc: expected a number"),
            ("effect=fade&at=0.5&fps=0", "fps 0: must be more than 0 and at most 1000"),
            ("effect=fade&at=0.5&size=0x10", "size 0x10"),
            ("effect=fade&at=0.5&size=20000x20000", "size 20000x20000"),
            ("effect=fade&at=0.5&duration=-1", "duration -1"),
            ("effect=fade&at=0.5&scale=50", "scale 50"),
            ("effect=fade&at=0.5&seed=-1", "seed -1"),
            ("effect=fade&at=0.5&backend=vulkan", "backend vulkan"),
            ("effect=fade&at=0.5&fit=squash", "fit squash"),
            ("effect=fade&at=0.5&timing=wobbly", "wobbly"),
            ("effect=fade&at=0.5&param=nope%3D1", "no parameter 'nope'"),
            ("effect=push&at=0.5&param=parallax%3D7", "parallax"),
            ("effect=fade&at=0.5&gesture=x.json", "unknown query key 'gesture'"),
            ("effect=xfade:custom&at=0.5&param=expr%3D%40%2Fetc%2Fpasswd", "serve reads no @FILE"),
            ("effect=xfade:custom&at=0.5&param=expr%3DA%2Bfoo(1)", "column 3: unknown function 'foo'"),
            ("effect=magic-move&at=0.5&param=from-elements%3D%40%2Fetc%2Fpasswd", "serve reads no @FILE"),
            ("effect=magic-move&at=0.5&param=from-elements%3D%5B%7B%22id%22%3A%22a%22%7D%5D", #"missing "frame""#),
        ]
        for (query, message) in cases {
            let reply = try server.get("/api/frame?" + query)
            #expect(reply.status == 400, "\(query): \(reply.status) \(reply.text)")
            #expect(reply.contentType.hasPrefix("application/json"))
            let text = reply.errorObject["message"] as? String ?? ""
            #expect(text.contains(message), "\(query): \(text)")
            #expect(reply.errorObject["code"] as? String != nil)
        }
        #expect(try server.get("/api/frame?effect=fade&at=1&from=a.png&to=b.png&backend=software").status == 200)
    }

    @Test func brokenShaderIs422NamingFileAndLine() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        try ServeFixture.broken.write(toFile: fixture.folder + "/shaders/broken.glsl", atomically: true, encoding: .utf8)
        let server = try fixture.serve(); defer { server.stop() }
        let reply = try server.get("/api/frame?effect=broken&at=0.5")
        #expect(reply.status == 422, "\(reply.text)")
        let error = reply.errorObject
        #expect(error["file"] as? String == "broken.glsl")
        #expect(error["line"] as? Int == 2)
        #expect(error["column"] is Int)
        #expect((error["message"] as? String ?? "").hasPrefix("broken.glsl:2:"))
        #expect(!reply.text.contains(fixture.folder), "the error tells the served name, not the folder")
        // The server lives on, and the good shader renders on GL.
        let good = try server.get("/api/frame?effect=wipe&at=0.5&from=a.png&to=b.png")
        #expect(good.status == 200, "\(good.text)")
        #expect(good.contentType == "image/png")
    }

    /// A frame past `--time-limit` fails its own request; the server goes on serving.
    @Test func runawayShaderFailsItsRequestNotTheServer() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        try TestShaders.runaway.write(toFile: fixture.folder + "/shaders/slow.glsl", atomically: true, encoding: .utf8)
        let server = try ServeChild(["--shaders", "shaders", "--images", "shots", "--time-limit", "0.5"], in: fixture.folder)
        defer { _ = server.stop() }
        let slow = try server.get("/api/frame?effect=slow&at=0.5&from=a.png&to=b.png")
        #expect(slow.status == 422, "\(slow.text)")
        #expect(slow.errorObject["file"] as? String == "slow.glsl")
        #expect((slow.errorObject["message"] as? String ?? "").contains("per-frame time limit of 0.5 s"))
        let good = try server.get("/api/frame?effect=wipe&at=0.5&from=a.png&to=b.png")
        #expect(good.status == 200, "\(good.text)")
        #expect(good.contentType == "image/png")
    }

    @Test func optionsOfServeAreChecked() throws {
        let folder = NSTemporaryDirectory()
        #expect(try segueOutput(["serve", "--port", "70000"], in: folder).status == 64)
        #expect(try segueOutput(["serve", "--images", "/nonexistent-folder"], in: folder).status == 66)
        #expect(try segueOutput(["serve", "notashader.txt"], in: folder).status == 64)
    }
}
