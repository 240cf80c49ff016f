import Foundation
import SeguePipeline

/// `segue proof`'s report as a page for the results notebook (Benchmarks/RESULTS.md): the
/// device heads it and labels each table, since figures without their machine mean nothing.
enum ProofMarkdown {
    static func page(_ r: ProofReport) -> String {
        var lines: [String] = []
        let gl = r.device.info.gl
        lines.append("# segue proof: \(gl?.renderer ?? "no GL") (\(r.mode) run)")
        lines.append("")
        lines.append("segue \(r.segueVersion), \(r.date), \(String(format: "%.0f", r.seconds)) s: **\(r.pass ? "PASS" : "FAIL")**")
        for failure in r.failures { lines.append("- FAIL: \(failure)") }
        for skipped in r.skipped { lines.append("- skipped: \(skipped)") }
        lines += ["", "## Device", "", "| | |", "|---|---|"]
        if let gl {
            lines.append("| GL | \(gl.renderer), \(gl.version) (\(gl.vendor)); GLSL \(gl.shadingLanguageVersion); max texture \(gl.maxTextureSize) |")
            lines.append("| EGL | \(gl.eglVersion) (\(gl.eglVendor)) on the \(gl.platform) platform\(gl.device.map { ", \($0)" } ?? "") |")
        } else {
            lines.append("| GL | unavailable: \(r.device.info.glError ?? "") |")
        }
        lines.append("| EGL attempts | \(r.device.info.eglAttempts.map(\.description).joined(separator: "; ")) |")
        if let gpu = r.device.gpu {
            lines.append("| nvidia-smi | \(gpu.name), driver \(gpu.driver), \(Int(gpu.memoryTotalMiB)) MiB |")
        }
        lines.append("| CPU | \(r.device.cpu), \(r.device.cores) cores\(r.device.memoryGiB.map { String(format: ", %.0f GiB", $0) } ?? "") |")
        if let parity = r.parity { lines += self.parity(parity, device: r.device.label) }
        if let examples = r.examples { lines += self.examples(examples, device: r.device.label) }
        for bench in r.bench { lines += self.bench(bench, device: r.device.label) }
        if let s = r.sustained {
            lines += ["", "## Sustained render (\(r.device.label))", ""]
            lines.append(String(format: "%@ on %@ at %@: %d frames in %.1f s, %.1f fps; last quarter / first quarter %.2f×; resident memory %+.1f MiB after the first second",
                                s.effect, s.backend, s.size, s.frames, s.seconds, s.fps, s.lastOverFirstFPS, s.residentGrowthMiB))
            lines.append("")
            lines.append("fps each second: " + s.samples.map { String(format: "%.0f", $0.fps) }.joined(separator: " "))
        }
        if let rows = r.readback {
            let settings = rows.map(\.setting).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let cases = rows.map { "\($0.effect) | \($0.size)" }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            lines += ["", "## GL readback: pixel-buffer ring depth and copy threads (\(r.device.label))", "",
                      "Frames per second drawing and reading back through submit/collect, as a job drives the renderer.", "",
                      "| effect | size | " + settings.joined(separator: " | ") + " |",
                      "|---|---|" + String(repeating: "---:|", count: settings.count)]
            for key in cases {
                let cells = settings.map { setting in
                    rows.first { "\($0.effect) | \($0.size)" == key && $0.setting == setting }.map { String(format: "%.1f", $0.fps) } ?? "–"
                }
                lines.append("| \(key) | " + cells.joined(separator: " | ") + " |")
            }
        }
        if let m = r.memory {
            lines += ["", "## Memory (\(r.device.label))", ""]
            lines.append(String(format: "Peak resident memory of the whole proof: %.0f MiB", m.peakResidentMiB)
                         + (m.gpuMemoryUsedMiB.map { String(format: "; GPU memory in use at the end (nvidia-smi): %.0f MiB", $0) } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func parity(_ p: ProofReport.ParitySection, device: String) -> [String] {
        let worst = p.checks.min { $0.worst.psnr < $1.worst.psnr }
        var lines = ["", "## Parity: GL against the software renderer (\(device))", ""]
        lines.append("\(p.checks.count) effect variants × \(p.sizes.joined(separator: ", ")) × progress \(p.progress.map { "\($0)" }.joined(separator: ", ")); "
                     + "threshold PSNR ≥ 40 dB and ≥ 99 % of pixels within 3 levels; "
                     + (worst.map { "worst: \($0.effect), \(decibels($0.worst.psnr)) dB at \($0.worstSize) p=\($0.worstProgress)" } ?? ""))
        lines += ["", "| effect | worst PSNR (dB) | at | lowest within 3 | max diff | GL ms/frame | software ms/frame | |", "|---|---:|---|---:|---:|---:|---:|---|"]
        for c in p.checks {
            lines.append("| \(c.effect) | \(decibels(c.worst.psnr)) | \(c.worstSize) p=\(c.worstProgress) | "
                         + String(format: "%.2f %% | %d | %.2f | %.2f | %@ |", c.lowestWithin3 * 100, c.worst.maxDifference, c.glMs, c.softwareMs,
                                  c.pass ? "pass" : "**FAIL**"))
        }
        return lines
    }

    private static func examples(_ shaders: [ProofReport.ExampleShader], device: String) -> [String] {
        var lines = ["", "## Example shaders (\(device))", "", "| file | validation | GL fps |", "|---|---|---:|"]
        for s in shaders {
            lines.append("| \(s.file) | \(s.validation.pass ? "pass" : "FAIL") (\(s.validation.format)) | "
                         + (s.glFPS.map { String(format: "%.1f at %@", $0, s.size) } ?? "–") + " |")
        }
        return lines
    }

    private static func bench(_ b: BenchCommand.Report, device: String) -> [String] {
        let endToEnd = b.results.contains { !$0.endToEnd.isEmpty }
        var lines = ["", "## Bench \(b.size)\(endToEnd ? ", end to end" : ", render only") (\(device))", "",
                     "\(b.framesPerRun) frames per run, median of \(b.runs) runs after a warm-up", ""]
        let effects = b.results.reduce(into: [String]()) { if !$0.contains($1.effect) { $0.append($1.effect) } }
        func row(_ effect: String, _ backend: String) -> BenchCommand.Row? {
            b.results.first { $0.effect == effect && $0.backend == backend }
        }
        if endToEnd {
            lines += ["| effect | format | GL fps | software fps | GL / software | GL end to end / render only |", "|---|---|---:|---:|---:|---:|"]
            for effect in effects {
                for e in row(effect, "gl")?.endToEnd ?? row(effect, "software")?.endToEnd ?? [] {
                    let g = row(effect, "gl")?.endToEnd.first { $0.format == e.format }
                    let s = row(effect, "software")?.endToEnd.first { $0.format == e.format }
                    lines.append("| \(effect) | \(e.format) | \(fps(g?.fps)) | \(fps(s?.fps)) | \(ratio(g?.fps, s?.fps)) | "
                                 + (g.map { String(format: "%.2f×", $0.overRenderOnly) } ?? "–") + " |")
                }
            }
        } else {
            lines += ["| effect | GL fps | software fps | GL / software |", "|---|---:|---:|---:|"]
            for effect in effects {
                let g = row(effect, "gl")?.fps, s = row(effect, "software")?.fps
                lines.append("| \(effect) | \(fps(g)) | \(fps(s)) | \(ratio(g, s)) |")
            }
        }
        return lines
    }

    private static func decibels(_ psnr: Double) -> String { psnr.isInfinite ? "∞" : String(format: "%.2f", psnr) }
    private static func fps(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "–" }
    private static func ratio(_ a: Double?, _ b: Double?) -> String {
        guard let a, let b, b > 0 else { return "–" }
        return String(format: "%.2f×", a / b)
    }
}
