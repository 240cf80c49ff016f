import FuzzDriver
import SegueGLSL

// Any text as a user shader file: tokenised, its uniforms and `// name = value` defaults parsed,
// and checked as `segue validate` does before compiling.
fuzz { bytes in
    let shader = UserShader(name: "fuzz", path: "fuzz.glsl", text: String(decoding: bytes, as: UTF8.self))
    _ = shader.loadErrors()
    _ = try? shader.entry(base: nil)
}
