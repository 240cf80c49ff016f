import Foundation
import Testing

/// Issue 11: every numeric option takes a negative number (ArgumentParser alone reads `--at -0.1`
/// as "Missing value") and refuses an out-of-range value with one line naming the option and
/// the allowed range, exit 64, before any work starts.
@Suite struct NumericOptionTests {
    let dir: URL
    init() throws { dir = try SegueProcess.scratchDirectory() }

    func expectRefused(_ args: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try SegueProcess.run(args, in: dir)
        #expect(result.status == 64, "\(args): exit \(result.status), \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "segue: \(message)\n", "\(args)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Missing value"), sourceLocation: sourceLocation)
    }

    static let negativeValues: [([String], String)] = [
        (["still", "fade", "-o", "x.png", "--at", "-0.1"], "--at -0.1: must be in 0…1"),
        (["plan", "fade", "--at", "-0.1"], "--at -0.1: must be in 0…1"),
        (["plan", "fade", "--at", "-.5"], "--at -0.5: must be in 0…1"),
        (["render", "fade", "--fps", "-1"], "--fps -1: must be more than 0 and at most 1000"),
        (["render", "fade", "--duration", "-2"], "--duration -2: must be in 0…3600 s"),
        (["render", "fade", "--scale", "-1"], "--scale -1: must be in 0.1…10"),
        (["render", "fade", "--seed", "-1"], "--seed -1: must be a whole number in 0…18446744073709551615"),
        (["render", "fade", "--time-limit", "-1"], "--time-limit -1: must be in 0…86400 s"),
        (["render", "fade", "--gesture-travel", "-1e5"], "--gesture-travel -1e5: must be in 0.001…1000000"),
        (["render", "fade", "--shard-count", "-1"], "--shard-count -1: must be in 1…100000"),
        (["render", "fade", "--frames", "-3"], "--frames -3: expected A-B with 0 ≤ A ≤ B (absolute frame indices)"),
        (["render", "fade", "--contact-sheet", "s.png", "--sheet-frames", "-1"], "--sheet-frames -1: must be in 1…12"),
        (["render", "fade", "--contact-sheet", "s.png", "--sheet-columns", "-4"], "--sheet-columns -4: must be in 1…12"),
        (["render", "fade", "--contact-sheet", "s.png", "--sheet-width", "-240"], "--sheet-width -240: must be in 16…4096 px"),
        (["render", "fade", "--size", "-5x5"], "--size -5x5: each side must be in 1…16384 px, at most 64 Mpx in all"),
        (["timing", "linear", "--describe", "--duration", "-1"], "--duration -1: must be more than 0 and at most 3600 s"),
        (["watch", "x.glsl", "-o", "p.png", "--once", "--at", "-1"], "--at -1: must be in 0…1"),
        (["watch", "x.glsl", "-o", "p.png", "--once", "--strip", "-2"], "--strip -2: must be in 2…64"),
        (["watch", "x.glsl", "-o", "p.png", "--once", "--interval", "-1"], "--interval -1: must be in 0.01…3600 s"),
        (["bench", "--frames", "-1"], "--frames -1: must be in 2…10000"),
        (["bench", "--runs", "-1"], "--runs -1: must be in 1…100"),
        (["demo", "-o", "d", "--fps", "-1"], "--fps -1: must be more than 0 and at most 1000"),
        (["validate", "x.glsl", "--time-limit", "-1"], "--time-limit -1: must be in 0…86400 s"),
    ]

    @Test(arguments: negativeValues)
    func negativeNumbersReachTheirRangeCheck(args: [String], message: String) throws {
        try expectRefused(args, message)
    }

    /// Huge values: `--time-limit 1e10` and `1e308` trapped converting to Int, `--sheet-width
    /// 100000` allocated 40 GB.
    static let hugeValues: [([String], String)] = [
        (["render", "fade", "--time-limit", "1e10"], "--time-limit 10000000000: must be in 0…86400 s"),
        (["render", "fade", "--time-limit", "1e308"], "--time-limit 1e+308: must be in 0…86400 s"),
        (["render", "fade", "--fps", "nan"], "--fps nan: must be more than 0 and at most 1000"),
        (["render", "fade", "--duration", "1e308"], "--duration 1e308: must be in 0…3600 s"),
        (["render", "fade", "--seed", "1e30"], "--seed 1e30: must be a whole number in 0…18446744073709551615"),
        (["render", "fade", "--contact-sheet", "s.png", "--sheet-width", "100000"], "--sheet-width 100000: must be in 16…4096 px"),
        (["render", "fade", "--shard", "1/1000000"], "--shard 1/1000000: the shard count 1000000 must be in 1…100000"),
    ]

    @Test(arguments: hugeValues)
    func hugeValuesAreRefused(args: [String], message: String) throws {
        try expectRefused(args, message)
    }

    /// A value ArgumentParser itself cannot read is one line too.
    @Test func unreadableValueIsOneLine() throws {
        let result = try SegueProcess.run(["render", "fade", "--fps", "abc"], in: dir)
        #expect(result.status == 64 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--fps"))
    }

    /// Small scales crashed in the sample screens' text (0.2–0.29) or spun forever (≤ 0.15);
    /// a 1×4000 contact sheet needed more than 7 GB.
    @Test func smallScalesAndNarrowSheetsAreSafe() throws {
        for scale in ["0.1", "0.15", "0.25"] {
            let result = try SegueProcess.run(["still", "fade", "--at", "0.5", "-o", "x.png", "--scale", scale, "--backend", "software"], in: dir)
            #expect(result.status == 0, "--scale \(scale): \(result.stderr)")
        }
        let sheet = try SegueProcess.run(["render", "fade", "--size", "1x4000", "--duration", "0.1", "--contact-sheet", "s.png",
                                          "-o", "frames", "--backend", "software"], in: dir)
        #expect(sheet.status == 64 && sheet.stderr.hasPrefix("segue: --contact-sheet s.png: a contact sheet of "), "\(sheet.stderr)")
        let narrow = try SegueProcess.run(["render", "fade", "--size", "64x64", "--duration", "0.1", "--contact-sheet", "n.png",
                                           "--sheet-width", "16", "-o", "frames", "--backend", "software", "--quiet"], in: dir)
        #expect(narrow.status == 0, "\(narrow.stderr)")
    }

    @Test func springTooSlowToSettleIsRefusedQuickly() throws {
        for spec in ["spring(damping:1e-300)", "spring(damping:1e-15)", "spring(stiffness:1e100)"] {
            let result = try SegueProcess.run(["timing", spec, "--describe"], in: dir)
            #expect(result.status == 65 && result.stderr.hasPrefix("segue: timing '\(spec)': "), "\(result.stderr)")
        }
    }
}
