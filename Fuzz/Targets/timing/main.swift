import FuzzDriver
import SegueCore

// Any text as a `--timing` spec (named curves, cubic-bezier, spring, keyframes), then the curve
// sampled and described as `segue timing` does.
fuzz { bytes in
    guard let curve = try? TimingCurve(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
    let duration = min(curve.naturalDuration ?? 0.5, 3600)
    for i in 0...8 { _ = curve.value(atInput: Double(i) / 8, duration: duration) }
    _ = curve.describe(duration: duration)
}
