import Testing
import SegueCore
import SegueDrawing
import SegueEffects
import SeguePipeline
import SegueSoftware

/// Every built-in effect's default run fits the snapshot it is given, whatever the device: with
/// `--scale auto` and the canvas-relative defaults, at each of `canvases` the frame at 10 % of the
/// transition already differs from the *from* snapshot (nothing waits off-frame), the points and
/// rectangles the plans place (a bubble's or a circle's centre, an iris, the images a zoom
/// crops) lie on the canvas, and an effect that ends on the *to* snapshot draws exactly it at
/// its end.
///
/// Software renderer. The plans are checked at full size; the three large canvases are drawn
/// at a third of their size (snapshots of that size, the full size's inferred scale divided
/// by 3: the same frame, smaller), and the first frames of the effects growing from a point
/// are also drawn at 1170×2532.
@Suite struct DefaultsFitCanvasTests {
    static let canvases = [
        PixelSize(width: 1170, height: 2532), PixelSize(width: 390, height: 844), PixelSize(width: 391, height: 847),
        PixelSize(width: 1920, height: 1080), PixelSize(width: 1080, height: 1920),
    ]
    /// Their first frames are drawn at full size at 1170×2532 too: effects that grow from a point.
    static let fullSizeEffects: Set<String> = ["bubble", "circle-reveal", "iris"]
    /// Where "the first frames" are: a tenth of the way through the transition.
    static let early = 0.1
    /// Share of the pixels that must have changed (by more than `visibleStep` levels) at
    /// `early`: eased curves start slowly (diagonal and iris change 0.04 % there), but never
    /// nothing, as when a default lay off the frame.
    static let movedShare = 0.0001
    static let visibleStep = 2
    /// StarWars cuts the inclusive grid of StarWarsGLAnimator: the top row starts above the
    /// canvas and some of it ends just inside, so only the resting *to* snapshot is its last frame.
    static let endsOffItsLastPlan: Set<String> = ["starwars"]

    /// The *from* and *to* snapshots of each size drawn.
    static let snapshots: [PixelSize: (from: PixelBuffer, to: PixelBuffer)] = Dictionary(
        Set(canvases + canvases.map(drawnSize)).map { ($0, (pattern($0, seed: 0), pattern($0, seed: 1))) }, uniquingKeysWith: { first, _ in first })

    struct Case: CustomStringConvertible, Sendable {
        var effect: String
        var canvas: PixelSize
        var description: String { "\(effect) at \(canvas)" }
    }
    /// Of the xfade transitions (canvas-filling, held to ffmpeg by XfadeOracle) only
    /// `EffectVariant.xfadeSample` in `make test`, all in `make test-full`; likewise the SMPTE
    /// wipes (`EffectVariant.smpteSample`, held to GStreamer by SMPTEOracle).
    static let cases = EffectTable.all
        .filter { !$0.name.hasPrefix(EffectTable.xfadePrefix) || XfadeOracle.isFull || EffectVariant.xfadeSample.contains($0.name) }
        .filter { !$0.name.hasPrefix(EffectTable.smptePrefix) || XfadeOracle.isFull || EffectVariant.smpteSample.contains($0.name) }
        .flatMap { entry in canvases.map { Case(effect: entry.name, canvas: $0) } }

    @Test(arguments: cases)
    func defaultRunMovesAtOnceAndStaysOnTheCanvas(_ c: Case) throws {
        let full = try Self.transition(c.effect, snapshots: c.canvas, canvas: c.canvas)
        for fraction in [Self.early, 0.5, 0.9] {
            for problem in Self.offCanvasPlacements(full.plan(fraction: fraction), images: full.images) {
                Issue.record("\(c) at \(fraction): \(problem)")
            }
        }
        let drawn = Self.drawnSize(c.canvas) == c.canvas ? full
            : try Self.transition(c.effect, snapshots: Self.drawnSize(c.canvas), canvas: Self.drawnSize(c.canvas), scale: full.scale / 3)
        let renderer = SoftwareRenderer()
        var transitions = [drawn]
        if c.canvas.width == 1170 && Self.fullSizeEffects.contains(c.effect) { transitions.append(full) }
        for transition in transitions {
            var frame = PixelBuffer(size: transition.size)
            try renderer.render(transition.plan(fraction: Self.early), images: transition.images, into: &frame)
            let moved = Self.changedShare(frame, transition.images[.from])
            #expect(moved >= Self.movedShare, "\(c) drawn at \(transition.size): \(moved * 100) % of the pixels changed at \(Self.early) of the transition")
        }

        if drawn.effect.restingSnapshot(atEnd: true) == .to, !Self.endsOffItsLastPlan.contains(c.effect), let to = drawn.images[.to] {
            // The effect's own last plan, not the resting snapshot `plan(fraction: 1)` shows.
            let end = FrameContext(size: drawn.size, timeFraction: 1, time: drawn.duration, duration: drawn.duration,
                                   timing: drawn.timing, scale: drawn.scale, seed: drawn.seed)
            var frame = PixelBuffer(size: drawn.size)
            try renderer.render(drawn.effect.plan(end), images: drawn.images, into: &frame)
            #expect(Self.changedShare(frame, to, step: 1) == 0, "\(c): the effect's last frame is not the to snapshot")
        }
    }

    /// The default scale follows the rule of `DeviceScale`, through the fit when the canvas
    /// has another size; a given scale is kept.
    @Test func autoScaleIsInferredFromTheSnapshot() throws {
        let expected: [(PixelSize, Double)] = [
            (PixelSize(width: 1170, height: 2532), 3), (PixelSize(width: 390, height: 844), 1), (PixelSize(width: 391, height: 847), 1),
            (PixelSize(width: 1920, height: 1080), 3), (PixelSize(width: 1080, height: 1920), 3), (PixelSize(width: 828, height: 1792), 2),
        ]
        for (size, scale) in expected {
            #expect(try Self.transition("fade", snapshots: size, canvas: size).scale == scale, "\(size)")
        }
        let more: [(PixelSize, Double)] = [
            (PixelSize(width: 2532, height: 1170), 3), (PixelSize(width: 1640, height: 2360), 2), (PixelSize(width: 2048, height: 2732), 2),
            (PixelSize(width: 3840, height: 2160), 1), (PixelSize(width: 640, height: 1136), 2), (PixelSize(width: 900, height: 1600), 1),
        ]
        for (size, scale) in more { #expect(DeviceScale.inferred(for: size) == scale, "\(size)") }
        let half = PixelSize(width: 585, height: 1266)
        #expect(try Self.transition("fade", snapshots: PixelSize(width: 1170, height: 2532), canvas: half).scale == 1.5)
        #expect(try Self.transition("fade", snapshots: half, canvas: half, scale: 2).scale == 2)
        #expect(DeviceScale.inferred(for: SampleSnapshots.size(scale: 3)) == 3, "auto on the built-in samples, drawn at 3")
    }

    /// A point or rectangle given outside the canvas is reported (the CLI warns) and still renders.
    @Test func parametersOutsideTheCanvasAreReported() throws {
        let canvas = PixelSize(width: 1170, height: 2532)
        func outside(_ effect: String, _ parameters: [(String, String)]) throws -> [OffCanvasParameter] {
            var request = TransitionRequest(effect: effect)
            request.fromImage = Self.snapshots[canvas]?.from
            request.toImage = Self.snapshots[canvas]?.to
            request.parameters = parameters
            return try PreparedTransition(request).offCanvasParameters
        }
        #expect(try outside("bubble", [("start", "2000,100")]).map(\.description)
            == ["start=2000,100 lies outside the 1170×2532 canvas (390×844 pt at scale 3)"])
        #expect(try outside("bubble", [("start", "390,844")]).isEmpty, "the edge is on the canvas")
        #expect(try outside("zoom", [("source", "-50,10,40,40"), ("destination", "380,0,20,20")]).map(\.name) == ["source"])
    }

    /// Canvases over 1000 pixels are drawn at a third of their size.
    static func drawnSize(_ canvas: PixelSize) -> PixelSize {
        max(canvas.width, canvas.height) > 1000 ? PixelSize(width: canvas.width / 3, height: canvas.height / 3) : canvas
    }

    /// `effect` between the patterns of size `snapshots` on `canvas`; `scale` nil = auto.
    static func transition(_ effect: String, snapshots: PixelSize, canvas: PixelSize, scale: Double? = nil) throws -> PreparedTransition {
        var request = TransitionRequest(effect: effect)
        let images = Self.snapshots[snapshots] ?? (pattern(snapshots, seed: 0), pattern(snapshots, seed: 1))
        request.fromImage = images.from
        request.toImage = images.to
        request.size = canvas
        request.scale = scale
        request.fps = 10
        return try PreparedTransition(request)
    }

    /// Opaque stripes and blocks, different for each seed, so blurs, crops and moves all show.
    static func pattern(_ size: PixelSize, seed: Int) -> PixelBuffer {
        var image = PixelBuffer(size: size)
        let colours: [UInt32] = seed == 0 ? [0xFF2828E6, 0xFF3CDCFA, 0xFF1E1E1E] : [0xFFE65A28, 0xFF78C83C, 0xFFF0F0F0]
        image.bytes.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    pixels[y * size.width + x] = colours[(x / (7 + seed * 4) + y / 11 + (x / 97) * (y / 89)) % 3].littleEndian
                }
            }
        }
        return image
    }

    /// Share of the pixels of `a` that differ from `b` by more than `step` levels in a channel.
    static func changedShare(_ a: PixelBuffer, _ b: PixelBuffer?, step: Int = visibleStep) -> Double {
        guard let b, a.size == b.size else { return 1 }
        var changed = 0
        a.bytes.withUnsafeBytes { p in
            b.bytes.withUnsafeBytes { q in
                let x = p.bindMemory(to: UInt32.self), y = q.bindMemory(to: UInt32.self)
                for i in 0..<x.count where x[i] != y[i] {
                    var u = x[i], v = y[i], differs = false
                    for _ in 0..<4 {
                        let d = Int(u & 0xFF) - Int(v & 0xFF)
                        differs = differs || d > step || -d > step
                        u >>= 8; v >>= 8
                    }
                    if differs { changed += 1 }
                }
            }
        }
        return Double(changed) / Double(max(1, a.size.pixelCount))
    }

    /// What a plan places off the canvas: circle centres (bubble, circle reveal), the centre of
    /// a revealed rectangle (iris), and the crop of a layer that shows part of an image (zoom),
    /// which must lie inside that image.
    static func offCanvasPlacements(_ plan: FramePlan, images: ImageSet) -> [String] {
        let canvas = Rect(size: plan.size)
        func onCanvas(_ p: Point) -> Bool { p.x >= 0 && p.x <= canvas.width && p.y >= 0 && p.y <= canvas.height }
        var problems: [String] = []
        for command in plan.commands {
            switch command {
            case .fill(let fill):
                if case .circle(let centre, _) = fill.shape, !onCanvas(centre) { problems.append("fill circle centre \(centre)") }
            case .reveal(let reveal):
                switch reveal.shape {
                case .circle(let centre, _, _): if !onCanvas(centre) { problems.append("reveal circle centre \(centre)") }
                case .roundedRect(let rect, _): if !onCanvas(rect.center) { problems.append("reveal rectangle \(rect)") }
                }
            case .layer(let layer):
                guard let crop = layer.sourceRect, let image = images[layer.source] else { continue }
                let bounds = Rect(size: image.size)
                if crop.x < -0.5 || crop.y < -0.5 || crop.maxX > bounds.maxX + 0.5 || crop.maxY > bounds.maxY + 0.5 {
                    problems.append("layer crop \(crop) of \(layer.source) outside its \(image.size) image")
                }
            default:
                continue
            }
        }
        return problems
    }
}
