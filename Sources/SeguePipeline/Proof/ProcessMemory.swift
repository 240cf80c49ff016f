import Foundation

/// This process's memory as the kernel counts it (`/proc/self/status`, proc(5)): what a
/// long render must keep flat (resident) and what a job needed at most (peak).
public struct ProcessMemory: Codable, Sendable, Equatable {
    /// VmRSS, MiB.
    public var residentMiB: Double
    /// VmHWM, the resident peak since the process started, MiB.
    public var peakResidentMiB: Double

    /// Now; nil where `/proc` is not mounted.
    public static func current() -> ProcessMemory? {
        let status = "/proc/self/status"
        guard let resident = kibibytes(status, "VmRSS"), let peak = kibibytes(status, "VmHWM") else { return nil }
        return ProcessMemory(residentMiB: resident / 1024, peakResidentMiB: peak / 1024)
    }

    /// The machine's memory (`/proc/meminfo`'s MemTotal), GiB.
    public static func machineGiB() -> Double? { kibibytes("/proc/meminfo", "MemTotal").map { $0 / 1024 / 1024 } }

    /// A `Name:  1234 kB` line of a `/proc` file, in KiB.
    private static func kibibytes(_ file: String, _ field: String) -> Double? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return line.split(separator: " ").compactMap { Double($0) }.first
    }
}
