import ArgumentParser
import SegueCore
import SegueIO
import Foundation

@main
struct Segue: ParsableCommand {
    static let version = "0.1.0"
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Render screen transitions between two snapshots, headless.",
        version: version,
        subcommands: [ListCommand.self, RenderCommand.self, StillCommand.self, DemoCommand.self,
                      PlanCommand.self, TimingCommand.self, CompareCommand.self, InfoCommand.self,
                      ValidateCommand.self, WatchCommand.self, BatchCommand.self, BenchCommand.self]
    )

    /// SIGHUP/SIGINT/SIGTERM remove unfinished outputs and stop ffmpeg before exiting: set up
    /// before any other thread exists, then the commands run.
    static func main() {
        InterruptSignals.install { printError("segue: \($0)") }
        main(nil)
    }
}

/// Runs a command body, turning a `SegueError` into one line on stderr and its exit code.
func reportingErrors(_ body: () throws(SegueError) -> Void) throws {
    do throws(SegueError) {
        try body()
    } catch {
        printError("segue: \(error.message)")
        throw ExitCode(error.exitCode)
    }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// JSON with sorted keys and `inf` for infinite PSNR (identical images).
func jsonString<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
}
