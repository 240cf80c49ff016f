import Foundation
import SegueCore
import SegueIO
import SegueTestSupport
import Testing

/// What an output's name and the sheet options lead to: an unknown extension or an image's is
/// refused before rendering (never a folder named `x.png`), `--format` wins, and a contact
/// sheet honours `--sheet-*` in both forms, within a bound checked before allocating.
@Suite struct OutputChoiceCLITests {
    let dir = CLI.temporaryDirectory("output-choice")
    let inputs = ["--size", "40x24", "--duration", "0.2", "--fps", "10", "--backend", "software", "-q"]

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir + "/" + name) }

    @Test func unknownAndImageExtensionsAreRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let unknown = try CLI.run(["render", "fade", "-o", "clip.xyz"] + inputs, directory: dir)
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("segue: clip.xyz: unknown output extension .xyz; outputs: png (a folder), "),
                "\(unknown.stderr)")
        for format in OutputFormat.allCases { #expect(unknown.stderr.contains(format.rawValue + " ("), "\(format)") }
        for name in ["x.png", "x.jpg", "X.JPEG"] {
            let r = try CLI.run(["render", "fade", "-o", name] + inputs, directory: dir)
            #expect(r.status == 64 && r.stderr.contains("a PNG sequence is written to a folder") && r.stderr.contains(".apng is an animated PNG"),
                    "\(name): \(r.stderr)")
            #expect(!exists(name))
        }
        for (args, option) in [(["still", "fade", "--at", "0.5", "-o", "a.jpg"], "-o a.jpg"),
                               (["render", "fade", "-o", "f", "--contact-sheet", "s.gif"], "--contact-sheet s.gif"),
                               (["timing", "easeIn", "--plot", "p.svg"], "--plot p.svg")] {
            let r = try CLI.run(args + (args[0] == "timing" ? [] : args[0] == "still" ? inputs.dropLast() : inputs), directory: dir)
            #expect(r.status == 64 && r.stderr == "segue: \(option): this output is one PNG image; name it .png\n", "\(args): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // An explicit format wins; a trailing `/` names a folder whatever its name.
        #expect(try CLI.run(["render", "fade", "--format", "png", "-o", "x.png"] + inputs, directory: dir).status == 0)
        #expect(try CLI.run(["render", "fade", "-o", "run.v2/"] + inputs, directory: dir).status == 0)
        #expect(exists("x.png/000000.png") && exists("run.v2/000000.png"))
    }

    @Test func aSpecOutputIsInferredByTheSameRule() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write(#"{"jobs": [{"effect": "fade", "output": "frames"}, {"effect": "fade", "output": "clip.xyz"}]}"#, to: dir + "/spec.json")
        let r = try CLI.run(["batch", "spec.json"], directory: dir)
        #expect(r.status == 65 && r.stderr.hasPrefix("segue: spec.json: job 2: key \"output\": clip.xyz: unknown output extension .xyz"),
                "\(r.stderr)")
        #expect(r.stderr.contains("or key \"format\" to choose one"), "\(r.stderr)")
        #expect(!exists("frames"))
    }

    /// `--contact-sheet FILE` and `--format contact` (and a batch job's `sheet*` keys) draw the
    /// same sheet from the same options.
    @Test func contactSheetsHonourTheirOptionsInEveryForm() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ["--sheet-frames", "3", "--sheet-columns", "3", "--sheet-width", "50"]
        let forms = [["-o", "frames", "--contact-sheet", "a.png"], ["--format", "contact", "-o", "b.png"]]
        for form in forms {
            let r = try CLI.run(["render", "fade"] + form + options + inputs, directory: dir)
            #expect(r.status == 0, "\(form): \(r.stderr)")
        }
        CLI.write(#"{"defaults": {"size": "40x24", "duration": 0.2, "fps": 10, "backend": "software"}, "#
                  + #""jobs": [{"effect": "fade", "output": "c.png", "format": "contact", "sheetFrames": 3, "sheetColumns": 3, "sheetWidth": 50}]}"#,
                  to: dir + "/spec.json")
        let batch = try CLI.run(["batch", "spec.json", "-q"], directory: dir)
        #expect(batch.status == 0, "\(batch.stderr)")
        // 40×24 frames → 50×30 thumbnails, three in one row.
        let expected = ContactSheetSink.sheetSize(count: 3, columns: 3, thumbnailSize: PixelSize(width: 50, height: 30))
        for name in ["a.png", "b.png", "c.png"] {
            #expect(try ImageFile.load(dir + "/" + name).size == expected, "\(name)")
        }
        let plain = try CLI.run(["render", "fade", "--format", "contact", "-o", "d.png"] + inputs, directory: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try ImageFile.load(dir + "/d.png").size != expected)
    }

    /// A sheet past 16384 px a side or 64 Mpx is refused before any frame is rendered (64, one
    /// line naming the option); a sheet option without a sheet is refused, not ignored.
    @Test func contactSheetSizeIsBoundedAndOptionsNeedASheet() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tall = ["--size", "16x4000", "--duration", "0.2", "--fps", "10", "--backend", "software", "-q"]
        for (form, named) in [(["--format", "contact", "-o", "s.png"], "--format contact"), (["-o", "f", "--contact-sheet", "s.png"], "--contact-sheet s.png")] {
            let r = try CLI.run(["render", "fade", "--sheet-width", "4096"] + form + tall, directory: dir)
            #expect(r.status == 64 && r.stderr.hasPrefix("segue: \(named): a contact sheet of ") && r.stderr.hasSuffix("(use a smaller --sheet-width)\n")
                    && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
        let stray = try CLI.run(["render", "fade", "-o", "f", "--sheet-columns", "2"] + inputs, directory: dir)
        #expect(stray.status == 64 && stray.stderr == "segue: --sheet-columns: needs --contact-sheet FILE or --format contact\n", "\(stray.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
