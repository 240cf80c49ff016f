import Foundation
import SegueCore
import SegueIO
@testable import SeguePipeline
import SegueTestSupport
import Testing

/// Issue 11, bounded work for bounded input: gestures, springs, sprites, contact sheets,
/// shards and spec values are refused before any frame is drawn, with one line naming the
/// file or option and the allowed range.
@Suite struct BoundsTests {
    func track(_ text: String, name: String = "g.json") throws(SegueError) -> GestureTrack {
        try GestureTrack.parse(Data(text.utf8), name: name)
    }

    func expectRefused(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try track(text).driver(duration: 0.5)
            Issue.record("accepted \(text)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.exitCode == 65 && error.message.hasPrefix("g.json: ") && error.message.contains(fragment)
                    && !error.message.contains("\n"), "\(error.message)", sourceLocation: sourceLocation)
        }
    }

    /// Each of these trapped (SIGILL), allocated terabytes or rendered millions of frames.
    @Test func gestureTimesSpeedsAndLengthsAreBounded() {
        expectRefused(#"{"samples": [{"t": 0, "percent": 0}, {"t": 1e300, "percent": 1}]}"#, "more than the 3600 s")
        expectRefused(#"{"samples": [{"t": 0, "percent": 0}, {"t": 100000, "percent": 0.3}]}"#, "the drag spans 100000 s")
        expectRefused(#"{"samples": [{"t": 0, "percent": 0}, {"t": 0.1, "percent": 0.3}], "release": 1e12}"#, "release 1000000000000")
        expectRefused(#"{"samples": [{"t": 0, "percent": 0}, {"t": 0.1, "percent": 0.3}], "completion": {"speed": 1e-300}}"#,
                      #""speed" 1e-300: must be in 0.01…100"#)
        expectRefused(#"{"axis": "x", "travel": 1e-300, "samples": [{"t": 0, "x": 0}]}"#, #""travel" 1e-300: must be in 0.001…1000000"#)
        // A drag inside the limit whose slow completion pushes the whole past it.
        expectRefused(#"{"samples": [{"t": 0, "percent": 0}, {"t": 3590, "percent": 0.45}], "completion": {"speed": 0.01}}"#,
                      "the gesture lasts")
    }

    @Test func gestureSampleCountAndFileSizeAreBounded() throws {
        let many = "t,percent\n" + String(repeating: "0,0\n", count: Limits.gestureSamples + 1)
        #expect(throws: SegueError.self) { try self.track(many, name: "g.csv") }
        let dir = TestFiles.temporaryDirectory("bounds-gesture")
        let path = dir + "/big.csv"
        try Data(("t,percent\n" + String(repeating: "0.000001,0.5\n", count: Limits.gestureFileBytes / 13 + 1)).utf8)
            .write(to: URL(fileURLWithPath: path))
        do {
            _ = try GestureTrack.load(path: path)
            Issue.record("accepted a file over the limit")
        } catch {
            #expect(error.exitCode == 65 && error.message.contains("file too large") && error.message.contains("at most \(Limits.gestureFileBytes)"), "\(error.message)")
        }
    }

    @Test func crlfCSVAndByteOrderMarkedJSONAreRead() throws {
        let csv = try GestureTrack.parse(Data("t,percent\r\n0,0\r\n0.1,0.5\r\n".utf8), name: "g.csv")
        #expect(csv.samples.map(\.percent) == [0, 0.5])
        let json = try GestureTrack.parse(Data([0xEF, 0xBB, 0xBF] + Array(#"{"samples": [{"t": 0, "percent": 0.25}]}"#.utf8)), name: "g.json")
        #expect(json.samples.map(\.percent) == [0.25])
    }

    /// A spring that settles after the longest sequence blames the timing, not `--duration`.
    @Test func slowSpringBlamesTheTiming() throws {
        var request = TransitionRequest(effect: "fade")
        request.timing = "spring(damping:0.001)"
        do {
            _ = try PreparedTransition(request)
            Issue.record("accepted a spring settling in hours")
        } catch {
            #expect(error.message.hasPrefix("timing 'spring(damping:0.001)': settles in ") && !error.message.contains("--duration "),
                    "\(error.message)")
        }
        request.duration = 1  // an explicit duration cuts the spring off: fine
        #expect(try PreparedTransition(request).duration == 1)
    }

    @Test func spriteCountIsBoundedBeforeRendering() throws {
        var request = TransitionRequest(effect: "starwars")
        request.scale = 0.1
        request.size = PixelSize(width: 2000, height: 2000)
        request.parameters = [("spriteWidth", "1")]
        do {
            _ = try PreparedTransition(request)
            Issue.record("accepted 400 million sprites")
        } catch {
            #expect(error.exitCode == 64 && error.message.contains("more than \(Limits.spriteCount)"), "\(error.message)")
        }
        request.parameters = [("spriteWidth", "40")]
        _ = try PreparedTransition(request)
    }

    @Test func contactSheetSizeIsCheckedFromTheFrameSize() {
        #expect(ContactSheetSink.sizeProblem(frameSize: PixelSize(width: 390, height: 844), frameCount: 60) == nil)
        // 1×4000 frames make 240×960000 thumbnails (> 7 GB for the sheet).
        #expect(ContactSheetSink.sizeProblem(frameSize: PixelSize(width: 1, height: 4000), frameCount: 60)?.contains("240x960000") == true)
        #expect(ContactSheetSink.sizeProblem(frameSize: PixelSize(width: 100, height: 100), frameCount: 60,
                                             layout: .init(frames: 12, columns: 12, thumbnailWidth: 4096)) != nil)
    }

    @Test func shardMessagesSayWhatIsWrong() throws {
        func message(_ text: String) -> String {
            do { _ = try FrameSelection.parseShard(text); return "" } catch { return error.message }
        }
        #expect(message("1/1000000") == "--shard 1/1000000: the shard count 1000000 must be in 1…100000")
        #expect(message("4/4") == "--shard 4/4: the shard index 4 must be in 0…3 (shards are numbered from 0)")
        #expect(message("0/0") == "--shard 0/0: the shard count 0 must be in 1…100000")
        // More shards than frames: the extra shards are empty, not an error.
        #expect(try FrameSelection(shard: .init(index: 0, count: 10)).frames(of: 3).isEmpty)
    }

    @Test func specNumbersAreCheckedWithTheirPlace() throws {
        func message(_ text: String) -> String {
            do { _ = try BatchSpec.parse(Data(text.utf8), file: "s.json", baseDirectory: "/tmp"); return "" } catch { return error.message }
        }
        #expect(message(#"{"jobs": [{"effect": "fade", "output": "o", "fps": 1e400}]}"#).contains("jobs[0].fps: a number beyond"))
        #expect(!message(#"{"jobs": [{"effect": "fade", "output": "o", "fps": 1e400}]}"#).contains("DecodingError"))
        #expect(message(#"{"jobs": [{"effect": "fade", "output": "o", "fps": -1}]}"#)
                == #"s.json: job 1: key "fps": -1: must be more than 0 and at most 1000"#)
        #expect(message(#"{"jobs": [{"effect": "fade", "output": "o", "scale": 0.01}]}"#)
                == #"s.json: job 1: key "scale": 0.01: must be in 0.1…10"#)
        #expect(message(#"{"jobs": [{"effect": "fade", "output": "o", "size": "100000x1"}]}"#).contains("each side must be in 1…16384 px"))
        #expect(message(#"{"jobs": [{"effect": "fade", "output": "o", "seed": -1}]}"#) == #"s.json: job 1: key "seed": -1: must be a whole number in 0…18446744073709551615"#)
    }
}
