import Foundation
import SegueCore

/// What produced a finished file output, kept beside it as `.NAME.segue-job` (JSON): the job's
/// identity (`JobIdentity`: inputs, plans, backend, Segue version) and how it was written.
/// `batch --resume` keeps a video, GIF or image only when its record matches the job as the
/// spec now asks for it; a file with no record, or another, is rendered again. (A PNG folder
/// keeps the same facts in its manifest, frame by frame.)
public struct OutputRecord: Codable, Sendable, Equatable {
    public var job: String
    /// The output format and every writing option that changes the file.
    public var writing: String

    public init(job: String, writing: String) {
        self.job = job
        self.writing = writing
    }

    /// The record's path beside `file`.
    public static func path(beside file: String) -> String {
        let dir = parentDirectory(of: file)
        return (dir.isEmpty ? "" : dir == "/" ? "/" : dir + "/") + "." + fileName(of: file) + ".segue-job"
    }

    /// The record beside `file`, nil when there is none or it cannot be read as one.
    public static func read(beside file: String) -> OutputRecord? {
        guard let bytes = try? InputFile.contents(path(beside: file), maxBytes: 64 * 1024) else { return nil }
        return try? JSONDecoder().decode(OutputRecord.self, from: Data(bytes))
    }

    /// Writes the record beside `file`, atomically (after the file itself is complete).
    public func write(beside file: String) throws(SegueError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { throw SegueError(.internalError, "cannot encode an output record") }
        try AtomicFile.write([UInt8](data) + [10], to: Self.path(beside: file))
    }
}
