import Foundation
import SegueCore
import SegueIO

/// A user shader's frame drawn in a child process, `segue frame-child`, which the per-frame
/// time limit ends instead of the server. A draw stuck in the GL driver cannot be cancelled:
/// in-process, the watchdog would have to end the whole server (as it ends `segue still`), so
/// the server never arms it and a child takes the risk — as `segue batch` and `segue
/// validate` do. One child serves frame after frame, keeping its GL context and compiled
/// programs, so a frame costs about what it costs in `segue render`, not a process start and
/// a GL start each; a child that ended (a frame past the limit) is replaced on the next
/// request. Its answer is the PNG `segue still` writes.
///
/// Used on the render thread only (`RenderThread`), one request at a time.
final class ShaderFrameChild: @unchecked Sendable {
    private var child: ChildProcess?

    /// The PNG of `segue still <stillArguments> --time-limit L -o -`, the arguments naming
    /// files as the server was given them. A frame past the limit is `.invalidInput` naming
    /// `shaderPath`.
    func png(stillArguments: [String], timeLimit: Double, shaderPath: String) throws(SegueError) -> Data {
        let arguments = stillArguments + ["--time-limit", Allowed<Double>.format(timeLimit), "-o", "-"]
        guard let request = try? JSONEncoder().encode(arguments) else { throw SegueError(.internalError, "frame request encoding failed") }
        let child = try running()
        // The child's watchdog ends it at the limit; this is the backstop should it not start
        // drawing at all (a wedged driver), so the render thread is never held for good.
        let backstop = DispatchWorkItem { child.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit * 2 + 30, execute: backstop)
        defer { backstop.cancel() }
        guard let input = child.input?.fileDescriptor, let output = child.output?.fileDescriptor,
              DescriptorIO.writeAll(request + Data("\n".utf8), to: input), let header = DescriptorIO.line(from: output) else {
            self.child = nil
            let end = child.wait()
            if end.status == 124 || !end.succeeded && end.status < 0 {
                throw SegueError(.invalidInput, "a frame exceeded the per-frame time limit of \(Allowed<Double>.format(timeLimit)) s", path: shaderPath)
            }
            throw SegueError(.internalError, "the frame process ended (status \(end.status))\(child.lastErrorLine().map { ": \($0)" } ?? "")")
        }
        let words = header.split(separator: " ", maxSplits: 2).map(String.init)
        if words.first == "ok", words.count == 2, let count = Int(words[1]), count >= 0, let png = DescriptorIO.read(count, from: output) {
            return png
        }
        if words.first == "error", words.count >= 2, let status = Int32(words[1]) {
            let kind = SegueError.Kind.allCases.first { $0.exitCode == status } ?? .internalError
            let message = words.count == 3 ? words[2] : "segue still exited with status \(status)"
            throw SegueError(kind, message.hasPrefix("segue: ") ? String(message.dropFirst(7)) : message)
        }
        child.terminate()
        self.child = nil
        throw SegueError(.internalError, "the frame process answered \(header.prefix(80))")
    }

    /// The child, started when there is none (or the last one ended).
    private func running() throws(SegueError) -> ChildProcess {
        if let child, child.isRunning { return child }
        let started = try ChildProcess(ChildProcess.segueExecutable, ["frame-child"], stdin: .pipe, stdout: .pipe, stderr: .log)
        child = started
        return started
    }
}
