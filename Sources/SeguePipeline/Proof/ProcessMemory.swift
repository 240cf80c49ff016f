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
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func mebibytes(_ field: String) -> Double? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first else { return nil }
            return kilobytes / 1024
        }
        guard let resident = mebibytes("VmRSS"), let peak = mebibytes("VmHWM") else { return nil }
        return ProcessMemory(residentMiB: resident, peakResidentMiB: peak)
    }
}
