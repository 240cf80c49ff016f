import SegueCore
@testable import SegueIO
import Testing

/// Issue 26, item 6: the outputs whose encoder costs far more than Segue's frames are told
/// before the job starts, with the estimate; ordinary ones are not.
@Suite struct EncoderCostTests {
    let p1080 = PixelSize(width: 1920, height: 1080)

    @Test func movMemoryFollowsThePixels() {
        // The measured points the rate was fitted to: 193 MB, 615 MB, 4.4 GB.
        for (size, measured) in [(p1080, 193e6), (PixelSize(width: 3840, height: 2160), 615e6), (PixelSize(width: 8192, height: 8192), 4.4e9)] {
            #expect(abs(EncoderCost.movPeakBytes(size) - measured) / measured < 0.25, "\(size)")
        }
        #expect(EncoderCost.note(.mov, size: PixelSize(width: 3840, height: 2160), frames: 600, path: "o.mov") == nil)
        let note = EncoderCost.note(.mov, size: PixelSize(width: 8192, height: 8192), frames: 1, path: "o.mov")
        #expect(note == "o.mov: ffmpeg's ProRes 4444 encoder holds about 4.5 GB of memory for 8192x8192 frames (mp4 or webm take far less)")
    }

    @Test func gifTimeFollowsPixelsTimesFrames() {
        #expect(EncoderCost.note(.gif, size: p1080, frames: 60, path: "o.gif") == nil)
        #expect(EncoderCost.note(.gif, size: PixelSize(width: 390, height: 844), frames: 300, path: "o.gif") == nil)
        let note = EncoderCost.note(.gif, size: p1080, frames: 300, path: "o.gif")
        #expect(note == "o.gif: ffmpeg's palette for 300 GIF frames of 1920x1080 takes about 19 s for flat pictures and up to "
                + "3.1 min for noisy ones (video, photographs); webp or mp4 encode faster")
        for container in [FFmpegSink.Container.mp4, .webm, .webp] {
            #expect(EncoderCost.note(container, size: PixelSize(width: 8192, height: 8192), frames: 10_000, path: "o") == nil)
        }
    }

    @Test func durationsRead() {
        #expect(EncoderCost.duration(0.2) == "1 s")
        #expect(EncoderCost.duration(89.5) == "90 s")
        #expect(EncoderCost.duration(186) == "3.1 min")
        #expect(EncoderCost.duration(9000) == "2.5 h")
    }
}
