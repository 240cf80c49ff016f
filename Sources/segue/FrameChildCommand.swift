import ArgumentParser
import Foundation
import SegueCore
import SegueIO
import SeguePipeline

/// `segue frame-child` (hidden): the process `segue serve` draws user shaders' frames in, one
/// for many frames (`ShaderFrameChild`). Each line on stdin is a request, `still`'s arguments
/// as a JSON array of strings (`-o -`); each answer on stdout is `ok N` and a newline, then the
/// N bytes of the PNG `segue still` would write, or `error STATUS MESSAGE`, one line. The
/// renderers — the GL context, compiled programs, registered shaders — live as long as the
/// process, so a frame costs what it costs in `render`; a frame past the time limit ends the
/// process (exit 124, the per-frame watchdog) and the server starts another.
struct FrameChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "frame-child", abstract: "segue serve's frame process (internal).",
                                                    shouldDisplay: false)

    func run() throws {
        // One session per set of renderer options (backend, EGL, time limit), kept.
        var sessions: [String: RenderSession] = [:]
        while let line = readLine() {
            var reply: Data
            do throws(SegueError) {
                let still = try Self.request(line)
                let key = String(describing: still.options.rendering)
                let session: RenderSession
                if let kept = sessions[key] { session = kept } else { session = try still.options.session() }
                sessions[key] = session
                let (frame, compression, colorSpace) = try still.draw(session: session)
                let png = try PNGCodec.encode(frame, compression: compression, colorSpace: colorSpace)
                reply = Data("ok \(png.count)\n".utf8)
                reply.append(contentsOf: png)
            } catch {
                reply = Data("error \(error.exitCode) \(TerminalText.escaped(error.message))\n".utf8)
            }
            guard DescriptorIO.writeAll(reply, to: STDOUT_FILENO) else { return }  // the server is gone
        }
    }

    /// A request line as `still`'s parsed arguments.
    static func request(_ line: String) throws(SegueError) -> StillCommand {
        guard let data = line.data(using: .utf8), let arguments = try? JSONDecoder().decode([String].self, from: data) else {
            throw .usage("frame-child: a request is a JSON array of still's arguments")
        }
        do { return try StillCommand.parse(arguments) } catch {
            throw .usage(StillCommand.message(for: error))
        }
    }
}
