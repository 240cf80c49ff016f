import Foundation
import SegueCore

/// Ends the process when one frame of an untrusted shader takes too long.
///
/// A draw cannot be cancelled: llvmpipe (and most drivers) run the shader to completion inside
/// `glReadPixels`, and an endless loop never completes; throwing from another thread cannot
/// unwind the stuck one. So a watchdog thread waits for each frame's deadline and, when it
/// passes, prints one line, runs the frame's clean-up (the caller removes its unfinished
/// output files) and exits with `exitCode`: a batch sees a clear failure instead of hanging
/// forever.
public final class FrameWatchdog: @unchecked Sendable {
    /// As timeout(1), so scripts read it as "took too long".
    public static let exitCode: Int32 = 124

    private struct Armed { var deadline: Date; var line: String; var cleanup: @Sendable () -> Void }
    private let condition = NSCondition()
    private var armed: Armed?
    private var generation = 0

    public init() {
        let thread = Thread { [self] in watch() }
        thread.name = "segue.watchdog"
        thread.start()
    }

    func arm(seconds: Double, line: String, cleanup: @escaping @Sendable () -> Void) {
        // Callers pass values within `Limits.frameTimeLimit`; the clamp keeps any other value
        // from reaching the Double → Int conversion inside `NSCondition.wait(until:)`, which traps.
        let seconds = seconds.isNaN ? 0 : clamp(seconds, 0, Limits.frameTimeLimit.range.upperBound)
        condition.lock()
        armed = Armed(deadline: Date(timeIntervalSinceNow: seconds), line: line, cleanup: cleanup)
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
        FileHandle.standardError.write(Data((TerminalText.escaped(armed.line) + "\n").utf8))
        armed.cleanup()
        _exit(Self.exitCode)
    }
}

/// A renderer whose every frame runs under a `FrameWatchdog` deadline.
public final class TimeLimitedRenderer: FrameRenderer {
    let inner: any FrameRenderer
    let watchdog: FrameWatchdog
    let limit: Double
    let label: String
    let cleanup: @Sendable () -> Void
    private var frame = 0
    public var backendName: String { inner.backendName }

    /// `label` names the shader in the overrun line; `cleanup` runs before the process exits.
    public init(_ inner: any FrameRenderer, watchdog: FrameWatchdog, limit: Double, label: String,
                cleanup: @escaping @Sendable () -> Void) {
        self.inner = inner; self.watchdog = watchdog; self.limit = limit; self.label = label; self.cleanup = cleanup
    }

    public func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        let limitText = Allowed<Double>.format(limit)
        watchdog.arm(seconds: limit, line: "segue: \(label): frame \(frame) exceeded the per-frame time limit of \(limitText) s",
                     cleanup: cleanup)
        defer { watchdog.disarm(); frame += 1 }
        try inner.render(plan, images: images, into: &target)
    }
}
