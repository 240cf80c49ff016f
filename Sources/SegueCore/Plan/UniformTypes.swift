/// GLSL types a user shader's uniforms may have, and how many values each takes.
extension UniformValue {
    /// Values per GLSL type (column-major for matrices, 1/0 for booleans); none for `sampler2D`,
    /// which is bound to an image instead.
    public static let componentCounts: [String: Int] = [
        "float": 1, "int": 1, "bool": 1, "vec2": 2, "vec3": 3, "vec4": 4, "ivec2": 2, "ivec3": 3, "ivec4": 4,
        "bvec2": 2, "bvec3": 3, "bvec4": 4, "mat2": 4, "mat3": 9, "mat4": 16, "sampler2D": 0,
    ]
}
