import CEGL
import CGBM
import Foundation
import SegueCore
import Synchronization

/// An initialized EGL display that can create ES 3 contexts. One per platform choice per
/// process, never terminated: Mesa hands out the same display handle process-wide and
/// eglTerminate is not reference-counted, so terminating under live contexts crashes
/// (EGL 1.5 specification §3.2: eglTerminate marks the display for deletion while contexts
/// stay current). Immutable after start, hence shareable.
final class EGLDisplayHost: @unchecked Sendable {
    let display: EGLDisplay
    let platform: EGLPlatformChoice
    let deviceName: String?
    /// nil means EGL_NO_CONFIG_KHR (EGL_KHR_no_config_context).
    let config: EGLConfig?
    /// EGL_KHR_surfaceless_context: contexts are made current without any surface.
    let supportsSurfaceless: Bool
    let eglVersion: String
    let eglVendor: String
    /// The GBM device behind a GBM display; kept open for the life of the process.
    private let gbmDevice: OpaquePointer?

    fileprivate init(display: EGLDisplay, platform: EGLPlatformChoice, deviceName: String?, config: EGLConfig?,
                     supportsSurfaceless: Bool, gbmDevice: OpaquePointer?) {
        self.display = display; self.platform = platform; self.deviceName = deviceName; self.config = config
        self.supportsSurfaceless = supportsSurfaceless; self.gbmDevice = gbmDevice
        eglVersion = eglQueryString(display, EGL_VERSION).map { String(cString: $0) } ?? ""
        eglVendor = eglQueryString(display, EGL_VENDOR).map { String(cString: $0) } ?? ""
    }

    /// The outcome of starting EGL for one platform choice, with every attempt made.
    struct Startup: Sendable {
        let host: EGLDisplayHost?
        let error: SegueError?
        let attempts: [EGLPlatformAttempt]
    }

    private static let startups = Mutex<[EGLPlatformChoice: Startup]>([:])

    /// The display for `choice`, started on first use (thread-safe; later calls are cached,
    /// failures included, so a missing driver is diagnosed once).
    static func start(_ choice: EGLPlatformChoice) -> Startup {
        startups.withLock { cache in
            if let done = cache[choice] { return done }
            var starter = EGLStarter(choice: choice)
            let startup = starter.run()
            cache[choice] = startup
            return startup
        }
    }

    /// The context attributes Segue needs: ES 3.0 or later (Mesa returns its newest, 3.2).
    static let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
}

func eglErrorName(_ code: EGLint = eglGetError()) -> String {
    let names: [EGLint: String] = [
        EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS",
        EGL_BAD_ALLOC: "EGL_BAD_ALLOC", EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
        EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE",
        EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
        EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP", EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW",
        EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER", EGL_BAD_SURFACE: "EGL_BAD_SURFACE", EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST",
    ]
    return names[code] ?? "EGL error 0x" + String(code, radix: 16)
}

/// Runs the platform search for one choice and records each attempt.
private struct EGLStarter {
    let choice: EGLPlatformChoice
    var attempts: [EGLPlatformAttempt] = []
    let clientExtensions: String

    init(choice: EGLPlatformChoice) {
        self.choice = choice
        // NULL when client extensions are unsupported; "" when glvnd found no vendor.
        clientExtensions = eglQueryString(nil, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
    }

    mutating func run() -> EGLDisplayHost.Startup {
        let gpu: Int?
        switch EGLDeviceSelection.requested {
        case .success(let index): gpu = index
        case .failure(let problem):
            attempts.append(EGLPlatformAttempt(platform: .device, stage: .noDevice, detail: problem.message))
            return failure()
        }
        // A GPU named by index is the device platform's alone, with no fallback.
        if gpu != nil && choice != .auto && choice != .device {
            attempts.append(EGLPlatformAttempt(platform: choice, stage: .skipped,
                                               detail: "a GPU is named ($\(EGLDeviceSelection.environmentVariable)); only the device platform picks GPUs"))
            return failure()
        }
        let order: [EGLPlatformChoice] = gpu != nil ? [.device] : choice == .auto ? [.device, .gbm, .surfaceless] : [choice]
        if !clientExtensions.hasExtension("EGL_EXT_platform_base") {
            attempts.append(EGLPlatformAttempt(platform: choice, stage: .missingExtension,
                                               detail: clientExtensions.isEmpty ? "no EGL client extensions"
                                                   : "EGL_EXT_platform_base not offered"))
            return failure()
        }
        // glvnd returns a dispatch stub for any egl* name it knows; presence was checked above.
        guard let getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC = procAddress("eglGetPlatformDisplayEXT") else {
            attempts.append(EGLPlatformAttempt(platform: choice, stage: .missingExtension,
                                               detail: "eglGetPlatformDisplayEXT did not resolve"))
            return failure()
        }
        for platform in order {
            let host: EGLDisplayHost?
            switch platform {
            case .device: host = openDevice(getPlatformDisplay, acceptSoftware: choice == .device && gpu == nil, gpu: gpu)
            case .gbm: host = openGBM(getPlatformDisplay)
            case .surfaceless: host = openSurfaceless(getPlatformDisplay)
            case .auto: host = nil
            }
            if let host { return EGLDisplayHost.Startup(host: host, error: nil, attempts: attempts) }
        }
        return failure()
    }

    private func failure() -> EGLDisplayHost.Startup {
        let message = EGLDiagnosis.unavailableMessage(choice: choice, clientExtensions: clientExtensions, attempts: attempts)
        return EGLDisplayHost.Startup(host: nil, error: .glUnavailable(message), attempts: attempts)
    }

    // MARK: Platforms

    private mutating func openDevice(_ getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC,
                                     acceptSoftware: Bool, gpu: Int?) -> EGLDisplayHost? {
        guard clientExtensions.hasExtension("EGL_EXT_platform_device"),
              clientExtensions.hasExtension("EGL_EXT_device_enumeration") || clientExtensions.hasExtension("EGL_EXT_device_base"),
              let queryDevices: PFNEGLQUERYDEVICESEXTPROC = procAddress("eglQueryDevicesEXT"),
              let queryDeviceString: PFNEGLQUERYDEVICESTRINGEXTPROC = procAddress("eglQueryDeviceStringEXT")
        else {
            attempts.append(EGLPlatformAttempt(platform: .device, stage: .missingExtension,
                                               detail: "EGL_EXT_platform_device / EGL_EXT_device_enumeration not offered"))
            return nil
        }
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
            attempts.append(EGLPlatformAttempt(platform: .device, stage: .noDevice, detail: "eglQueryDevicesEXT found no device"))
            return nil
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard queryDevices(count, &devices, &count) == EGLBoolean(EGL_TRUE) else {
            attempts.append(EGLPlatformAttempt(platform: .device, stage: .noDevice, detail: "eglQueryDevicesEXT: \(eglErrorName())"))
            return nil
        }
        struct Candidate { let device: EGLDeviceEXT; let name: String; let isSoftware: Bool }
        var candidates: [Candidate] = []
        for (index, device) in devices.prefix(Int(count)).enumerated() {
            guard let device else { continue }
            let extensions = queryDeviceString(device, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
            let isSoftware = extensions.hasExtension("EGL_MESA_device_software")
            var name = "device \(index)"
            if extensions.hasExtension("EGL_EXT_device_drm_render_node"),
               let node = queryDeviceString(device, EGL_DRM_RENDER_NODE_FILE_EXT) {
                name = String(cString: node)
            } else if extensions.hasExtension("EGL_EXT_device_drm"), let file = queryDeviceString(device, EGL_DRM_DEVICE_FILE_EXT) {
                name = String(cString: file)
            } else if isSoftware {
                name = "software"
            }
            candidates.append(Candidate(device: device, name: name, isSoftware: isSoftware))
        }
        if let gpu {
            let gpus = candidates.filter { !$0.isSoftware }
            guard gpu < gpus.count else {
                attempts.append(EGLPlatformAttempt(platform: .device, stage: .noDevice,
                                                   detail: "GPU \(gpu) asked for (--gpu, $\(EGLDeviceSelection.environmentVariable)); EGL lists \(gpus.count)"))
                return nil
            }
            candidates = [gpus[gpu]]
        }
        // Real GPUs first; a software device is only worth it when asked for by name, since
        // auto reaches the same llvmpipe through surfaceless.
        for candidate in candidates.sorted(by: { !$0.isSoftware && $1.isSoftware }) {
            if candidate.isSoftware && !acceptSoftware {
                attempts.append(EGLPlatformAttempt(platform: .device, device: candidate.name, stage: .skipped,
                                                   detail: "EGL_MESA_device_software (llvmpipe); surfaceless covers it"))
                continue
            }
            if let host = initialize(platform: .device, deviceName: candidate.name,
                                     display: getPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), candidate.device, nil),
                                     gbmDevice: nil) {
                return host
            }
        }
        return nil
    }

    private mutating func openGBM(_ getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC) -> EGLDisplayHost? {
        guard clientExtensions.hasExtension("EGL_KHR_platform_gbm") || clientExtensions.hasExtension("EGL_MESA_platform_gbm") else {
            attempts.append(EGLPlatformAttempt(platform: .gbm, stage: .missingExtension,
                                               detail: "EGL_KHR_platform_gbm / EGL_MESA_platform_gbm not offered"))
            return nil
        }
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
            .filter { $0.hasPrefix("renderD") }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
            .map { "/dev/dri/" + $0 }
        if nodes.isEmpty {
            attempts.append(EGLPlatformAttempt(platform: .gbm, stage: .noDevice, detail: "no DRM render node in /dev/dri"))
            return nil
        }
        for node in nodes {
            let fd = open(node, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else {
                attempts.append(EGLPlatformAttempt(platform: .gbm, device: node, stage: .noDevice,
                                                   detail: "open: \(String(cString: strerror(errno)))"))
                continue
            }
            guard let gbm = gbm_create_device(fd) else {
                attempts.append(EGLPlatformAttempt(platform: .gbm, device: node, stage: .noDevice, detail: "gbm_create_device failed"))
                close(fd)
                continue
            }
            let display = getPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), UnsafeMutableRawPointer(gbm), nil)
            if let host = initialize(platform: .gbm, deviceName: node, display: display, gbmDevice: gbm) {
                return host
            }
            // This display belongs to our own GBM device alone, so ending it is safe (unlike
            // the shared surfaceless one); Mesa must not keep it cached once the device is gone.
            if let display { eglTerminate(display) }
            gbm_device_destroy(gbm)
            close(fd)
        }
        return nil
    }

    private mutating func openSurfaceless(_ getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC) -> EGLDisplayHost? {
        guard clientExtensions.hasExtension("EGL_MESA_platform_surfaceless") else {
            attempts.append(EGLPlatformAttempt(platform: .surfaceless, stage: .missingExtension,
                                               detail: "EGL_MESA_platform_surfaceless not offered"))
            return nil
        }
        let display = getPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        return initialize(platform: .surfaceless, deviceName: nil, display: display, gbmDevice: nil)
    }

    // MARK: Display set-up

    /// eglInitialize, an ES 3 config (or no config), and a throw-away context to prove that an
    /// ES 3 context can really be made here before this platform is chosen.
    private mutating func initialize(platform: EGLPlatformChoice, deviceName: String?, display: EGLDisplay?,
                                     gbmDevice: OpaquePointer?) -> EGLDisplayHost? {
        func fail(_ stage: EGLPlatformAttempt.Stage, _ detail: String) -> EGLDisplayHost? {
            attempts.append(EGLPlatformAttempt(platform: platform, device: deviceName, stage: stage, detail: detail))
            return nil
        }
        guard let display else { return fail(.display, "eglGetPlatformDisplayEXT: \(eglErrorName())") }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            return fail(.initialize, "eglInitialize: \(eglErrorName())")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            return fail(.context, "eglBindAPI(EGL_OPENGL_ES_API): \(eglErrorName())")
        }
        let extensions = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let surfaceless = extensions.hasExtension("EGL_KHR_surfaceless_context")

        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
        ]
        var config: EGLConfig? = nil
        var configCount: EGLint = 0
        if eglChooseConfig(display, attributes, &config, 1, &configCount) != EGLBoolean(EGL_TRUE) || configCount == 0 {
            config = nil
            // GBM displays usually offer window configs only; FBO rendering needs none.
            guard extensions.hasExtension("EGL_KHR_no_config_context") else {
                return fail(.config, "no RGBA8 pbuffer ES 3 config and no EGL_KHR_no_config_context")
            }
        }
        guard surfaceless || config != nil else {
            return fail(.config, "no EGL_KHR_surfaceless_context and no pbuffer config")
        }
        guard let probe = eglCreateContext(display, config, nil, EGLDisplayHost.contextAttributes) else {
            return fail(.context, "eglCreateContext(ES 3.0): \(eglErrorName())")
        }
        eglDestroyContext(display, probe)
        attempts.append(EGLPlatformAttempt(platform: platform, device: deviceName, stage: .ready,
                                           detail: "EGL \(major).\(minor)"))
        return EGLDisplayHost(display: display, platform: platform, deviceName: deviceName, config: config,
                              supportsSurfaceless: surfaceless, gbmDevice: gbmDevice)
    }
}

/// An EGL/GL entry point by name, cast to its C function type. Only call this for names whose
/// extension was checked: glvnd returns stubs for names no vendor implements.
func procAddress<F>(_ name: String) -> F? {
    guard let raw = eglGetProcAddress(name) else { return nil }
    return unsafeBitCast(raw, to: F.self)
}
