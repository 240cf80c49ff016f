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

    /// What one run printed and how it ended.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `segue arguments…` to its end in `folder` (default: this process's), with
    /// `environment` added to this process's.
    public static func run(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }
}
