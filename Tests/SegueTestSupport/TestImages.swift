import Foundation
import SegueCore

/// Small deterministic images for renderer tests.
public enum TestImages {
    /// A smooth photo-like gradient with a few hard edges; opaque.
    public static func photo(_ w: Int, _ h: Int, seed: Int = 0) -> PixelBuffer {
        var b = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let fx = Double(x) / Double(max(1, w - 1)), fy = Double(y) / Double(max(1, h - 1))
                var r = 0.5 + 0.5 * sin(6.0 * fx + Double(seed)), g = fy, bl = 0.5 + 0.4 * cos(9.0 * fx * fy + 1)
                if (x / 37 + y / 29 + seed) % 5 == 0 { r = 1 - r; g = 1 - g }
                b.bytes[i] = UInt8(r * 255); b.bytes[i + 1] = UInt8(g * 255); b.bytes[i + 2] = UInt8(bl * 255); b.bytes[i + 3] = 255
            }
        }
        return b
    }

    /// A UI-like screen: flat panels, a rounded card, and transparent and translucent areas
    /// (premultiplied).
    public static func ui(_ w: Int, _ h: Int, seed: Int = 0) -> PixelBuffer {
        var b = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                var c: (Double, Double, Double, Double)
                if y < h / 10 {
                    c = (0.97, 0.97, 0.98, 0.85)               // translucent bar
                } else if x < w / 12 || x > w - w / 12 {
                    c = (0, 0, 0, 0)                            // transparent margins
                } else if (y / 24 + seed) % 3 == 0 {
                    c = (0.2 + 0.1 * Double(seed % 3), 0.5, 0.9, 1)  // accent rows
                } else {
                    c = (1, 1, 1, 1)
                }
                b.bytes[i] = UInt8(c.0 * c.3 * 255 + 0.5); b.bytes[i + 1] = UInt8(c.1 * c.3 * 255 + 0.5)
                b.bytes[i + 2] = UInt8(c.2 * c.3 * 255 + 0.5); b.bytes[i + 3] = UInt8(c.3 * 255 + 0.5)
            }
        }
        return b
    }

    /// Deterministic premultiplied pixels covering every alpha value.
    public static func transparent(width: Int, height: Int) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height)
        var seed: UInt32 = 12345
        for i in 0..<(width * height) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let a = UInt32(i % 256)
            for k in 0..<3 { b.bytes[i * 4 + k] = UInt8((seed >> UInt32(8 * k)) & 0xFF) }
            for k in 0..<3 {
                let v = UInt32(b.bytes[i * 4 + k]) * a + 128
                b.bytes[i * 4 + k] = UInt8((v + (v >> 8)) >> 8)
            }
            b.bytes[i * 4 + 3] = UInt8(a)
        }
        return b
    }
}

/// The pixel at (x, y) as four integers, for readable expectations.
public func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
    let p = buffer[x, y]
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}
