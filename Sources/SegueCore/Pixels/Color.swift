/// A colour with straight (not premultiplied) sRGB-encoded components in 0…1, as people
/// write them. Renderers premultiply once, with `premultipliedBytes`.
public struct Color: Codable, Hashable, Sendable, CustomStringConvertible {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(white: Double, alpha: Double = 1) { self.init(r: white, g: white, b: white, a: alpha) }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    public func withAlpha(_ alpha: Double) -> Color { Color(r: r, g: g, b: b, a: alpha) }

    /// Premultiplied RGBA8 with round-to-nearest, the byte layout of a `PixelBuffer` pixel.
    public var premultipliedBytes: (UInt8, UInt8, UInt8, UInt8) {
        let a = clamp(self.a, 0, 1)
        func q(_ v: Double) -> UInt8 { UInt8(clamp(v, 0, 1) * 255 + 0.5) }
        return (q(r * a), q(g * a), q(b * a), q(a))
    }

    /// `#rrggbb`, `#rrggbbaa`, `rrggbb`, or a name (`black`, `white`, `clear`).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "black": self = .black; return
        case "white": self = .white; return
        case "clear", "transparent": self = .clear; return
        default: break
        }
        var hex = Substring(text)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.count == 6 || hex.count == 8, let v = UInt32(hex, radix: 16) else { return nil }
        let full = hex.count == 6 ? (v << 8) | 0xFF : v
        self.init(r: Double((full >> 24) & 0xFF) / 255, g: Double((full >> 16) & 0xFF) / 255,
                  b: Double((full >> 8) & 0xFF) / 255, a: Double(full & 0xFF) / 255)
    }

    public var hexString: String {
        func h(_ v: Double) -> String {
            let n = Int(clamp(v, 0, 1) * 255 + 0.5)
            return String(n / 16, radix: 16) + String(n % 16, radix: 16)
        }
        return "#" + h(r) + h(g) + h(b) + (a < 1 ? h(a) : "")
    }
    public var description: String { hexString }
}
