import Foundation
import ArgumentParser
import SegueCore
import SegueIO
import SeguePipeline

extension CrossfadeCurve: ExpressibleByArgument {}

/// Writes a prepared sequence with the progress bar and the closing summary: `sequence`, and
/// `render` between video clips.
func renderSequence(_ sequence: PreparedSequence, rendering: RendererOptions, output: OutputSpec, outputOptions: OutputOptions,
                    audioFile: String?) throws(SegueError) {
    let session = try rendering.session()
    let renderer = try session.renderer(for: sequence)
    let selection = try outputOptions.selection()
    let outcome = try ProgressReporter.forStderr(quiet: outputOptions.quiet, label: sequence.name).run { progress throws(SegueError) in
        try SequenceJob.run(sequence, renderer: renderer, output: output, selection: selection, resume: outputOptions.resume,
                            audioFile: audioFile, version: Segue.version, progress: progress,
                            notice: { if !outputOptions.quiet { printError("segue: \($0)") } })
    }
    if !outputOptions.quiet {
        let fps = outcome.seconds > 0 ? Double(outcome.frames) / outcome.seconds : 0
        let sound = sequence.audio == nil ? "" : (output.format.videoContainer?.encoding.audio != nil ? ", with sound" : "")
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        printError("\(sequence.name): \(count(sequence.clips.count, "clip")), \(count(sequence.cuts.count, "transition")), \(outcome.frames) frames "
                   + "\(sequence.size) at \(readable(sequence.fps)) fps\(sound) on \(renderer.backendName) in "
                   + "\(String(format: "%.2f", outcome.seconds)) s (\(String(format: "%.1f", fps)) fps) → "
                   + "\(output.path == "-" ? "stdout" : output.path)\(audioFile.map { " + \($0)" } ?? "")")
    }
}

/// `--audio` names a WAV file (or one with no extension).
func checkWAVFileName(_ path: String) throws(SegueError) {
    let ext = (path as NSString).pathExtension.lowercased()
    guard ext.isEmpty || ext == "wav" else { throw .usage("--audio \(path): the sound is written as WAV; name it .wav") }
}
