import Foundation
import SegueCore
import SegueIO
@testable import SeguePipeline
import SegueTestSupport
import Testing

/// The one table of request options: every spec key is a command-line flag of the same name
/// (camelCase), read by the same row, so the same mistake gets the same words everywhere.
@Suite struct RequestOptionsTests {
    /// A value each kind of row refuses, written alike on a command line and in JSON.
    static func badValue(_ row: RequestOption) -> (text: String, json: String)? {
        switch row.specType {
        case .number, .wholeNumber, .numberOrAuto: ("-5", "-5")
        case .string: row.name == "timing" ? nil : row.name == "size" ? ("10by10", "'10by10'") : ("nope", "'nope'")
        case .path, .object, .array: nil  // any text is a path; a spec object cannot lack the `=`
        }
    }

    @Test func everyOptionSaysTheSameOnTheCommandLineAndInASpec() throws {
        let dir = TestFiles.temporaryDirectory("options")
        var compared = 0
        for row in RequestOptions.all {
            guard let (text, json) = Self.badValue(row) else { continue }
            var scratch = JobRequest(effect: "fade")
            var cli = ""
            do { try RequestOptions.readCommandLine([(row.name, text)], into: &scratch) } catch { cli = error.message }
            #expect(cli.hasPrefix("--\(row.name) \(text): ") && SegueError.Kind.usage.exitCode == 64, "\(row.name): \(cli)")
            var spec = ""
            do { _ = try BatchSpec.parse(Data("{jobs: [{effect: 'fade', output: 'o', \(row.specKey): \(json)}]}".utf8), file: "s.json",
                                         baseDirectory: dir) } catch {
                #expect(error.kind == .invalidInput)
                spec = error.message
            }
            let specPrefix = "s.json: job 1: key \"\(row.specKey)\": "
            #expect(spec.hasPrefix(specPrefix), "\(row.name): \(spec)")
            #expect(String(cli.dropFirst("--\(row.name) ".count)) == String(spec.dropFirst(specPrefix.count)), "\(row.name): \(cli) / \(spec)")
            compared += 1
        }
        #expect(compared >= 14)
    }

    @Test func specKeysAreTheFlagsInCamelCase() {
        for row in RequestOptions.all where !row.repeats {
            #expect(row.specKey == RequestOptions.camelCase(row.name))
        }
        #expect(RequestOptions.option("param").specKey == "params")
        #expect(Set(RequestOptions.all.map(\.name)).count == RequestOptions.all.count)
        #expect(RequestOptions.all.allSatisfy { !$0.help.isEmpty })
    }

    /// What a row reads it writes back, so `segue serve`'s copied command renders what the
    /// page showed.
    @Test func whatIsReadIsWrittenBack() throws {
        let given: [(name: String, text: String)] = [
            ("from", "a.png"), ("to", "b.png"), ("size", "320x240"), ("fps", "29.97"), ("duration", "0.4"), ("timing", "spring(0.3,0.8)"),
            ("param", "corner=8"), ("param", "preset=stork"), ("fit", "contain"), ("colorspace", "display-p3"), ("scale", "2"),
            ("seed", "18446744073709551615"), ("gesture", "g.json"), ("gesture-axis", "y"), ("gesture-travel", "300"), ("backend", "gl"),
            ("offset", "1.5"), ("format", "webm"), ("png-compression", "best"), ("sheet-frames", "6"), ("sheet-columns", "3"),
            ("sheet-width", "120"),
        ]
        var request = JobRequest(effect: "card")
        try RequestOptions.readCommandLine(given, into: &request)
        let written = RequestOptions.all.flatMap { row in row.written(request).map { (row.name, $0) } }
        #expect(written.map { "\($0.0)=\($0.1)" }.sorted() == given.map { "\($0.name)=\($0.text)" }.sorted())
        // Defaults are not written.
        #expect(RequestOptions.all.flatMap { $0.written(JobRequest(effect: "fade")) }.isEmpty)
    }

    /// Sequences take `scale` at the top (every cut) and per transition (that cut).
    @Test func sequencesTakeAScale() throws {
        let dir = TestFiles.temporaryDirectory("sequence-scale")
        for name in ["a.mp4", "b.mp4", "c.mp4"] { TestFiles.writeFile([0], dir + "/" + name) }
        let spec = try SequenceSpec.parse(Data("""
            {scale: 2, clips: [{file: 'a.mp4'}, {file: 'b.mp4'}, {file: 'c.mp4'}],
             transitions: [{effect: 'push', scale: 3}, {effect: 'fade'}]}
            """.utf8), file: "s.json5", baseDirectory: dir)
        #expect(spec.scale == 2 && spec.transitions.map(\.scale) == [3, nil])
        do {
            _ = try SequenceSpec.parse(Data("{scale: 50, clips: [{file: 'a.mp4'}]}".utf8), file: "s.json5", baseDirectory: dir)
            Issue.record("scale 50 accepted")
        } catch {
            #expect(error.message == "s.json5: key \"scale\": 50: must be in 0.1…10")
        }
    }

    /// `segue batch --png-compression` is the default of jobs whose spec names none.
    @Test func batchCompressionIsTheDefaultOfJobsThatNameNone() throws {
        let jobs = try BatchSpec.parse(Data("{jobs: [{effect: 'fade', output: 'a'}, {effect: 'fade', output: 'b', pngCompression: 'fast'}]}".utf8),
                                       file: "s.json", baseDirectory: TestFiles.temporaryDirectory("compression"), pngCompression: .best)
        #expect(jobs.map(\.output.pngCompression) == [.best, .fast])
    }
}
