import Foundation
import SegueCore
import Testing

/// Every route of `segue serve`, over a real socket to a real `segue serve --port 0` child:
/// content types, bodies equal to the CLI's, and JSON errors.
@Suite(.serialized) struct ServeAPITests {
    @Test func pageAndStaticFilesHaveTheirContentTypes() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.contentType.hasPrefix("text/html"))
        #expect(page.text.contains("<html") || page.text.contains("<!doctype") || page.text.contains("<!DOCTYPE"))
        #expect(try server.get("/static/app.js").contentType.hasPrefix("text/javascript"))
        #expect(try server.get("/static/app.css").contentType.hasPrefix("text/css"))
        let missing = try server.get("/static/nope.js")
        #expect(missing.status == 404)
        #expect(missing.contentType.hasPrefix("application/json"))
        #expect(try server.get("/api/nope").status == 404)
    }

    @Test func effectsAreSegueListJSON() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let reply = try server.get("/api/effects")
        #expect(reply.status == 200)
        #expect(reply.contentType.hasPrefix("application/json"))
        // `segue list` lists the folder; the named file joins it as one more user shader.
        let list = try segueOutput(["list", "--json", "--shaders", "shaders"], in: fixture.folder)
        let listed = try JSONSerialization.jsonObject(with: Data(list.stdout)) as! [[String: Any]]
        let served = try JSONSerialization.jsonObject(with: Data(reply.body)) as! [[String: Any]]
        let builtins = listed.map { $0["name"] as! String }.filter { $0 != "wipe" }
        #expect(served.map { $0["name"] as! String } == builtins + ["extra", "wipe"])
        // Without the named file, byte for byte.
        let plain = try ServeChild(["--shaders", "shaders"], in: fixture.folder); defer { plain.stop() }
        #expect(try plain.get("/api/effects").body == list.stdout)
    }

    @Test func filesListsServedNamesOnly() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let reply = try server.get("/api/files")
        #expect(reply.status == 200)
        #expect(reply.json["images"] as? [String] == ["a.png", "b.png"])  // not outside.png: its target is outside
        #expect(reply.json["shaders"] as? [String] == ["wipe.glsl", "extra.glsl"])
    }

    @Test func frameIsByteIdenticalToSegueStill() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let cases: [(query: String, arguments: [String])] = [
            ("effect=fade&at=0.5&size=90x160&backend=software", ["fade", "--at", "0.5", "--size", "90x160", "--backend", "software"]),  // the built-in samples
            ("effect=push&at=0.37&from=a.png&to=b.png&size=120x200&timing=cubic-bezier(0.2,%200,%200,%201)&backend=software&fit=contain",
             ["push", "--at", "0.37", "--from", "shots/a.png", "--to", "shots/b.png", "--size", "120x200",
              "--timing", "cubic-bezier(0.2, 0, 0, 1)", "--backend", "software", "--fit", "contain"]),
            ("effect=starwars&at=0.6&seed=7&size=64x64&scale=2&param=spriteWidth%3D4&backend=software",
             ["starwars", "--at", "0.6", "--seed", "7", "--size", "64x64", "--scale", "2", "--param", "spriteWidth=4", "--backend", "software"]),
            // An image parameter names a served image; the CLI gets its path.
            ("effect=mask&at=0.5&param=mask=b.png&param=softness=0.4&from=a.png&to=b.png&backend=software",
             ["mask", "--at", "0.5", "--param", "mask=shots/b.png", "--param", "softness=0.4", "--from", "shots/a.png", "--to", "shots/b.png", "--backend", "software"]),
        ]
        for (query, arguments) in cases {
            let reply = try server.get("/api/frame?" + query)
            #expect(reply.status == 200, "\(query): \(reply.text)")
            #expect(reply.contentType == "image/png")
            let still = try segueOutput(["still"] + arguments + ["-o", "-"], in: fixture.folder)
            #expect(still.status == 0, "\(still.stderr)")
            #expect(reply.body == still.stdout, "\(query): the frame differs from segue still's")
        }
    }

    @Test func planIsSeguePlanJSON() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let reply = try server.get("/api/plan?effect=push&at=0.25&to=b.png&fps=30")
        #expect(reply.status == 200)
        #expect(reply.contentType.hasPrefix("application/json"))
        let plan = try segueOutput(["plan", "push", "--at", "0.25", "--to", "shots/b.png", "--fps", "30", "--json"], in: fixture.folder)
        #expect(reply.body == plan.stdout)
    }

    @Test func timingSamplesTheCurve() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let reply = try server.get("/api/timing?spec=cubic-bezier(0.42,0,0.58,1)&samples=5")
        #expect(reply.status == 200)
        let points = reply.json["points"] as? [[String: Double]] ?? []
        #expect(points.count == 5)
        #expect(points.first?["value"] == 0 && points.last?["value"] == 1)
        #expect(reply.json["duration"] as? Double == 0.5)
        #expect(reply.json["spec"] as? String == "cubic-bezier(0.42,0,0.58,1)")
        let spring = try server.get("/api/timing?spec=spring(duration:0.5,bounce:0.3)&samples=3")
        #expect((spring.json["duration"] as? Double ?? 0) > 0.5)  // a spring's own settling time
        #expect(try server.get("/api/timing?spec=wobbly").status == 400)
        #expect(try server.get("/api/timing?spec=linear&samples=1").status == 400)
    }

    @Test func parityComparesGLWithSoftwareForBuiltInsOnly() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let reply = try server.get("/api/parity?effect=fade&at=0.5&from=a.png&to=b.png")
        #expect(reply.status == 200, "\(reply.text)")
        let psnr = reply.json["psnr"]
        #expect((psnr as? Double).map { $0 >= 40 } ?? (psnr as? String == "inf"))
        #expect(reply.json["maxDifference"] is Int)
        let shader = try server.get("/api/parity?effect=wipe&at=0.5")
        #expect(shader.status == 400)
        #expect(shader.errorObject["message"] as? String ?? "" != "")
    }

    @Test func commandGivesTheRenderLineAndSpecJob() throws {
        let fixture = try ServeFixture(); defer { fixture.remove() }
        let server = try fixture.serve(); defer { server.stop() }
        let reply = try server.get("/api/command?effect=wipe&at=0.3&from=a.png&param=smoothness%3D0.2&timing=cubic-bezier(0.2,0,0,1)&fps=30")
        #expect(reply.status == 200)
        #expect(reply.json["render"] as? String
                == "segue render shaders/wipe.glsl --from shots/a.png --fps 30 --timing 'cubic-bezier(0.2,0,0,1)' --param smoothness=0.2 -o out/wipe/")
        #expect(reply.json["still"] as? String
                == "segue still shaders/wipe.glsl --at 0.3 --from shots/a.png --fps 30 --timing 'cubic-bezier(0.2,0,0,1)' --param smoothness=0.2 -o wipe.png")
        let job = ((reply.json["spec"] as? [String: Any])?["jobs"] as? [[String: Any]])?.first ?? [:]
        #expect(job["effect"] as? String == "shaders/wipe.glsl")
        #expect(job["output"] as? String == "out/wipe/")
        #expect(job["fps"] as? Int == 30)
        #expect(job["params"] as? [String: String] == ["smoothness": "0.2"])
        // The still line, run, writes the frame the server renders.
        let still = try segueOutput(["still", "push", "--at", "0.5", "--from", "shots/a.png", "--to", "shots/b.png", "--backend", "software", "-o", "-"], in: fixture.folder)
        let command = try server.get("/api/command?effect=push&at=0.5&from=a.png&to=b.png&backend=software").json["still"] as? String
        #expect(command == "segue still push --at 0.5 --from shots/a.png --to shots/b.png --backend software -o push.png")
        #expect(try server.get("/api/frame?effect=push&at=0.5&from=a.png&to=b.png&backend=software").body == still.stdout)
    }
}
