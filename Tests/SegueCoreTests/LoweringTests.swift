import Testing
import SegueCore

/// The rules both renderers share, applied once by `FramePlan.lowered` (docs/ARCHITECTURE.md
/// "Lowering"): each test names one rule and checks what a renderer receives.
struct LoweringTests {
    let canvas = PixelSize(width: 40, height: 30)
    var sizes: [ImageRef: PixelSize] { [.from: canvas, .to: canvas, .named("small"): PixelSize(width: 10, height: 10)] }

    func lower(_ commands: [DrawCommand]) throws -> LoweredPlan {
        try FramePlan(size: canvas, time: 0, progress: 0, commands: commands).lowered(imageSizes: sizes)
    }

    func names(_ plan: LoweredPlan) -> [String] {
        plan.steps.map { step in
            switch step.command {
            case .clear: "clear"
            case .fill: "fill"
            case .shadow: "shadow"
            case .layer: "layer"
            case .reveal: "reveal"
            case .lumaWipe: "lumaWipe"
            case .sprites: "sprites"
            case .shader: "shader"
            case .xfade: "xfade"
            case .xfadeExpression: "xfadeExpression"
            case .smpteWipe: "smpteWipe"
            case .mix: "mix"
            case .pair: "pair"
            }
        }
    }

    /// A pair whose layers both draw stays a pair, both added, over the pixels either touches
    /// (clipped to the canvas); with one transparent layer it is the other, drawn over.
    @Test func pairsLowerToPairsOrToTheirOneLayer() throws {
        let a = Layer(source: .from, frame: Rect(x: -3.5, y: 2.25, width: 10, height: 5), opacity: 0.25)
        let b = Layer(source: .to, frame: Rect(x: 4, y: 6, width: 30, height: 4.5), opacity: 0.75)
        let both = try lower([.pair(LayerPair(name: "x moves", first: a, second: b))])
        #expect(names(both) == ["clear", "pair"])
        guard case .pair(let pair) = both.steps[1].command else { Issue.record("no pair"); return }
        #expect(pair.first.blend == .plus && pair.second.blend == .plus)
        #expect(pair.columns == 0..<34 && pair.rows == 2..<11)
        var hidden = b
        hidden.opacity = 0
        let one = try lower([.pair(LayerPair(name: "x leaves", first: a, second: hidden))])
        #expect(names(one) == ["clear", "layer"])
        guard case .layer(let layer) = one.steps[1].command else { Issue.record("no layer"); return }
        #expect(layer.blend == .sourceOver && layer.source == .from)
    }

    @Test func everyFrameStartsFromAKnownCanvas() throws {
        #expect(names(try lower([])) == ["clear"])
        #expect(names(try lower([.layer(Layer(source: .from, frame: Rect(size: canvas)))])) == ["clear", "layer"])
        // A plan that starts by replacing the canvas needs no clear of its own.
        #expect(names(try lower([.clear(.white)])) == ["clear"])
        let reveal = ShapeReveal(shape: .circle(center: .zero, radius: 4, feather: 0), inside: .to, outside: .from)
        #expect(names(try lower([.reveal(reveal)])) == ["reveal"])
    }

    @Test func blursRunBeforeAnyDrawingAndTheirOutputsHaveSizes() throws {
        // σ 3 px starts from pyramid level 1 (σ 2 px, half size, rounded up).
        let blur = BlurPass(input: .from, output: "soft", sigma: 3)
        let plan = try lower([.clear(.black), .blur(blur), .layer(Layer(source: .named("soft"), frame: Rect(size: canvas)))])
        #expect(plan.blurs.count == 1 && plan.blurs[0].level == 1 && plan.blurs[0].inputIsStill)
        #expect(plan.blurs[0].outputSize == PixelSize(width: 20, height: 15))
        #expect(names(plan) == ["clear", "layer"])
        guard case .layer(let layer) = plan.steps[1].command else { Issue.record("no layer"); return }
        // Drawn where the input would stand: canvas x maps to texel x/2 − 0.5.
        #expect(layer.sourceSize == PixelSize(width: 20, height: 15) && !layer.isTexelCopy)
        #expect(layer.mapping == TexelMapping(ax: 0.5, bx: -0.5, ay: 0.5, by: -0.5))
    }

    /// A level of an odd-sized input is rounded up; the layer still maps by exactly 2^level, and
    /// a source rectangle is in input pixels.
    @Test func blurOutputsAreDrawnAtTheInputsScale() throws {
        let odd = PixelSize(width: 39, height: 29)
        let blur = BlurPass(input: .named("odd"), output: "soft", sigma: 9)
        let part = Rect(x: 8, y: 4, width: 16, height: 12)
        let plan = try FramePlan(size: canvas, time: 0, progress: 0, commands: [
            .blur(blur), .clear(.clear), .layer(Layer(source: .named("soft"), sourceRect: part, frame: Rect(size: canvas))),
        ]).lowered(imageSizes: [.named("odd"): odd])
        #expect(plan.blurs[0].level == 3 && plan.blurs[0].outputSize == PixelSize(width: 5, height: 4))
        guard case .layer(let layer) = plan.steps[1].command else { Issue.record("no layer"); return }
        #expect(layer.mapping == TexelMapping(ax: 16.0 / 40 / 8, bx: 8.0 / 8 - 0.5, ay: 12.0 / 30 / 8, by: 4.0 / 8 - 0.5))
    }

    /// A blur of a blur's output is not still: its pyramid changes with the frame.
    @Test func onlyBlursOfTheFramesImagesAreStill() throws {
        let plan = try lower([.blur(BlurPass(input: .from, output: "a", sigma: 3)), .blur(BlurPass(input: .named("a"), output: "b", sigma: 5))])
        #expect(plan.blurs.map(\.inputIsStill) == [true, false])
    }

    @Test func layersThatDrawNothingAreDropped() throws {
        let frame = Rect(size: canvas)
        let shadow = Shadow(color: .black, sigma: 3, offset: .zero)
        let plan = try lower([
            .clear(.clear),
            .layer(Layer(source: .from, frame: frame, opacity: 0, shadow: shadow)),
            .layer(Layer(source: .from, frame: Rect(x: 3, y: 3, width: 0, height: 10), shadow: shadow)),
            .layer(Layer(source: .from, frame: frame, opacity: 7)),
        ])
        #expect(names(plan) == ["clear", "layer"])
        guard case .layer(let layer) = plan.steps[1].command else { Issue.record("no layer"); return }
        #expect(layer.opacity == 1)
    }

    @Test func shadowsArePremultipliedWithTheLayersOpacity() throws {
        let shadow = Shadow(color: Color(r: 1, g: 0.5, b: 0, a: 0.5), sigma: -2, offset: Point(x: 1, y: 2))
        let plan = try lower([.layer(Layer(source: .from, frame: Rect(x: 4, y: 4, width: 10, height: 10), opacity: 0.5, shadow: shadow))])
        #expect(names(plan) == ["clear", "shadow", "layer"])
        guard case .shadow(let s) = plan.steps[1].command else { Issue.record("no shadow"); return }
        #expect(s.rect == Rect(x: 5, y: 6, width: 10, height: 10) && s.sigma == 0)
        #expect(s.color == PremultipliedColor(Color(r: 1, g: 0.5, b: 0, a: 0.25)))
        #expect([s.color.r, s.color.g, s.color.b, s.color.a] == [64, 32, 0, 64])
        // A shadow that rounds to nothing is dropped with its layer kept.
        let faint = Shadow(color: Color(white: 0, alpha: 0.001), sigma: 2, offset: .zero)
        #expect(names(try lower([.layer(Layer(source: .from, frame: Rect(size: canvas), shadow: faint))])) == ["clear", "layer"])
    }

    @Test func radiiAreFittedAndFillsThatDrawNothingDropped() throws {
        let rect = Rect(x: 0, y: 0, width: 10, height: 6)
        let plan = try lower([
            .fill(Fill(shape: .rect(rect, CornerRadii(all: 50)), color: .black)),
            .fill(Fill(shape: .canvas, color: .clear, blend: .plus)),
            .fill(Fill(shape: .circle(center: .zero, radius: 0), color: .white)),
            .fill(Fill(shape: .rect(Rect(x: 1, y: 1, width: 0, height: 3), .zero), color: .white)),
        ])
        #expect(names(plan) == ["clear", "fill"])
        guard case .fill(let fill) = plan.steps[1].command, case .rect(_, let radii) = fill.shape else { Issue.record("no fill"); return }
        #expect(radii == CornerRadii(all: 50).fitted(to: rect) && radii.topLeft == 3)
    }

    @Test func texelCopiesAreIntegerTranslationsInsideTheImage() throws {
        func layer(_ frame: Rect, source: Rect? = nil, radii: CornerRadii = .zero) throws -> LoweredLayer? {
            let plan = try lower([.layer(Layer(source: .from, sourceRect: source, frame: frame, cornerRadii: radii))])
            if case .layer(let l) = plan.steps.last?.command { return l }
            return nil
        }
        #expect(try layer(Rect(x: -7, y: 3, width: 40, height: 30))?.isTexelCopy == true)
        #expect(try layer(Rect(x: 0.5, y: 0, width: 40, height: 30))?.isTexelCopy == false)
        #expect(try layer(Rect(x: 0, y: 0, width: 80, height: 60))?.isTexelCopy == false)
        #expect(try layer(Rect(x: 0, y: 0, width: 40, height: 30), radii: CornerRadii(all: 2))?.isTexelCopy == false)
        #expect(try layer(Rect(x: 0, y: 0, width: 20, height: 20), source: Rect(x: 30, y: 0, width: 20, height: 20))?.isTexelCopy == false)
        let mapped = try #require(try layer(Rect(x: 10, y: 5, width: 20, height: 15), source: Rect(x: 4, y: 2, width: 40, height: 30)))
        // Texel (centres at integers) of canvas position p: 2·p + (4 − 20 − 0.5).
        #expect(mapped.mapping == TexelMapping(ax: 2, bx: -16.5, ay: 2, by: -8.5))
    }

    @Test func onlyTheFirstDrawAfterATransparentClearSeesATransparentCanvas() throws {
        let layer = DrawCommand.layer(Layer(source: .from, frame: Rect(size: canvas)))
        let plan = try lower([layer, layer, .clear(.white), layer, .clear(.clear), layer])
        #expect(plan.steps.map(\.canvasIsTransparent) == [false, true, false, false, false, false, true])
    }

    @Test func emptyRevealsShowTheOutsideImage() throws {
        let empty = ShapeReveal(shape: .roundedRect(Rect(x: 5, y: 5, width: 0, height: 0), .zero), inside: .to, outside: .from)
        let plan = try lower([.reveal(empty)])
        #expect(names(plan) == ["clear", "layer"])
        guard case .layer(let copy) = plan.steps[1].command else { Issue.record("no copy"); return }
        #expect(copy.source == .from && copy.isTexelCopy && copy.frame == Rect(size: canvas))
    }

    @Test func imagesMustBeThereAndFitTheCanvasWhereRequired() {
        #expect { _ = try lower([.layer(Layer(source: .named("gone"), frame: Rect(size: canvas)))]) } throws: { error in
            (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("'gone'")
        }
        let wipe = LumaWipe(from: .from, to: .to, mask: .named("small"), progress: 0.5, softness: 0.1)
        #expect { _ = try lower([.lumaWipe(wipe)]) } throws: { error in
            (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("'small' is 10x10")
        }
        #expect { _ = try FramePlan(size: PixelSize(width: 0, height: 3), time: 0, progress: 0, commands: []).lowered(imageSizes: [:]) }
            throws: { error in (error as? SegueError)?.kind == .invalidInput }
    }

    /// A cross-dissolve is fused by the lowering, once, for both renderers: a clear to
    /// transparent and the canvas-filling `plus` layers after it become one `mix` step.
    @Test func aCrossDissolveIsOneMixStep() throws {
        let whole = Rect(size: canvas)
        let fade: [DrawCommand] = [.clear(.clear), .layer(Layer(source: .from, frame: whole, opacity: 0.25, blend: .plus)),
                                   .layer(Layer(source: .to, frame: whole, opacity: 0.75, blend: .plus))]
        let plan = try lower(fade)
        #expect(names(plan) == ["mix"])
        guard case .mix(let mix) = plan.steps[0].command else { Issue.record("no mix"); return }
        #expect(mix.layers.map(\.opacity) == [0.25, 0.75] && !plan.steps[0].canvasIsTransparent)
        // A layer that does not cover the canvas, or blends otherwise, ends the run.
        let partial = fade + [.layer(Layer(source: .from, frame: Rect(x: 1, y: 0, width: 39, height: 30), blend: .plus))]
        #expect(names(try lower(partial)) == ["mix", "layer"])
        let over: [DrawCommand] = [.clear(.clear), .layer(Layer(source: .from, frame: whole))]
        #expect(names(try lower(over)) == ["clear", "layer"])
    }

    /// An xfade's per-frame numbers are worked out in the lowering: what a wipe shows of `from`,
    /// how far a slide moves, a warp's block side and box length.
    @Test func anXfadeCarriesItsFramesNumbers() throws {
        func frame(_ transition: XfadeTransition, _ progress: Double) throws -> XfadeFrame? {
            guard case .xfade(let x) = try lower([.xfade(XfadeCall(transition: transition, progress: progress))]).steps.first?.command else { return nil }
            #expect(x.progress == Float(progress))
            return x.frame
        }
        let call = { (t: XfadeTransition, p: Double) in XfadeCall(transition: t, progress: p) }
        #expect(try frame(.wipeleft, 0.5) == call(.wipeleft, 0.5).wipeRegion(canvas: canvas).map { .wipe($0) })
        #expect(try frame(.slideup, 0.3) == call(.slideup, 0.3).slideMotion(canvas: canvas).map { .slide($0) })
        #expect(try frame(.pixelize, 0.4) == .warp(pixelizeBlockSide: call(.pixelize, 0.4).pixelizeBlockSide(canvas: canvas),
                                                   hblurBoxLength: call(.pixelize, 0.4).hblurBoxLength(canvas: canvas)))
        #expect(try frame(.circleopen, 0.4) == .plain)
    }
}
