import Foundation
import SegueCore

/// Textures for user shaders' `sampler2D` parameters.
public enum ShaderTextures {
    /// The texture a `sampler2D` parameter gets when none is given: an opaque grey spiral
    /// sweeping every level once per turn (a luma map, like the GL Transitions site's default
    /// `spiral-2.png`), generated rather than shipped.
    public static func lumaSpiral(size: Int = 256) -> PixelBuffer {
        var image = PixelBuffer(width: size, height: size)
        let c = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let dx = (Double(x) + 0.5 - c) / c, dy = (Double(y) + 0.5 - c) / c
                let turn = (atan2(dy, dx) / (2 * Double.pi) + 0.5 + 1.5 * (dx * dx + dy * dy).squareRoot())
                let level = UInt8(clamp((turn - turn.rounded(.down)) * 255, 0, 255).rounded())
                let i = (y * size + x) * 4
                image.bytes[i] = level; image.bytes[i + 1] = level; image.bytes[i + 2] = level; image.bytes[i + 3] = 255
            }
        }
        return image
    }
}

extension PixelBuffer {
    /// Rows in reverse order: for images a shader samples with a bottom-left uv.
    public func flippedVertically() -> PixelBuffer {
        var out = PixelBuffer(width: width, height: height)
        for row in 0..<height {
            let from = row * rowBytes, to = (height - 1 - row) * rowBytes
            out.bytes.replaceSubrange(to..<(to + rowBytes), with: bytes[from..<(from + rowBytes)])
        }
        return out
    }
}
