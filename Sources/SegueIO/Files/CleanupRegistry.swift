import Foundation
import SegueCore

/// What must be undone if the process stops early: this process's temporary files, lock files
/// and child processes. Each is registered when it is made and removed when it is finished;
/// `runAllAndExit` (an interrupting signal, the frame watchdog) undoes whatever is left.
///
/// Making a thing and registering it happen under one lock (`register(creating:cleanup:)`),
/// and `runAllAndExit` keeps that lock until the process is gone, so no thread can create a
/// temporary file after the clean-up ran and leave it behind.
public final class CleanupRegistry: @unchecked Sendable {
    public static let shared = CleanupRegistry()

    /// Identifies one registered action, for `remove`.
    public struct Token: Sendable, Hashable { fileprivate let id: UInt64 }

    private let lock = NSLock()
    private var nextID: UInt64 = 0
    private var actions: [(id: UInt64, run: @Sendable () -> Void)] = []

    public init() {}

    /// Runs `create` (open a temporary file, start a child) and registers `cleanup` for what it
    /// made, as one step. `cleanup` must not call the registry.
    public func register<T>(creating create: () throws(SegueError) -> T,
                            cleanup: @escaping @Sendable () -> Void) throws(SegueError) -> (T, Token) {
        lock.lock()
        defer { lock.unlock() }
        let made = try create()
        nextID += 1
        actions.append((nextID, cleanup))
        return (made, Token(id: nextID))
    }

    /// Registers `cleanup` for something that already exists.
    public func register(_ cleanup: @escaping @Sendable () -> Void) -> Token {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        actions.append((nextID, cleanup))
        return Token(id: nextID)
    }

    /// Forgets an action without running it: its thing was finished or undone normally.
    public func remove(_ token: Token) {
        lock.lock()
        actions.removeAll { $0.id == token.id }
        lock.unlock()
    }

    /// How many actions are registered (tests).
    public var count: Int { lock.lock(); defer { lock.unlock() }; return actions.count }

    /// Runs every registered action, newest first, and ends the process with `status`. The
    /// registry stays locked: another thread that tries to make a temporary file waits until
    /// the process is gone.
    public func runAllAndExit(status: Int32) -> Never {
        lock.lock()
        for action in actions.reversed() { action.run() }
        _exit(status)
    }
}
