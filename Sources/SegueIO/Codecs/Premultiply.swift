import SegueCore

// Conversions between the premultiplied alpha Segue works in and the straight alpha of
// image files and video encoders.

/// `unpremultiplyTable[a << 8 | c] = min(255, round(c·255/a))`: a division per channel is the
/// slowest part of un-premultiplying, and 64 KiB stays in L2.
let unpremultiplyTable: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 65536)
    for a in 1..<256 {
        for c in 0..<256 { t[a << 8 | c] = UInt8(AlphaRounding.straight(UInt32(c), alpha: UInt32(a))) }
    }
    return t
}()

/// Straight → premultiplied in place, `round(c·a/255)` exactly.
func premultiply(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBufferPointer { p in
        var i = 0
        while i < p.count {
            let a = UInt32(p[i + 3])
            if a != 255 {
                for k in 0..<3 { p[i + k] = UInt8(AlphaRounding.premultiplied(UInt32(p[i + k]), alpha: a)) }
            }
            i += 4
        }
    }
}

/// Premultiplied → straight in place, `round(c·255/a)`; fully transparent pixels become 0.
func unpremultiply(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBufferPointer { unpremultiply($0) }
}

/// `unpremultiply` over pixels in place (a row, for writers that convert one row at a time).
func unpremultiply(_ p: UnsafeMutableBufferPointer<UInt8>) {
    guard let base = p.baseAddress else { return }
    Unpremultiply.convert(from: UnsafeRawPointer(base), to: UnsafeMutableRawPointer(base), pixels: p.count / 4)
}

/// The un-premultiply kernel. Pixels are taken four at a time (16 bytes, two 64-bit words): a
/// group that is all opaque, or all zero, is already straight and is only read, so an opaque
/// frame costs one read pass; other groups go through `unpremultiplyTable`. (A SIMD float
/// division measured no faster than the table on the x86-64 baseline, SSE2, with alpha varying
/// per pixel: its float↔integer conversions cost what the lookups do.)
enum Unpremultiply {
    /// The alpha bytes of two RGBA pixels in one little-endian word.
    static let alphaBits: UInt64 = 0xFF00_0000_FF00_0000

    /// Converts `pixels` pixels from `source` into `target`, which may be the same memory
    /// (then groups that need no change are not written).
    static func convert(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, pixels: Int) {
        let inPlace = UnsafeRawPointer(target) == source
        let groups = pixels / 4
        unpremultiplyTable.withUnsafeBufferPointer { table in
            for g in 0..<groups {
                let offset = g * 16
                let low = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let high = source.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
                if low & high & alphaBits == alphaBits || low | high == 0 {
                    if !inPlace {
                        target.storeBytes(of: low, toByteOffset: offset, as: UInt64.self)
                        target.storeBytes(of: high, toByteOffset: offset + 8, as: UInt64.self)
                    }
                    continue
                }
                for k in 0..<4 { pixel(at: offset + 4 * k, source, target, table) }
            }
            for k in groups * 4..<pixels { pixel(at: 4 * k, source, target, table) }
        }
    }

    @inline(__always)
    private static func pixel(at offset: Int, _ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer,
                              _ table: UnsafeBufferPointer<UInt8>) {
        let pixel = source.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        let alpha = pixel >> 24
        guard alpha != 255 else { return target.storeBytes(of: pixel, toByteOffset: offset, as: UInt32.self) }
        let row = Int(alpha) << 8
        let r = UInt32(table[row | Int(pixel & 0xFF)])
        let g = UInt32(table[row | Int(pixel >> 8 & 0xFF)])
        let b = UInt32(table[row | Int(pixel >> 16 & 0xFF)])
        target.storeBytes(of: r | g << 8 | b << 16 | alpha << 24, toByteOffset: offset, as: UInt32.self)
    }
}
