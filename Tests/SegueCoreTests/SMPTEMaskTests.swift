import Foundation
import Testing
@testable import SegueCore

/// The SMPTE wipes' table, masks and threshold (docs/SMPTE.md). Values are computed here from
/// GStreamer's rules as gst-plugins-good `gst/smpte/paint.c` and `gstsmptealpha.c` state them;
/// frame equality with GStreamer itself is SMPTEOracle's (SeguePipelineTests).
struct SMPTEMaskTests {
    /// GStreamer 1.22's `gst-inspect-1.0 smptealpha` lists these 70 types.
    static let gstreamerNumbers = Array(1...8) + Array(21...26) + Array(41...48) + Array(61...68) + [101] + Array(201...207)
        + Array(211...214) + Array(221...228) + Array(231...236) + Array(241...246) + Array(251...254) + Array(261...264)

    @Test func theTableHasGStreamersCodesAndNames() {
        #expect(SMPTETransition.all.map(\.number) == Self.gstreamerNumbers)
        #expect(Set(SMPTETransition.all.map(\.name)).count == 70)
        #expect(SMPTETransition("bar-wipe-lr")?.number == 1)
        #expect(SMPTETransition("44")?.name == "bowtie-h")
        #expect(SMPTETransition(number: 264)?.name == "windshield-h")
        #expect(SMPTETransition("9") == nil && SMPTETransition("bar-wipe") == nil && SMPTETransition(number: 0) == nil)
    }

    /// bar-wipe-lr: one box over the canvas, value (65536·j) / width at column j.
    @Test func aBarRampsByIntegerDivision() {
        let mask = SMPTEMask(SMPTETransition(number: 1)!, size: PixelSize(width: 10, height: 3))
        let ramp: [UInt32] = (0..<10).map { j in UInt32(65536 * j / 10) }
        for y in 0..<3 {
            let row = Array(mask.values[(y * 10)..<(y * 10 + 10)])
            #expect(row == ramp)
        }
        #expect(mask.isGStreamers.allSatisfy { $0 })
    }

    /// barndoor-v at an odd width: two boxes on a grid of width >> 1, ramping down to the centre
    /// and up again; the last column is beyond the grid, so GStreamer leaves it undrawn and Segue
    /// copies its left neighbour.
    @Test func anOddWidthLeavesAColumnThatIsFilledFromItsNeighbour() {
        let mask = SMPTEMask(SMPTETransition("barndoor-v")!, size: PixelSize(width: 11, height: 2))
        let left: [UInt32] = (0..<5).map { j in UInt32(65536 * (5 - j) / 5) }
        let right: [UInt32] = (0..<5).map { j in UInt32(65536 * j / 5) }
        let expected: [UInt32] = left + right + [right[4]]
        let row = Array(mask.values[0..<11])
        #expect(row == expected)
        #expect(Array(mask.isGStreamers[0..<11]) == Array(repeating: true, count: 10) + [false])
    }

    @Test func undrawnPixelsTakeTheNearestOnTheirRowThenTheNearestRow() {
        let u = SMPTEMask.undrawn
        var values: [UInt32] = [u, 5, u, u, 9, u,
                                u, u, u, u, u, u,
                                1, u, u, u, u, 2]
        SMPTEMask.fill(&values, size: PixelSize(width: 6, height: 3))
        #expect(values == [5, 5, 5, 9, 9, 9,
                           5, 5, 5, 9, 9, 9,
                           1, 1, 1, 2, 2, 2])
        var none: [UInt32] = [u, u]
        SMPTEMask.fill(&none, size: PixelSize(width: 2, height: 1))
        #expect(none == [0, 0])
    }

    /// box-wipe-tl: two triangles meeting on the diagonal; a pixel's value follows the larger
    /// of its column and row fractions (the box grows from the top-left corner).
    @Test func aBoxGrowsFromItsCorner() {
        let size = PixelSize(width: 64, height: 48)
        let mask = SMPTEMask(SMPTETransition("box-wipe-tl")!, size: size)
        var worst = 0.0
        for y in 0..<size.height - 1 {
            for x in 0..<size.width where mask.isGStreamers[y * size.width + x] {
                let expected = 65536 * max(Double(x) / 63, Double(y) / 47)
                worst = max(worst, abs(Double(mask.values[y * size.width + x]) - expected))
            }
        }
        // Integer stepping along the edges: within a couple of pixels' worth of value.
        #expect(worst < 3 * 65536 / 47, "worst \(worst)")
    }

    /// clock-cw12: four box sweeps around the centre, a quarter of the range each, clockwise
    /// from twelve o'clock: the value follows the angle.
    @Test func aClockSweepsByAngle() {
        let size = PixelSize(width: 81, height: 81)
        let mask = SMPTEMask(SMPTETransition("clock-cw12")!, size: size)
        func value(_ x: Int, _ y: Int) -> Double { Double(mask.values[y * size.width + x]) }
        // The centre is (40, 40); points on a circle of radius 30 at 1:30, 4:30, 7:30, 10:30.
        for (k, (x, y)) in [(61, 19), (61, 61), (19, 61), (19, 19)].enumerated() {
            let expected = 65536 * (Double(k) + 0.5) / 4
            #expect(abs(value(x, y) - expected) < 65536 / 40, "\(k): \(value(x, y)) against \(expected)")
        }
        // Just clockwise of twelve o'clock the sweep has barely started; just before it, nearly done.
        #expect(value(41, 5) < 65536 / 40 && value(39, 5) > 65536 * 39 / 40)
    }

    /// gstsmptealpha.c's threshold at hand-computed points.
    @Test func theThresholdIsSmptealphas() {
        // border 1000 at position 0.5: p = ⌊66536 · 0.5⌋ = 33268, low 32268.
        let soft = SMPTEThreshold(position: 0.5, border: 1000, invert: false)
        #expect(soft.position == 33268 && soft.border == 1000)
        #expect(soft.alpha(32768) == 127)  // ⌊255 · 500 / 1000⌋
        #expect(soft.alpha(32268) == 0 && soft.alpha(0) == 0)
        #expect(soft.alpha(33268) == 255 && soft.alpha(65536) == 255)
        // Inverted, the value turns around: 65536 − 32768 is 32768 again; 65536 − 0 is past it.
        let inverted = SMPTEThreshold(position: 0.5, border: 1000, invert: true)
        #expect(inverted.alpha(32768) == 127 && inverted.alpha(0) == 255 && inverted.alpha(65536) == 0)
        // A hard edge (border 0, divided as 1): from where the value has reached p.
        let hard = SMPTEThreshold(position: 0.3, border: 0, invert: false)
        #expect(hard.position == 19660)  // ⌊65536 · 0.3⌋
        #expect(hard.alpha(19659) == 0 && hard.alpha(19660) == 255)
        // Borders past the range are clamped to it.
        #expect(SMPTEThreshold(position: 0.5, border: 1 << 20, invert: false).border == 65536)
    }

    /// Position 0 is exactly `from` and 1 exactly `to`, for every wipe, both ways, hard or soft,
    /// at an odd size (with its undrawn and clamped pixels).
    @Test(arguments: SMPTETransition.all)
    func theEndsAreTheSnapshots(_ transition: SMPTETransition) {
        let mask = SMPTEMask(transition, size: PixelSize(width: 37, height: 23))
        for invert in [false, true] {
            for border in [0, 1, 8192, 65536] {
                let start = SMPTEThreshold(position: 0, border: border, invert: invert)
                let end = SMPTEThreshold(position: 1, border: border, invert: invert)
                #expect(mask.values.allSatisfy { start.alpha($0) == 255 }, "\(transition) border \(border) invert \(invert) at 0")
                #expect(mask.values.allSatisfy { end.alpha($0) == 0 }, "\(transition) border \(border) invert \(invert) at 1")
            }
        }
    }

    /// Canvases smaller than a wipe's grid draw what they can and stay in range.
    @Test(arguments: [PixelSize(width: 1, height: 1), PixelSize(width: 2, height: 2), PixelSize(width: 3, height: 1), PixelSize(width: 1, height: 5)])
    func tinyCanvasesStayInRange(_ size: PixelSize) {
        for transition in SMPTETransition.all {
            let mask = SMPTEMask(transition, size: size)
            #expect(mask.values.count == size.pixelCount)
            #expect(mask.values.allSatisfy { $0 <= 65536 }, "\(transition) at \(size)")
        }
    }

    @Test func masksAreSharedPerWipeAndSize() {
        let t = SMPTETransition("iris-rect")!, size = PixelSize(width: 20, height: 10)
        #expect(SMPTEMask.shared(t, size: size) === SMPTEMask.shared(t, size: size))
        #expect(SMPTEMask.shared(t, size: size) !== SMPTEMask.shared(t, size: PixelSize(width: 21, height: 10)))
    }

    @Test func loweringRejectsAnUnknownCode() {
        let plan = FramePlan(size: PixelSize(width: 4, height: 4), time: 0, progress: 0, commands: [
            .smpteWipe(SMPTEWipe(code: 9, from: .from, to: .to, position: 0.5, border: 0, invert: false)),
        ])
        #expect {
            _ = try plan.lowered(imageSizes: [.from: PixelSize(width: 4, height: 4), .to: PixelSize(width: 4, height: 4)])
        } throws: { error in
            (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("unknown SMPTE wipe code 9")
        }
    }
}
