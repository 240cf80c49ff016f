import Benchmark
import SegueCore
import SegueIO

/// Stream output's per-frame conversions at 1080p, through the sinks `segue render` uses,
/// writing to /dev/null (free) so only the conversion is timed: un-premultiplying a
/// translucent frame (band-parallel), the alpha scan that lets an opaque frame through
/// unconverted, and the Y4M planes.
func streamBenchmarks() {
    let opaque = images[.from]!
    var translucent = opaque
    translucent.bytes.withUnsafeMutableBufferPointer { p in
        // Premultiplied alpha varying per pixel: every pixel takes the conversion path.
        for i in stride(from: 0, to: p.count, by: 4) {
            let alpha = UInt16(128 + (i / 4) % 128)
            for k in 0..<3 { p[i + k] = UInt8(UInt16(p[i + k]) * alpha / 255) }
            p[i + 3] = UInt8(alpha)
        }
    }
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))
    for (name, frame) in [("translucent", translucent), ("opaque", opaque)] {
        Benchmark("raw sink unpremultiply \(name) 1080p (shared frame)", configuration: configuration) { benchmark in
            let sink = try RawVideoSink(path: "/dev/null")
            for i in benchmark.scaledIterations { try sink.write(frame, index: i) }
            try sink.finish()
        }
    }
    Benchmark("raw sink unpremultiply translucent 1080p (owned frame, in place)", configuration: configuration) { benchmark in
        let sink = try RawVideoSink(path: "/dev/null")
        var frame = translucent
        for i in benchmark.scaledIterations {
            // Alpha is unchanged by the conversion, so every iteration does the same work.
            try sink.write(owned: &frame, index: i)
        }
        try sink.finish()
    }
    Benchmark("y4m sink planes 1080p", configuration: configuration) { benchmark in
        let sink = try Y4MSink(path: "/dev/null", fps: 60)
        for i in benchmark.scaledIterations { try sink.write(opaque, index: i) }
        try sink.finish()
    }
}
