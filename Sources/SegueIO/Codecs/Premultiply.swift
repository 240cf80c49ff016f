// Conversions between the premultiplied alpha Segue works in and the straight alpha of
// image files and video encoders.

/// `unpremultiplyTable[a << 8 | c] = min(255, round(c·255/a))`: a division per channel is the
/// slowest part of un-premultiplying, and 64 KiB stays in L2.
let unpremultiplyTable: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 65536)
    for a in 1..<256 {
        for c in 0..<256 { t[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a)) }
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
                for k in 0..<3 {
                    let v = UInt32(p[i + k]) * a + 128
                    p[i + k] = UInt8((v + (v >> 8)) >> 8)
                }
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
    unpremultiplyTable.withUnsafeBufferPointer { table in
        var i = 0
        while i + 3 < p.count {
            let a = Int(p[i + 3])
            if a != 255 {
                let row = a << 8
                p[i] = table[row | Int(p[i])]
                p[i + 1] = table[row | Int(p[i + 1])]
                p[i + 2] = table[row | Int(p[i + 2])]
            }
            i += 4
        }
    }
}
