import Foundation
import SegueTestSupport

/// Runs the built `segue` executable (it sits next to the test bundle) and captures its output.
struct SegueProcess {
    var status: Int32
    var stdout: String
    var stderr: String

    static var executable: URL {
        URL(fileURLWithPath: (try? SegueBinary.path()) ?? "segue")
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> SegueProcess {
        let run = try SegueBinary.run(arguments, in: directory?.path)
        return SegueProcess(status: run.status, stdout: run.stdoutText, stderr: run.stderr)
    }

    /// A fresh empty folder for one test.
    static func scratchDirectory() throws -> URL {
        URL(fileURLWithPath: TestFiles.temporaryDirectory("cli"))
    }
}
