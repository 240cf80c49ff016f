import SegueTestSupport
import Testing
import SegueCore
@testable import SegueSoftware

/// `PairRuns`, the rows of a pair drawn a run at a time in C (`segue_pair_rows`), against the
/// row-by-row path they stand in for: the same bytes, and every row a run claims is one on
/// which each layer is absent or on a straight row of the run's shape.
@Suite struct PairRunsTests {
    static let size = PixelSize(width: 160, height: 120)

    /// Pairs of the kinds a magic move draws, and some it does not: a view transition's two
    /// images as wide as their group but of different heights, a hero's two snapshots in one
    /// frame, unequal corners (the two halves' rounding), frames the canvas clips, pairs that
    /// span different columns or sample at unit scale (no runs), translucent layers, and
    /// pairs overlapping one another (order matters).
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
    func runsDrawTheSameBytesAsRowByRow(translucent: Bool) throws {
        let images = Self.images(translucent: translucent)
        let byRuns = SoftwareRenderer(), byRows = SoftwareRenderer()
        byRows.drawsPairRuns = false
        var a = PixelBuffer(size: Self.size), b = PixelBuffer(size: Self.size)
        try byRuns.render(Self.plan, images: images, into: &a)
        try byRows.render(Self.plan, images: images, into: &b)
        let same = a == b
        #expect(same)
    }

    @Test func runsClaimOnlyRowsOfTheirShape() throws {
        let images = Self.images(translucent: false)
        let lowered = try Self.plan.lowered(imageSizes: images.images.mapValues(\.size))
        let memory = FrameMemoryPool()
        var runRows = 0
        try images.images[.from]!.bytes.withUnsafeBufferPointer { fromBytes in
            try images.images[.to]!.bytes.withUnsafeBufferPointer { toBytes in
                func source(_ ref: ImageRef) -> UnsafePointer<UInt32> {
                    UnsafeRawPointer((ref == .from ? fromBytes : toBytes).baseAddress!).assumingMemoryBound(to: UInt32.self)
                }
                for step in lowered.steps {
                    guard case .pair(let pair) = step.command else { continue }
                    func layer(_ l: LoweredLayer) -> LayerOp {
                        LayerOp(l, source: source(l.source), sourceIsOpaque: true, canvasWidth: Self.size.width,
                                canvasHeight: Self.size.height, memory: memory)
                    }
                    let a = layer(pair.first), b = layer(pair.second)
                    let runs = PairRuns(rows: pair.rows, a, b, canvas: Self.size)
                    // Pairs spanning different columns, or at unit scale, have none.
                    let expectsRuns = pair.first.frame.minX == pair.second.frame.minX && a.scaled != nil && b.scaled != nil
                    #expect((runs.count > 0) == expectsRuns, "\(pair.first.frame) \(pair.second.frame)")
                    for y in pair.rows {
                        guard let run = runs.run(containing: y) else { continue }
                        runRows += 1
                        let shapes = [(a, run.first), (b, run.second)].compactMap { layer, present in
                            present ? layer.shape(row: y) : nil
                        }
                        #expect((a.shape(row: y) != nil) == run.first && (b.shape(row: y) != nil) == run.second, "row \(y)")
                        for shape in shapes {
                            #expect(shape.edgeWeights != nil, "row \(y) is not straight")
                            let outer = shape.span.outer, inner = shape.span.inner
                            #expect(Int(run.span.start) == outer.lowerBound && Int(run.span.count) == outer.count, "row \(y)")
                            #expect(Int(run.span.bothStart) == inner.lowerBound - outer.lowerBound
                                    && Int(run.span.bothEnd) == inner.upperBound - outer.lowerBound, "row \(y)")
                        }
                    }
                }
            }
        }
        #expect(runRows > 100)
    }

    /// `CoverageSpan.rows(of:)` is exactly the rows `roundedRect` finds a rectangle on.
    @Test func coveredRowsAreTheRowsWithASpan() {
        let rects = [Rect(x: 3.2, y: 4.5, width: 20, height: 10.25), Rect(x: -5, y: -7.5, width: 30, height: 9),
                     Rect(x: 10, y: 115.5, width: 20, height: 30), Rect(x: 170, y: 10, width: 20, height: 30),
                     Rect(x: 10, y: -40, width: 20, height: 39.5), Rect(x: 10, y: 120, width: 20, height: 3), Rect(x: 0, y: 0, width: 160, height: 120),
                     Rect(x: 50, y: 50.5, width: 0.3, height: 0.2)]
        for rect in rects {
            let expected = (0..<Self.size.height).filter {
                CoverageSpan.roundedRect(rect, radii: CornerRadii(all: 4), row: $0, width: Self.size.width) != nil
            }
            #expect(Array(CoverageSpan.rows(of: rect, width: Self.size.width, height: Self.size.height)) == expected, "\(rect)")
        }
    }
}
