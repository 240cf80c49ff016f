import ArgumentParser
import Foundation
import SegueCore
import SegueIO
import SeguePipeline

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a transition to a PNG sequence DIR/000000.png, 000001.png, …")

    @Argument(help: "Effect name (see `segue list`) or a shader file (.glsl).") var effect: String
    @OptionGroup var options: TransitionOptions
    @Option(name: .shortAndLong, help: "Output folder for the frames.") var output: String?
    @Option(help: "PNG compression: fast, default, best.") var pngCompression: String = "fast"
    @Option(help: "Also write a contact sheet (a grid of frames) to this PNG file.") var contactSheet: String?
    @Option(help: "Frames on the contact sheet (at most 12).") var sheetFrames = ContactSheetSink.maxThumbnails
    @Option(help: "Contact sheet columns.") var sheetColumns = 4
    @Option(help: "Contact sheet thumbnail width in pixels.") var sheetWidth = 240
    @Flag(help: "Print nothing but errors.") var quiet = false

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            let transition = try PreparedTransition(try options.request(effect: effect))
            let directory = output ?? "out/\(transition.descriptor.name)"
            let session = try options.session()
            session.outputDirectories = [directory] + (contactSheet.map { [parentDirectory($0)] } ?? [])
            let renderer = try session.renderer(for: transition)
            guard let compression = PNGCompression(rawValue: pngCompression) else {
                throw .usage("--png-compression \(pngCompression): expected fast, default or best")
            }
            var sinks: [any FrameSink] = [try PNGSequenceSink(directory: directory, compression: compression)]
            if let contactSheet {
                sinks.append(ContactSheetSink(path: contactSheet, frameCount: transition.frameCount, thumbnails: sheetFrames,
                                              columns: sheetColumns, thumbnailWidth: sheetWidth))
            }
            let stats = try FrameLoop.run(transition, renderer: renderer, sinks: sinks)
            if !quiet {
                printError(summary(transition, stats, renderer: renderer.backendName, destination: directory))
            }
        }
    }
}

/// The folder holding `path` ("." for a bare file name).
func parentDirectory(_ path: String) -> String {
    let parent = (path as NSString).deletingLastPathComponent
    return parent.isEmpty ? "." : parent
}

func summary(_ t: PreparedTransition, _ s: RenderStats, renderer: String, destination: String) -> String {
    let fps = s.framesPerSecond
    return "\(t.descriptor.name): \(s.frames) frames \(t.size) on \(renderer) in \(String(format: "%.2f", s.seconds)) s "
        + "(\(String(format: "%.1f", fps)) fps) → \(destination)"
}

struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "still", abstract: "Render one frame at a progress to a PNG file.")

    @Argument(help: "Effect name or a shader file (.glsl).") var effect: String
    @Option(help: "Progress 0…1 (linear time fraction: 0 = from, 1 = to).") var at: Double
    @OptionGroup var options: TransitionOptions
    @Option(name: .shortAndLong, help: "Output PNG file.") var output: String
    @Option(help: "PNG compression: fast, default, best.") var pngCompression: String = "default"

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            guard at.isFinite, (0...1).contains(at) else { throw .usage("--at \(at): progress must be in [0, 1]") }
            let transition = try PreparedTransition(try options.request(effect: effect))
            let session = try options.session()
            session.outputDirectories = [parentDirectory(output)]
            let renderer = try session.renderer(for: transition)
            guard let compression = PNGCompression(rawValue: pngCompression) else {
                throw .usage("--png-compression \(pngCompression): expected fast, default or best")
            }
            var frame = PixelBuffer(size: transition.size)
            do {
                try renderer.render(transition.plan(fraction: at), images: transition.images, into: &frame)
            } catch let e as SegueError { throw e } catch { throw SegueError(.internalError, "\(error)") }
            try PNGCodec.write(frame, to: output, compression: compression)
        }
    }
}
