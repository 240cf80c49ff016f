import ArgumentParser
import Foundation
import SegueCore
import SegueGL
import SegueServe

/// `segue serve`: the live authoring page (docs/SERVE.md). Blocks until Ctrl-C or SIGTERM,
/// which end it as every command ends (exit 130 / 143, `InterruptSignals`).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the live authoring page: Segue's own frames of an effect as you edit its shader (docs/SERVE.md).")

    @Argument(help: "Shader files to serve besides the --shaders folder's.") var files: [String] = []
    @Option(help: "Port to listen on; 0 = any free port (the first line of stdout is the URL).") var port = 8390
    @Option(help: "Address to listen on. Anything but loopback lets other machines read the served files.") var host = "127.0.0.1"
    @OptionGroup var shaders: ShaderOptions
    @Option(help: ArgumentHelp("A folder of PNG/JPEG snapshots and parameter images the page may use. Default: none (built-in samples).",
                               valueName: "dir"))
    var images: String?
    @Option(help: "Seconds one frame of a user shader may take before segue stops (exit 124); 0 = no limit.")
    var timeLimit: Double = 10
    @OptionGroup var gl: GLOptions

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            try gl.apply()
            let configuration = try serverConfiguration()
            let server = SegueServer(configuration) { printError("segue: \($0)") }
            let done = DispatchSemaphore(value: 0)
            let failure = LockedBox<String?>(nil)
            Task {
                do {
                    // Unbuffered: a script reading the URL line gets it at once.
                    try await server.run { url in FileHandle.standardOutput.write(Data((url + "\n").utf8)) }
                } catch {
                    failure.value = "\(error)"
                }
                done.signal()
            }
            done.wait()
            if let message = failure.value { throw .io("serve: \(host):\(port): \(message)") }
        }
    }

    func serverConfiguration() throws(SegueError) -> SegueServer.Configuration {
        guard (0...65535).contains(port) else { throw .usage("--port \(port): must be in 0…65535") }
        var configuration = SegueServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.frameTimeLimit = try ShaderOptions.frameTimeLimit(timeLimit)
        configuration.eglPlatform = gl.eglPlatform
        let shaderDirectory = try shaders.catalog().shaderDirectory
        for file in files {
            guard file.hasSuffix(".glsl") else { throw .usage("serve: \(file): expected a shader file (.glsl)") }
            guard FileManager.default.fileExists(atPath: file) else { throw .missingInput("serve: \(file): no such shader file") }
        }
        if let images {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: images, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .missingInput("--images \(images): no such folder")
            }
        }
        configuration.files = ServedFiles(shaderDirectory: shaderDirectory, namedShaders: files, imageDirectory: images)
        return configuration
    }
}

/// A value set by one thread and read by another after a semaphore.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
