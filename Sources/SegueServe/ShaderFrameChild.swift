import Foundation
import SegueCore
import SegueIO

/// A user shader's frame drawn by a child `segue still … -o -`, which the per-frame time limit
/// ends instead of the server. A draw stuck in the GL driver cannot be cancelled: in-process,
/// the watchdog would have to end the whole server (as it ends `segue still`), so the server
/// never arms it and a child takes the risk — as `segue batch` and `segue validate` do. The
/// child writes what `segue still` writes, so the frame is the same PNG.
enum ShaderFrameChild {
    /// The PNG of `segue still <stillArguments> --time-limit L -o -`, run in the server's folder
    /// (the arguments name files as the server was given them). A frame past the limit is
    /// `.invalidInput` naming `shaderPath`.
    static func png(stillArguments: [String], timeLimit: Double, shaderPath: String) throws(SegueError) -> Data {
        let child = try ChildProcess(ChildProcess.segueExecutable,
                                     ["still"] + stillArguments + ["--time-limit", Allowed<Double>.format(timeLimit), "-o", "-"],
                                     stdout: .pipe, stderr: .pipe)
        // The child's watchdog ends it at the limit; this is the backstop should it not start
        // drawing at all (a wedged driver), so the render thread is never held for good.
        let backstop = DispatchWorkItem { child.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit * 2 + 30, execute: backstop)
        var message = Data()
        let readErrors = DispatchWorkItem { message = child.errorOutput?.readDataToEndOfFile() ?? Data() }
        DispatchQueue.global().async(execute: readErrors)
        let (png, end) = child.readAllAndWait()
        readErrors.wait()
        backstop.cancel()
        let status: Int32 = if case .exit(let code) = end { code } else { -1 }
        if status == 0 { return png }
        let line = String(decoding: message, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        let detail = line.hasPrefix("segue: ") ? String(line.dropFirst(7)) : line
        if status == 124 || status == -1 {
            throw SegueError(.invalidInput, "a frame exceeded the per-frame time limit of \(Allowed<Double>.format(timeLimit)) s", path: shaderPath)
        }
        let kind = SegueError.Kind.allCases.first { $0.exitCode == status } ?? .internalError
        throw SegueError(kind, detail.isEmpty ? "segue still exited with status \(status)" : detail)
    }
}
