import Foundation
import SegueCore

/// Progress of a frame loop on stderr: a bar redrawn in place when stderr is a terminal,
/// one plain line every `interval` seconds otherwise (CI logs), nothing when quiet. The bar
/// is coloured unless `NO_COLOR` is set (https://no-color.org).
final class ProgressReporter {
    enum Mode: Equatable { case bar, lines, quiet }

    let mode: Mode
    let label: String
    private let color: Bool
    private let interval: Double
    private let emit: (String) -> Void
    private let start = DispatchTime.now()
    /// Seconds (since `start`) of the last output; the bar shows from the first frame, lines
    /// only once `interval` has passed.
    private var lastEmit: Double
    private var drewBar = false

    init(mode: Mode, label: String, color: Bool, interval: Double = 2, emit: @escaping (String) -> Void) {
        self.mode = mode
        self.label = TerminalText.escaped(label)  // a job's name from a spec
        self.color = color
        self.interval = interval
        self.emit = emit
        lastEmit = mode == .bar ? -.infinity : 0
    }

    /// The mode and colour for stderr as it is now.
    static func forStderr(quiet: Bool, label: String) -> ProgressReporter {
        let mode: Mode = quiet ? .quiet : isatty(STDERR_FILENO) != 0 ? .bar : .lines
        let color = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        return ProgressReporter(mode: mode, label: label, color: color) {
            FileHandle.standardError.write(Data($0.utf8))
        }
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

    /// Called after each frame: `done` of `total`.
    func update(done: Int, total: Int) {
        guard mode != .quiet else { return }
        let t = elapsed
        // The bar redraws at most 10 times a second, and always on the last frame.
        let gap = mode == .bar ? 0.1 : interval
        guard t - lastEmit >= gap || (mode == .bar && done == total) else { return }
        lastEmit = t
        emit(mode == .bar ? "\r\u{1B}[2K" + bar(done: done, total: total, seconds: t) : line(done: done, total: total, seconds: t) + "\n")
        drewBar = mode == .bar
    }

    /// Runs a job that reports to `update`, ending the bar's line however the job ends.
    func run<T>(_ job: (_ progress: @escaping (Int, Int) -> Void) throws(SegueError) -> T) throws(SegueError) -> T {
        defer { finish() }
        return try job(update)
    }

    /// Ends the bar's line so that the next message starts on its own line.
    func finish() {
        if drewBar { emit("\n"); drewBar = false }
    }

    func line(done: Int, total: Int, seconds: Double) -> String {
        "\(label): \(done)/\(total) frames, \(Self.rate(done, seconds)) fps, ETA \(Self.eta(done, total, seconds))"
    }

    func bar(done: Int, total: Int, seconds: Double, width: Int = 30) -> String {
        let filled = total > 0 ? min(width, done * width / total) : width
        var bar = String(repeating: "█", count: filled)
        if color { bar = "\u{1B}[32m" + bar + "\u{1B}[0m" }
        bar += String(repeating: "░", count: width - filled)
        return "\(label) \(bar) \(done)/\(total)  \(Self.rate(done, seconds)) fps  ETA \(Self.eta(done, total, seconds))"
    }

    static func rate(_ done: Int, _ seconds: Double) -> String {
        String(format: "%.1f", seconds > 0 ? Double(done) / seconds : 0)
    }

    static func eta(_ done: Int, _ total: Int, _ seconds: Double) -> String {
        guard done > 0, seconds > 0 else { return "?" }
        let left = Double(total - done) * seconds / Double(done)
        return left >= 60 ? "\(Int(left) / 60)m\(String(format: "%02d", Int(left) % 60))s" : String(format: "%.0fs", left.rounded(.up))
    }
}
