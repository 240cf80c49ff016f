#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers as eval.c's `av_strtod` reads them (FFmpeg 5.1 `libavutil/eval.c`): C's `strtod`
/// (an optional sign, decimal with an optional exponent, `inf`, `infinity`, `nan`), hexadecimal
/// integers after `0x`, then one suffix: `dB` (10^(v/20)), an SI prefix (`y z a f p n u m c d h
/// k K M G T P E Z Y`, × 10^n, or × 2^(n/0.3) when followed by `i`), and then `B` (× 8).
enum ExpressionNumber {
    /// The number at `start` and the index after it, or nil when none starts there.
    static func scan(_ text: [UInt8], from start: Int) -> (Double, Int)? {
        guard let (value, end) = strtod(text, from: start) else { return nil }
        var d = value, next = end
        func at(_ k: Int) -> UInt8? { k < text.count ? text[k] : nil }
        if at(next) == UInt8(ascii: "d"), at(next + 1) == UInt8(ascii: "B") {
            d = pow(10, d / 20)
            next += 2
        } else if let c = at(next), let exponent = siPrefixes[c] {
            if at(next + 1) == UInt8(ascii: "i") {
                d *= pow(2, Double(exponent) / 0.3)
                next += 2
            } else {
                d *= pow(10, Double(exponent))
                next += 1
            }
        }
        if at(next) == UInt8(ascii: "B") {
            d *= 8
            next += 1
        }
        return (d, next)
    }

    private static let siPrefixes: [UInt8: Int] = {
        let table: [(Character, Int)] = [("y", -24), ("z", -21), ("a", -18), ("f", -15), ("p", -12), ("n", -9), ("u", -6),
                                         ("m", -3), ("c", -2), ("d", -1), ("h", 2), ("k", 3), ("K", 3), ("M", 6), ("G", 9),
                                         ("T", 12), ("P", 15), ("E", 18), ("Z", 21), ("Y", 24)]
        return Dictionary(uniqueKeysWithValues: table.map { (UInt8(ascii: $0.0.unicodeScalars.first!), $0.1) })
    }()

    /// C's `strtod` on `text` from `start` (hexadecimal integers as `strtoul`, as av_strtod does
    /// for a leading `0x`).
    private static func strtod(_ text: [UInt8], from start: Int) -> (Double, Int)? {
        var k = start
        func at(_ j: Int) -> UInt8 { j < text.count ? text[j] : 0 }
        func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }
        func lower(_ c: UInt8) -> UInt8 { (0x41...0x5A).contains(c) ? c + 32 : c }
        if at(k) == UInt8(ascii: "0"), lower(at(k + 1)) == UInt8(ascii: "x") {
            var j = k + 2, value: Double = 0
            while let digit = hexDigit(at(j)) { value = value * 16 + Double(digit); j += 1 }
            return j > k + 2 ? (value, j) : (0, k + 1)
        }
        var negative = false
        if at(k) == UInt8(ascii: "+") || at(k) == UInt8(ascii: "-") { negative = at(k) == UInt8(ascii: "-"); k += 1 }
        for word in ["infinity", "inf", "nan"] {
            let bytes = Array(word.utf8)
            if (0..<bytes.count).allSatisfy({ lower(at(k + $0)) == bytes[$0] }) {
                let magnitude = word == "nan" ? Double.nan : Double.infinity
                return (negative ? -magnitude : magnitude, k + bytes.count)
            }
        }
        let mantissaStart = k
        while isDigit(at(k)) { k += 1 }
        var digits = k - mantissaStart
        if at(k) == UInt8(ascii: ".") {
            k += 1
            let fraction = k
            while isDigit(at(k)) { k += 1 }
            digits += k - fraction
        }
        guard digits > 0 else { return nil }
        if lower(at(k)) == UInt8(ascii: "e") {
            var j = k + 1
            if at(j) == UInt8(ascii: "+") || at(j) == UInt8(ascii: "-") { j += 1 }
            if isDigit(at(j)) {
                while isDigit(at(j)) { j += 1 }
                k = j
            }
        }
        guard let value = Double(String(decoding: text[start..<k], as: UTF8.self)) else { return nil }
        return (value, k)
    }

    private static func hexDigit(_ c: UInt8) -> Int? {
        switch c {
        case 0x30...0x39: Int(c - 0x30)
        case 0x41...0x46: Int(c - 0x41 + 10)
        case 0x61...0x66: Int(c - 0x61 + 10)
        default: nil
        }
    }
}
