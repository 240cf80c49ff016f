import CGLES3
import SegueCore

extension GLFrame {
    /// `xfadeExpression` (`xfade-expression.frag` + the translated expression): the whole
    /// canvas, replaced; the progress as `u_progress`, `u_one` = 1 (the double-float arithmetic's guard), both images as `u_from` and `u_to`.
    func draw(_ xfade: LoweredXfadeExpression) throws(SegueError) {
        let program = try programs.expressionProgram(xfade)
        glUseProgram(program.id)
        set(program, "u_progress", Double(xfade.call.singleProgress))
        set(program, "u_one", 1.0)
        try bindInputs(of: program, ["u_from": xfade.call.from, "u_to": xfade.call.to])
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }
}
