import SegueCore

/// Premultiplied RGBA → the Y, U and V planes of a 4:4:4 Y4M frame: BT.601 limited range in
/// 8-bit fixed point, `Y = (66R + 129G + 25B + 128) >> 8 + 16`,
/// `U = (−38R − 74G + 112B + 128) >> 8 + 128`, `V = (112R − 94G − 18B + 128) >> 8 + 128`, of
/// the premultiplied RGB (the frame over black). Eight pixels at a time in 128-bit lanes of
/// 16-bit integers (what SSE2 and NEON hold), so a plain release build vectorises it; bands of
/// the frame on every core.
enum Y4MPlanes {
    /// Fills `planes` (3 × the pixel count) from `frame`.
    static func convert(_ frame: PixelBuffer, into planes: UnsafeMutableRawBufferPointer) {
        let pixels = min(frame.width * frame.height, frame.bytes.count / 4, planes.count / 3)
        frame.bytes.withUnsafeBytes { source in
            guard let input = source.baseAddress, let output = planes.baseAddress else { return }
            let from = SharedPointer(UnsafeMutableRawPointer(mutating: input)), to = SharedPointer(output)
            PixelBands.forEach(pixels: pixels, alignment: 8) { band in
                convert(UnsafeRawPointer(from.pointer), into: to.pointer, planeSize: pixels, pixels: band)
            }
        }
    }

    /// Converts the pixels `range` of `source` into the three planes of `planeSize` bytes each.
    static func convert(_ source: UnsafeRawPointer, into planes: UnsafeMutableRawPointer, planeSize: Int, pixels range: Range<Int>) {
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let rgba = source.loadUnaligned(fromByteOffset: 4 * i, as: SIMD32<UInt8>.self)
            let redBlue = rgba.evenHalf, greenAlpha = rgba.oddHalf
            let r = SIMD8<Int16>(truncatingIfNeeded: redBlue.evenHalf)
            let g = SIMD8<Int16>(truncatingIfNeeded: greenAlpha.evenHalf)
            let b = SIMD8<Int16>(truncatingIfNeeded: redBlue.oddHalf)
            // Y's sum reaches 56 228: computed unsigned. U's and V's stay within ±28 688.
            let y = (66 &* SIMD8<UInt16>(truncatingIfNeeded: r) &+ 129 &* SIMD8<UInt16>(truncatingIfNeeded: g)
                &+ 25 &* SIMD8<UInt16>(truncatingIfNeeded: b) &+ 128) &>> 8 &+ 16
            let u = (-38 &* r &- 74 &* g &+ 112 &* b &+ 128) &>> 8 &+ 128
            let v = (112 &* r &- 94 &* g &- 18 &* b &+ 128) &>> 8 &+ 128
            planes.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: y), toByteOffset: i, as: SIMD8<UInt8>.self)
            planes.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: u), toByteOffset: planeSize + i, as: SIMD8<UInt8>.self)
            planes.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: v), toByteOffset: 2 * planeSize + i, as: SIMD8<UInt8>.self)
            i += 8
        }
        while i < range.upperBound {
            let r = Int32(source.load(fromByteOffset: 4 * i, as: UInt8.self))
            let g = Int32(source.load(fromByteOffset: 4 * i + 1, as: UInt8.self))
            let b = Int32(source.load(fromByteOffset: 4 * i + 2, as: UInt8.self))
            planes.storeBytes(of: UInt8(truncatingIfNeeded: ((66 &* r &+ 129 &* g &+ 25 &* b &+ 128) >> 8) &+ 16), toByteOffset: i, as: UInt8.self)
            planes.storeBytes(of: UInt8(truncatingIfNeeded: ((-38 &* r &- 74 &* g &+ 112 &* b &+ 128) >> 8) &+ 128),
                              toByteOffset: planeSize + i, as: UInt8.self)
            planes.storeBytes(of: UInt8(truncatingIfNeeded: ((112 &* r &- 94 &* g &- 18 &* b &+ 128) >> 8) &+ 128),
                              toByteOffset: 2 * planeSize + i, as: UInt8.self)
            i += 1
        }
    }
}
