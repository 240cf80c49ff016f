import Foundation
import SegueCore
import SegueIO

/// Runs this executable again as a child process sharing stdin, stdout and stderr, and waits.
///
/// A frame of an author's shader that runs past the time limit cannot be cancelled: the
/// watchdog ends the whole process (exit 124, `FrameWatchdog`). Commands that handle several
/// shader jobs or files (`batch`, `validate`) run each in a child, so a runaway one ends
/// only its child; the parent records the failure and goes on with the rest.
enum ChildRun {
    /// The arguments this process was started with, without the program name.
    static var ownArguments: [String] { Array(CommandLine.arguments.dropFirst()) }

    /// The child's exit status; 128 + N when a signal N ended it, as shells report it. It shares
    /// this process's stdin, stdout and stderr, and is killed should this one be interrupted.
    static func run(_ arguments: [String]) -> Int32 {
        do throws(SegueError) {
            return try ChildProcess(ChildProcess.segueExecutable, arguments, stdin: .inherit, stdout: .inherit, stderr: .inherit).wait().status
        } catch {
            printError("segue: \(error.message)")
            return SegueError.Kind.internalError.exitCode
        }
    }
}
