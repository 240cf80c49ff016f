import Foundation
import SegueCore
import SegueGL

/// Ends the process when one frame of an untrusted shader takes too long.
///
/// A draw cannot be cancelled: llvmpipe (and most drivers) run the shader to completion inside
/// `glReadPixels`, and an endless loop never completes; throwing from another thread cannot
/// unwind the stuck one. So a watchdog thread waits for each frame's deadline and, when it
/// passes, prints one line, removes this process's temporary output files and exits with
/// `exitCode`: a batch sees a clear failure instead of hanging forever.
public final class FrameWatchdog: @unchecked Sendable {
    /// As timeout(1), so scripts read it as "took too long".
    public static let exitCode: Int32 = 124

    private struct Armed { var deadline: Date; var line: String; var directories: [String] }
    private let condition = NSCondition()
    private var armed: Armed?
    private var generation = 0

    public init() {
        let thread = Thread { [self] in watch() }
        thread.name = "segue.watchdog"
        thread.start()
    }

    func arm(seconds: Double, line: String, directories: [String]) {
        condition.lock()
        armed = Armed(deadline: Date(timeIntervalSinceNow: seconds), line: line, directories: directories)
        generation += 1
        condition.signal()
        condition.unlock()
    }

    func disarm() {
        condition.lock()
        armed = nil
        generation += 1
        condition.signal()
        condition.unlock()
    }

    private func watch() {
        condition.lock()
        while true {
            guard let current = armed else { condition.wait(); continue }
            let seen = generation
            if !condition.wait(until: current.deadline), generation == seen, Date() >= current.deadline {
                fire(current)
            }
        }
    }

    private func fire(_ armed: Armed) -> Never {
        FileHandle.standardError.write(Data((armed.line + "\n").utf8))
        // PNGCodec writes `.<name>.tmp-<pid>` beside the final file, then renames.
        let suffix = ".tmp-\(getpid())"
        for directory in armed.directories {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(".") && name.hasSuffix(suffix) {
                unlink((directory as NSString).appendingPathComponent(name))
            }
        }
        _exit(Self.exitCode)
    }
}

/// A renderer whose every frame runs under a `FrameWatchdog` deadline.
final class TimeLimitedRenderer: FrameRenderer {
    let inner: any FrameRenderer
    let watchdog: FrameWatchdog
    let limit: Double
    let label: String
    let directories: [String]
    private var frame = 0
    var backendName: String { inner.backendName }

    init(_ inner: any FrameRenderer, watchdog: FrameWatchdog, limit: Double, label: String, directories: [String]) {
        self.inner = inner; self.watchdog = watchdog; self.limit = limit; self.label = label; self.directories = directories
    }

    func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        let limitText = limit == limit.rounded() ? String(Int(limit)) : String(limit)
        watchdog.arm(seconds: limit, line: "segue: \(label): frame \(frame) exceeded the per-frame time limit of \(limitText) s",
                     directories: directories)
        defer { watchdog.disarm(); frame += 1 }
        try inner.render(plan, images: images, into: &target)
    }
}
