import SegueCore
import Testing

/// Where clips and cuts fall, counted as xfade counts (Σ clips − Σ transitions), and what each
/// output frame shows.
@Suite struct ClipTimelineTests {
    @Test func transitionsOverlapTheirNeighbours() throws {
        // 3 s, 2 s, 4 s at 10 fps with cuts of 0.5 s and 1 s.
        let t = try ClipTimeline(fps: 10, clipFrames: [30, 20, 40], cutFrames: [5, 10])
        #expect(t.clipStarts == [0, 25, 35])
        #expect(t.frameCount == 90 - 15)
        #expect(t.cutStart(0) == 25)
        #expect(t.cutStart(1) == 35)
    }

    @Test func everyFrameShowsTheClipsOfItsMoment() throws {
        let t = try ClipTimeline(fps: 10, clipFrames: [30, 20, 40], cutFrames: [5, 10])
        #expect(t.moment(ofFrame: 0) == .clip(0, frame: 0))
        #expect(t.moment(ofFrame: 24) == .clip(0, frame: 24))
        // The first step of a cut: both clips at their frames of the moment, the incoming at its start.
        #expect(t.moment(ofFrame: 25) == .cut(0, step: 0, fromFrame: 25, toFrame: 0))
        #expect(t.moment(ofFrame: 29) == .cut(0, step: 4, fromFrame: 29, toFrame: 4))
        #expect(t.moment(ofFrame: 30) == .clip(1, frame: 5))
        #expect(t.moment(ofFrame: 34) == .clip(1, frame: 9))
        #expect(t.moment(ofFrame: 35) == .cut(1, step: 0, fromFrame: 10, toFrame: 0))
        #expect(t.moment(ofFrame: 44) == .cut(1, step: 9, fromFrame: 19, toFrame: 9))
        #expect(t.moment(ofFrame: 45) == .clip(2, frame: 10))
        #expect(t.moment(ofFrame: t.frameCount - 1) == .clip(2, frame: 39))
    }

    @Test func aClipEndsWhereItsTransitionEnds() throws {
        // Every frame of a clip is shown once: its own frames and its part in each cut.
        let t = try ClipTimeline(fps: 30, clipFrames: [12, 7, 9], cutFrames: [4, 3])
        var seen: [[Int]] = [[], [], []]
        for n in 0..<t.frameCount {
            switch t.moment(ofFrame: n) {
            case .clip(let c, let f): seen[c].append(f)
            case .cut(let c, _, let a, let b): seen[c].append(a); seen[c + 1].append(b)
            }
        }
        #expect(seen == [Array(0..<12), Array(0..<7), Array(0..<9)])
    }

    @Test func hardCutsAndASingleClip() throws {
        let cut = try ClipTimeline(fps: 24, clipFrames: [3, 2], cutFrames: [0])
        #expect(cut.frameCount == 5)
        #expect(cut.moment(ofFrame: 3) == .clip(1, frame: 0))
        let single = try ClipTimeline(fps: 24, clipFrames: [7], cutFrames: [])
        #expect(single.frameCount == 7)
    }

    @Test func aClipShorterThanItsTransitionsIsRefused() {
        #expect { try ClipTimeline(fps: 10, clipFrames: [30, 12, 40], cutFrames: [5, 10]) } throws: { error in
            let e = error as? SegueError
            return e?.kind == .invalidInput && e?.message == "clip 2 lasts 1.2 s, shorter than its transitions (1.5 s)"
        }
        #expect(throws: SegueError.self) { try ClipTimeline(fps: 10, clipFrames: [30, 20], cutFrames: []) }
        #expect(throws: SegueError.self) { try ClipTimeline(fps: 10, clipFrames: [], cutFrames: []) }
        #expect(throws: SegueError.self) { try ClipTimeline(fps: 10, clipFrames: [0], cutFrames: []) }
    }

    @Test func secondsBecomeWholeFrames() {
        #expect(ClipTimeline.frames(seconds: 0.25, fps: 30) == 8)
        #expect(ClipTimeline.frames(seconds: 2, fps: 29.97) == 60)
        #expect(ClipTimeline.frames(seconds: -1, fps: 30) == 0)
    }
}
