import SegueCore

/// Which EGL platform to open (`--egl-platform`). `auto` tries a real GPU through the EGL
/// device platform, then GBM on a DRM render node, then Mesa's surfaceless llvmpipe.
public enum EGLPlatformChoice: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    case auto, device, gbm, surfaceless

    /// Parses `auto|device|gbm|surfaceless` (case-insensitive).
    public init?(parsing text: String) { self.init(rawValue: text.lowercased()) }

    public var description: String { rawValue }
}

/// One try at opening an EGL display, kept for `segue info` and error messages: a machine
/// that silently falls back to llvmpipe should be able to say why its GPU was passed over.
public struct EGLPlatformAttempt: Codable, Sendable, Equatable, CustomStringConvertible {
    /// How far the attempt got; `ready` means the display can create ES 3 contexts.
    public enum Stage: String, Codable, Sendable {
        case missingExtension, noDevice, display, initialize, config, context, skipped, ready
    }
    public var platform: EGLPlatformChoice
    /// The device tried (render node path, `software`), when the platform has several.
    public var device: String?
    public var stage: Stage
    public var detail: String

    public init(platform: EGLPlatformChoice, device: String? = nil, stage: Stage, detail: String) {
        self.platform = platform; self.device = device; self.stage = stage; self.detail = detail
    }

    public var succeeded: Bool { stage == .ready }

    public var description: String {
        let target = device.map { "\(platform) (\($0))" } ?? platform.rawValue
        return "\(target): \(stage.rawValue): \(detail)"
    }
}

/// Turns a failed start into the one line a user needs, naming the Debian package to install.
public enum EGLDiagnosis {
    public static let noVendorMessage =
        "libglvnd found no EGL vendor library: install libegl-mesa0 (and libgl1-mesa-dri)"
    public static let noSoftwareRasteriserMessage =
        "Mesa could not load its software rasteriser: install libgl1-mesa-dri"

    /// `clientExtensions` is `eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)` ("" when NULL).
    public static func unavailableMessage(choice: EGLPlatformChoice, clientExtensions: String,
                                          attempts: [EGLPlatformAttempt]) -> String {
        // glvnd answers the client-extension query itself; it is empty only when no vendor
        // (libEGL_mesa.so + its JSON) could be loaded.
        if clientExtensions.allSatisfy(\.isWhitespace) { return noVendorMessage }
        // Mesa's surfaceless display only fails eglInitialize when swrast_dri.so is missing.
        if attempts.contains(where: { $0.platform == .surfaceless && $0.stage == .initialize }) {
            return noSoftwareRasteriserMessage
        }
        let tried = attempts.isEmpty ? "no platform to try" : attempts.map(\.description).joined(separator: "; ")
        return "EGL could not start (--egl-platform \(choice)): \(tried)"
    }
}

extension String {
    /// Membership in a space-separated EGL/GL extension list.
    func hasExtension(_ name: String) -> Bool {
        split(separator: " ").contains { $0 == name }
    }
}
