import Foundation
import SegueTestSupport

/// Runs the built `segue` executable (it sits next to the test bundle) and captures its output.
struct SegueProcess {
    var status: Int32
    var stdout: String
    var stderr: String

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("segue")
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> SegueProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return SegueProcess(status: process.terminationStatus,
                            stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh empty folder for one test.
    static func scratchDirectory() throws -> URL {
        URL(fileURLWithPath: TestFiles.temporaryDirectory("cli"))
    }
}
