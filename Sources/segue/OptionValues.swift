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
