import ArgumentParser
import SeguePipeline

/// A video output's encoder options, `render`'s and `sequence`'s alike (RequestOptions' rows
/// `crf` … `profile`; a batch spec's keys of the same names).
struct EncoderOptions: ParsableArguments {
    @Option(help: help("crf")) var crf: String?
    @Option(help: help("preset")) var preset: String?
    @Option(help: help("bitrate")) var bitrate: String?
    @Option(help: help("keyint")) var keyint: String?
    @Option(help: help("audio-bitrate")) var audioBitrate: String?
    @Option(help: help("profile")) var profile: String?
    @Option(help: help("encoder-option")) var encoderOption: [String] = []

    /// The options given, as (name, text) in the table's order.
    var given: [(String, String)] {
        [("crf", crf), ("preset", preset), ("bitrate", bitrate), ("keyint", keyint), ("audio-bitrate", audioBitrate), ("profile", profile)]
            .compactMap { name, text in text.map { (name, $0) } } + encoderOption.map { ("encoder-option", $0) }
    }
}
