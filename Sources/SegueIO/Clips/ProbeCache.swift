import Foundation
import Synchronization

/// ffprobe's descriptions of files already probed in this process, by file identity (device,
/// inode, size, modification time): a file named twice in one run — `render` asking whether a
/// side is a clip and then preparing the pair, the same clip at two places of a sequence — is
/// probed once (each ffprobe run is a tenth of a second of start-up), while a file that
/// changed, or another file moved to its path, is probed again (`watch`, `serve`).
enum ProbeCache {
    /// Enough for any sequence; past it the oldest half is forgotten, so a long-running
    /// server stays small.
    static let capacity = 256

    struct Identity: Hashable {
        let path: String
        let device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int, modifiedNanoseconds: Int
    }

    private struct Entries {
        var reports: [Identity: FFprobeReport] = [:]
        var order: [Identity] = []
    }

    private static let entries = Mutex(Entries())

    /// `path`'s identity now; nil when it cannot be read (the probe then says why).
    static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                        modifiedSeconds: status.st_mtim.tv_sec, modifiedNanoseconds: status.st_mtim.tv_nsec)
    }

    static func report(for identity: Identity) -> FFprobeReport? {
        entries.withLock { $0.reports[identity] }
    }

    static func remember(_ report: FFprobeReport, for identity: Identity) {
        entries.withLock { entries in
            if entries.reports.updateValue(report, forKey: identity) == nil { entries.order.append(identity) }
            if entries.order.count > capacity {
                for old in entries.order.prefix(capacity / 2) { entries.reports[old] = nil }
                entries.order.removeFirst(capacity / 2)
            }
        }
    }
}
