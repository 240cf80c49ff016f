/// A uniform value for a user shader; `type` is its GLSL type name (the author declares it).
public struct UniformValue: Codable, Hashable, Sendable, CustomStringConvertible {
    public var type: String
    public var values: [Double]
    public init(type: String, values: [Double]) { self.type = type; self.values = values }
    public static func float(_ v: Double) -> UniformValue { UniformValue(type: "float", values: [v]) }
    public static func vec2(_ p: Point) -> UniformValue { UniformValue(type: "vec2", values: [p.x, p.y]) }
    public static func int(_ v: Int) -> UniformValue { UniformValue(type: "int", values: [Double(v)]) }
    public static func bool(_ v: Bool) -> UniformValue { UniformValue(type: "bool", values: [v ? 1 : 0]) }
    public var description: String { "\(type)(\(values.map { "\($0)" }.joined(separator: ", ")))" }
}

/// A full-canvas program written by an author (a GL Transitions or Segue shader file): GL
/// only. Built-in effects never use it; they emit typed commands that both renderers draw.
/// `inputs` binds sampler names to images.
public struct ShaderCall: Codable, Hashable, Sendable {
    public var program: String
    public var uniforms: [String: UniformValue]
    public var inputs: [String: ImageRef]
    public init(program: String, uniforms: [String: UniformValue] = [:], inputs: [String: ImageRef] = [:]) {
        self.program = program; self.uniforms = uniforms; self.inputs = inputs
    }
}
