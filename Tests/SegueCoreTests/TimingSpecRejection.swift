import Testing
import SegueCore

/// A bad `--timing` spec fails with one line naming the spec, exit code 65.
func expectRejected(_ spec: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try TimingCurve(parsing: spec)
        Issue.record("accepted \(spec)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.kind == .invalidInput && error.exitCode == 65, sourceLocation: sourceLocation)
        #expect(!error.message.contains("\n") && error.message.hasPrefix("timing '\(spec)': "), "\(error.message)",
                sourceLocation: sourceLocation)
    }
}
