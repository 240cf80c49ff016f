import SegueCore

/// Magic move (docs/MAGIC-MOVE.md): every element the two screens share moves from its place
/// on the first to its place on the second, as Keynote's magic move, a collection view's
/// layout change and CSS View Transitions do; an element on the first screen alone fades out
/// in place, one on the second alone fades in. The elements come from an element map for each
/// screen (`ElementMap`: JSON, an Android `uiautomator dump`, an XCUITest list), matched by id
/// (`ElementPair`). Each element is one `pair` command over the two screens' cross-dissolve.
///
/// Two styles:
/// * `view-transition` — the CSS View Transitions Level 1 algorithm as Chromium draws it:
///   one eased value e (CSS `ease`, 0.25 s) moves each group's top-left and size linearly;
///   inside it the old and new images are as wide as the group, keep their own aspect ratio,
///   hang from its top, unclipped, and cross-fade as old·(1 − e) + new·e added (`plus-lighter`)
///   before the group is drawn over the screens, which cross-fade the same way.
/// * `hero` — what iOS apps do with snapshots (Hero, ZoomTransitioning): each moving element
///   shows the aspect-fill crop of its snapshot for the frame's shape at every step (never
///   stretched), its corner radius interpolated; optionally staggered, one element after the
///   other (the Photos layout change).
///
/// Under the elements the screens cross-fade at the elements' pace, or (`screens=fade-in`) the
/// new screen fades in over the old linearly in time, settled before a springing element is.
public struct MagicMove: BuiltinEffect {
    enum Style: String, ParameterChoice { case viewTransition = "view-transition", hero }
    enum Screens: String, ParameterChoice { case crossfade, fadeIn = "fade-in" }

    public static let entry = EffectEntry(MagicMove(), name: "magic-move",
                                          summary: "Shared elements move from their places on one screen to their places on the next (CSS View Transitions, Keynote's magic move).",
                                          defaultDuration: 0.25, defaultTiming: .caDefault)
    public static let parameters: [ParameterBinding<MagicMove>] = [
        .init(\.$fromElements), .init(\.$toElements), .init(\.$style), .init(\.$stagger), .init(\.$screens),
    ]

    @Parameter("from-elements", "The from screen's elements: @FILE (JSON, uiautomator dump, XCUITest list) or JSON (auto: the sample inbox's).")
    var fromElements: ElementMap? = nil
    @Parameter("to-elements", "The to screen's elements, matched to the from screen's by id (auto: the sample detail page's).")
    var toElements: ElementMap? = nil
    @Parameter("style", "view-transition: CSS View Transitions as Chromium draws them; hero: aspect-fill snapshots, radii interpolated, stagger.")
    var style = Style.viewTransition
    @Parameter("stagger", in: 0...0.9, "hero: share of the duration by which the last element starts after the first (0: all at once).")
    var stagger = 0.0
    @Parameter("screens", "Under the elements: crossfade (at the elements' pace, as CSS does) or fade-in (the new screen over the old, linearly in time).")
    var screens = Screens.crossfade

    /// The sample screens' shared elements (`SampleSnapshots`, 390×844 pt, fitted to the
    /// canvas as the sample snapshots are): the third row's
    /// avatar becomes the detail page's photo, the search field its card; the tab bar leaves
    /// and the Share button enters.
    static let sampleScreen = Rect(x: 0, y: 0, width: 390, height: 844)
    static let sampleFrom = ElementMap(units: .points, screen: sampleScreen, elements: [
        ScreenElement(id: "search", frame: Rect(x: 16, y: 146, width: 358, height: 36), cornerRadius: 10),
        ScreenElement(id: "photo", frame: Rect(x: 20, y: 364, width: 44, height: 44), cornerRadius: 22),
        ScreenElement(id: "tab-bar", frame: Rect(x: 0, y: 761, width: 390, height: 83)),
    ], source: "")
    static let sampleTo = ElementMap(units: .points, screen: sampleScreen, elements: [
        ScreenElement(id: "photo", frame: Rect(x: 0, y: 98, width: 390, height: 296)),
        ScreenElement(id: "search", frame: Rect(x: 16, y: 410, width: 358, height: 262), cornerRadius: 14),
        ScreenElement(id: "share", frame: Rect(x: 16, y: 744, width: 358, height: 52), cornerRadius: 14),
    ], source: "")

    /// Both maps, or neither (then the samples', fitted to the canvas as the samples are);
    /// every element of a given map at least touching the canvas; a stagger only with `hero`
    /// (View Transitions move every group on the one eased value), rather than ignored.
    public func check(_ frame: FrameContext) throws(SegueError) {
        guard stagger == 0 || style == .hero else {
            throw .usage("magic-move: stagger=\(readable(stagger)) needs style=hero (view-transition moves every element at once, as CSS does)")
        }
        guard (fromElements == nil) == (toElements == nil) else {
            throw .usage("magic-move: give both from-elements and to-elements, or neither (the sample screens' elements)")
        }
        guard let fromElements, let toElements else { return }
        for (map, role) in [(fromElements, "from-elements"), (toElements, "to-elements")] {
            if let error = map.checkOnCanvas(scale: frame.scale, canvas: frame.size, role: role) { throw error }
        }
    }

    private var maps: (ElementMap, ElementMap) { (fromElements ?? Self.sampleFrom, toElements ?? Self.sampleTo) }

    /// The matched elements in canvas pixels, in drawing order.
    func pairs(_ frame: FrameContext) -> [ElementPair] {
        let (from, to) = maps
        return ElementPair.matching(from: from.onCanvas(scale: frame.scale, canvas: frame.size),
                                    to: to.onCanvas(scale: frame.scale, canvas: frame.size))
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let canvas = frame.canvas
        var commands: [DrawCommand] = [.clear(.clear)]
        if screens == .fadeIn {
            commands.append(.layer(Layer(source: .from, frame: canvas)))
            commands.append(.layer(Layer(source: .to, frame: canvas, opacity: frame.timeFraction)))
        } else {
            commands.append(.layer(Layer(source: .from, frame: canvas, opacity: 1 - e, blend: .plus)))
            commands.append(.layer(Layer(source: .to, frame: canvas, opacity: e, blend: .plus)))
        }
        let pairs = pairs(frame)
        for (index, pair) in pairs.enumerated() {
            let layers: (Layer, Layer)
            switch style {
            case .viewTransition: layers = Self.viewTransitionLayers(pair, e)
            case .hero: layers = Self.heroLayers(pair, elementProgress(frame, index: index, count: pairs.count))
            }
            commands.append(.pair(LayerPair(name: "\(pair.id) \(pair.role.rawValue)", first: layers.0, second: layers.1)))
        }
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: commands)
    }

    /// A group of CSS View Transitions: its rectangle interpolated in e; the old image (the
    /// from element) and the new one each as wide as the group, as tall as their own aspect
    /// ratio makes them, from its top; faded out and in. A leaving or entering element is the
    /// one image it has, in place.
    static func viewTransitionLayers(_ pair: ElementPair, _ e: Double) -> (Layer, Layer) {
        let group = switch (pair.from, pair.to) {
        case (let f?, let t?): Rect.lerp(f.frame, t.frame, e)
        default: (pair.from ?? pair.to)!.frame
        }
        func image(_ element: ScreenElement?, _ source: ImageRef, opacity: Double) -> Layer {
            guard let element else { return Layer(source: source, frame: group, opacity: 0) }
            // Layout gives the replaced image whole-pixel sizes (Chromium: round(width) ×
            // round(width × h/w)); its origin keeps the group's fraction. At its own place the
            // image is the element itself, so the ends are the screens exactly.
            let atHome = abs(group.width - element.frame.width) < 1e-9 && abs(group.x - element.frame.x) < 1e-9
                && abs(group.y - element.frame.y) < 1e-9
            let width = atHome ? element.frame.width : group.width.rounded()
            let height = atHome ? element.frame.height : (group.width * element.frame.height / element.frame.width).rounded()
            let s = width / element.frame.width
            return Layer(source: source, sourceRect: element.frame, frame: Rect(x: group.x, y: group.y, width: width, height: height),
                         opacity: opacity, cornerRadii: CornerRadii(all: element.cornerRadius * s))
        }
        return (image(pair.from, .from, opacity: 1 - e), image(pair.to, .to, opacity: e))
    }

    /// A moving snapshot: the frame interpolated in e, each side's aspect-fill crop for that
    /// frame's shape, the radius interpolated; the two cross-dissolve.
    static func heroLayers(_ pair: ElementPair, _ e: Double) -> (Layer, Layer) {
        switch (pair.from, pair.to) {
        case (let f?, let t?):
            let moving = Rect.lerp(f.frame, t.frame, e)
            let aspect = moving.height > 0 ? moving.width / moving.height : 1
            let corners = CornerRadii(all: max(0, lerp(f.cornerRadius, t.cornerRadius, e)))
            return (Layer(source: .from, sourceRect: f.frame.aspectFillCrop(forAspect: aspect), frame: moving, opacity: 1 - e, cornerRadii: corners),
                    Layer(source: .to, sourceRect: t.frame.aspectFillCrop(forAspect: aspect), frame: moving, opacity: e, cornerRadii: corners))
        default:
            return viewTransitionLayers(pair, e)
        }
    }

    /// Element `index` of `count`'s eased progress: with a stagger, each starts `stagger ·
    /// index / (count − 1)` of the duration after the first and runs for `1 − stagger` of it.
    func elementProgress(_ frame: FrameContext, index: Int, count: Int) -> Double {
        guard stagger > 0, count > 1 else { return frame.easedProgress }
        let delay = stagger * Double(index) / Double(count - 1)
        var local = frame
        local.timeFraction = clamp((frame.timeFraction - delay) / (1 - stagger), 0, 1)
        local.duration = frame.duration * (1 - stagger)
        return local.easedProgress
    }
}
