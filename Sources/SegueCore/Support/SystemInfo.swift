#if canImport(Glibc)
import Glibc
#endif

/// Facts about the machine the renderer uses.
public enum SystemInfo {
    /// Online cores.
    public static var activeProcessorCount: Int {
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}
