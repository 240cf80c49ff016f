import Foundation

/// `--format`: where a job's frames go.
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    /// A folder of PNG files named by absolute frame index, plus a manifest.
    case png
    /// Straight RGBA frames back to back.
    case raw
    /// YUV4MPEG2 4:4:4.
    case y4m
    case mp4, webm, gif
    /// One PNG: a grid of evenly spaced frames with progress labels.
    case contact

    /// The format a path implies: `-` → y4m (self-describing on a pipe), a known extension
    /// (`.mp4`, `.webm`, `.gif`, `.y4m`, `.rgba`/`.raw`), otherwise a PNG folder.
    public static func inferred(from path: String) -> OutputFormat {
        if path == "-" { return .y4m }
        switch (path as NSString).pathExtension.lowercased() {
        case "mp4": return .mp4
        case "webm": return .webm
        case "gif": return .gif
        case "y4m": return .y4m
        case "rgba", "raw": return .raw
        default: return .png
        }
    }

    /// The extension `inferred(from:)` maps back to this format (`contact` sheets are PNGs).
    public var fileExtension: String {
        switch self {
        case .raw: "rgba"
        case .contact: "png"
        default: rawValue
        }
    }

    /// Only a PNG folder can be split by frames across processes; the others are one stream.
    public var isFrameSplittable: Bool { self == .png }
    /// Every format but a PNG folder is one stream, which can go to stdout or a special file.
    public var canWriteStdout: Bool { self != .png }
}
