import Foundation
import ArgumentParser
import SegueCore
import SegueIO
import SeguePipeline

extension CrossfadeCurve: ExpressibleByArgument {}

/// Writes a prepared sequence with the progress bar and the closing summary (`segue sequence`).
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
        printError(summary(.clips(sequence), name: sequence.name, outcome, output: output, alsoWritten: audioFile, renderer: renderer.backendName))
    }
}

/// `--audio` names a WAV file (or one with no extension).
func checkWAVFileName(_ path: String) throws(SegueError) {
    let ext = (path as NSString).pathExtension.lowercased()
    guard ext.isEmpty || ext == "wav" else { throw .usage("--audio \(path): the sound is written as WAV; name it .wav") }
}
