import Foundation

/// Encoded frames by their normalised query, least recently used first out, bounded both in
/// count and in bytes so a page scrubbing large frames cannot grow the server without end.
/// Emptied when a served file changes (`clear`), so a cached frame never outlives its shader.
public final class FrameCache: @unchecked Sendable {
    public let maxEntries: Int
    public let maxBytes: Int
    private let lock = NSLock()
    private var entries: [String: Data] = [:]
    /// Keys, least recently used first.
    private var order: [String] = []
    private var bytes = 0
    /// Bumped by `clear`: a frame that began rendering before a change is not stored after it.
    public private(set) var generation = 0

    public init(maxEntries: Int = 64, maxBytes: Int = 256 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    public func get(_ key: String) -> Data? {
        lock.lock(); defer { lock.unlock() }
        guard let data = entries[key] else { return nil }
        touch(key)
        return data
    }

    /// Stores `data` unless the cache was cleared since `generation` was read.
    public func put(_ key: String, _ data: Data, generation: Int) {
        lock.lock(); defer { lock.unlock() }
        guard generation == self.generation, data.count <= maxBytes else { return }
        if let old = entries[key] { bytes -= old.count }
        entries[key] = data
        bytes += data.count
        touch(key)
        while entries.count > maxEntries || bytes > maxBytes, let oldest = order.first {
            order.removeFirst()
            bytes -= entries.removeValue(forKey: oldest)?.count ?? 0
        }
    }

    public func currentGeneration() -> Int {
        lock.lock(); defer { lock.unlock() }
        return generation
    }

    public func clear() {
        lock.lock(); defer { lock.unlock() }
        entries.removeAll()
        order.removeAll()
        bytes = 0
        generation += 1
    }

    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }

    private func touch(_ key: String) {
        order.removeAll { $0 == key }
        order.append(key)
    }
}
