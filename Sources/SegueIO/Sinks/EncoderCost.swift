import SegueCore

/// What ffmpeg's encoder will cost for an output, known from its size and frame count before
/// the job starts: two containers can cost far more than Segue's own frames, and a job in that
/// range is told so in one line before it starts (`note`). The rates were measured with
/// Debian 12's ffmpeg 5.1 on a 2-core x86-64 machine (`/usr/bin/time`, testsrc2 frames; docs/LIMITS.md):
///
/// * **MOV** (ProRes 4444, `prores_ks`): peak memory 193 MB at 1920×1080, 615 MB at 3840×2160,
///   4.4 GB at 8192×8192: about 60 MB and 66 bytes a pixel, whatever the frame count.
/// * **GIF** (palettegen + paletteuse, one thread): 0.06 s a 1080p frame of flat, synthetic
///   pictures, 0.6 s of noisy ones (film grain, camera footage): about 0.03 and 0.3 µs a pixel.
public enum EncoderCost {
    static let movBaseBytes = 60.0e6
    static let movBytesPerPixel = 66.0
    static let gifSecondsPerPixel = (flat: 0.03e-6, noisy: 0.3e-6)
    /// Above these a note is printed.
    static let noteBytes = Double(1 << 30)
    static let noteSeconds = 60.0

    /// ffmpeg's peak memory for a MOV of `size` frames.
    static func movPeakBytes(_ size: PixelSize) -> Double { movBaseBytes + movBytesPerPixel * Double(size.pixelCount) }

    /// ffmpeg's time for a GIF of `frames` frames of `size`, from flat to noisy pictures.
    static func gifSeconds(_ size: PixelSize, frames: Int) -> (flat: Double, noisy: Double) {
        let work = Double(size.pixelCount) * Double(frames)
        return (work * gifSecondsPerPixel.flat, work * gifSecondsPerPixel.noisy)
    }

    /// One line for stderr when `container` at `size` for `frames` frames is in the costly
    /// range; nil otherwise.
    public static func note(_ container: FFmpegSink.Container, size: PixelSize, frames: Int, path: String) -> String? {
        switch container {
        case .mov:
            let bytes = movPeakBytes(size)
            guard bytes > noteBytes else { return nil }
            return "\(path): ffmpeg's ProRes 4444 encoder holds about \(gigabytes(bytes)) of memory for \(size) frames "
                + "(mp4 or webm take far less)"
        case .gif:
            let time = gifSeconds(size, frames: frames)
            guard time.noisy > noteSeconds else { return nil }
            return "\(path): ffmpeg's palette for \(frames) GIF frames of \(size) takes about \(duration(time.flat)) for flat "
                + "pictures and up to \(duration(time.noisy)) for noisy ones (video, photographs); webp or mp4 encode faster"
        case .mp4, .webm, .webp:
            return nil
        }
    }

    static func gigabytes(_ bytes: Double) -> String { String(format: "%.1f GB", bytes / 1e9) }

    /// `40 s`, `3.1 min`, `2.5 h`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded(.up))) s" }
        if seconds < 5400 { return String(format: "%.1f min", seconds / 60) }
        return String(format: "%.1f h", seconds / 3600)
    }
}
