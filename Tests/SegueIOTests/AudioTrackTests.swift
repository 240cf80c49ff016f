import Foundation
import SegueIO
import SegueTestSupport
import Testing

/// The sound's filter graph places, fades and cuts in whole samples, and ffmpeg runs it: a
/// mixed WAV lasts exactly the output's length.
@Suite struct AudioTrackTests {
    let track = AudioTrack(pieces: [
        .init(file: "a.mp4", trimStart: 1, length: 2.5, start: 0, fadeOut: 0.5),
        .init(file: "b.mp4", trimStart: 0, length: 3, start: 2, fadeIn: 0.5),
    ], length: 5, curve: "qsin")

    @Test func piecesArePlacedInSamples() {
        let graph = track.filterGraph(firstInput: 1)
        #expect(graph.hasPrefix("[1:a]aresample=48000,"))
        #expect(graph.contains("apad=whole_len=120000,atrim=end_sample=120000,afade=t=out:ss=96000:ns=24000:curve=qsin[a0]"))
        #expect(graph.contains("[2:a]"))
        #expect(graph.contains("afade=t=in:ss=0:ns=24000:curve=qsin,adelay=delays=96000S:all=1[a1]"))
        #expect(graph.hasSuffix("[a0][a1]amix=inputs=2:normalize=0:duration=longest,apad=whole_len=240000,atrim=end_sample=240000[aout]"))
        #expect(track.inputArguments == ["-ss", "1.000000", "-t", "2.500000", "-i", "a.mp4", "-ss", "0.000000", "-t", "3.000000", "-i", "b.mp4"])
    }

    @Test func theWAVLastsExactlyTheOutput() throws {
        let dir = TestFiles.temporaryDirectory("audio-track")
        for (name, tone) in [("a.wav", 440), ("b.wav", 1000)] {
            try FFmpegTool.run(["-f", "lavfi", "-i", "sine=f=\(tone):d=4", dir + "/" + name])
        }
        var t = track
        t.pieces[0].file = dir + "/a.wav"
        t.pieces[1].file = dir + "/b.wav"
        try WAVWriter.write(t, to: dir + "/mix.wav")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/mix.wav")))
        // 16-bit stereo at 48 kHz: the data chunk's size, wherever ffmpeg put it.
        let data = try #require(bytes.indices.dropLast(8).first { Array(bytes[$0..<$0 + 4]) == Array("data".utf8) })
        var size = 0
        for i in 0..<4 { size |= Int(bytes[data + 4 + i]) << (8 * i) }
        #expect(size == 5 * 48_000 * 4)
        #expect(FileManager.default.fileExists(atPath: dir + "/mix.wav"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.wav", "b.wav", "mix.wav"])
    }
}
