import FuzzDriver
import SegueCore

// Any text as an xfade custom expression (`--param expr=…`), then, when it parses, compiled
// and evaluated over a small frame as the software renderer does (a loop that never ends
// stops at `Limits.expressionLoopIterations` with an error).
fuzz { bytes in
    guard let syntax = try? ExpressionParser.parse(String(decoding: bytes, as: UTF8.self)) else { return }
    let program = ExpressionProgram(syntax)
    let pixels = [UInt32](repeating: 0x80FF_4020, count: 6 * 3)
    pixels.withUnsafeBufferPointer { image in
        guard let base = image.baseAddress else { return }
        let machine = ExpressionMachine(program: program, from: base, to: base, size: PixelSize(width: 6, height: 3), progress: 0.4)
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: 6)
        defer { row.deallocate() }
        for y in 0..<3 { _ = try? machine.render(row: y, into: row) }
    }
}
