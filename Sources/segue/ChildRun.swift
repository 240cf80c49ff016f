import Foundation
import SegueCore

/// Runs this executable again as a child process sharing stdin, stdout and stderr, and waits.
///
/// A frame of an author's shader that runs past the time limit cannot be cancelled: the
/// watchdog ends the whole process (exit 124, `FrameWatchdog`). Commands that handle several
/// shader jobs or files (`batch`, `validate`) run each in a child, so a runaway one ends
/// only its child; the parent records the failure and goes on with the rest.
enum ChildRun {
    /// The arguments this process was started with, without the program name.
    static var ownArguments: [String] { Array(CommandLine.arguments.dropFirst()) }

    /// The child's exit status; 128 + N when a signal N ended it, as shells report it.
    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do { try process.run() } catch {
            printError("segue: cannot start \(executable): \(error.localizedDescription)")
            return SegueError.Kind.internalError.exitCode
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}
