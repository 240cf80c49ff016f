import Dispatch
import SegueCore

/// A long render through one renderer, as a job drives it (`submit`/`collect`, the readback
/// pipelined), sampled once a second: a leak shows as resident memory that keeps growing, a
/// driver or thermal problem as frames per second that fall. The frames of `transition` are
/// drawn over and over until `seconds` have passed.
public struct SustainedRender: Codable, Sendable {
    public struct Sample: Codable, Sendable {
        /// Seconds since the start, at the end of this sample.
        public var at: Double
        public var fps: Double
        public var residentMiB: Double
    }
    public var effect: String
    public var backend: String
    public var size: String
    public var seconds: Double
    public var frames: Int
    public var fps: Double
    public var samples: [Sample]
    /// Frames per second of the last quarter of the samples / the first quarter's: below 1, it slowed.
    public var lastOverFirstFPS: Double
    /// Resident memory at the last sample − at the first, MiB (the first sample follows the
    /// warm-up second, so programs, textures and buffers already exist).
    public var residentGrowthMiB: Double

    public static func run(_ transition: PreparedTransition, renderer: any FrameRenderer, seconds: Double) throws(SegueError) -> SustainedRender {
        let plans = (0..<transition.frameCount).map { transition.plan(frame: $0) }
        var spare: [PixelBuffer] = []
        var samples: [Sample] = []
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        var frames = 0, framesAtSample = 0, lastSample = 0.0, index = 0
        while elapsed() < seconds {
            let target = spare.popLast() ?? PixelBuffer(size: transition.size)
            if let done = try renderer.submit(plans[index % plans.count], images: transition.images, into: target) {
                spare.append(done)
                frames += 1
            }
            index += 1
            let now = elapsed()
            if now - lastSample >= 1 {
                samples.append(Sample(at: now, fps: Double(frames - framesAtSample) / (now - lastSample),
                                      residentMiB: ProcessMemory.current()?.residentMiB ?? 0))
                framesAtSample = frames
                lastSample = now
            }
        }
        while try renderer.collect() != nil { frames += 1 }
        let total = elapsed()
        // The first second holds start-up (programs, uploads): the trend is read after it.
        let steady = samples.count > 2 ? Array(samples.dropFirst()) : samples
        let quarter = max(1, steady.count / 4)
        func meanFPS(_ s: ArraySlice<Sample>) -> Double { s.isEmpty ? 0 : s.map(\.fps).reduce(0, +) / Double(s.count) }
        let first = meanFPS(steady.prefix(quarter)), last = meanFPS(steady.suffix(quarter))
        return SustainedRender(effect: transition.descriptor.name, backend: renderer.backendName, size: transition.size.description,
                               seconds: total, frames: frames, fps: Double(frames) / max(total, 1e-9), samples: samples,
                               lastOverFirstFPS: first > 0 ? last / first : 0,
                               residentGrowthMiB: (steady.last?.residentMiB ?? 0) - (steady.first?.residentMiB ?? 0))
    }
}
