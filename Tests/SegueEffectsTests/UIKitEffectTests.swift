import Testing
import SegueCore
import SegueEffects

// Geometry of the UIKit transitions checked on the plans themselves against numbers computed
// from their originals: Apple's presentation sample (AAPLCustomPresentationController) and View
// Controller Programming Guide, HarshilShah/DeckTransition, ivanvorobei/SPStorkController,
// WorldDownTown/ZoomTransitioning, andreamazz/BubbleTransition.

private func make(_ name: String, _ overrides: [(String, String)] = []) throws -> any Effect {
    let entry = try EffectTable.require(name)
    let values = try ParameterValues(specs: entry.descriptor.parameters, overrides: overrides, effect: name)
    return try entry.make(values)
}

/// A frame of a `width × height` canvas at `scale` (1 = the reference's point numbers are pixels).
private func context(_ name: String, fraction: Double, width: Int = 375, height: Int = 667, scale: Double = 1) throws -> FrameContext {
    let d = try EffectTable.require(name).descriptor
    return FrameContext(size: PixelSize(width: width, height: height), timeFraction: fraction, time: fraction * d.defaultDuration,
                        duration: d.defaultDuration, timing: d.defaultTiming, scale: scale)
}

private func layers(_ plan: FramePlan) -> [Layer] {
    plan.commands.compactMap { if case .layer(let l) = $0 { return l } else { return nil } }
}
private func fills(_ plan: FramePlan) -> [Fill] {
    plan.commands.compactMap { if case .fill(let f) = $0 { return f } else { return nil } }
}

private func pixels(_ r: Rect, _ scale: Double) -> Rect {
    Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale)
}

private func isFinite(_ r: Rect) -> Bool { [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) }

/// Every number a renderer reads is finite.
private func allFinite(_ plan: FramePlan) -> Bool {
    func finite(_ l: Layer) -> Bool {
        isFinite(l.frame) && (l.sourceRect.map(isFinite) ?? true) && l.opacity.isFinite
            && [l.cornerRadii.topLeft, l.cornerRadii.topRight, l.cornerRadii.bottomLeft, l.cornerRadii.bottomRight].allSatisfy(\.isFinite)
    }
    return plan.commands.allSatisfy { command in
        switch command {
        case .clear(let c): return [c.r, c.g, c.b, c.a].allSatisfy(\.isFinite)
        case .layer(let l): return finite(l)
        case .pair(let p): return finite(p.first) && finite(p.second)
        case .fill(let f):
            switch f.shape {
            case .canvas: return f.color.a.isFinite
            case .rect(let r, _): return isFinite(r) && f.color.a.isFinite
            case .circle(let c, let r): return c.x.isFinite && c.y.isFinite && r.isFinite && f.color.a.isFinite
            }
        case .xfade(let x): return x.progress.isFinite
        case .xfadeExpression(let x): return x.progress.isFinite
        case .smpteWipe(let w): return w.position.isFinite
        case .reveal, .lumaWipe, .shader, .blur, .sprites: return false
        }
    }
}

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
private func close(_ a: Rect?, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

/// Every UIKit effect whose default configuration runs without springs.
private let curveEffects: [(String, [(String, String)])] = [
    ("present", []), ("present", [("edge", "top")]), ("dismiss", []), ("dismiss", [("edge", "top")]),
    ("diagonal", []), ("diagonal", [("mode", "dismiss")]),
    ("zoom", []),
    ("card", []), ("card", [("mode", "dismiss"), ("shadow", "0.44")]),
    ("bubble", []), ("bubble", [("mode", "dismiss"), ("color", "#ff8800")]),
]

@Test func uikitEffectsAreInTheTable() {
    for name in ["present", "dismiss", "diagonal", "zoom", "card", "bubble"] {
        #expect(EffectTable.entry(named: name) != nil, "\(name) missing")
    }
}

@Test func plansAreDeterministicAndFinite() throws {
    for (name, overrides) in curveEffects {
        let effect = try make(name, overrides)
        for fraction in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0] {
            let ctx = try context(name, fraction: fraction, width: 1170, height: 2532, scale: 3)
            let plan = effect.plan(ctx)
            #expect(allFinite(plan), "\(name) \(overrides) at \(fraction)")
            #expect(plan.size == ctx.size)
        }
        let half = try context(name, fraction: 0.5, width: 391, height: 847, scale: 3)
        let again = try make(name, overrides)
        #expect(effect.plan(half) == again.plan(half), "\(name) \(overrides)")
    }
}

// MARK: present / dismiss (Apple, AAPLCustomPresentationController)

@Test func presentSlidesUpAndDims() throws {
    let effect = try make("present")
    let start = effect.plan(try context("present", fraction: 0.001))
    #expect(layers(start)[1].source == .to)
    #expect(layers(start)[1].frame.y > 666)
    let end = effect.plan(try context("present", fraction: 0.999))
    #expect(close(layers(end)[1].frame.y, 0, 1e-2))
    let dim = try #require(fills(end).first)
    #expect(dim.shape == .canvas)
    #expect(close(dim.color.a, 0.5, 1e-5))
    #expect(dim.color.r == 0 && dim.color.g == 0 && dim.color.b == 0)
    // easeInEaseOut is symmetric: half way in time, half way in space and half the dimming.
    let half = effect.plan(try context("present", fraction: 0.5))
    #expect(close(layers(half)[1].frame.y, 333.5))
    #expect(close(fills(half)[0].color.a, 0.25))
}

@Test func pullDownComesFromAbove() throws {
    let plan = try make("present", [("edge", "top")]).plan(try context("present", fraction: 0.1))
    let presented = layers(plan)[1]
    #expect(presented.frame.maxY < 667 && presented.frame.maxY > 0 && presented.frame.y < 0)
}

@Test func dismissSlidesBackDownAndBrightens() throws {
    let effect = try make("dismiss")
    let early = effect.plan(try context("dismiss", fraction: 0.001))
    #expect(layers(early)[0].source == .to && layers(early)[1].source == .from)
    #expect(close(fills(early)[0].color.a, 0.5, 1e-5))
    #expect(close(layers(early)[1].frame.y, 0, 1e-2))
    let late = effect.plan(try context("dismiss", fraction: 0.999))
    #expect(layers(late)[1].frame.y > 666)
    #expect(fills(late)[0].color.a < 1e-5)
}

// MARK: diagonal (Apple, View Controller Programming Guide, "Customizing the Transition Animations")

@Test func diagonalStartsOffTheLowerRightCorner() throws {
    let effect = try make("diagonal")
    let start = effect.plan(try context("diagonal", fraction: 0))
    let presented = layers(start)[1]
    #expect(presented.source == .to)
    #expect(presented.frame == Rect(x: 375, y: 667, width: 375, height: 667))
    let half = layers(effect.plan(try context("diagonal", fraction: 0.5)))[1]
    #expect(close(half.frame.x, 187.5) && close(half.frame.y, 333.5))
    #expect(layers(effect.plan(try context("diagonal", fraction: 1)))[1].frame == Rect(x: 0, y: 0, width: 375, height: 667))

    let dismiss = try make("diagonal", [("mode", "dismiss")])
    let gone = layers(dismiss.plan(try context("diagonal", fraction: 1)))[1]
    #expect(gone.source == .from)
    #expect(gone.frame == Rect(x: 375, y: 667, width: 375, height: 667))
}

// MARK: zoom (WorldDownTown/ZoomTransitioning; Kodeco PopAnimator)

@Test func zoomMovesAnAspectFilledImage() throws {
    let effect = try make("zoom")
    let scale = 3.0
    let src = pixels(Rect(x: 20, y: 212, width: 44, height: 44), scale)
    let dst = pixels(Rect(x: 0, y: 98, width: 390, height: 296), scale)
    let ctx = try context("zoom", fraction: 0.5, width: 1170, height: 2532, scale: scale)
    let e = ctx.easedProgress
    let all = layers(effect.plan(ctx))
    #expect(all.count == 4)
    // Screens cross-dissolve.
    #expect(all[0].source == .from && close(all[0].opacity, 1 - e) && all[0].blend == .plus)
    #expect(all[1].source == .to && close(all[1].opacity, e) && all[1].blend == .plus)
    // The moving image: the interpolated frame, showing aspect-fill crops of both regions.
    let moving = Rect.lerp(src, dst, e)
    let aspect = moving.width / moving.height
    for (layer, region) in [(all[2], src), (all[3], dst)] {
        #expect(layer.frame == moving)
        let crop = try #require(layer.sourceRect)
        #expect(close(crop.width / crop.height, aspect, 1e-9))
        #expect(crop.x >= region.x - 1e-9 && crop.maxX <= region.maxX + 1e-9)
        #expect(crop.y >= region.y - 1e-9 && crop.maxY <= region.maxY + 1e-9)
        #expect(close(crop.width, region.width, 1e-9) || close(crop.height, region.height, 1e-9))
        #expect(close(crop.midX, region.midX, 1e-9) && close(crop.midY, region.midY, 1e-9))
    }
    #expect(all[2].source == .from && all[2].opacity == 1)
    #expect(all[3].source == .to && close(all[3].opacity, e))
    #expect(close(all[2].cornerRadii.topLeft, (22 - 22 * e) * scale))
}

@Test func zoomEndsOnTheDestination() throws {
    let effect = try make("zoom")
    let start = layers(effect.plan(try context("zoom", fraction: 0, width: 1170, height: 2532, scale: 3)))
    #expect(start[2].frame == Rect(x: 60, y: 636, width: 132, height: 132))
    #expect(close(start[2].sourceRect, start[2].frame))
    let end = layers(effect.plan(try context("zoom", fraction: 1, width: 1170, height: 2532, scale: 3)))
    let hero = Rect(x: 0, y: 294, width: 1170, height: 888)
    #expect(end[3].frame == hero && close(end[3].sourceRect, hero) && end[3].opacity == 1)
    #expect(end[3].cornerRadii.isZero)
}

@Test
func zoomTransformScalesTheWholeScreenFromTheSource() throws {
    let effect = try make("zoom", [("style", "transform")])
    let start = layers(effect.plan(try context("zoom", fraction: 0, width: 1170, height: 2532, scale: 3)))
    // sx = w_src/W, sy = h_src/H about the source centre: the screen covers the source rect.
    #expect(start[1].source == .to)
    #expect(start[1].frame == Rect(x: 60, y: 636, width: 132, height: 132))
    let ctx = try context("zoom", fraction: 0.5, width: 1170, height: 2532, scale: 3)
    let mid = layers(effect.plan(ctx))[1].frame
    let e = ctx.eased(by: Zoom.transformTiming)
    #expect(close(mid.width / 1170, lerp(132.0 / 1170, 1, e), 1e-9))
    #expect(close(mid.height / 2532, lerp(132.0 / 2532, 1, e), 1e-9))
    #expect(close(mid.midX, lerp(126, 585, e), 1e-9) && close(mid.midY, lerp(702, 1266, e), 1e-9))
    let end = layers(effect.plan(try context("zoom", fraction: 1, width: 1170, height: 2532, scale: 3)))
    #expect(end[1].frame == Rect(x: 0, y: 0, width: 1170, height: 2532))
}

// MARK: card (HarshilShah/DeckTransition, ivanvorobei/SPStorkController)

@Test func deckScalesThePresenterAboutItsTopCentre() throws {
    let plan = try make("card", [("end", "card")]).plan(try context("card", fraction: 1))
    let all = layers(plan)
    guard case .clear(let background)? = plan.commands.first else { Issue.record("no clear"); return }
    #expect(background == .black)
    let presenter = all[0].frame
    #expect(all[0].source == .from)
    #expect(close(presenter.width / 375, 0.940030, 1e-6))
    #expect(close(presenter.height / 667, 0.940030, 1e-6))
    #expect(close(presenter.midX, 187.5) && close(presenter.y, 20))
    #expect(all[0].cornerRadii == .top(8))
    let overlay = try #require(fills(plan).first)
    #expect(overlay.shape == .rect(presenter, .top(8)) && close(overlay.color.a, 0.2))
    let card = all[1]
    #expect(card.source == .to && card.frame == Rect(x: 0, y: 28, width: 375, height: 639))
    #expect(card.sourceRect == Rect(x: 0, y: 0, width: 375, height: 639))
    #expect(card.cornerRadii == .top(8))
    #expect(card.shadow == nil)
}

@Test func deckCardRisesFromTheBottomOnEaseOut() throws {
    let effect = try make("card", [("inset", "44"), ("end", "card")])
    let ctx = try context("card", fraction: 0.25, width: 1125, height: 2436, scale: 3)
    let e = CubicBezier.easeOut.value(at: 0.25)
    let all = layers(effect.plan(ctx))
    #expect(close(all[1].frame.y, lerp(2436, 52 * 3, e), 1e-9))
    #expect(close(all[0].frame.width / 1125, lerp(1, 0.891626, e), 1e-6))
    #expect(close(all[0].cornerRadii.topLeft, 24 * e, 1e-9) && all[0].cornerRadii.bottomLeft == 0)
    #expect(all[1].cornerRadii == .top(24))
}

@Test func cardDismissRunsBackwardsWithAShadow() throws {
    let effect = try make("card", [("mode", "dismiss"), ("shadow", "0.44"), ("end", "card")])
    let all = layers(effect.plan(try context("card", fraction: 1e-9)))
    #expect(all[0].source == .to && all[1].source == .from)
    #expect(close(all[1].frame.y, 28, 1e-4))
    let shadow = try #require(all[1].shadow)
    #expect(shadow.color.a == 0.44 && shadow.offset == Point(x: 0, y: -6) && shadow.sigma == 6.5)
    let gone = layers(effect.plan(try context("card", fraction: 1)))
    #expect(gone[1].frame.y == 667 && gone[0].frame == Rect(x: 0, y: 0, width: 375, height: 667))
}

/// By default the card rises over the whole screen, its corners squaring as it comes, so the
/// last frame is the new screen itself (a card cut into a video does not pop).
@Test func cardEndsOnTheNewScreenByDefault() throws {
    let effect = try make("card")
    let end = layers(effect.plan(try context("card", fraction: 1)))
    #expect(end[1].source == .to && end[1].frame == Rect(x: 0, y: 0, width: 375, height: 667) && end[1].cornerRadii == .top(0))
    #expect(end[1].sourceRect == Rect(x: 0, y: 0, width: 375, height: 667))
    let e = CubicBezier.easeOut.value(at: 0.5)
    let middle = layers(effect.plan(try context("card", fraction: 0.5)))
    #expect(close(middle[1].frame.y, lerp(667, 0, e), 1e-9) && close(middle[1].cornerRadii.topLeft, 8 * (1 - e), 1e-9))
    #expect(effect.restingSnapshot(atEnd: true) == .to && effect.restingSnapshot(atEnd: false) == .from)
    #expect(try make("card", [("end", "card")]).restingSnapshot(atEnd: true) == nil)
}

@Test func cardPresetConstants() {
    #expect(Card.Preset.deck.dismissThreshold == 240 && Card.Preset.stork.dismissThreshold == 200)
    #expect(Card.Preset.deck.duration == 0.3 && Card.Preset.stork.duration == 0.6)
    #expect(close(Card.Preset.stork.presenterScale(width: 375, height: 667, inset: 20), 0.930667, 1e-6))
    #expect(close(Card.Preset.stork.presenterScale(width: 414, height: 896, inset: 44), 0.937198, 1e-6))
    #expect(close(Card.Preset.deck.presenterScale(width: 390, height: 844, inset: 47), 0.888626, 1e-6))
    #expect(Card.Preset.stork.presenterTop(inset: 20) == 30 && Card.Preset.stork.cardTop(inset: 20) == 43)
    #expect(Card.Preset.stork.presenterTop(inset: 44) == 44 && Card.Preset.stork.cardTop(inset: 44) == 57)
}

@Test
func storkScalesBy26OverWidth() throws {
    let effect = try make("card", [("preset", "stork"), ("end", "card")])
    let plan = effect.plan(try context("card", fraction: 1))
    let all = layers(plan)
    #expect(close(all[0].frame.width / 375, 0.930667, 1e-6))
    #expect(close(all[0].frame.y, 30) && all[0].cornerRadii == .top(10))
    #expect(close(fills(plan)[0].color.a, 0.51))
    #expect(all[1].frame == Rect(x: 0, y: 43, width: 375, height: 624) && all[1].cornerRadii == .top(10))
    let ctx = try context("card", fraction: 0.5)
    #expect(allFinite(effect.plan(ctx)) && effect.plan(ctx) == effect.plan(ctx))
}

@Test func elasticDragMatchesTheReference() {
    let vectors: [(Double, Double)] = [(0, 0), (60, 30), (120, 60), (150, 70.349360), (200, 85.640078),
                                       (240, 95.561945), (300, 107.483812)]
    for (t, f) in vectors {
        #expect(close(ElasticDrag.offset(forTranslation: t), f), "f(\(t))")
    }
    #expect(ElasticDrag.offset(forTranslation: -50) == 0)
    // Continuous at the knee.
    #expect(close(ElasticDrag.offset(forTranslation: 119.999999), 60, 1e-5))
}

// MARK: bubble (andreamazz/BubbleTransition, Source/BubbleTransition.swift)

@Test func bubbleGrowsToTheFarthestCorner() throws {
    let cases: [(Point, Int, Int, Double)] = [
        (Point(x: 187.5, y: 333.5), 375, 667, 382.594433),
        (Point(x: 330, y: 40), 375, 667, 708.540048),
        (Point(x: 0, y: 0), 375, 667, 765.188866),
        (Point(x: 350, y: 620), 375, 812, 711.969100),
        (Point(x: 20, y: 20), 414, 896, 960.526939),
    ]
    for (start, w, h, radius) in cases {
        let effect = try make("bubble", [("start", "\(start.x),\(start.y)")])
        let plan = effect.plan(try context("bubble", fraction: 1, width: w, height: h))
        guard case .circle(let centre, let r)? = fills(plan).first?.shape else { Issue.record("no disc"); continue }
        #expect(centre == start)
        #expect(close(r, radius), "R at \(start) on \(w)x\(h)")
    }
}

@Test func bubbleScreenGrowsFromTheStartPoint() throws {
    let effect = try make("bubble", [("start", "100,600"), ("color", "#336699")])
    let start = effect.plan(try context("bubble", fraction: 0))
    let tiny = layers(start)[1]
    #expect(tiny.source == .to && tiny.opacity == 0)
    #expect(close(tiny.frame.midX, 100) && close(tiny.frame.midY, 600))
    #expect(close(tiny.frame.width, 0.375) && close(tiny.frame.height, 0.667))
    #expect(fills(start)[0].color == Color(parsing: "#336699"))
    // easeInEaseOut(0.5) = 0.5: half grown, half way to the centre, half faded in.
    let half = layers(effect.plan(try context("bubble", fraction: 0.5)))[1]
    let k = lerp(0.001, 1, 0.5)
    #expect(close(half.frame.width, 375 * k) && close(half.opacity, 0.5))
    #expect(close(half.frame.midX, lerp(100, 187.5, 0.5)) && close(half.frame.midY, lerp(600, 333.5, 0.5)))
    let end = layers(effect.plan(try context("bubble", fraction: 1)))[1]
    #expect(end.frame == Rect(x: 0, y: 0, width: 375, height: 667) && end.opacity == 1)
}

@Test func bubbleDismissShrinksBackIntoTheButton() throws {
    let effect = try make("bubble", [("mode", "dismiss")])
    let plan = effect.plan(try context("bubble", fraction: 1, width: 1170, height: 2532, scale: 3))
    let presented = layers(plan)[1]
    #expect(presented.source == .from && presented.opacity == 0)
    #expect(close(presented.frame.midX, 1080) && close(presented.frame.midY, 210))
    guard case .circle(let centre, let r)? = fills(plan).first?.shape else { Issue.record("no disc"); return }
    #expect(centre == Point(x: 1080, y: 210))
    #expect(close(r, 0.001 * farthestCornerRadius(center: centre, width: 1170, height: 2532)))
    #expect(Bubble.interactiveFinishThreshold == 0.3)
}
