import Foundation
import SegueAuthoring
import SegueCore
import SegueGLSL
import Testing

/// The validator's rules on frames it is handed: no renderer needed, the pipeline supplies
/// them in `segue validate` (SeguePipelineTests cover that path on GL).
@Suite final class ShaderValidatorTests {
    let folder: String
    let path: String

    init() throws {
        // A GL Transitions name: 1-40 characters of [a-zA-Z0-9-_].
        folder = NSTemporaryDirectory() + "segue-validate-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/mix.glsl"
        try EffectCatalogTests.transition.write(toFile: path, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// What a correct shader draws: the *from* image at 0, the *to* image at 1.
    static func endpoints(_ progress: Double) -> PixelBuffer {
        ShaderValidator.validatorImage(blue: progress < 0.5 ? 0 : 255)
    }

    @Test func correctEndpointsPass() {
        let result = ShaderValidator.validate(path: path) { progress throws(SegueError) in Self.endpoints(progress) }
        #expect(result.pass && result.messages.isEmpty && result.format == "gl-transition", "\(result.messages)")
    }

    @Test func wrongEndpointsFail() {
        let result = ShaderValidator.validate(path: path) { progress throws(SegueError) in Self.endpoints(1 - progress) }
        #expect(!result.pass && result.messages.map(\.code) == ["endpoint", "endpoint"])
    }

    @Test func blankMiddleFrameFails() {
        let result = ShaderValidator.validate(path: path) { progress throws(SegueError) in
            progress == 0.5 ? PixelBuffer(size: ShaderValidator.size) : Self.endpoints(progress)
        }
        #expect(!result.pass && result.messages.map(\.code) == ["blank"])
    }

    @Test func compileErrorsKeepTheirPlaceAndLevel() {
        let log = "0:3(5): error: `nope' undeclared\n0:1(1): warning: unused"
        let failure = CompilerLog.error(log, kind: .invalidInput, path: path, source: EffectCatalogTests.transition)
        let result = ShaderValidator.validate(path: path) { _ throws(SegueError) in throw failure }
        #expect(!result.pass)
        #expect(result.messages.map(\.code) == ["compile", "compile"])
        #expect(result.messages[0].level == .error && result.messages[0].line == 3 && result.messages[0].message == "`nope' undeclared")
        #expect(result.messages[1].level == .warning && result.messages[1].line == 1)
    }

    @Test func otherFailuresAreRenderErrors() {
        let result = ShaderValidator.validate(path: path) { _ throws(SegueError) in throw SegueError(.glUnavailable, "no GL") }
        #expect(!result.pass && result.messages.map(\.code) == ["render"] && result.messages[0].message == "no GL")
    }

    @Test func probesSitInsideTheCanvas() {
        #expect(ShaderValidator.probes.count == 5)
        #expect(ShaderValidator.probes.allSatisfy { $0.0 >= 0 && $0.0 < 512 && $0.1 >= 0 && $0.1 < 256 })
    }
}
