import Foundation
import SegueGL

/// Cheap check for a GPU before paying for EGL start-up (and an LLVM JIT) on machines that
/// have none: a DRM render node or an NVIDIA device node.
enum GPUProbe {
    static var hasHardwareDevice: Bool {
        let fm = FileManager.default
        let dri = (try? fm.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return dri.contains { $0.hasPrefix("renderD") } || fm.fileExists(atPath: "/dev/nvidia0")
    }
}
