import ArgumentParser
import SegueCore
import SegueIO
import SeguePipeline
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
                      ValidateCommand.self, WatchCommand.self, BatchCommand.self, SequenceCommand.self, BenchCommand.self, ProofCommand.self,
                      ServeCommand.self, FrameChildCommand.self]
    )

    /// Set up before any other thread exists: SIGPIPE ignored (`StandardOutput`), and
    /// SIGHUP/SIGINT/SIGTERM remove unfinished outputs and stop ffmpeg before exiting. Negative
    /// numbers reach the options that take them (`NegativeNumbers`), and a value ArgumentParser
    /// itself refuses is one line on stderr, like every other Segue error.
    static func main() {
        StandardOutput.install()
        InterruptSignals.install { printError("segue: \($0)") }
        let arguments = NegativeNumbers.joined(Array(CommandLine.arguments.dropFirst()))
        if let problem = unknownHelpTopic(arguments) {
            printError("segue: \(problem)")
            Foundation.exit(SegueError.Kind.usage.exitCode)
        }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exitAfterParsing(error)
        }
        do {
            var command = command
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// `--help` and `--version` print as usual; a refused value prints its one-line message
    /// and the command's help hint (`segue render --help`), exiting 64.
    private static func exitAfterParsing(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        let line = message(for: error).split(separator: "\n").first.map(String.init) ?? ""
        guard code != .success, !line.isEmpty else { exit(withError: error) }
        printError("segue: \(line)")
        exit(withError: ExitCode(code.rawValue))
    }

    /// `segue help NAME…` names commands; ArgumentParser shows the top-level help (exit 0) for
    /// a name it does not know, which hides a typo from scripts.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var path = "segue"
        var commands: [any ParsableCommand.Type] = configuration.subcommands
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            guard let command = commands.first(where: { $0._commandName == name }) else {
                let known = commands.isEmpty ? "it has none" : "commands: " + commands.map { $0._commandName }.joined(separator: ", ")
                return "help: \(path) has no command named '\(name)' (\(known))"
            }
            path += " " + name
            commands = command.configuration.subcommands
        }
        return nil
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

/// One line on stderr. Names and paths in it come from input (a spec's job name, a file name,
/// ffmpeg's words about a file), so control characters are escaped (`TerminalText`): they can
/// neither drive the terminal nor split the line.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
}

/// Text for stdout whose parts may come from input (effect, file and clip names): each line
/// escaped as `printError` escapes it, the line breaks kept.
func printText(_ text: String, terminator: String = "\n") {
    print(TerminalText.escapedLines(text), terminator: terminator)
}

/// JSON with sorted keys and `inf` for infinite PSNR (identical images).
func jsonString<T: Encodable>(_ value: T) -> String { SegueJSON.string(value) }
