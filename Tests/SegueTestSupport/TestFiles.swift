import Foundation

/// Scratch files for tests.
public enum TestFiles {
    /// A fresh empty directory under the system temporary directory.
    public static func temporaryDirectory(_ name: String = #function) -> String {
        let base = NSTemporaryDirectory() + "segue-test-\(getpid())-\(name.filter { $0.isLetter })-\(UInt32.random(in: 0...UInt32.max))"
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
