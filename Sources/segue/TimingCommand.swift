import ArgumentParser
import Foundation
import SegueCore
import SeguePipeline
import SegueDrawing
import SegueIO

/// `segue timing <SPEC> --at v1,v2,… [--json]` / `--describe`: lets users see a curve and lets
/// tests and reviewers read its numbers (issue 3).
struct TimingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timing",
        abstract: "Evaluate a timing curve or spring, or print its derived constants.",
        discussion: """
        SPEC is the --timing syntax: linear, easeIn, easeOut, easeInEaseOut, default, \
        cubic-bezier(x1,y1,x2,y2), spring(mass:1,stiffness:100,damping:10,velocity:0), \
        spring(response:0.5,dampingRatio:0.8), spring(duration:0.5,bounce:0.3), \
        spring(dampingRatio:0.8,velocity:1) (UIKit: lasts --duration), keyframes(0:0;0.6:1.2:easeOut;1:1).
        Inputs are progress 0…1 for Béziers and keyframes and seconds for springs.
        """)

    @Argument(help: "The curve (see above).")
    var spec: String

    /// Unconditional, so a list starting with a negative number is not taken for an option.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Comma-separated inputs: progress for Béziers and keyframes, seconds for springs.", valueName: "v1,v2,…"))
    var at: String?

    @Flag(help: "With --at: print a JSON array of {\"at\": v, \"value\": y}.")
    var json = false

    @Flag(help: "Print derived constants (springs: mass, stiffness, damping, ζ, ω₀, ω_d, response, settling time).")
    var describe = false

    @Option(help: "Transition duration in seconds; shapes the UIKit spring form spring(dampingRatio:…).")
    var duration: Double = 0.5

    @Option(help: "Draw the curve as a PNG chart (springs: with their settling time); - for stdout.")
    var plot: String?

    func run() throws {
        do {
            printText(try output(), terminator: "")
        } catch {
            printError("segue: \(error.message)")
            throw ExitCode(error.exitCode)
        }
    }

    /// Everything the command prints, so tests can read it.
    func output() throws(SegueError) -> String {
        guard at != nil || describe || plot != nil else { throw .usage("timing: give --at v1,v2,…, --describe and/or --plot FILE") }
        guard !json || at != nil else { throw .usage("timing: --json applies to --at") }
        try Limits.curveDuration.check(duration, option: "--duration")
        if plot == "-" && (at != nil || describe) {
            throw .usage("--plot -: stdout carries the chart alone; write it to a file with --at or --describe")
        }
        let curve = try TimingCurve(parsing: spec)
        if let plot {
            try OutputFormat.checkPNGFileName(plot, option: "--plot")
            try PNGCodec.write(CurvePlot(curve: curve, duration: duration).render(), to: plot, compression: .default)
        }
        var text = ""
        if describe { text += curve.describe(duration: duration) + "\n" }
        if let at {
            let inputs = try at.split(separator: ",", omittingEmptySubsequences: false).map { field throws(SegueError) in
                let s = field.trimmingCharacters(in: .whitespaces)
                guard let v = Double(s), v.isFinite else { throw .usage("timing: --at value '\(s)' is not a finite number") }
                return v
            }
            // Swift prints the shortest decimal that round-trips: full double precision.
            let rows = inputs.map { ($0, curve.value(atInput: $0, duration: duration)) }
            if json {
                text += "[" + rows.map { "{\"at\": \($0.0), \"value\": \($0.1)}" }.joined(separator: ", ") + "]\n"
            } else {
                text += rows.map { "\($0.0) \($0.1)\n" }.joined()
            }
        }
        return text
    }
}
