import Foundation
import SegueCore

/// Two procedurally drawn app screens (a mail inbox and a photo detail page), 390×844 pt at
/// any scale, so transitions can be tried and tested without image files. Drawing is pure
/// arithmetic: the same scale gives the same bytes on every run. Both contain partial
/// transparency (the list's translucent tab bar, the detail page's rounded top corners) so
/// premultiplied handling is exercised end to end.
public enum SampleSnapshots {
    public static let pointSize = (width: 390.0, height: 844.0)

    public static func size(scale: Double) -> PixelSize {
        // Clamped so any scale gives a size (`Limits.scale` keeps real ones well inside).
        let side = Limits.canvasSide.range.upperBound
        return PixelSize(width: (pointSize.width * scale).rounded().clampedInt(0...side),
                         height: (pointSize.height * scale).rounded().clampedInt(0...side))
    }

    /// An inbox: status bar, large title, search field, message rows, translucent tab bar.
    public static func list(scale: Double = 3) -> PixelBuffer { lastDrawn.value(of: "list", scale: scale, draw: drawList) }

    /// A photo detail page: navigation bar, hero photo, rounded card with text.
    public static func detail(scale: Double = 3) -> PixelBuffer { lastDrawn.value(of: "detail", scale: scale, draw: drawDetail) }

    /// The last drawing of each sample: `segue serve` and batches ask for the same scale again
    /// and again, and the 3× samples take a fifth of a second to draw (release build). One
    /// scale per sample is kept (24 MB at 3×); the bytes are the same either way.
    private static let lastDrawn = LastDrawn()

    private final class LastDrawn: @unchecked Sendable {
        private let lock = NSLock()
        private var drawings: [String: (scale: Double, image: PixelBuffer)] = [:]

        func value(of sample: String, scale: Double, draw: (Double) -> PixelBuffer) -> PixelBuffer {
            lock.lock()
            if let kept = drawings[sample], kept.scale == scale { lock.unlock(); return kept.image }
            lock.unlock()
            let image = draw(scale)
            lock.lock()
            drawings[sample] = (scale, image)
            lock.unlock()
            return image
        }
    }

    private static func drawList(scale: Double) -> PixelBuffer {
        var c = Canvas(scale: scale)
        let tabTop = 761.0
        c.p.fill(c.rect(0, 0, 390, tabTop), .white)
        c.statusBar(dark: false)
        c.text("Edit", x: 16, y: 62, cap: 12, Palette.blue)
        c.composeIcon(x: 350, y: 58)
        c.text("Inbox", x: 16, y: 100, cap: 24, Palette.label, bold: true)
        c.searchField(y: 146)

        let rows: [(String, String, String, String, Color)] = [
            ("Olivia Bennett", "Weekend hiking plans", "9:41 AM", "OB", Color(r: 1.00, g: 0.42, b: 0.38)),
            ("Marcus Chen", "Re: Quarterly design review", "9:12 AM", "MC", Color(r: 1.00, g: 0.62, b: 0.04)),
            ("Priya Sharma", "Photos from the trip", "8:30 AM", "PS", Color(r: 0.20, g: 0.78, b: 0.35)),
            ("Lucas Moreau", "Dinner on Friday?", "Yesterday", "LM", Color(r: 0.19, g: 0.69, b: 0.78)),
            ("Emma Larsen", "Your package has shipped", "Yesterday", "EL", Color(r: 0.35, g: 0.34, b: 0.84)),
            ("Noah Williams", "Lunch next week", "Tuesday", "NW", Color(r: 1.00, g: 0.18, b: 0.33)),
            ("Sofia Rossi", "New album is out", "Monday", "SR", Color(r: 0.69, g: 0.32, b: 0.87)),
        ]
        for (i, row) in rows.enumerated() {
            c.messageRow(y: 196 + Double(i) * 76, name: row.0, subject: row.1, time: row.2, initials: row.3, color: row.4,
                         unread: i < 2, separator: i < rows.count - 1)
        }

        // Tab bar: translucent material over nothing, so its pixels keep alpha 0.9.
        c.p.fill(c.rect(0, tabTop, 390, 844 - tabTop), Color(r: 0.97, g: 0.97, b: 0.98, a: 0.9))
        c.p.fill(c.rect(0, tabTop, 390, 0.5), Color(white: 0.0, alpha: 0.2))
        let tabs = ["Inbox", "Search", "Favorites", "Settings"]
        for (i, name) in tabs.enumerated() {
            let cx = 390.0 / 8 * Double(2 * i + 1)
            let tint = i == 0 ? Palette.blue : Color(white: 0.56)
            c.tabIcon(i, cx: cx, cy: tabTop + 20, tint)
            c.text(name, x: cx, y: tabTop + 37, cap: 7, tint, align: .center)
        }
        c.homeIndicator()
        return c.p.buffer
    }

    private static func drawDetail(scale: Double) -> PixelBuffer {
        var c = Canvas(scale: scale)
        c.p.fill(c.rect(0, 0, 390, 844), Color(r: 0.95, g: 0.95, b: 0.97))

        let heroTop = 54.0
        c.hero(c.rect(0, heroTop, 390, 340))

        // Navigation bar: translucent white over the photo.
        c.p.fill(c.rect(0, 0, 390, 98), Color(r: 0.98, g: 0.98, b: 0.99, a: 0.85))
        c.p.fill(c.rect(0, 98, 390, 0.5), Color(white: 0, alpha: 0.18))
        c.statusBar(dark: false)
        c.chevron(x: 14, y: 67, pointingLeft: true, height: 18, width: 3, Palette.blue)
        c.text("Photos", x: 30, y: 68, cap: 12, Palette.blue)
        c.text("Details", x: 195, y: 68, cap: 12, Palette.label, bold: true, align: .center)
        c.p.fillCircle(center: c.point(362, 74), radius: 14 * scale, Color(r: 0.0, g: 0.48, b: 1.0, a: 0.14))
        for dx in [-6.0, 0, 6] { c.p.fillCircle(center: c.point(362 + dx, 74), radius: 1.8 * scale, Palette.blue) }

        // Card with caption and text.
        let cardTop = 410.0
        c.p.fillRoundedRect(c.rect(16, cardTop, 358, 262), radius: 14 * scale, .white)
        c.text("Mountain Sunrise", x: 32, y: cardTop + 22, cap: 18, Palette.label, bold: true)
        c.text("Yosemite Valley, California", x: 32, y: cardTop + 56, cap: 10, Palette.secondary)
        c.p.fill(c.rect(32, cardTop + 82, 326, 0.5), Palette.separator)
        let paragraph = [
            "First light over the valley, taken",
            "from Tunnel View just after dawn.",
            "The mist lifted minutes later and",
            "the granite walls turned gold.",
            "Shot on a tripod at f/8, 1/125 s.",
        ]
        for (i, line) in paragraph.enumerated() {
            c.text(line, x: 32, y: cardTop + 100 + Double(i) * 30, cap: 10, Palette.label)
        }
        // Chips.
        var chipX = 16.0
        for tag in ["Landscape", "Sunrise", "Travel"] {
            let w = c.textWidth(tag, cap: 9) + 28
            c.p.fillRoundedRect(c.rect(chipX, 690, w, 32), radius: 16 * scale, Color(r: 0.0, g: 0.48, b: 1.0, a: 0.12))
            c.text(tag, x: chipX + 14, y: 701, cap: 9, Palette.blue)
            chipX += w + 10
        }
        // Primary button.
        c.p.fillRoundedRect(c.rect(16, 744, 358, 52), radius: 14 * scale, Palette.blue)
        c.text("Share Photo", x: 195, y: 764, cap: 12, .white, bold: true, align: .center)
        c.homeIndicator()
        c.p.mask(to: c.rect(0, 0, 390, 844), radii: .top(40 * scale))
        return c.p.buffer
    }
}

private enum Palette {
    static let blue = Color(r: 0.0, g: 0.478, b: 1.0)
    static let label = Color(white: 0.0)
    static let secondary = Color(r: 0.54, g: 0.54, b: 0.56)
    static let separator = Color(r: 0.78, g: 0.78, b: 0.80)
}

/// Drawing in points: every coordinate is multiplied by `scale`.
private struct Canvas {
    var p: Painter
    let s: Double

    enum Align { case left, center, right }

    init(scale: Double) {
        s = scale
        p = Painter(size: SampleSnapshots.size(scale: scale))
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x * s, y: y * s, width: w * s, height: h * s) }
    func point(_ x: Double, _ y: Double) -> Point { Point(x: x * s, y: y * s) }

    /// Font pixel size for a cap height in points.
    func fontScale(_ cap: Double) -> Int { max(1, Int((cap * s / Double(BitmapFont.capHeight)).rounded())) }
    func textWidth(_ text: String, cap: Double) -> Double { Double(Painter.textWidth(text, scale: fontScale(cap))) / s }

    /// `y` is the top of the capitals; bold overstrikes one font-pixel fraction to the right.
    mutating func text(_ text: String, x: Double, y: Double, cap: Double, _ color: Color, bold: Bool = false, align: Align = .left) {
        let f = fontScale(cap)
        let w = Double(Painter.textWidth(text, scale: f))
        var px = x * s
        if align == .center { px -= w / 2 } else if align == .right { px -= w }
        p.drawText(text, at: Point(x: px, y: y * s), scale: f, color)
        if bold { p.drawText(text, at: Point(x: px + Double(max(1, f / 3)), y: y * s), scale: f, color) }
    }

    mutating func statusBar(dark: Bool) {
        let ink = dark ? Color.white : Palette.label
        text("9:41", x: 52, y: 20, cap: 11, ink, bold: true, align: .center)
        // Signal bars.
        for i in 0..<4 {
            let h = 4.0 + Double(i) * 2.4
            p.fillRoundedRect(rect(300 + Double(i) * 5, 31 - h, 3.2, h), radius: 0.8 * s, ink)
        }
        // Wi-Fi: a fan with a rounded top edge.
        p.fillConvexPolygon([point(332, 31.5), point(324, 23.5), point(327, 21.6), point(332, 20.6), point(337, 21.6), point(340, 23.5)], ink)
        // Battery.
        p.strokeRoundedRect(rect(351, 20.5, 24, 11.5), radius: 3.5 * s, width: 1 * s, ink.withAlpha(0.4))
        p.fillRoundedRect(rect(353, 22.5, 20, 7.5), radius: 2 * s, ink)
        p.fillRoundedRect(rect(376, 24.5, 1.6, 4), radius: 0.8 * s, ink.withAlpha(0.4))
    }

    mutating func composeIcon(x: Double, y: Double) {
        p.strokeRoundedRect(rect(x, y + 4, 18, 18), radius: 4 * s, width: 1.8 * s, Palette.blue)
        p.strokeLine(from: point(x + 8, y + 14), to: point(x + 21, y + 1), width: 2.2 * s, Palette.blue)
    }

    mutating func searchField(y: Double) {
        p.fillRoundedRect(rect(16, y, 358, 36), radius: 10 * s, Color(r: 0.46, g: 0.46, b: 0.50, a: 0.12))
        p.strokeCircle(center: point(34, y + 16.5), radius: 6 * s, width: 1.8 * s, Palette.secondary)
        p.strokeLine(from: point(38.5, y + 21), to: point(43, y + 25.5), width: 2 * s, Palette.secondary)
        text("Search", x: 50, y: y + 12, cap: 12, Palette.secondary)
        // Microphone.
        p.fillRoundedRect(rect(351, y + 9, 7, 12), radius: 3.5 * s, Palette.secondary)
        p.strokeLine(from: point(354.5, y + 24), to: point(354.5, y + 27), width: 1.6 * s, Palette.secondary)
    }

    mutating func messageRow(y: Double, name: String, subject: String, time: String, initials: String, color: Color,
                             unread: Bool, separator: Bool) {
        if unread { p.fillCircle(center: point(8, y + 38), radius: 5 * s, Palette.blue) }
        p.fillLinearGradient(rect(20, y + 16, 44, 44), radii: CornerRadii(all: 22 * s),
                             from: color.brightened(0.18), at: point(20, y + 16), to: color, at: point(20, y + 60))
        text(initials, x: 42, y: y + 32, cap: 11, .white, bold: true, align: .center)
        text(name, x: 76, y: y + 16, cap: 12, Palette.label, bold: true)
        text(time, x: 356, y: y + 18, cap: 10, Palette.secondary, align: .right)
        chevron(x: 364, y: y + 17, pointingLeft: false, height: 10, width: 2, Color(white: 0.77))
        text(subject, x: 76, y: y + 42, cap: 11, Palette.secondary)
        if separator { p.fill(rect(76, y + 75.5, 314, 0.5), Palette.separator) }
    }

    mutating func chevron(x: Double, y: Double, pointingLeft: Bool, height: Double, width: Double, _ color: Color) {
        let tip = pointingLeft ? x : x + height / 2, back = pointingLeft ? x + height / 2 : x
        p.strokeLine(from: point(back, y), to: point(tip, y + height / 2), width: width * s, color)
        p.strokeLine(from: point(tip, y + height / 2), to: point(back, y + height), width: width * s, color)
    }

    mutating func tabIcon(_ i: Int, cx: Double, cy: Double, _ tint: Color) {
        switch i {
        case 0: // tray
            p.fillRoundedRect(rect(cx - 13, cy - 9, 26, 19), radius: 4 * s, tint)
            p.strokeLine(from: point(cx - 10, cy - 5), to: point(cx, cy + 2), width: 2 * s, .white)
            p.strokeLine(from: point(cx, cy + 2), to: point(cx + 10, cy - 5), width: 2 * s, .white)
        case 1: // magnifier
            p.strokeCircle(center: point(cx - 2, cy - 2), radius: 8 * s, width: 2.4 * s, tint)
            p.strokeLine(from: point(cx + 4, cy + 4), to: point(cx + 10, cy + 10), width: 2.8 * s, tint)
        case 2: // star from two triangles
            p.fillConvexPolygon([point(cx, cy - 12), point(cx + 11, cy + 7), point(cx - 11, cy + 7)], tint)
            p.fillConvexPolygon([point(cx, cy + 11), point(cx + 11, cy - 5), point(cx - 11, cy - 5)], tint)
        default: // gear: ring with teeth
            for k in 0..<8 {
                let a = Double(k) * Double.pi / 4
                p.strokeLine(from: point(cx, cy), to: point(cx + 11 * cos(a), cy + 11 * sin(a)), width: 4 * s, tint)
            }
            p.fillCircle(center: point(cx, cy), radius: 8.5 * s, tint)
            p.fillCircle(center: point(cx, cy), radius: 3.5 * s, Color(r: 0.97, g: 0.97, b: 0.98))
        }
    }

    mutating func homeIndicator() {
        p.fillRoundedRect(rect(128, 831, 134, 5), radius: 2.5 * s, Palette.label)
    }

    /// A sunrise over layered mountains and a lake, clipped to rounded corners.
    mutating func hero(_ frame: Rect) {
        let size = PixelSize(width: frame.width.rounded().clampedInt(0...p.width), height: frame.height.rounded().clampedInt(0...p.height))
        var h = Painter(size: size)
        let W = Double(size.width), H = Double(size.height)
        func pt(_ x: Double, _ y: Double) -> Point { Point(x: x * W, y: y * H) }
        h.fillLinearGradient(Rect(x: 0, y: 0, width: W, height: H * 0.45), from: Color(r: 0.22, g: 0.20, b: 0.52), at: pt(0, 0),
                             to: Color(r: 0.93, g: 0.45, b: 0.56), at: pt(0, 0.45))
        h.fillLinearGradient(Rect(x: 0, y: H * 0.45, width: W, height: H * 0.3), from: Color(r: 0.93, g: 0.45, b: 0.56), at: pt(0, 0.45),
                             to: Color(r: 1.0, g: 0.78, b: 0.45), at: pt(0, 0.75))
        h.fillCircle(center: pt(0.64, 0.56), radius: 0.30 * H, Color(r: 1, g: 0.85, b: 0.55, a: 0.18))
        h.fillCircle(center: pt(0.64, 0.56), radius: 0.20 * H, Color(r: 1, g: 0.88, b: 0.6, a: 0.3))
        h.fillCircle(center: pt(0.64, 0.56), radius: 0.12 * H, Color(r: 1, g: 0.95, b: 0.75))
        // Clouds.
        for (x, y, r) in [(0.18, 0.22, 0.05), (0.24, 0.20, 0.065), (0.30, 0.23, 0.045), (0.80, 0.15, 0.04), (0.85, 0.13, 0.055)] {
            h.fillCircle(center: pt(x, y), radius: r * H * 1.2, Color(white: 1, alpha: 0.55))
        }
        let far = Color(r: 0.55, g: 0.33, b: 0.55)
        for peak in [(0.0, 0.48, 0.28), (0.28, 0.40, 0.30), (0.55, 0.50, 0.25), (0.82, 0.42, 0.30)] {
            h.fillConvexPolygon([pt(peak.0 - peak.2, 0.78), pt(peak.0, peak.1), pt(peak.0 + peak.2, 0.78)], far)
        }
        let near = Color(r: 0.27, g: 0.17, b: 0.38)
        for peak in [(0.12, 0.55, 0.30), (0.45, 0.60, 0.28), (0.78, 0.52, 0.32), (1.05, 0.58, 0.25)] {
            h.fillConvexPolygon([pt(peak.0 - peak.2, 0.80), pt(peak.0, peak.1), pt(peak.0 + peak.2, 0.80)], near)
            // Snow cap.
            let capH = 0.05, capW = peak.2 * capH / (0.80 - peak.1)
            h.fillConvexPolygon([pt(peak.0 - capW, peak.1 + capH), pt(peak.0, peak.1), pt(peak.0 + capW, peak.1 + capH)],
                                Color(white: 1, alpha: 0.75))
        }
        h.fillLinearGradient(Rect(x: 0, y: H * 0.78, width: W, height: H * 0.22), from: Color(r: 0.36, g: 0.32, b: 0.60), at: pt(0, 0.78),
                             to: Color(r: 0.12, g: 0.14, b: 0.32), at: pt(0, 1))
        // Sun's reflection on the water.
        for (i, w) in [0.16, 0.12, 0.09, 0.06, 0.04].enumerated() {
            let y = 0.82 + Double(i) * 0.035
            h.strokeLine(from: pt(0.64 - w / 2, y), to: pt(0.64 + w / 2, y), width: 0.012 * H, Color(r: 1, g: 0.85, b: 0.6, a: 0.7))
        }
        p.draw(h.buffer, x: frame.x.rounded().clampedInt(0...p.width), y: frame.y.rounded().clampedInt(0...p.height))
    }
}

private extension Color {
    func brightened(_ amount: Double) -> Color {
        Color(r: r + (1 - r) * amount, g: g + (1 - g) * amount, b: b + (1 - b) * amount, a: a)
    }
}
