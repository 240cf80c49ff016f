import Foundation
import Glibc

/// One run of the built `segue` with the limits a hostile-input case holds it to: it is
/// killed past `timeLimit`, and `wait4` reports its peak resident memory.
struct ChildRun {
    var status: Int32?
    var signal: Int32?
    var timedOut: Bool
    var peakMegabytes: Int
    var seconds: Double
    var stdout: [UInt8]
    var stderr: String

    /// Runs `segue arguments…` in `directory` with stdin from /dev/null; stdout and stderr go
    /// to files in `logDirectory` (never pipes, which a child that writes much could fill).
    static func segue(_ arguments: [String], in directory: String, logDirectory: String,
                      environment: [String: String] = [:], timeLimit: Double) throws -> ChildRun {
        let outPath = logDirectory + "/stdout", errPath = logDirectory + "/stderr"
        // `sh` changes folder and then becomes segue (exec keeps the pid that wait4 watches).
        let script = "cd \"$1\" && shift && exec \"$@\" </dev/null >\"$OUT\" 2>\"$ERR\""
        let argv = ["/bin/sh", "-c", script, "sh", directory, SegueProcess.executable.path] + arguments
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // A crash is reported by its signal; the runtime's backtrace would only bury the message.
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["OUT"] = outPath
        env["ERR"] = errPath
        let envp = env.map { "\($0.key)=\($0.value)" }

        let start = Date()
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { cArgs in
            withCStrings(envp) { cEnv in posix_spawn(&pid, "/bin/sh", nil, nil, cArgs, cEnv) }
        }
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        var wstatus: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let r = wait4(pid, &wstatus, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw POSIXError(.ECHILD) }
            if Date().timeIntervalSince(start) > timeLimit, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        let exited = wstatus & 0x7F == 0
        return ChildRun(status: exited ? (wstatus >> 8) & 0xFF : nil,
                        signal: exited ? nil : wstatus & 0x7F,
                        timedOut: timedOut,
                        peakMegabytes: usage.ru_maxrss / 1024,
                        seconds: Date().timeIntervalSince(start),
                        stdout: Array((try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()),
                        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}

/// A NULL-terminated C string array for `posix_spawn`, valid inside `body`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
