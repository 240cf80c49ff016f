import SegueCore
import Testing

/// `XfadeCall.lineTable`: the slices' and squeezes' per-line answers, decided once in Core so
/// that a GPU's rounding cannot flip a line (docs/XFADE.md).
struct XfadeLineTableTests {
    let canvas = PixelSize(width: 192, height: 108)

    func table(_ transition: XfadeTransition, _ progress: Double) -> XfadeLineTable? {
        XfadeCall(transition: transition, progress: progress).lineTable(canvas: canvas)
    }

    @Test func slicesRunAcrossTheirFront() throws {
        for transition in XfadeFamily.slices.members {
            let columns = transition == .hlslice || transition == .hrslice
            // xfade's progress 1 shows `from` everywhere, 0 shows `to` everywhere.
            let start = try #require(table(transition, 1)), end = try #require(table(transition, 0))
            #expect(start.columns == columns && start.values.count == (columns ? 192 : 108))
            #expect(start.values.allSatisfy { $0 == 0 } && end.values.allSatisfy { $0 == 1 })
            // Halfway, some lines show each.
            let middle = try #require(table(transition, 0.5)).values
            #expect(middle.contains(0) && middle.contains(1), "\(transition)")
        }
    }

    @Test func squeezesNameALineOfFromOrTo() throws {
        for transition in [XfadeTransition.squeezeh, .squeezev] {
            let count = transition == .squeezev ? 192 : 108
            // At progress 0 nothing of `from` is left; at 1 every line shows one of `from`.
            #expect(try #require(table(transition, 0)).values.allSatisfy { $0 == -1 })
            let whole = try #require(table(transition, 1)).values
            #expect(whole.allSatisfy { $0 >= 0 && $0 < count })
            // Halfway `from` is squeezed into the middle half, its lines in order.
            let half = try #require(table(transition, 0.5)).values
            let shown = half.filter { $0 >= 0 }
            #expect(shown.count > count / 2 - 2 && shown.count < count / 2 + 2)
            #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(half.first == -1 && half.last == -1)
        }
    }

    @Test func otherTransitionsHaveNone() {
        #expect(table(.fade, 0.5) == nil && table(.wipeleft, 0.5) == nil && table(.hblur, 0.5) == nil)
    }
}
