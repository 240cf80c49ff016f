import Foundation
import SegueCore

/// The built `segue` executable, for tests that run it as a user does (real exit codes, stderr,
/// a process a watchdog may end). SwiftPM puts it beside the test bundle (.build/<config>/).
public enum SegueBinary {
    public static func path() throws -> String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("segue").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("segue").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/segue").standardized.path,
        ]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw SegueError(.missingInput, "segue binary not found (looked at \(candidates))")
        }
        return path
    }
}
