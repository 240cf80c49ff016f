import Foundation
import SegueCore
import SeguePipeline

/// `/api/timing?spec=S&samples=N&duration=D`: a timing curve as points for the page's plot.
/// `t` is the fraction of the duration (0…1); the duration is a spring's own settling time,
/// else `duration` (seconds, as `segue timing --duration`; default 0.5).
struct TimingSamples: Encodable {
    struct Point: Encodable { var t: Double; var value: Double }
    static let samples: Allowed<Int> = Allowed(2...2000)

    var spec: String
    var duration: Double
    var points: [Point]
    /// The curve as `--timing` writes it (`cubic-bezier(…)`, `spring(…)`).
    var description: String
    /// Its derived constants, one `name value` a line (`segue timing --describe`).
    var constants: String

    init(_ items: QueryItems) throws(SegueError) {
        for key in items.pairs.map(\.key) where !["spec", "samples", "duration"].contains(key) {
            throw .usage("unknown query key '\(key)' (known: duration, samples, spec)")
        }
        guard let spec = items["spec"], !spec.isEmpty else { throw .usage("spec: missing (e.g. spec=easeInEaseOut)") }
        var count = 101
        if let text = items["samples"] {
            guard let n = Int(text) else { throw .usage("samples \(text): expected a whole number") }
            try Self.samples.check(n, option: "samples")
            count = n
        }
        var given = 0.5
        if let text = items["duration"] {
            guard let d = Double(text) else { throw .usage("duration \(text): expected a number") }
            try Limits.curveDuration.check(d, option: "duration")
            given = d
        }
        let curve = try TimingCurve(parsing: spec)
        let duration = curve.naturalDuration ?? given
        self.spec = spec
        self.duration = duration
        points = (0..<count).map { i in
            let t = Double(i) / Double(count - 1)
            return Point(t: t, value: curve.value(atFraction: t, duration: duration))
        }
        description = curve.description
        constants = curve.describe(duration: duration)
    }

    var json: Data { SegueJSON.data(self) }
}
