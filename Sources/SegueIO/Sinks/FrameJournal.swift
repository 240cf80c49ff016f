import Foundation
import SegueCore

/// The frames a PNG-sequence job has finished, kept on disk while it runs (`DIR/.MANIFEST.journal`,
/// one JSON line per frame after a header naming the job): what `--resume` trusts after a run
/// was killed before writing its manifest. Lines are appended with one `write` each
/// (`O_APPEND`), so frames finishing on several threads never interleave; a torn last line
/// is ignored when read.
public final class FrameJournal: @unchecked Sendable {
    public let path: String
    private var fd: Int32

    struct Header: Codable { var job: String }

    /// `DIR/.NAME.journal` for the manifest `DIR/NAME`.
    public static func path(forManifest manifest: String) -> String {
        let dir = parentDirectory(of: manifest)
        return (dir.isEmpty ? "" : dir + "/") + "." + fileName(of: manifest) + ".journal"
    }

    /// Starts the journal afresh for `job`, listing `kept` (frames `--resume` kept) first.
    public init(path: String, job: String, kept: [FrameRecord]) throws(SegueError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .system(path: path) }
        try appendLine(Header(job: job))
        for record in kept { try append(record) }
    }

    public func append(_ record: FrameRecord) throws(SegueError) { try appendLine(record) }

    private func appendLine<T: Encodable>(_ value: T) throws(SegueError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { throw SegueError(.internalError, "journal encoding failed", path: path) }
        try ByteOutput(descriptor: fd, name: path).write(Array(data) + [0x0A])
    }

    /// Closes and deletes the journal: the manifest now says the same.
    public func remove() {
        unlink(path)
        closeFile()
    }

    /// A journal left on disk (the job failed) stays for the next `--resume`.
    deinit { closeFile() }

    private func closeFile() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// The frames a journal lists for `job`; none when it belongs to another job or is unreadable.
    public static func records(at path: String, job: String) -> [FrameRecord] {
        guard let bytes = try? InputFile.contents(path, maxBytes: Limits.manifestBytes) else { return [] }
        let lines = bytes.split(separator: 0x0A)
        let decoder = JSONDecoder()
        guard let first = lines.first, let header = try? decoder.decode(Header.self, from: Data(first)), header.job == job else { return [] }
        return lines.dropFirst().compactMap { try? decoder.decode(FrameRecord.self, from: Data($0)) }
    }
}
