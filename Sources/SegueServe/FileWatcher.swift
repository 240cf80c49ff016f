import Foundation

/// Notices changes to the served files by polling their modification time, size and inode
/// every `interval` (200 ms): simple, the same on every file system, and well within the
/// second a page may take to show an edit. An editor that saves by writing a new file and
/// renaming it over the old one changes the inode, so it is seen too.
public final class FileWatcher: @unchecked Sendable {
    struct Stamp: Equatable {
        var modified: timespec
        var size: Int64
        var inode: UInt64
        static func == (a: Stamp, b: Stamp) -> Bool {
            a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec && a.size == b.size && a.inode == b.inode
        }
    }

    private let files: ServedFiles
    private let interval: Duration
    private let onChange: @Sendable (String) -> Void
    private var last: [String: Stamp] = [:]
    private var task: Task<Void, Never>?

    /// `onChange` receives the served name of each file that changed, appeared or went away.
    public init(files: ServedFiles, interval: Duration = .milliseconds(200), onChange: @escaping @Sendable (String) -> Void) {
        self.files = files
        self.interval = interval
        self.onChange = onChange
        last = scan()
    }

    public func start() {
        task = Task.detached { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                poll()
            }
        }
    }

    public func stop() { task?.cancel() }

    private func poll() {
        let now = scan()
        let names = Set(now.keys).union(last.keys).sorted()
        for name in names where now[name] != last[name] { onChange(name) }
        last = now
    }

    private func scan() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for file in files.all() {
            var info = stat()
            guard stat(file.path, &info) == 0 else { continue }
            stamps[file.name] = Stamp(modified: info.st_mtim, size: Int64(info.st_size), inode: UInt64(info.st_ino))
        }
        return stamps
    }
}

/// The server-sent-event subscribers (`/api/events`): every open page gets every change.
public final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]

    public init() {}

    /// A stream of event texts (`event: change\ndata: {…}\n\n`), ending when the hub closes.
    public func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        lock.lock(); subscribers[id] = continuation; lock.unlock()
        return stream
    }

    /// Sends `event: name\ndata: json\n\n` to every subscriber.
    public func publish(event name: String, data json: String) {
        let text = "event: \(name)\ndata: \(json)\n\n"
        lock.lock(); let all = Array(subscribers.values); lock.unlock()
        for continuation in all { continuation.yield(text) }
    }

    public func close() {
        lock.lock(); let all = Array(subscribers.values); subscribers.removeAll(); lock.unlock()
        for continuation in all { continuation.finish() }
    }

    public var count: Int { lock.lock(); defer { lock.unlock() }; return subscribers.count }

    private func remove(_ id: UUID) {
        lock.lock(); subscribers[id] = nil; lock.unlock()
    }
}
