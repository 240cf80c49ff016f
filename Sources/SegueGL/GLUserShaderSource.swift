import SegueGLSL

/// An author's shader file as a fragment stage for this renderer: the text comes from
/// `ES3UserShader` (SegueGLSL); compile logs are mapped back to the file (`sourcePath`).
enum GLUserShaderSource {
    static func stage(for shader: UserShader, shapes: String) -> GLSLStage {
        let translation = ES3UserShader.translate(shader)
        return GLSLStage(name: shader.path, body: translation.body, shapes: translation.includesShapes ? shapes : nil,
                         header: translation.header, trailer: translation.trailer,
                         sourcePath: shader.path, authorText: shader.source.text)
    }
}
