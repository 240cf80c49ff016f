import SegueCore

/// A named destination for a video (`--profile`, spec key `profile`): encoder settings that
/// suit it, and the rules it enforces, checked before the first frame is rendered.
///
/// * `web` — an MP4 every browser plays: H.264 High, 4:2:0, the index at the front
///   (`+faststart`, MP4's default in Segue too), AAC-LC stereo at 48 kHz.
/// * `app-store` — App Store Connect's app preview specification (Apple, App Store Connect
///   Help, "App preview specifications"): H.264 High profile, level 4.0 at most, progressive,
///   a 10–12 Mbps target bitrate, at most 30 frames per second, 15 to 30 seconds long, stereo
///   AAC at 256 kb/s, 44.1 or 48 kHz, at most 500 MB, at one of the preview resolutions of a
///   device class (`appPreviewSizes`). Whatever App Store Connect would reject is refused,
///   naming the rule.
public enum EncoderProfile: String, CaseIterable, Sendable {
    case web
    case appStore = "app-store"

    /// App Store Connect's app preview resolutions, portrait (landscape is the same turned):
    /// the iPhones from 5.8 to 6.9 inches, the 5.5-inch and the 4.7-inch iPhones, the iPads
    /// from 10.5 to 13 inches, and the 9.7-inch iPad.
    public static let appPreviewSizes: [(size: PixelSize, devices: String)] = [
        (PixelSize(width: 886, height: 1920), "iPhone 5.8–6.9-inch"),
        (PixelSize(width: 1080, height: 1920), "iPhone 5.5-inch"),
        (PixelSize(width: 750, height: 1334), "iPhone 4.7-inch"),
        (PixelSize(width: 1200, height: 1600), "iPad 10.5–13-inch"),
        (PixelSize(width: 900, height: 1200), "iPad 9.7-inch"),
    ]

    /// Apple's figures: the longest and shortest preview, the fastest frame rate, the
    /// bitrate band (its middle is the target given to x264), the file size.
    public static let appPreviewSeconds = 15.0...30.0
    public static let appPreviewMaxFPS = 30.0
    static let appPreviewBytes = 500_000_000

    /// The first rule an output of `container`, `size`, `fps` and `frameCount` frames breaks,
    /// in words naming the rule; nil when it breaks none.
    public func problem(container: FFmpegSink.Container?, size: PixelSize, fps: Double, frameCount: Int) -> String? {
        guard container == .mp4 else { return "needs mp4 output (H.264)" }
        guard self == .appStore else { return nil }
        let sizes = Self.appPreviewSizes.flatMap { [$0.size, PixelSize(width: $0.size.height, height: $0.size.width)] }
        if !sizes.contains(size) {
            let list = Self.appPreviewSizes.map { "\($0.size) (\($0.devices))" }.joined(separator: ", ")
            return "\(size) is not an app preview size: App Store Connect takes \(list), or each turned to landscape (--size)"
        }
        if fps > Self.appPreviewMaxFPS {
            return "\(Allowed<Double>.format(fps)) fps: an app preview has at most 30 frames per second (--fps)"
        }
        let seconds = Double(frameCount) / fps
        if !Self.appPreviewSeconds.contains(seconds) {
            return "\(Allowed<Double>.format((seconds * 100).rounded() / 100)) s (\(frameCount) frames at \(Allowed<Double>.format(fps)) fps): "
                + "an app preview lasts 15 to 30 seconds"
        }
        return nil
    }

    /// Video encoder options over the container's (before the user's own settings).
    func videoOptions(_ options: [String]) -> [String] {
        var options = options
        switch self {
        case .web:
            options += ["-profile:v", "high"]
        case .appStore:
            options.removeOption("-crf")
            // x264's VBV keeps the rate inside Apple's 10–12 Mbps band, its middle the average.
            options += ["-profile:v", "high", "-level:v", "4.0", "-b:v", "11M", "-maxrate", "12M", "-bufsize", "12M"]
        }
        return options
    }

    /// Sound encoder options over the container's: stereo at 48 kHz; 256 kb/s for the App Store.
    func audioOptions(_ options: [String]) -> [String] {
        var options = options
        if self == .appStore { options.setOption("-b:a", "256k") }
        options.setOption("-ac", "2")
        options.setOption("-ar", "48000")
        return options
    }
}
