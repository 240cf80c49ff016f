import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// GIF's palette: one for the whole output while ffmpeg can hold every frame for it, one per
/// frame beyond that, so a long GIF never makes ffmpeg hold gigabytes.
@Suite struct GIFPaletteTests {
    private let hd = PixelSize(width: 1920, height: 1080)

    @Test func aLongGIFGetsAPalettePerFrame() {
        let encoding = FFmpegSink.Container.gif.encoding
        // 64 frames of 1080p as RGBA are 506 MiB: within the budget; 65 are not.
        #expect(encoding.filter(frames: 64, size: hd) == encoding.filter)
        #expect(encoding.filter(frames: 65, size: hd) == encoding.boundedFilter)
        #expect(encoding.boundedFilter?.contains("stats_mode=single") == true && encoding.boundedFilter?.contains("new=1") == true)
        #expect(FFmpegSink.filterGraph(.gif, .srgb) == encoding.filter)
        // Formats whose filters hold no frames keep them at any length.
        #expect(FFmpegSink.Container.mp4.encoding.filter(frames: 100_000, size: hd) == FFmpegSink.Container.mp4.encoding.filter)
    }

    /// ffmpeg takes the per-frame graph as FFmpegSink gives it, and writes a GIF of every frame.
    @Test func ffmpegTakesThePerFrameGraph() throws {
        let folder = TestFiles.temporaryDirectory("gif-palette")
        let output = folder + "/long.gif"
        let graph = FFmpegSink.graphArguments(.gif, .srgb, audio: nil, frames: 10_000, size: hd)
        #expect(graph.count == 2 && graph[1].contains("stats_mode=single"))
        _ = try FFmpegTool.run(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=10,format=rgba", "-t", "1"] + graph
                               + FFmpegSink.encoderArguments(.gif) + [output])
        #expect(try FFmpegDecode.rgba(output).count == 10 * 64 * 48 * 4)
    }
}
