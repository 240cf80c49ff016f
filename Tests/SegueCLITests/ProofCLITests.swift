import Foundation
import Testing

/// `segue proof` and the bench options it builds on, from the command line (the whole quick
/// proof runs in `make test-gpu-kit`, through the kit).
struct ProofCLITests {
    @Test func proofNeedsAReportToWrite() throws {
        let run = try SegueProcess.run(["proof", "--quick"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--json-report FILE, --markdown-report FILE or both"))
    }

    @Test func proofNamesAMissingExamplesFolder() throws {
        let dir = try SegueProcess.scratchDirectory()
        let run = try SegueProcess.run(["proof", "--quick", "--json-report", "r.json", "--examples", "no-such-folder"], in: dir)
        #expect(run.status == 66)
        #expect(run.stderr.contains("--examples no-such-folder: no such folder"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.json").path))
    }

    @Test func glCostCheckNeedsBothRenderers() throws {
        let run = try SegueProcess.run(["bench", "fade", "--backend", "software", "--check-gl-cost"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--check-gl-cost compares the renderers"))
    }

    /// `--end-to-end` repeats; the GL cost check judges each effect and measures fade, its floor.
    @Test func benchTimesSeveralFormatsAndChecksGLCost() throws {
        let run = try SegueProcess.run(["bench", "xfade:hblur", "--size", "64x36", "--frames", "4", "--runs", "1",
                                        "--end-to-end", "raw", "--end-to-end", "png", "--check-gl-cost", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(Set(results.compactMap { $0["effect"] as? String }) == ["fade", "xfade:hblur"])
        for row in results {
            let formats = (row["endToEnd"] as? [[String: Any]])?.compactMap { $0["format"] as? String }
            #expect(formats == ["raw", "png"])
        }
        let check = try #require(report["glCost"] as? [String: Any])
        let effects = try #require(check["effects"] as? [[String: Any]])
        #expect(effects.count == 2 && effects.allSatisfy { $0["pass"] as? Bool == true })
    }
}

/// `--gpu N`: a GPU named by index is used or the job fails; it never falls back to another
/// device or to llvmpipe (this machine has no GPU, so any index fails).
struct GPUSelectionCLITests {
    @Test func aMissingGPUFailsInsteadOfFallingBack() throws {
        let dir = try SegueProcess.scratchDirectory()
        let run = try SegueProcess.run(["render", "fade", "--backend", "gl", "--gpu", "1", "--size", "32x18", "-o", "out.y4m"], in: dir)
        #expect(run.status == 69)
        #expect(run.stderr.contains("GPU 1 asked for (--gpu, $SEGUE_GPU)"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.y4m").path))
    }

    @Test func aGPUIndexIsAWholeNumberFromZero() throws {
        let run = try SegueProcess.run(["info", "--gpu", "-1"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--gpu -1: expected a GPU's index"))
    }
}
