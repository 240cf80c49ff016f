import Foundation
import Testing
import SegueCore
@testable import SeguePipeline

private func parse(_ text: String, options: GestureTrack.Options = .init()) throws(SegueError) -> GestureTrack {
    try GestureTrack.parse(Data(text.utf8), name: "track.json", options: options)
}

private func expectRejected(_ text: String, _ fragment: String, options: GestureTrack.Options = .init(),
                            sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try parse(text, options: options)
        Issue.record("accepted: \(text)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.kind == .invalidInput && error.exitCode == 65, sourceLocation: sourceLocation)
        #expect(error.message.hasPrefix("track.json: ") && error.message.contains(fragment) && !error.message.contains("\n"),
                "\(error.message)", sourceLocation: sourceLocation)
    }
}

@Test func jsonPositionsBecomePercentOfTravel() throws {
    let track = try parse("""
    {"axis": "y", "travel": 800, "samples": [
      {"t": 10.0, "x": 5, "y": 100}, {"t": 10.1, "x": 6, "y": 300}, {"t": 10.2, "x": 7, "y": 500}],
     "release": 10.25, "completion": {"curve": "easeOut", "speed": 2},
     "rule": {"kind": "position", "threshold": 0.3, "deceleration": 0.99, "velocityOverride": 4}}
    """)
    #expect(track.samples.map(\.percent) == [0, 0.25, 0.5])
    #expect(track.releaseTime == 10.25)
    #expect(track.rule == (try DecisionRule(kind: .position, threshold: 0.3, deceleration: 0.99, velocityOverride: 4)))
    #expect(track.completion == .curve(.easeOut, speed: 2))
    let d = try track.driver(duration: 0.4)
    #expect(d.finishes && d.decision.reason == .position && abs(d.decision.releaseTime - 0.25) < 1e-12)
    #expect(abs(d.length - (0.25 + 0.5 * 0.4 / 2)) < 1e-12)
}

@Test func directionAndOriginAndCommandLineOptions() throws {
    // Swiping left (−x) from the right edge at 390: origin 390, direction −1.
    let t = try parse(#"{"axis": "x", "travel": 390, "direction": -1, "origin": 390, "samples": [{"t": 0, "x": 390}, {"t": 0.1, "x": 195}]}"#)
    #expect(t.samples.map(\.percent) == [0, 0.5])
    // Command-line options override the file.
    let o = try parse(#"{"axis": "x", "travel": 100, "samples": [{"t": 0, "x": 0, "y": 0}, {"t": 0.1, "x": 10, "y": 50}]}"#,
                      options: .init(axis: .y, travel: 200))
    #expect(o.samples.map(\.percent) == [0, 0.25])
}

@Test func directPercentsAndSprings() throws {
    let t = try parse(#"{"samples": [{"t": 0, "percent": 0.1}, {"t": 0.05, "percent": 0.2}], "completion": {"spring": "spring(dampingRatio:1)"}}"#)
    #expect(t.samples == [GestureSample(time: 0, percent: 0.1), GestureSample(time: 0.05, percent: 0.2)])
    #expect(t.completion == .spring(try Spring(dampingRatio: 1), speed: 1))
    #expect(t.rule == .standard)
}

@Test func csvTracks() throws {
    let xy = try GestureTrack.parse(Data("t,x,y\n0,0,100\n# a comment\n0.1, 3, 140\n\n0.2,5,180\n".utf8), name: "g.csv",
                                    options: .init(axis: .y, travel: 400))
    #expect(xy.samples.map(\.percent) == [0, 0.1, 0.2] && xy.samples.map(\.time) == [0, 0.1, 0.2])
    let p = try GestureTrack.parse(Data("t,percent\n0,0\n0.5,0.7\n".utf8), name: "p.csv")
    #expect(p.samples.last == GestureSample(time: 0.5, percent: 0.7))
    #expect(try p.driver(duration: 0.3).finishes)
    do {
        _ = try GestureTrack.parse(Data("t,x,y\n0,0,0\n".utf8), name: "g.csv")
        Issue.record("accepted a t,x,y track without axis/travel")
    } catch {
        #expect(error.message == "g.csv: missing \"axis\" (x or y) for x/y samples")
    }
    do {
        _ = try GestureTrack.parse(Data("t,x,y\n0,0,0\n0.1,nan,0\n".utf8), name: "g.csv", options: .init(axis: .x, travel: 10))
        Issue.record("accepted NaN")
    } catch {
        #expect(error.message.hasPrefix("g.csv: line 3: x is nan"))
    }
    do {
        _ = try GestureTrack.parse(Data("t,percent\n0,0\n-1,0.5\n".utf8), name: "g.csv")
        Issue.record("accepted time going backwards")
    } catch {
        #expect(error.message.hasPrefix("g.csv: time goes backwards at sample 2"))
    }
}

@Test func badTracksAreRejected() {
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}, {"t": -0.1, "percent": 0.2}]}"#, "time goes backwards")
    expectRejected(#"{"samples": [{"t": 0, "percent": NaN}]}"#, "not valid JSON")
    expectRejected(#"{"samples": [{"t": 0, "percent": 1e999}]}"#, "not valid JSON")
    expectRejected(#"{"samples": []}"#, "no samples")
    expectRejected(#"{"axis": "x"}"#, "missing \"samples\"")
    expectRejected(#"{"axis": "x", "samples": [{"t": 0, "x": 1}]}"#, "missing \"travel\"")
    expectRejected(#"{"axis": "z", "travel": 1, "samples": [{"t": 0, "x": 1}]}"#, "\"axis\" must be")
    expectRejected(#"{"axis": "x", "travel": 0, "samples": [{"t": 0, "x": 1}]}"#, "\"travel\" 0: must be in 0.001…1000000")
    expectRejected(#"{"axis": "x", "travel": 1, "direction": 2, "samples": [{"t": 0, "x": 1}]}"#, "\"direction\" must be 1 or -1")
    expectRejected(#"{"axis": "x", "travel": 1, "samples": [{"t": 0, "y": 1}]}"#, "no \"x\" value")
    expectRejected(#"{"speed": 1, "samples": [{"t": 0, "percent": 0}]}"#, "unknown key \"speed\" in the track")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0, "force": 1}]}"#, "unknown key \"force\" in sample 1")
    expectRejected(#"{"samples": [{"percent": 0}]}"#, "sample 1 has no \"t\"")
    expectRejected(#"{"samples": [{"t": true, "percent": 0}]}"#, "must be a number")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}, {"t": 1, "x": 3}]}"#, "sample 2: mixes percent")
    expectRejected(#"{"travel": 3, "samples": [{"t": 0, "percent": 0}]}"#, "apply to x/y samples")
    expectRejected(#"{"release": 0.5, "samples": [{"t": 0, "percent": 0}, {"t": 1, "percent": 0}]}"#, "release 0.5 is before")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}], "rule": {"kind": "magic"}}"#, "rule \"kind\" must be one of")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}], "rule": {"deceleration": 1}}"#, "rule: deceleration must be in (0, 1)")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}], "rule": {"window": 1}}"#, "unknown key \"window\" in \"rule\"")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}], "completion": {"curve": "spring"}}"#, "must be a Bézier")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}], "completion": {"curve": "easeIn", "spring": "spring"}}"#, "not both")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}], "completion": {"spring": "spring(stiffness:-1)"}}"#, "stiffness -1: must be in")
    expectRejected(#"{"samples": [{"t": 0, "percent": 0}], "completion": {"speed": 0}}"#, "\"speed\" 0: must be in 0.01…100")
    expectRejected("t,z\n0,1\n", "the CSV header must be")
    expectRejected("t,percent\n0,0,1\n", "line 2: expected 2 values, got 3")
    expectRejected("", "empty track")
    expectRejected("[1, 2]", "header must be")
}

@Test func filesOnDisk() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-gesture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("swipe.json").path
    try Data(#"{"samples": [{"t": 0, "percent": 0}, {"t": 0.2, "percent": 0.3}, {"t": 0.25, "percent": 0.4}]}"#.utf8)
        .write(to: URL(fileURLWithPath: path))
    let d = try GestureTrack.driver(path: path, duration: 0.5)
    #expect(d.finishes)   // 0.4 + 0.499·2 ≥ 0.5
    do {
        _ = try GestureTrack.load(path: dir.appendingPathComponent("missing.json").path)
        Issue.record("loaded a missing file")
    } catch {
        #expect(error.kind == .missingInput && error.exitCode == 66 && error.message.hasSuffix("missing.json: no such file"))
    }
    do {
        _ = try GestureTrack.driver(path: path, duration: 0)
        Issue.record("accepted duration 0")
    } catch {
        #expect(error.message == "\(path): duration must be > 0, got 0.0")
    }
}
