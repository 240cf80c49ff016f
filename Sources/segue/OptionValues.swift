import ArgumentParser
import SegueCore
import SegueGL
import SegueIO
import SeguePipeline

// Option enums read straight from the command line: each enum's cases are the one list of
// accepted values, which ArgumentParser checks, names in the error and shows in `--help`.

extension BackendChoice: ExpressibleByArgument {}
extension FitMode: ExpressibleByArgument {}
extension ColorSpaceChoice: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension PNGCompression: ExpressibleByArgument {}
extension GestureTrack.Axis: ExpressibleByArgument {}

extension EGLPlatformChoice: ExpressibleByArgument {
    /// Case-insensitive, as `EGLPlatformChoice(parsing:)`.
    public init?(argument: String) { self.init(parsing: argument) }
}

/// `--scale`: `auto` (inferred from the snapshot, `DeviceScale`) or device pixels per point.
/// The number's range is checked with the request (`TransitionRequest.problem(scale:)`).
struct ScaleOption: ExpressibleByArgument, CustomStringConvertible {
    /// nil = auto.
    var pointsToPixels: Double?

    static let auto = ScaleOption(pointsToPixels: nil)
    init(pointsToPixels: Double?) { self.pointsToPixels = pointsToPixels }
    init?(argument: String) {
        if argument == "auto" { self = .auto; return }
        guard let number = Double(argument) else { return nil }
        pointsToPixels = number
    }
    var description: String { pointsToPixels.map { readable($0) } ?? "auto" }
}
