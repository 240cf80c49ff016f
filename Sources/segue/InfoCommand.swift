import ArgumentParser
import SegueCore
import SegueGL
import SegueSoftware
import SeguePipeline

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "What this machine offers: EGL platforms tried and why they failed, the GL renderer, backends, cores.")

    @OptionGroup var gl: GLOptions
    @Flag(help: "Print JSON.") var json = false

    struct Report: Encodable {
        var version: String
        var cores: Int
        var backends: [String]
        var autoChoiceForBuiltins: String
        var gl: GLInfo?
        var glError: String?
        var eglAttempts: [EGLPlatformAttempt]
    }

    /// What `info` prints, also the first section of `segue proof`'s report.
    static func report(platform: EGLPlatformChoice) -> Report {
        let probe = GLContext.probe(platform: platform)
        var report = Report(version: Segue.version, cores: SystemInfo.activeProcessorCount, backends: ["software"],
                            autoChoiceForBuiltins: "software", gl: nil, glError: nil, eglAttempts: probe.attempts)
        switch probe.info {
        case .success(let info):
            report.gl = info
            report.backends.append("gl")
            if info.isHardware { report.autoChoiceForBuiltins = "gl" }
        case .failure(let error):
            report.glError = error.message
        }
        return report
    }

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            try gl.apply()
            let report = Self.report(platform: gl.eglPlatform)
            if json {
                print(jsonString(report))
                return
            }
            print("segue \(report.version), \(report.cores) cores")
            print("EGL platforms tried:")
            for attempt in report.eglAttempts { print("  \(attempt)") }
            if let gl = report.gl {
                print("GL: \(gl.renderer) — \(gl.version) (\(gl.vendor)); GLSL \(gl.shadingLanguageVersion); max texture \(gl.maxTextureSize)")
                print("    EGL \(gl.eglVersion) (\(gl.eglVendor)) on \(gl.platform)\(gl.device.map { " \($0)" } ?? "")")
            } else if let error = report.glError {
                print("GL: unavailable: \(error)")
            }
            print("backends: \(report.backends.joined(separator: ", ")); --backend auto uses \(report.autoChoiceForBuiltins) for built-in effects")
        }
    }
}
