import CSegueKernels
import SegueTestSupport
import Testing
import SegueCore
@testable import SegueSoftware

/// Pairs drawn in C (`PairInC`, `segue_pair_rows`) against the row-by-row path they stand in
/// for: the same bytes, over opaque and translucent sources; and the C coverage rule against
/// SegueCore's, bit for bit.
@Suite struct PairInCTests {
    static let size = PixelSize(width: 160, height: 120)

    /// Pairs of the kinds a magic move draws, and one it does not: a view transition's two
    /// images as wide as their group but of different heights, a hero's two snapshots in one
    /// frame, unequal corners (the two halves' rounding), frames the canvas clips, a layer at
    /// unit scale, translucent layers, pairs overlapping one another (order matters), and a
    /// pair whose layers span different columns (drawn row by row).
    static let pairs: [LayerPair] = {
        func pair(_ a: Rect, _ b: Rect, radii: (CornerRadii, CornerRadii) = (.zero, .zero), opacity: (Double, Double) = (0.6, 0.4),
                  sources: (Rect, Rect) = (Rect(x: 5, y: 7, width: 33, height: 25), Rect(x: 40, y: 12, width: 52, height: 31))) -> LayerPair {
            LayerPair(name: "pair", first: Layer(source: .from, sourceRect: sources.0, frame: a, opacity: opacity.0, cornerRadii: radii.0),
                      second: Layer(source: .to, sourceRect: sources.1, frame: b, opacity: opacity.1, cornerRadii: radii.1))
        }
        let uneven = CornerRadii(topLeft: 7, topRight: 5.5, bottomRight: 2, bottomLeft: 3)
        return [
            pair(Rect(x: 10.3, y: 5.6, width: 40.4, height: 30.2), Rect(x: 10.3, y: 5.6, width: 40.4, height: 22.7)),
            pair(Rect(x: 60.7, y: 3.2, width: 45, height: 38.5), Rect(x: 60.7, y: 3.2, width: 45, height: 38.5),
                 radii: (CornerRadii(all: 8), CornerRadii(all: 8)), opacity: (1, 0.5)),
            pair(Rect(x: 20.5, y: 50.25, width: 55, height: 40), Rect(x: 20.5, y: 50.25, width: 55, height: 47.5), radii: (uneven, uneven)),
            pair(Rect(x: -12.5, y: 95.2, width: 50, height: 40), Rect(x: -12.5, y: 95.2, width: 50, height: 31), opacity: (1, 1)),
            pair(Rect(x: 140.4, y: -6.3, width: 30, height: 44), Rect(x: 140.4, y: -6.3, width: 30, height: 20.1),
                 radii: (CornerRadii(all: 3), CornerRadii(all: 1.5))),
            pair(Rect(x: 70, y: 30, width: 40, height: 30), Rect(x: 72.5, y: 31, width: 35, height: 30)),
            pair(Rect(x: 90.5, y: 60.5, width: 33, height: 25), Rect(x: 90.5, y: 60.5, width: 33, height: 20), opacity: (0.7, 0.3)),
            pair(Rect(x: 30.2, y: 20.9, width: 50, height: 35), Rect(x: 30.2, y: 20.9, width: 50, height: 29), opacity: (0.25, 0.75)),
        ]
    }()

    static func images(translucent: Bool) -> ImageSet {
        let from = translucent ? TestImages.transparent(width: size.width, height: size.height) : TestImages.photo(size.width, size.height)
        return ImageSet([.from: from, .to: TestImages.ui(size.width, size.height)])
    }

    static var plan: FramePlan {
        let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        return FramePlan(size: size, time: 0, progress: 0.4,
                         commands: [.clear(.clear), .layer(Layer(source: .to, frame: canvas, opacity: 0.9))] + pairs.map { .pair($0) })
    }

    @Test(arguments: [false, true])
    func pairsInCDrawTheSameBytesAsRowByRow(translucent: Bool) throws {
        let images = Self.images(translucent: translucent)
        let inC = SoftwareRenderer(), byRows = SoftwareRenderer()
        byRows.drawsPairsInC = false
        var a = PixelBuffer(size: Self.size), b = PixelBuffer(size: Self.size)
        try inC.render(Self.plan, images: images, into: &a)
        try byRows.render(Self.plan, images: images, into: &b)
        let same = a == b
        #expect(same)
    }

    /// Every pair whose layers span the same columns is drawn in C, whatever its scale.
    @Test func pairsOfOneSpanAreDrawnInC() throws {
        let images = Self.images(translucent: false)
        let lowered = try Self.plan.lowered(imageSizes: images.images.mapValues(\.size))
        let memory = FrameMemoryPool()
        images.images[.from]!.bytes.withUnsafeBufferPointer { fromBytes in
            images.images[.to]!.bytes.withUnsafeBufferPointer { toBytes in
                func layer(_ l: LoweredLayer, _ inC: Bool) -> LayerOp {
                    let bytes = l.source == .from ? fromBytes : toBytes
                    return LayerOp(l, source: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: UInt32.self), sourceIsOpaque: true,
                                   canvasWidth: Self.size.width, canvasHeight: Self.size.height, memory: memory, drawnInC: inC)
                }
                var count = 0
                for step in lowered.steps {
                    guard case .pair(let pair) = step.command else { continue }
                    let sameColumns = pair.first.frame.minX == pair.second.frame.minX && pair.first.frame.maxX == pair.second.frame.maxX
                    let inC = PairInC.spansOneRange(pair, canvasWidth: Self.size.width)
                    #expect(inC == sameColumns, "\(pair.first.frame)")
                    #expect((PairInC(layer(pair.first, inC), layer(pair.second, inC)) != nil) == sameColumns, "\(pair.first.frame)")
                    count += 1
                }
                #expect(count == Self.pairs.count)
            }
        }
    }

    /// `segue_rr_distance` is `Coverage.roundedRectDistance`, bit for bit, and a row's span
    /// (`segue_rr_row`) keeps to it: no pixel outside the outer span is touched, and every
    /// pixel of the inner one weighs what the inner coverage does.
    @Test func coverageInCFollowsSegueCore() {
        var random = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<300 {
            let rect = Rect(x: Double.random(in: -30...150, using: &random), y: Double.random(in: -30...110, using: &random),
                            width: Double.random(in: 0.2...90, using: &random), height: Double.random(in: 0.2...70, using: &random))
            let radii = CornerRadii(topLeft: .random(in: 0...20, using: &random), topRight: .random(in: 0...20, using: &random),
                                    bottomRight: .random(in: 0...20, using: &random),
                                    bottomLeft: .random(in: 0...20, using: &random)).fitted(to: rect)
            var shape = segue_rr(rect, radii)
            for y in 0..<Self.size.height {
                let py = Double(y) + 0.5
                func coverage(_ x: Int) -> Double {
                    Coverage.fromDistance(Coverage.roundedRectDistance(Double(x) + 0.5, py, rect: rect, radii: radii))
                }
                for x in stride(from: -2, to: Self.size.width + 2, by: 7) {
                    #expect(segue_rr_distance(Double(x) + 0.5, py, &shape)
                            == Coverage.roundedRectDistance(Double(x) + 0.5, py, rect: rect, radii: radii))
                }
                guard let span = CoverageSpan.roundedRect(rect, radii: radii, row: y, width: Self.size.width) else {
                    #expect((0..<Self.size.width).allSatisfy { coverage($0) == 0 }, "\(rect) row \(y)")
                    continue
                }
                checked += 1
                let outside = (0..<Self.size.width).filter { !span.outer.contains($0) }
                #expect(outside.allSatisfy { coverage($0) == 0 }, "\(rect) row \(y)")
                // The same weight, that is: the corners' radii can move the last bit of a
                // straight edge's distance.
                for opacity in [1, 0.37] {
                    #expect(span.inner.allSatisfy { weight256(opacity * coverage($0)) == weight256(opacity * span.innerCoverage) },
                            "\(rect) row \(y)")
                }
            }
        }
        #expect(checked > 1000)
    }
}
