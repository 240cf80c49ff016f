import SegueCore
import Synchronization

/// `xfadeExpression`: xfade's custom transition, each row evaluated by the compiled expression
/// (`ExpressionMachine`). A row that fails (a runaway loop) records the failure, the rows
/// after it are skipped, and the renderer throws it once the frame's rows are done.
///
/// `@unchecked Sendable`: the machine's pointers address images pinned, and only read, for the frame.
struct XfadeExpressionOp: RowOp, @unchecked Sendable {
    let machine: ExpressionMachine
    let failure = FailureSlot()

    init(_ lowered: LoweredXfadeExpression, from: UnsafePointer<UInt32>, to: UnsafePointer<UInt32>, canvas: PixelSize) {
        machine = ExpressionMachine(program: lowered.program, from: from, to: to, size: canvas, progress: lowered.call.singleProgress)
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        guard !failure.isSet else { return false }
        do throws(SegueError) {
            try machine.render(row: y, into: dst)
        } catch {
            failure.record(error)
        }
        return false
    }

    func cover(row y: Int) -> RowCover { .replacesRow }
}

/// The first error any band met while drawing a frame.
final class FailureSlot: @unchecked Sendable {
    private let lock = Mutex<SegueError?>(nil)
    var isSet: Bool { lock.withLock { $0 != nil } }
    var error: SegueError? { lock.withLock { $0 } }
    func record(_ error: SegueError) { lock.withLock { if $0 == nil { $0 = error } } }
}
