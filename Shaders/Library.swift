/// The built-in shader sources, embedded in the binary at build time so `segue` finds them
/// from any working directory. Every file in Shaders/GLSL must be listed here (a test checks).
public enum ShaderLibrary {
    public static let sources: [String: [UInt8]] = [:]

    /// The embedded source of `name` (e.g. `layer.frag`), or nil.
    public static func source(named name: String) -> String? {
        sources[name].map { String(decoding: $0, as: UTF8.self) }
    }
}
