import Foundation
import SegueCore
import SegueIO
import SegueServe
import SegueTestSupport
import Testing

/// Issue 26, item 2: `segue serve` answers only its own page and programs on the machine, never
/// another site through DNS rebinding or a cross-site request, and one request's cost is bounded.
@Suite(.serialized) struct ServeOriginTests {
    @Test func forgedHostsAreRefusedBeforeAnyRoute() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let port = server.port
        for host in ["evil.example.com:\(port)", "evil.example.com", "127.0.0.1", "127.0.0.1:\(port + 1)", "localhost.:\(port)",
                     "127.0.0.1.evil.example:\(port)", "localhost:\(port)@evil", "", "[::1]"] {
            for path in ["/api/files", "/api/frame?effect=fade&at=0.5", "/", "/api/events"] {
                let reply = try server.get(path, timeout: 10, headers: ["Host: \(host)"])
                #expect(reply.status == 403, "Host '\(host)' \(path): \(reply.status)")
                #expect(!reply.text.contains("wipe.glsl") && !reply.text.contains("a.png"), "Host '\(host)' \(path) leaked the file list")
                #expect((reply.errorObject["message"] as? String ?? "").contains("Host"))
            }
        }
        // Two Host headers, the second forged, are not one host.
        #expect(try server.get("/api/files", headers: ["Host: 127.0.0.1:\(port)", "Host: evil.example.com:\(port)"]).status == 403)
        // The names the server is reached by.
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)", "192.168.1.20:\(port)",
                     "\(RequestOrigin.hostName()):\(port)"] {
            let reply = try server.get("/api/files", headers: ["Host: \(host)"])
            #expect(reply.status == 200, "Host '\(host)': \(reply.status) \(reply.text)")
            #expect(reply.text.contains("wipe.glsl"))
        }
    }

    @Test func crossOriginRequestsAreRefused() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let own = "http://127.0.0.1:\(server.port)"
        for headers in [["Origin: http://evil.example.com"], ["Origin: null"], ["Origin: http://localhost:\(server.port)"],
                        ["Origin: https://127.0.0.1:\(server.port)"], ["Sec-Fetch-Site: cross-site"], ["Sec-Fetch-Site: same-site"]] {
            let reply = try server.get("/api/frame?effect=fade&at=0.5&from=a.png&to=b.png&backend=software", headers: headers)
            #expect(reply.status == 403, "\(headers): \(reply.status)")
            #expect(reply.contentType.hasPrefix("application/json") && !reply.contentType.hasPrefix("image/"))
        }
        // The page's own requests, and the page itself opened from a link elsewhere.
        for headers in [["Origin: \(own)"], ["Sec-Fetch-Site: same-origin"], ["Sec-Fetch-Site: none"], []] {
            let reply = try server.get("/api/frame?effect=fade&at=0.5&from=a.png&to=b.png&backend=software", headers: headers)
            #expect(reply.status == 200, "\(headers): \(reply.status) \(reply.text)")
        }
        #expect(try server.get("/", headers: ["Sec-Fetch-Site: cross-site"]).status == 200)
    }

    /// A request's frame is at most `Limits.servePixels`, whether it asks for the size or its
    /// snapshots make it; the command line's limit stays four times larger.
    @Test func oneRequestDrawsAtMostThePixelBudget() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        var big = PixelBuffer(width: 4097, height: 4097)
        big.fill(Color(r: 0.5, g: 0.5, b: 0.5))
        try PNGCodec.write(big, to: fixture.folder + "/shots/big.png", compression: .fast)
        let server = try fixture.serve(); defer { server.stop() }
        for query in ["size=8192x8192", "size=4097x4096", "to=big.png"] {
            let reply = try server.get("/api/frame?effect=fade&at=0.5&backend=software&" + query)
            #expect(reply.status == 400, "\(query): \(reply.status)")
            #expect((reply.errorObject["message"] as? String ?? "").contains("16 Mpx"), "\(reply.text)")
        }
        #expect(try server.get("/api/plan?effect=fade&at=0.5&to=big.png").status == 400)
        #expect(try server.get("/api/frame?effect=fade&at=0.5&backend=software&size=64x64").status == 200)
        #expect(Limits.canvasPixels == 4 * Limits.servePixels)
    }

    @Test func theRuleItself() {
        let origin = RequestOrigin(listenHost: "0.0.0.0", machineName: "build-7")
        #expect(origin.problem(host: "build-7:80", origin: nil, fetchSite: nil, port: 80, isAPI: true) == nil)
        #expect(origin.problem(host: "0.0.0.0:80", origin: "http://0.0.0.0:80", fetchSite: "same-origin", port: 80, isAPI: true) == nil)
        #expect(origin.problem(host: "build-7.evil:80", origin: nil, fetchSite: nil, port: 80, isAPI: true) != nil)
        #expect(origin.problem(host: nil, origin: nil, fetchSite: nil, port: 80, isAPI: false) != nil)
        // A header's control characters never reach the message raw.
        let message = origin.problem(host: "a\u{1B}[2J\r\n:80", origin: nil, fetchSite: nil, port: 80, isAPI: true) ?? ""
        #expect(!message.contains("\u{1B}") && !message.contains("\n") && message.contains("\\e[2J\\r\\n"))
    }
}
