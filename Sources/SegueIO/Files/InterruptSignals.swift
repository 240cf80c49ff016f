import Foundation
import SegueCore

/// SIGHUP, SIGINT and SIGTERM stop Segue cleanly: its temporary files, lock files and child
/// `ffmpeg` are removed (`CleanupRegistry`), then it exits 128 + the signal (129, 130, 143),
/// as a shell reports a process killed by it.
///
/// The signals are blocked in every thread and taken by one thread that waits for them with
/// `sigwait`: the clean-up runs as ordinary code, not inside an async signal handler.
public enum InterruptSignals {
    public static let handled: [Int32] = [SIGHUP, SIGINT, SIGTERM]

    /// Call first in `main`, before any other thread starts (threads inherit the blocked set;
    /// child processes started through `Process` get it reset). `notice` receives one line.
    public static func install(notice: @escaping @Sendable (String) -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        let thread = Thread {
            var set = waited
            var signal: Int32 = 0
            while sigwait(&set, &signal) != 0 {}
            notice("stopped by \(name(of: signal)); unfinished outputs removed")
            CleanupRegistry.shared.runAllAndExit(status: 128 + signal)
        }
        thread.name = "segue.signals"
        thread.start()
    }

    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
