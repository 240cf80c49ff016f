import Foundation
import SegueCore
import SegueIO
import SegueTestSupport

/// A folder laid out as an author's: `shaders/wipe.glsl` (a GL Transitions file), `extra.glsl`
/// (named on the command line), `shots/a.png` and `shots/b.png` (90×160 test pictures, small
/// so debug builds render them fast), `shots/outside.png` (a symlink to a file outside), and `secret.png` beside
/// the served folders.
struct ServeFixture {
    let folder: String
    static let wipe = """
        uniform float smoothness; // = 0.1
        vec4 transition(vec2 uv) {
          float m = smoothstep(progress - smoothness, progress, uv.x);
          return mix(getToColor(uv), getFromColor(uv), m);
        }

        """
    static let broken = """
        vec4 transition(vec2 uv) {
          return nope(uv);
        }

        """

    init(_ name: String = #function) throws {
        folder = NSTemporaryDirectory() + "segue-serve-\(getpid())-\(name.filter { $0.isLetter })-\(UInt32.random(in: 0...UInt32.max))"
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/shaders", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: folder + "/shots", withIntermediateDirectories: true)
        try Self.wipe.write(toFile: folder + "/shaders/wipe.glsl", atomically: true, encoding: .utf8)
        try Self.wipe.replacingOccurrences(of: "0.1", with: "0.3").write(toFile: folder + "/extra.glsl", atomically: true, encoding: .utf8)
        try PNGCodec.write(TestImages.ui(90, 160, seed: 1), to: folder + "/shots/a.png")
        try PNGCodec.write(TestImages.photo(90, 160, seed: 2), to: folder + "/shots/b.png")
        try PNGCodec.write(TestImages.photo(90, 160, seed: 3), to: folder + "/secret.png")
        try fm.createSymbolicLink(atPath: folder + "/shots/outside.png", withDestinationPath: folder + "/secret.png")
    }

    /// `segue serve --port 0 --shaders shaders --images shots extra.glsl`.
    func serve() throws -> ServeChild {
        try ServeChild(["--shaders", "shaders", "--images", "shots", "extra.glsl"], in: folder)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
