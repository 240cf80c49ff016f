import Foundation

/// Scratch files for tests.
public enum TestFiles {
    /// The folder every scratch file of this test process lives under, removed when the process
    /// exits, so that no run leaves folders behind in the system's temporary directory.
    public static let scratchRoot: String = {
        try? FileManager.default.createDirectory(atPath: scratchRootPath, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestFiles.scratchRootPath) }
        return scratchRootPath
    }()

    private static var scratchRootPath: String { NSTemporaryDirectory() + "segue-tests-\(getpid())" }

    /// A fresh empty directory under `scratchRoot`.
    public static func temporaryDirectory(_ name: String = #function) -> String {
        let base = scratchRoot + "/\(name.filter { $0.isLetter })-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        return base
    }

    public static func writeFile(_ bytes: [UInt8], _ path: String) {
        precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot write \(path)")
    }

    /// Resident memory of this process in bytes (Linux /proc/self/statm).
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}
