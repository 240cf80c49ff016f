import Foundation
import SegueCore

/// A child process, started the one way Segue starts every one (ffmpeg, ffprobe, a C compiler,
/// Segue itself for a shader job): its arguments, what its stdin, stdout and stderr are, and
/// its end. It is started and registered with `CleanupRegistry` in one step, so an interruption
/// (SIGINT, SIGTERM, the frame watchdog) kills it and runs `cleanup` (removing its unfinished
/// file), never one without the other; `wait` takes the registration back. A stderr kept in a
/// `ChildProcessLog` gives the last line for the message when the child fails.
public final class ChildProcess: @unchecked Sendable {
    /// What one of the child's standard streams is.
    public enum Stream {
        /// `/dev/null`.
        case null
        /// A pipe whose other end is `input` (stdin) or `output` (stdout, stderr).
        case pipe
        /// This process's own stream.
        case inherit
        /// An open file or device (stdout straight into a FIFO the user named).
        case handle(FileHandle)
        /// stderr into an unnamed temporary file, read back by `lastErrorLine`.
        case log
    }

    /// How the child ended.
    public enum End: Equatable, Sendable {
        case exit(Int32)
        case signal(Int32)

        public var succeeded: Bool { self == .exit(0) }
        /// As a shell reports it: the exit status, or 128 + the signal.
        public var status: Int32 {
            switch self {
            case .exit(let code): code
            case .signal(let number): 128 + number
            }
        }
    }

    public let program: String
    private let process = Process()
    private let log: ChildProcessLog?
    private var token: CleanupRegistry.Token?
    private let tokenLock = NSLock()
    /// The write end of a `.pipe` stdin.
    public let input: FileHandle?
    /// The read end of a `.pipe` stdout.
    public let output: FileHandle?
    /// The read end of a `.pipe` stderr.
    public let errorOutput: FileHandle?

    /// The executable `name` in a folder of `$PATH` (the first one), as a shell finds it.
    public static func onPath(_ name: String) -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Starts `program`. `cleanup` runs, after the child is killed, when the process is
    /// interrupted before `wait`. A program that cannot be started is `.io` naming `name`.
    public init(_ program: String, _ arguments: [String], stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .log,
                name: String? = nil, cleanup: @escaping @Sendable () -> Void = {}) throws(SegueError) {
        self.program = program
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var log: ChildProcessLog?
        func attach(_ stream: Stream, output isOutput: Bool) throws(SegueError) -> (Any?, FileHandle?) {
            switch stream {
            case .null: return (FileHandle.nullDevice, nil)
            case .inherit: return (nil, nil)
            case .handle(let handle): return (handle, nil)
            case .pipe:
                let pipe = Pipe()
                return (pipe, isOutput ? pipe.fileHandleForReading : pipe.fileHandleForWriting)
            case .log:
                let made = try ChildProcessLog()
                log = made
                return (made.handle, nil)
            }
        }
        let (stdinEnd, input) = try attach(stdin, output: false)
        let (stdoutEnd, output) = try attach(stdout, output: true)
        let (stderrEnd, errorOutput) = try attach(stderr, output: true)
        if let stdinEnd { process.standardInput = stdinEnd }
        if let stdoutEnd { process.standardOutput = stdoutEnd }
        if let stderrEnd { process.standardError = stderrEnd }
        (self.input, self.output, self.errorOutput, self.log) = (input, output, errorOutput, log)
        let process = process
        let shown = name ?? program
        do throws(SegueError) {
            token = try CleanupRegistry.shared.register(creating: { () throws(SegueError) in
                do { try process.run() } catch { throw SegueError(.io, "cannot start \(fileName(of: program)) (\(error))", path: shown) }
            }, cleanup: {
                if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
                cleanup()
            }).1
        } catch {
            log?.release()
            throw error
        }
    }

    deinit { log?.release() }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Waits for the child's end; the interruption clean-up is no longer needed after it.
    @discardableResult
    public func wait() -> End {
        let end = waitForExit()
        releaseCleanup()
        return end
    }

    /// Waits for the child's end but keeps the interruption clean-up, for a caller that still
    /// has the child's file to check before it is its own (`releaseCleanup` then).
    public func waitForExit() -> End {
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
    }

    /// Drops the interruption clean-up without running it; idempotent.
    public func releaseCleanup() {
        tokenLock.withLock {
            if let token { CleanupRegistry.shared.remove(token) }
            token = nil
        }
    }

    /// Kills the child (SIGKILL) and waits for it.
    public func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        wait()
    }

    /// Asks the child to stop (SIGTERM), as a user's Ctrl-C would.
    public func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// The last non-empty line of a `.log` stderr; nil when there is none.
    public func lastErrorLine() -> String? { log?.lastLine() }

    /// Frees the `.log` file now rather than when the child object goes.
    public func releaseLog() { log?.release() }

    /// Everything the child writes to its `.pipe` stdout, and its end.
    public func readAllAndWait() -> (Data, End) {
        let data = output?.readDataToEndOfFile() ?? Data()
        return (data, wait())
    }

    /// This program (`segue`), to run again as a child.
    public static var segueExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
