import Foundation
import SegueCore

/// The sound of a timeline, as ffmpeg mixes it while the pictures encode (or into a WAV beside
/// frames): pieces of input files, each placed at its start in the output, faded in and out
/// over the cuts, summed, and cut to exactly the output's length so audio and video end
/// together. ffmpeg decodes and resamples; Segue decides every time, in samples.
public struct AudioTrack: Sendable, Equatable {
    /// One file's part of the track.
    public struct Piece: Sendable, Equatable {
        public var file: String
        /// Seconds into the file where the piece begins (a clip's trim).
        public var trimStart: Double
        /// Seconds the piece lasts in the output; a file that ends sooner is padded with silence.
        public var length: Double
        /// Where it begins in the output, in seconds.
        public var start: Double
        public var fadeIn: Double
        public var fadeOut: Double
        public var volume: Double
        public init(file: String, trimStart: Double, length: Double, start: Double, fadeIn: Double = 0, fadeOut: Double = 0,
                    volume: Double = 1) {
            self.file = file
            self.trimStart = trimStart
            self.length = length
            self.start = start
            self.fadeIn = fadeIn
            self.fadeOut = fadeOut
            self.volume = volume
        }
    }

    /// Every output has this rate and stereo: AAC and Opus take it, and one rate keeps the
    /// placement arithmetic in whole samples.
    public static let sampleRate = 48_000

    public var pieces: [Piece]
    /// The output's length in seconds (its frame count over its rate).
    public var length: Double
    /// `afade`'s curve name for the cuts (FFmpeg filters documentation, `afade`).
    public var curve: String

    public init(pieces: [Piece], length: Double, curve: String) {
        self.pieces = pieces
        self.length = length
        self.curve = curve
    }

    /// ffmpeg's input options for the pieces, in order: each file opened at its trim (input
    /// seeking decodes from there, exact for audio) and read no further than the piece needs.
    public var inputArguments: [String] {
        pieces.flatMap { p in ["-ss", Self.seconds(p.trimStart), "-t", Self.seconds(p.length), "-i", p.file] }
    }

    /// The filter graph, labelled `[aout]`, reading the pieces as inputs `firstInput`,
    /// `firstInput + 1`, …. Each piece is resampled to stereo at `sampleRate`, timed from zero,
    /// padded or cut to its length, faded, and delayed to its start (in samples, so it lands on
    /// the frame it belongs to); `amix` sums them without lowering their levels (`normalize=0`),
    /// and the sum is padded and cut to the output's length.
    public func filterGraph(firstInput: Int) -> String {
        var chains: [String] = []
        for (i, p) in pieces.enumerated() {
            var filters = ["aresample=\(Self.sampleRate)", "aformat=sample_fmts=fltp:channel_layouts=stereo",
                           "asetpts=N/SR/TB", "apad=whole_len=\(samples(p.length))", "atrim=end_sample=\(samples(p.length))"]
            if p.volume != 1 { filters.append("volume=\(p.volume)") }
            if p.fadeIn > 0 { filters.append("afade=t=in:ss=0:ns=\(samples(p.fadeIn)):curve=\(curve)") }
            if p.fadeOut > 0 {
                filters.append("afade=t=out:ss=\(samples(p.length) - samples(p.fadeOut)):ns=\(samples(p.fadeOut)):curve=\(curve)")
            }
            if p.start > 0 { filters.append("adelay=delays=\(samples(p.start))S:all=1") }
            chains.append("[\(firstInput + i):a]" + filters.joined(separator: ",") + "[a\(i)]")
        }
        let total = samples(length)
        let inputs = pieces.indices.map { "[a\($0)]" }.joined()
        chains.append("\(inputs)amix=inputs=\(pieces.count):normalize=0:duration=longest,"
                      + "apad=whole_len=\(total),atrim=end_sample=\(total)[aout]")
        return chains.joined(separator: ";")
    }

    /// Seconds as whole samples at `sampleRate`.
    func samples(_ seconds: Double) -> Int { Int((seconds * Double(Self.sampleRate)).rounded()) }

    /// Seconds as ffmpeg reads a time: plain decimal, microseconds.
    static func seconds(_ s: Double) -> String { String(format: "%.6f", s) }
}
