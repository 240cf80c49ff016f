import ArgumentParser
import SegueCore
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

    static func main() {
        StandardOutput.install()
        if let problem = unknownHelpTopic(Array(CommandLine.arguments.dropFirst())) {
            printError("segue: \(problem)")
            Foundation.exit(SegueError.Kind.usage.exitCode)
        }
        main(nil)
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
