import Foundation

/// Media files the tests make with ffmpeg's own sources (`testsrc2`, `mandelbrot`, `sine`), and
/// ffmpeg run as an oracle. Throws, so a test fails and never skips, when ffmpeg is missing.
public enum FFmpegTool {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `ffmpeg -v error -y ARGUMENTS`; its stdout bytes.
    @discardableResult
    public static func run(_ arguments: [String], program: String = "/usr/bin/ffmpeg") throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = (program.hasSuffix("ffmpeg") ? ["-v", "error", "-y", "-nostdin"] : ["-v", "error"]) + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")): \(message)")
        }
        return data
    }

    /// A clip of `seconds` from the lavfi `video` source (e.g. `testsrc2=s=320x240:r=25`), with
    /// a sine tone of `tone` Hz when given, H.264 + AAC in MP4 unless `extra` says otherwise.
    public static func clip(_ path: String, video: String, seconds: Double, tone: Int? = nil, extra: [String] = []) throws {
        var arguments = ["-f", "lavfi", "-i", video]
        if let tone { arguments += ["-f", "lavfi", "-i", "sine=f=\(tone):sample_rate=48000"] }
        arguments += ["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-pix_fmt", "yuv420p"]
        if tone != nil { arguments += ["-c:a", "aac", "-b:a", "128k"] }
        try run(arguments + extra + [path])
    }

    /// `ffprobe -show_entries ENTRIES` of the stream `select` (`v:0`, `a:0`): `key=value` pairs.
    public static func probe(_ path: String, stream select: String, entries: String) throws -> [String: String] {
        let data = try run(["-select_streams", select, "-show_entries", entries, "-of", "default=nw=1", path], program: "/usr/bin/ffprobe")
        return Dictionary(String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
        }, uniquingKeysWith: { a, _ in a })
    }

    /// Mono 16-bit samples of `path`'s audio from `start` for `seconds`, at `rate`.
    public static func samples(_ path: String, start: Double, seconds: Double, rate: Int = 48_000) throws -> [Int16] {
        let data = try run(["-ss", String(start), "-t", String(seconds), "-i", path, "-vn", "-ac", "1", "-ar", String(rate),
                            "-f", "s16le", "pipe:1"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// The strength of `frequency` in `samples` (Goertzel's algorithm): compares tones.
    public static func power(of frequency: Double, in samples: [Int16], rate: Int = 48_000) -> Double {
        let w = 2 * Double.pi * frequency / Double(rate)
        let k = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for x in samples {
            let s = Double(x) + k * s1 - s2
            s2 = s1
            s1 = s
        }
        return (s1 * s1 + s2 * s2 - k * s1 * s2) / Double(max(1, samples.count * samples.count))
    }
}
