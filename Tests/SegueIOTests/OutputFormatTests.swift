import Foundation
import SegueCore
@testable import SegueIO
import Testing

extension SegueIOTests {
    /// The one rule for an output's name: `-`, a folder, a listed extension; anything else refused.
    @Test func outputFormatIsInferredOrRefused() throws {
        #expect(try OutputFormat.inferred(from: "-") == .y4m)
        for folder in ["out", "out/frames", "renders/run.v2/", "./"] { #expect(try OutputFormat.inferred(from: folder) == .png, "\(folder)") }
        for format in OutputFormat.allCases {
            for ext in format.extensions {
                #expect(try OutputFormat.inferred(from: "a/clip." + ext.uppercased()) == format)
                #expect(format.fileExtension == format.extensions[0])
            }
        }
        #expect(OutputFormat.contact.fileExtension == "png" && OutputFormat.png.extensions.isEmpty)
        for (path, says) in [("clip.xyz", "unknown output extension .xyz; outputs: png (a folder), raw (.rgba .raw), y4m (.y4m), "
                                + "mp4 (.mp4), webm (.webm), gif (.gif), mov (.mov), webp (.webp), apng (.apng), contact (--format only)"),
                             ("x.png", "a PNG sequence is written to a folder"), ("x.JPG", ".apng is an animated PNG")] {
            #expect {
                _ = try OutputFormat.inferred(from: path)
            } throws: { error in
                let e = error as? SegueError
                return e?.kind == .usage && e?.message.hasPrefix(path + ": ") == true && e?.message.contains(says) == true
            }
        }
        for ok in ["still.png", "STILL.PNG", "-", "/dev/null", "sheet"] { try OutputFormat.checkPNGFileName(ok, option: "-o") }
        #expect(throws: SegueError.usage("-o a.jpg: this output is one PNG image; name it .png")) {
            try OutputFormat.checkPNGFileName("a.jpg", option: "-o")
        }
        #expect(OutputFormat.allCases.filter { !$0.canWriteStdout } == [.png])
    }

    /// Above a format's rate, evenly spaced frames (first and last kept) at a rate that keeps
    /// the duration; at or below it, every frame at the sequence's rate.
    @Test func frameRateCapKeepsTheDuration() {
        let slow = FrameRateCap(frameCount: 16, fps: 30, maxRate: 50)
        #expect(!slow.dropsFrames && slow.kept == Array(0..<16) && slow.rate == 30)
        #expect(FrameRateCap(frameCount: 16, fps: 60, maxRate: nil).kept.count == 16)
        for (frames, fps) in [(31, 60.0), (61, 120.0), (7, 51.0), (3601, 59.94), (2, 120.0), (1, 240.0)] {
            let cap = FrameRateCap(frameCount: frames, fps: fps, maxRate: 50)
            #expect(cap.kept.first == 0 && cap.kept == cap.kept.sorted() && Set(cap.kept).count == cap.kept.count)
            #expect(cap.kept.last == frames - 1 || cap.kept.count == 1, "\(frames) at \(fps)")
            #expect(cap.rate <= 50 || cap.kept.count == 1, "\(frames) at \(fps): \(cap.rate)")
            #expect(abs(Double(cap.kept.count) / cap.rate - Double(frames) / fps) < 1e-9, "\(frames) at \(fps)")
        }
        let gif60 = FrameRateCap(frameCount: 31, fps: 60, maxRate: 50)
        #expect(gif60.kept.count == 25 && gif60.summary == "25 of 31 frames kept, evenly spaced, at 48.39 fps instead of 60 (same duration)")
    }

    @Test func evenlySpacedIndicesKeepBothEnds() {
        #expect(evenlySpacedIndices(1, in: 10) == [0])
        #expect(evenlySpacedIndices(3, in: 0) == [0])
        #expect(evenlySpacedIndices(20, in: 4) == [0, 1, 2, 3])
        #expect(evenlySpacedIndices(4, in: 10) == [0, 3, 6, 9])
    }

    /// Every container's row gives ffmpeg an encoder and a muxer; only MP4 drops alpha.
    @Test func videoEncodingTableIsComplete() {
        for c in FFmpegSink.Container.allCases {
            let args = FFmpegSink.encoderArguments(c)
            #expect(args.starts(with: ["-c:v", c.encoding.encoder]) && args.suffix(2) == ["-f", c.encoding.muxer], "\(c)")
            #expect(c.encoding.keepsAlpha == (c != .mp4), "\(c)")
            #expect(OutputFormat(rawValue: c.rawValue)?.videoContainer == c)
        }
        #expect(FFmpegSink.encoderArguments(.mp4, seekable: false).contains("frag_keyframe+empty_moov+default_base_moof"))
        #expect(FFmpegSink.Container.allCases.filter { $0.encoding.maxFrameRate != nil } == [.gif])
    }
}

extension SegueIOTests {
    /// An APNG frame's delay is `1/fps` as a fraction of 16-bit numbers: exact where it can be.
    @Test func apngDelayIsTheExactFraction() {
        #expect(APNGSink.delay(fps: 60) == (1, 60))
        #expect(APNGSink.delay(fps: 1000) == (1, 1000))
        #expect(APNGSink.delay(fps: 29.97) == (100, 2997))
        #expect(APNGSink.delay(fps: 30000.0 / 1001) == (1001, 30000))
        #expect(APNGSink.delay(fps: 0.5) == (2, 1))
        #expect(APNGSink.delay(fps: 1e-6) == (UInt16.max, 1))
        let pi = APNGSink.delay(fps: .pi)
        #expect(abs(Double(pi.numerator) / Double(pi.denominator) - 1 / .pi) < 1e-7)
    }
}
