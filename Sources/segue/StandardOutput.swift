@preconcurrency import Glibc
import Foundation
import SegueCore

/// How every command ends its text on stdout (`timing --json | head`, `list --json | jq …`).
///
/// SIGPIPE is ignored, so a reader that goes away does not kill Segue silently with signal
/// 13; writes to it fail instead. Text goes through C's buffered stream, so failures are
/// checked once, at exit: one line on stderr and exit 74, as `render -o -` reports a closed pipe.
enum StandardOutput {
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        atexit { StandardOutput.checkAtExit() }
    }

    /// Writes out what is buffered, so lines from this process and a child sharing stdout
    /// (`ChildRun`) stay in order.
    static func flush() { fflush(stdout) }

    private static func checkAtExit() {
        let flushed = fflush(stdout) == 0
        let code = errno
        guard !flushed || ferror(stdout) != 0 else { return }
        let reason = (!flushed && code == EPIPE) || readerClosed ? "the reader closed the pipe" : String(cString: strerror(code))
        FileHandle.standardError.write(Data("segue: stdout: \(reason)\n".utf8))
        _exit(SegueError.Kind.io.exitCode)
    }

    /// A pipe whose read end is closed polls as an error.
    private static var readerClosed: Bool {
        var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLERR) != 0
    }
}
