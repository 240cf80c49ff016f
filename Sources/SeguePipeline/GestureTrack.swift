import Foundation
import SegueCore
import SegueEffects

/// A recorded gesture read from a track file (format: docs/GESTURES.md): JSON with finger
/// positions on an axis plus the travel, or with percents directly; or CSV `t,x,y` / `t,percent`.
/// It becomes the Core `InteractiveDriver` once the transition's duration is known. Parsing
/// lives here, not in SegueCore, because it needs Foundation's JSON reader.
public struct GestureTrack: Sendable {
    public enum Axis: String, Sendable, CaseIterable { case x, y }

    /// Values from the command line. They fill in what a CSV `t,x,y` file cannot say and
    /// override the same fields of a JSON file.
    public struct Options: Sendable {
        public var axis: Axis?
        /// Full travel in the samples' units (points or pixels): percent = travel moved / travel.
        public var travel: Double?
        /// +1: moving towards +axis advances the transition; −1: towards −axis.
        public var direction: Double?
        /// Coordinate where the percent is 0; default the first sample's.
        public var origin: Double?
        public init(axis: Axis? = nil, travel: Double? = nil, direction: Double? = nil, origin: Double? = nil) {
            self.axis = axis; self.travel = travel; self.direction = direction; self.origin = origin
        }
    }

    /// Shown in front of every error ("<file>: <problem>").
    public var name: String
    public var samples: [GestureSample]
    public var releaseTime: Double?
    public var rule: DecisionRule
    public var completion: InteractiveDriver.Completion

    /// Reads and validates a track file. Missing or unreadable → `.missingInput`; anything wrong
    /// inside → `.invalidInput("<file>: <problem>")`.
    public static func load(path: String, options: Options = Options()) throws(SegueError) -> GestureTrack {
        // Capped before reading: JSON parsing takes about 100× a file's size in memory.
        let data = Data(try InputFile.contents(path, maxBytes: Limits.gestureFileBytes))
        return try parse(data, name: path, options: options)
    }

    /// The driver for a transition of `duration` seconds (`--gesture FILE` + the duration).
    public static func driver(path: String, duration: Double, options: Options = Options()) throws(SegueError) -> InteractiveDriver {
        try load(path: path, options: options).driver(duration: duration)
    }

    public func driver(duration: Double) throws(SegueError) -> InteractiveDriver {
        let driver: InteractiveDriver
        do throws(SegueError) {
            driver = try InteractiveDriver(samples: samples, releaseTime: releaseTime, duration: duration,
                                           rule: rule, completion: completion)
        } catch {
            throw SegueError(error.kind, Self.strip(error.message), path: name)
        }
        // The drag is bounded by `parse`; a slow completion (a spring that barely settles, a
        // low speed) could still make the sequence longer than any other may be.
        guard Limits.duration.contains(driver.length) else {
            let d = driver.decision
            throw SegueError(.invalidInput, "the gesture lasts \(readable(driver.length)) s (drag \(readable(d.releaseTime)) s + completion "
                             + "\(readable(d.completionDuration)) s), more than the \(Allowed<Double>.format(Limits.duration.range.upperBound)) s "
                             + "a sequence may last", path: name)
        }
        return driver
    }

    /// Parses track data: JSON when it starts with `{`, CSV otherwise (after a UTF-8 byte-order
    /// mark, which some editors write).
    public static func parse(_ data: Data, name: String, options: Options = Options()) throws(SegueError) -> GestureTrack {
        func fail(_ m: String) -> SegueError { SegueError(.invalidInput, m, path: name) }
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        let firstByte = data.first(where: { !" \t\r\n".utf8.contains($0) })
        var track: GestureTrack
        if firstByte == UInt8(ascii: "{") {
            track = try parseJSON(data, fail: fail, options: options)
        } else {
            guard let text = String(data: data, encoding: .utf8) else { throw fail("not UTF-8 text") }
            track = try parseCSV(text, fail: fail, options: options)
        }
        track.name = name
        guard !track.samples.isEmpty else { throw fail("the track has no samples") }
        guard track.samples.count <= Limits.gestureSamples else {
            throw fail("\(track.samples.count) samples, more than the \(Limits.gestureSamples) a track may have")
        }
        for (i, s) in track.samples.enumerated() where i > 0 && s.time < track.samples[i - 1].time {
            throw fail("time goes backwards at sample \(i + 1) (\(s.time) after \(track.samples[i - 1].time))")
        }
        if let r = track.releaseTime, let last = track.samples.last, r < last.time {
            throw fail("release \(r) is before the last sample (\(last.time))")
        }
        let start = track.samples[0].time, end = track.releaseTime ?? track.samples[track.samples.count - 1].time
        guard Limits.gestureSpan.contains(end - start) else {
            let f = Allowed<Double>.format
            throw fail("the drag spans \(f(end - start)) s (t \(f(start)) to \(track.releaseTime == nil ? "" : "release ")\(f(end))), "
                       + "more than the \(Allowed<Double>.format(Limits.gestureSpan.range.upperBound)) s a sequence may last")
        }
        return track
    }

    private init(samples: [GestureSample], releaseTime: Double?, rule: DecisionRule, completion: InteractiveDriver.Completion) {
        name = ""; self.samples = samples; self.releaseTime = releaseTime; self.rule = rule; self.completion = completion
    }

    private static func strip(_ message: String) -> String {
        for prefix in ["gesture: ", "gesture rule: "] where message.hasPrefix(prefix) {
            return prefix == "gesture: " ? String(message.dropFirst(prefix.count)) : "rule: " + message.dropFirst(prefix.count)
        }
        return message
    }

    // MARK: JSON

    private static func parseJSON(_ data: Data, fail: (String) -> SegueError, options: Options) throws(SegueError) -> GestureTrack {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw fail("not valid JSON (\(detail ?? "unreadable"))")
        }
        guard let top = object as? [String: Any] else { throw fail("expected a JSON object at the top level") }
        try checkKeys(top, ["axis", "travel", "direction", "origin", "samples", "release", "completion", "rule"], "the track", fail)
        guard let list = top["samples"] else { throw fail("missing \"samples\"") }
        guard let rawSamples = list as? [Any] else { throw fail("\"samples\" must be an array") }
        var rows: [[String: Double]] = []
        for (i, raw) in rawSamples.enumerated() {
            guard let sample = raw as? [String: Any] else { throw fail("sample \(i + 1) is not an object") }
            try checkKeys(sample, ["t", "x", "y", "percent"], "sample \(i + 1)", fail)
            var row: [String: Double] = [:]
            for (k, v) in sample { row[k] = try number(v, "sample \(i + 1) \"\(k)\"", fail) }
            guard row["t"] != nil else { throw fail("sample \(i + 1) has no \"t\"") }
            rows.append(row)
        }
        var opts = Options(
            axis: try top["axis"].map { v throws(SegueError) in
                guard let s = v as? String, let a = Axis(rawValue: s) else { throw fail("\"axis\" must be \"x\" or \"y\"") }
                return a
            },
            travel: try top["travel"].map { v throws(SegueError) in try number(v, "\"travel\"", fail) },
            direction: try top["direction"].map { v throws(SegueError) in try number(v, "\"direction\"", fail) },
            origin: try top["origin"].map { v throws(SegueError) in try number(v, "\"origin\"", fail) })
        if let a = options.axis { opts.axis = a }
        if let t = options.travel { opts.travel = t }
        if let d = options.direction { opts.direction = d }
        if let o = options.origin { opts.origin = o }
        let samples = try percents(rows, options: opts, where: { "sample \($0 + 1)" }, fail: fail)
        let release = try top["release"].map { v throws(SegueError) in try number(v, "\"release\"", fail) }
        let rule = try top["rule"].map { v throws(SegueError) in try parseRule(v, fail) } ?? .standard
        let completion = try top["completion"].map { v throws(SegueError) in try parseCompletion(v, fail) } ?? .uikitDefault
        return GestureTrack(samples: samples, releaseTime: release, rule: rule, completion: completion)
    }

    private static func checkKeys(_ object: [String: Any], _ allowed: [String], _ what: String, _ fail: (String) -> SegueError) throws(SegueError) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw fail("unknown key \"\(key)\" in \(what) (expected \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
    }

    /// A finite JSON number (JSON itself has no NaN or infinity; booleans are refused).
    private static func number(_ value: Any, _ what: String, _ fail: (String) -> SegueError) throws(SegueError) -> Double {
        guard let n = value as? NSNumber, String(cString: n.objCType) != "c" else { throw fail("\(what) must be a number") }
        let d = n.doubleValue
        guard d.isFinite else { throw fail("\(what) is not finite") }
        return d
    }

    private static func parseRule(_ value: Any, _ fail: (String) -> SegueError) throws(SegueError) -> DecisionRule {
        guard let o = value as? [String: Any] else { throw fail("\"rule\" must be an object") }
        try checkKeys(o, ["kind", "threshold", "deceleration", "velocityOverride"], "\"rule\"", fail)
        var kind = DecisionRule.Kind.projected
        if let k = o["kind"] {
            guard let s = k as? String, let parsed = DecisionRule.Kind(rawValue: s) else {
                throw fail("rule \"kind\" must be one of \(DecisionRule.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            kind = parsed
        }
        let standard = DecisionRule.standard
        do throws(SegueError) {
            return try DecisionRule(
                kind: kind,
                threshold: try o["threshold"].map { v throws(SegueError) in try number(v, "rule \"threshold\"", fail) } ?? standard.threshold,
                deceleration: try o["deceleration"].map { v throws(SegueError) in try number(v, "rule \"deceleration\"", fail) } ?? standard.deceleration,
                velocityOverride: try o["velocityOverride"].map { v throws(SegueError) in try number(v, "rule \"velocityOverride\"", fail) })
        } catch {
            throw error.message.hasPrefix("gesture rule: ") ? fail(strip(error.message)) : error
        }
    }

    private static func parseCompletion(_ value: Any, _ fail: (String) -> SegueError) throws(SegueError) -> InteractiveDriver.Completion {
        guard let o = value as? [String: Any] else { throw fail("\"completion\" must be an object") }
        try checkKeys(o, ["curve", "spring", "speed"], "\"completion\"", fail)
        let speed = try o["speed"].map { v throws(SegueError) in try number(v, "completion \"speed\"", fail) } ?? 1
        if let problem = Limits.gestureSpeed.problem(speed) { throw fail("completion \"speed\" \(Allowed<Double>.format(speed)): \(problem)") }
        func curve(_ key: String) throws(SegueError) -> TimingCurve? {
            guard let v = o[key] else { return nil }
            guard let s = v as? String else { throw fail("completion \"\(key)\" must be a string") }
            do throws(SegueError) { return try TimingCurve(parsing: s) } catch { throw fail(error.message) }
        }
        switch (try curve("curve"), try curve("spring")) {
        case (.some, .some): throw fail("completion takes \"curve\" or \"spring\", not both")
        case (.some(.bezier(let b)), nil): return .curve(b, speed: speed)
        case (.some(let c), nil): throw fail("completion \"curve\" must be a Bézier curve, got '\(c)' (use \"spring\" for springs)")
        case (nil, .some(.spring(let s))): return .spring(s, speed: speed)
        case (nil, .some(let c)): throw fail("completion \"spring\" must be a spring(…), got '\(c)'")
        case (nil, nil): return .curve(.easeInEaseOut, speed: speed)
        }
    }

    // MARK: CSV

    private static func parseCSV(_ text: String, fail: (String) -> SegueError, options: Options) throws(SegueError) -> GestureTrack {
        var header: [String]?
        var rows: [[String: Double]] = []
        var lineNumbers: [Int] = []
        // `isNewline` splits at "\r\n" too, which Swift reads as one character, not a "\n".
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let columns = header else {
                let names = fields.map { $0.lowercased() }
                guard Set(names).count == names.count, names.contains("t"),
                      Set(names) == ["t", "percent"] || Set(names).isSubset(of: ["t", "x", "y"]) && names.count > 1 else {
                    throw fail("line \(n + 1): the CSV header must be t,x,y (or t,x / t,y) or t,percent, got '\(line)'")
                }
                header = names
                continue
            }
            guard fields.count == columns.count else {
                throw fail("line \(n + 1): expected \(columns.count) values, got \(fields.count)")
            }
            var row: [String: Double] = [:]
            for (name, field) in zip(columns, fields) {
                guard let v = Double(field) else { throw fail("line \(n + 1): \(name) '\(field)' is not a number") }
                guard v.isFinite else { throw fail("line \(n + 1): \(name) is \(field), not a finite number") }
                row[name] = v
            }
            rows.append(row)
            lineNumbers.append(n + 1)
        }
        guard header != nil else { throw fail("empty track (no CSV header)") }
        let samples = try percents(rows, options: options, where: { "line \(lineNumbers[$0])" }, fail: fail)
        return GestureTrack(samples: samples, releaseTime: nil, rule: .standard, completion: .uikitDefault)
    }

    // MARK: Positions → percent

    /// percent = direction · (coordinate − origin) / travel for position samples; percent
    /// samples pass through. Every row must be of the same kind.
    private static func percents(_ rows: [[String: Double]], options: Options, where place: (Int) -> String,
                                 fail: (String) -> SegueError) throws(SegueError) -> [GestureSample] {
        guard let first = rows.first else { throw fail("the track has no samples") }
        if first["percent"] != nil {
            if options.axis != nil || options.travel != nil || options.direction != nil || options.origin != nil {
                throw fail("axis, travel, direction and origin apply to x/y samples, not percent samples")
            }
            return try rows.enumerated().map { (i, row) throws(SegueError) in
                guard let p = row["percent"], row["x"] == nil, row["y"] == nil else {
                    throw fail("\(place(i)): mixes percent and x/y samples")
                }
                return GestureSample(time: row["t"]!, percent: p)
            }
        }
        guard let axis = options.axis else { throw fail("missing \"axis\" (x or y) for x/y samples") }
        guard let travel = options.travel else { throw fail("missing \"travel\" (the full travel in the samples' units)") }
        if let problem = Limits.gestureTravel.problem(travel) { throw fail("\"travel\" \(Allowed<Double>.format(travel)): \(problem)") }
        let direction = options.direction ?? 1
        guard direction == 1 || direction == -1 else { throw fail("\"direction\" must be 1 or -1, got \(direction)") }
        let key = axis.rawValue
        guard let origin = options.origin ?? first[key] else { throw fail("\(place(0)): no \"\(key)\" value") }
        return try rows.enumerated().map { (i, row) throws(SegueError) in
            guard row["percent"] == nil else { throw fail("\(place(i)): mixes percent and x/y samples") }
            guard let c = row[key] else { throw fail("\(place(i)): no \"\(key)\" value") }
            return GestureSample(time: row["t"]!, percent: direction * (c - origin) / travel)
        }
    }
}

extension GestureTrack {
    /// Follows an effect's own drag behaviour: the finger's progress maps through the effect's
    /// curve, release decides by the effect's threshold, and an effect that completes during the
    /// drag releases at the first sample past it.
    mutating func follow(_ drag: DragInteraction) {
        samples = samples.map { GestureSample(time: $0.time, percent: drag.fraction($0.percent)) }
        rule.kind = .position
        rule.threshold = drag.finishThreshold
        rule.velocityOverride = nil
        if drag.finishesDuringDrag, let i = samples.firstIndex(where: { $0.percent >= drag.finishThreshold }) {
            samples = Array(samples[...i])
            releaseTime = samples[i].time
        }
    }
}
