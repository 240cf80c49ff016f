import Benchmark
import Dispatch
import CBlend
import SegueCore
import SegueIO
import SeguePipeline
import SegueSoftware

/// 1920×1080 kernels of the software renderer and PNG output, one frame per iteration.
/// `fade` against `c-blend` is the "within 2× of a plain C blend" target (docs/BATCH.md).
let size = PixelSize(width: 1920, height: 1080)

/// Photo-like noise (opaque): deflate and the bilinear sampler both see realistic data.
func photo(seed: UInt64) -> PixelBuffer {
    var b = PixelBuffer(size: size)
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    for y in 0..<size.height {
        for x in 0..<size.width {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let i = (y * size.width + x) * 4
            b.bytes[i] = UInt8(truncatingIfNeeded: x / 8 + Int(state & 15))
            b.bytes[i + 1] = UInt8(truncatingIfNeeded: y / 5 + Int(state >> 8 & 15))
            b.bytes[i + 2] = UInt8(truncatingIfNeeded: (x + y) / 12 + Int(state >> 16 & 15))
            b.bytes[i + 3] = 255
        }
    }
    return b
}

let images = ImageSet([.from: photo(seed: 1), .to: photo(seed: 2)])
/// The first photo at 60 % opacity (premultiplied), as a fade over transparency leaves it.
let translucentPhoto: PixelBuffer = {
    var b = photo(seed: 1)
    for i in stride(from: 0, to: b.bytes.count, by: 4) {
        for c in 0..<4 { b.bytes[i + c] = UInt8((Int(b.bytes[i + c]) * 153 + 127) / 255) }
    }
    return b
}()
let full = Rect(size: size)

func plan(_ commands: [DrawCommand]) -> FramePlan { FramePlan(size: size, time: 0, progress: 0.5, commands: commands) }

/// A frame of an effect at a fraction, on the photo-like images, at scale 3 as `segue bench` plans.
func effectPlan(_ name: String, fraction: Double) -> FramePlan {
    var request = TransitionRequest(effect: name)
    request.fromImage = images[.from]
    request.toImage = images[.to]
    request.scale = 3
    return try! PreparedTransition(request).plan(fraction: fraction)
}
let fadePlan = effectPlan("fade", fraction: 0.5)
/// A layer at a fractional offset, a dim fill, a shadow and an opaque layer over them.
let pushPlan = effectPlan("push", fraction: 0.5)
/// Cross-blur half way (both screens at σ 15 px) and blur-dim at σ 20 pt (60 px at the end).
let crossBlurPlan = effectPlan("blur", fraction: 0.5)
let blurDimPlan = effectPlan("blur-dim", fraction: 0.5)
/// The blur alone: the pyramid of a new image set, σ 60 px.
let pyramidPlan = plan([.blur(BlurPass(input: .from, output: "b", sigma: 60))])

/// A layer scaled by 0.9 about the centre, rounded corners: every pixel bilinearly sampled.
let scaledLayerPlan = plan([
    .clear(Color(white: 0)),
    .layer(Layer(source: .from, frame: full.scaled(by: 0.9, about: full.center), cornerRadii: CornerRadii(all: 40))),
])
/// The dimming of a presentation: a translucent canvas fill over an integer-translated layer.
let dimPlan = plan([
    .layer(Layer(source: .to, frame: full.offsetBy(dx: -300, dy: 0))),
    .fill(Fill(shape: .canvas, color: Color(white: 0, alpha: 0.4))),
])

/// Pointers handed to the band workers; each band touches only its own bytes.
struct Shared: @unchecked Sendable { let p: UnsafePointer<UInt8>; init(_ p: UnsafePointer<UInt8>) { self.p = p } }

func renderBenchmark(_ name: String, _ plan: FramePlan) {
    Benchmark(name, configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
        let renderer = SoftwareRenderer()
        var target = PixelBuffer(size: size)
        for _ in benchmark.scaledIterations {
            try renderer.render(plan, images: images, into: &target)
            blackHole(target.bytes[0])
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    streamBenchmarks()
    renderBenchmark("fade 1080p (software)", fadePlan)
    renderBenchmark("push 1080p (software)", pushPlan)
    renderBenchmark("scaled layer 1080p (bilinear)", scaledLayerPlan)
    renderBenchmark("layer + dim fill 1080p", dimPlan)
    // Blurs, pyramids kept across iterations as across frames (one image set).
    renderBenchmark("cross-blur 1080p σ 15 px (software)", crossBlurPlan)
    renderBenchmark("blur-dim 1080p half way (software)", blurDimPlan)
    Benchmark("blur pyramid build 1080p σ 60 px (software)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
        let renderer = SoftwareRenderer()
        var target = PixelBuffer(size: size)
        for _ in benchmark.scaledIterations {
            // A new set each time: its pyramid is built anew.
            try renderer.render(pyramidPlan, images: ImageSet(images.images), into: &target)
            blackHole(target.bytes[0])
        }
    }

    // Same split as the software renderer: 16 row bands over all cores.
    Benchmark("c-blend 1080p (C -O3 -march=native, all cores)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
        let a = images[.from]!.bytes, b = images[.to]!.bytes
        var dst = [UInt8](repeating: 0, count: a.count)
        let band = a.count / 16
        for _ in benchmark.scaledIterations {
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    dst.withUnsafeMutableBufferPointer { pd in
                        let (sa, sb, sd) = (Shared(pa.baseAddress!), Shared(pb.baseAddress!), Shared(UnsafePointer(pd.baseAddress!)))
                        DispatchQueue.concurrentPerform(iterations: 16) { i in
                            cblend_lerp(sa.p + i * band, sb.p + i * band, UnsafeMutablePointer(mutating: sd.p) + i * band, band, 128)
                        }
                    }
                }
            }
            blackHole(dst[0])
        }
    }

    for (name, compression) in [("fast", PNGCompression.fast), ("default", .default)] {
        Benchmark("png encode \(name) 1080p photo", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
            let frame = images[.from]!
            for _ in benchmark.scaledIterations {
                blackHole(try PNGCodec.encode(frame, compression: compression).count)
            }
        }
    }
    // The fast writer's translucent path: straight RGBA, un-premultiplied while filtering.
    Benchmark("png encode fast 1080p translucent photo", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
        let frame = translucentPhoto
        for _ in benchmark.scaledIterations {
            blackHole(try PNGCodec.encode(frame, compression: .fast).count)
        }
    }
}
