import Testing

/// `--scale auto` (the default) and the warning for a point parameter off the canvas, as a
/// user sees them.
@Suite struct ScaleAndDefaultsCLITests {
    @Test func planNamesTheScale() throws {
        let auto = try SegueProcess.run(["plan", "bubble", "--at", "0.5", "--size", "390x844"])
        #expect(auto.status == 0 && auto.stderr.isEmpty, "\(auto.stderr)")
        #expect(auto.stdout.hasPrefix("frame 390x844 ") && auto.stdout.split(separator: "\n").first?.hasSuffix(" scale=1 (auto)") == true,
                "\(auto.stdout)")
        let given = try SegueProcess.run(["plan", "fade", "--at", "0.5", "--scale", "2"])
        #expect(given.status == 0 && given.stdout.split(separator: "\n").first?.hasSuffix(" scale=2") == true, "\(given.stdout)")
        let bad = try SegueProcess.run(["plan", "fade", "--at", "0.5", "--scale", "big"])
        #expect(bad.status == 64 && bad.stderr.contains("--scale"), "\(bad.stderr)")
    }

    @Test func aPointOffTheCanvasWarnsOnceAndStillRenders() throws {
        let r = try SegueProcess.run(["plan", "bubble", "--at", "0.5", "--param", "start=2000,100"])
        #expect(r.status == 0 && r.stdout.contains("fill circle"), "\(r.stderr)")
        #expect(r.stderr == "segue: warning: --param start=2000,100 lies outside the 1170×2532 canvas (390×844 pt at scale 3)\n")
        let inside = try SegueProcess.run(["plan", "bubble", "--at", "0.5", "--param", "start=auto"])
        #expect(inside.status == 0 && inside.stderr.isEmpty, "\(inside.stderr)")
    }
}
