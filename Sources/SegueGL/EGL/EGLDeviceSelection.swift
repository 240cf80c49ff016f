import Foundation

/// Which GPU the EGL device platform opens where a machine has several: `$SEGUE_GPU`, the
/// index (from 0) among the hardware devices `eglQueryDevicesEXT` lists, software ones left
/// out; `segue --gpu N` sets it for its process and the children it starts. With a GPU named,
/// `auto` never falls back to another device or to llvmpipe: a job meant for GPU 3 fails
/// rather than run slowly elsewhere.
public enum EGLDeviceSelection {
    public static let environmentVariable = "SEGUE_GPU"

    /// The GPU asked for: nil when none is; `.failure` naming the bad value.
    public static var requested: Result<Int?, SegueGPUValueError> {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty else { return .success(nil) }
        guard let index = Int(text), index >= 0 else { return .failure(SegueGPUValueError(text: text)) }
        return .success(index)
    }

    /// Sets `$SEGUE_GPU` for this process (before GL starts) and its children.
    public static func request(_ index: Int) {
        setenv(environmentVariable, String(index), 1)
    }
}

/// `$SEGUE_GPU` holds something other than a GPU's index.
public struct SegueGPUValueError: Error, Sendable {
    public let text: String
    public var message: String { "$\(EGLDeviceSelection.environmentVariable)=\(text): expected a GPU's index (0, 1, …)" }
}
