import Foundation

/// Files decoded by Debian's ffmpeg, an outside oracle for what Segue writes (throws, so the
/// test fails and never skips, when ffmpeg is missing or cannot decode the file).
public enum FFmpegDecode {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The frames of `path` (the first `frames`, if given) as straight RGBA, through `filter`.
    public static func rgba(_ path: String, frames: Int? = nil, filter: String? = nil) throws -> [UInt8] {
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-i", path] + (frames.map { ["-frames:v", String($0)] } ?? [])
            + (filter.map { ["-vf", $0] } ?? []) + ["-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]
        let out = Pipe()
        ffmpeg.standardOutput = out
        try ffmpeg.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else { throw Failure(description: "ffmpeg could not decode \(path)") }
        return [UInt8](data)
    }
}
