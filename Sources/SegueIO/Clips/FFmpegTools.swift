import Foundation
import SegueCore

/// What reading inputs with FFmpeg's programs (`ffprobe`, `ffmpeg`) shares: finding them, the
/// error when they are missing, how a user's path is handed to them and how their messages
/// are shown.
enum FFmpegTools {
    /// The first `name` on `PATH`, or nil.
    static func locate(_ name: String) -> String? { ChildProcess.onPath(name) }

    /// `locate(name)`, or the error naming what to install (Debian's ffmpeg package holds both).
    static func required(_ name: String, for path: String) throws(SegueError) -> String {
        guard let program = locate(name) else {
            throw SegueError(.ffmpegMissing, "video clips need \(name), which is not on PATH (Debian: apt-get install ffmpeg)", path: path)
        }
        return program
    }

    /// The options and input that make them read `path` as a local file and nothing else: the
    /// `file:` protocol, so that a name such as `pipe:0`, `-x` or `http://…` is a file name
    /// (FFmpeg Protocols documentation, `file`), and no other protocol for what the file
    /// itself names (a playlist's or concat list's entries).
    static func inputArguments(_ path: String) -> [String] {
        ["-protocol_whitelist", "file", "-i", "file:" + path]
    }

    /// A line of their stderr for a message that already names the file: without the
    /// `file:PATH: ` they put in front of errors about the input.
    static func reason(_ line: String, path: String) -> String {
        let prefix = "file:" + path + ": "
        return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line
    }
}
