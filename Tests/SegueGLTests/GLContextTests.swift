import Foundation
import SegueCore
import SegueGL
import SegueShaders
import Testing

/// Every GL suite runs inside this one, one test at a time: GL tests then never compete for
/// the CPU (llvmpipe) with each other, and the printed timings mean something.
@Suite(.serialized) enum GLSuite {}

extension GLSuite {
    /// EGL start-up and diagnostics. These fail (never skip) when EGL cannot start: a build
    /// machine without Mesa must be noticed, not silently pass.
    @Suite struct GLContextTests {
        @Test func contextStartsAndReportsInfo() throws {
            let probe = GLContext.probe(platform: .auto)
            let info = try probe.info.get()
            #expect(!info.renderer.isEmpty)
            #expect(info.version.hasPrefix("OpenGL ES 3"))
            #expect(info.maxTextureSize >= 2048)
            #expect(info.platform != .auto)
            #expect(probe.attempts.last?.succeeded == true)
            if !FileManager.default.fileExists(atPath: "/dev/dri") {
                // No GPU node: auto must end on Mesa's software rasteriser.
                #expect(info.renderer.contains("llvmpipe"), "renderer: \(info.renderer)")
                #expect(info.platform == .surfaceless)
            }
            let json = try JSONEncoder().encode(info)
            #expect(try JSONDecoder().decode(GLInfo.self, from: json) == info)
        }

        @Test func explicitPlatformsWithoutRenderNodes() throws {
            guard !FileManager.default.fileExists(atPath: "/dev/dri") else { return }  // GPU machines differ
            // GBM needs a DRM render node: a clear glUnavailable naming why.
            let gbm = GLContext.probe(platform: .gbm)
            #expect(throws: SegueError.glUnavailable(
                "EGL could not start (--egl-platform gbm): gbm: noDevice: no DRM render node in /dev/dri")) { try gbm.info.get() }
            // The device platform, asked for by name, accepts Mesa's software device.
            let device = try GLContext.probe(platform: .device).info.get()
            #expect(device.platform == .device && device.renderer.contains("llvmpipe"))
            // auto passes the software device over for surfaceless, and says so.
            let stages = GLContext.probe(platform: .auto).attempts.map { "\($0.platform):\($0.stage)" }
            #expect(stages.first == "device:skipped" && stages.last == "surfaceless:ready", "\(stages)")
        }

        @Test func explicitSurfacelessPlatform() throws {
            let context = try GLContext(platform: .surfaceless)
            #expect(context.info.platform == .surfaceless)
            #expect(context.info.renderer.contains("llvmpipe") || context.info.renderer.contains("softpipe"))
        }

        @Test func contextsNestAndRestore() throws {
            let outer = try GLContext(platform: .auto)
            let inner = try GLContext(platform: .auto)
            try outer.withCurrent { () throws(SegueError) in
                try inner.withCurrent { () throws(SegueError) in }
                // The outer context is current again, and nesting it is free.
                try outer.withCurrent { () throws(SegueError) in }
            }
        }

        @Test func platformChoiceParses() {
            #expect(EGLPlatformChoice(parsing: "auto") == .auto)
            #expect(EGLPlatformChoice(parsing: "Device") == .device)
            #expect(EGLPlatformChoice(parsing: "gbm") == .gbm)
            #expect(EGLPlatformChoice(parsing: "surfaceless") == .surfaceless)
            #expect(EGLPlatformChoice(parsing: "x11") == nil)
        }

        @Test func diagnosisNamesThePackageToInstall() {
            // No vendor library: glvnd's client-extension string is empty.
            #expect(EGLDiagnosis.unavailableMessage(choice: .auto, clientExtensions: "", attempts: [])
                == "libglvnd found no EGL vendor library: install libegl-mesa0 (and libgl1-mesa-dri)")
            // Mesa present but swrast_dri.so missing: the surfaceless display fails to initialize.
            let attempts = [
                EGLPlatformAttempt(platform: .device, device: "software", stage: .skipped, detail: "EGL_MESA_device_software"),
                EGLPlatformAttempt(platform: .gbm, stage: .noDevice, detail: "no DRM render node in /dev/dri"),
                EGLPlatformAttempt(platform: .surfaceless, stage: .initialize, detail: "eglInitialize: EGL_NOT_INITIALIZED"),
            ]
            #expect(EGLDiagnosis.unavailableMessage(choice: .auto, clientExtensions: "EGL_EXT_platform_base EGL_MESA_platform_surfaceless",
                                                    attempts: attempts)
                == "Mesa could not load its software rasteriser: install libgl1-mesa-dri")
            // Anything else lists what was tried, on one line.
            let gbmOnly = [EGLPlatformAttempt(platform: .gbm, stage: .noDevice, detail: "no DRM render node in /dev/dri")]
            let message = EGLDiagnosis.unavailableMessage(choice: .gbm, clientExtensions: "EGL_EXT_platform_base EGL_KHR_platform_gbm",
                                                          attempts: gbmOnly)
            #expect(message.contains("--egl-platform gbm"))
            #expect(message.contains("no DRM render node"))
            #expect(!message.contains("\n"))
        }

        @Test func everyShaderFileIsEmbedded() throws {
            // Shaders/GLSL next to this package: the library must list each file (and its bytes).
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let directory = root.appendingPathComponent("Shaders/GLSL").path
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }
            #expect(Set(files) == Set(ShaderFile.allCases.map(\.rawValue)))
            for file in ShaderFile.allCases {
                let text = try String(contentsOfFile: directory + "/" + file.rawValue, encoding: .utf8)
                #expect(file.embeddedSource == text, "\(file.rawValue) differs from the embedded copy")
            }
        }
    }
}
