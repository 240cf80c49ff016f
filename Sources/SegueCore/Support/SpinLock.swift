import Synchronization

/// A tiny lock for counters in Foundation-free code.
final class SpinLock: @unchecked Sendable {
    private let flag = Atomic<Bool>(false)
    func withLock<T>(_ body: () -> T) -> T {
        while flag.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged == false {}
        defer { flag.store(false, ordering: .releasing) }
        return body()
    }
}
