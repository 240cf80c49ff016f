#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How far apart two images are, per channel on the 0…255 scale: what "parity" means
/// (the parity thresholds: PSNR ≥ 40 dB and ≥ 99 % of pixels within 3 levels).
public struct ImageComparison: Codable, Sendable, Equatable {
    /// Peak signal-to-noise ratio in dB over all channels; `infinity` for identical images.
    public var psnr: Double
    public var maxDifference: Int
    /// Fraction of pixels whose four channels all differ by at most 3 levels.
    public var fractionWithin3: Double
    public var meanAbsoluteDifference: Double

    public init(_ a: PixelBuffer, _ b: PixelBuffer) throws(SegueError) {
        guard a.size == b.size else {
            throw .invalidInput("images differ in size: \(a.size) vs \(b.size)")
        }
        var squared: UInt64 = 0, absolute: UInt64 = 0, within = 0, maxDiff = 0
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                var i = 0
                while i < pa.count {
                    var worst = 0
                    for c in 0..<4 {
                        let d = abs(Int(pa[i + c]) - Int(pb[i + c]))
                        squared += UInt64(d * d)
                        absolute += UInt64(d)
                        worst = max(worst, d)
                    }
                    if worst <= 3 { within += 1 }
                    maxDiff = max(maxDiff, worst)
                    i += 4
                }
            }
        }
        let samples = Double(max(1, a.bytes.count))
        let mse = Double(squared) / samples
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
        maxDifference = maxDiff
        fractionWithin3 = Double(within) / Double(max(1, a.size.pixelCount))
        meanAbsoluteDifference = Double(absolute) / samples
    }

    /// The parity thresholds (docs/ARCHITECTURE.md "Conventions").
    public var meetsParity: Bool { psnr >= 40 && fractionWithin3 >= 0.99 }
}
