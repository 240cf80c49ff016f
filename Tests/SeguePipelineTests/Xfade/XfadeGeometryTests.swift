import Testing
import SegueCore
import SegueGL
import SeguePipeline
import SegueSoftware
import SegueTestSupport

extension GLSuite {
    /// xfade's geometric families — wipes, slides (with covers and reveals), smooth wipes and
    /// diagonals — held against ffmpeg's frames (`XfadeOracle.check`) or, for the names newer
    /// than ffmpeg 5.1, against `XfadeCoverRevealReference`; plus the wipes' `softness`.
    @Suite struct XfadeGeometryTests {
        static let ffmpegNames = [XfadeFamily.wipes, .slides, .smooth, .diagonals]
            .flatMap(\.members).filter(\.isInFFmpeg51)
        static let newerNames = XfadeFamily.slides.members.filter { !$0.isInFFmpeg51 }

        /// At progress 1 (fraction 0) ffmpeg 5.1's slideleft and slideup wrap column (row) 0
        /// to index `size`, one past the row (plane), and show whatever memory lies there (zeros
        /// here: a black column or row). Segue wraps to 0 and shows `from` whole; those two
        /// frames are checked by `slidesStartOnFrom` instead.
        static let readsPastTheRowAtStart: Set<XfadeTransition> = [.slideleft, .slideup]

        @Test(arguments: ffmpegNames)
        func equalsFFmpeg(_ transition: XfadeTransition) throws {
            let points = XfadeOracle.points.filter { $0 > 0 || !Self.readsPastTheRowAtStart.contains(transition) }
            try XfadeOracle.check(transition, points: points)
        }

        /// ffmpeg's first frame of slideleft and slideup differs from `from` only in the line it
        /// reads from past the row; Segue's is `from` exactly.
        @Test(arguments: Array(readsPastTheRowAtStart))
        func slidesStartOnFrom(_ transition: XfadeTransition) throws {
            let size = XfadeOracle.sizes[0]
            let inputs = try XfadeOracle.Inputs.shared(size)
            let ffmpeg = try XfadeOracle.ffmpegFrame(transition.rawValue, size: size, inputs: inputs, frame: 0)
            let differing = (0..<size.pixelCount).filter { i in
                ffmpeg.bytes[4 * i..<4 * i + 4] != inputs.from.bytes[4 * i..<4 * i + 4]
            }
            let vertical = transition == .slideup
            #expect(differing.allSatisfy { (vertical ? $0 / size.width : $0 % size.width) == 0 })
            var request = TransitionRequest(effect: "xfade:" + transition.rawValue)
            request.fromImage = inputs.from
            request.toImage = inputs.to
            request.timing = "linear"
            let prepared = try PreparedTransition(request)
            for renderer in [SoftwareRenderer(), try GLRenderer(platform: .auto)] as [any FrameRenderer] {
                var frame = PixelBuffer(size: size)
                try renderer.render(prepared.plan(fraction: 0), images: prepared.images, into: &frame)
                #expect(frame == inputs.from)
            }
        }

        @Test(arguments: newerNames)
        func equalsReference(_ transition: XfadeTransition) throws {
            try XfadeOracle.checkAgainst(transition) { XfadeCoverRevealReference.frame(transition, $0) }
        }

        /// One name per drawing path (copies, soft mix, smoothstep mix) on translucent inputs.
        @Test(arguments: [XfadeTransition.wipetr, .slideup, .revealright, .smoothdown, .diagbl])
        func staysPremultiplied(_ transition: XfadeTransition) throws {
            try XfadeOracle.checkStaysPremultiplied(transition)
        }

        @Test func softWipeStaysPremultiplied() throws {
            try XfadeOracle.checkStaysPremultiplied(.wipebl, parameters: [("softness", "9")])
        }

        /// A soft edge starts and ends off the canvas (the ends are exactly the inputs), blends
        /// across `softness` pixels in between, and draws the same on both renderers.
        @Test(arguments: [XfadeTransition.wipeleft, .wipeup, .wipebr])
        func softWipe(_ transition: XfadeTransition) throws {
            let size = PixelSize(width: 61, height: 37), softness = 12
            let from = TestImages.noise(width: size.width, height: size.height, seed: 3, opaque: true)
            let to = TestImages.noise(width: size.width, height: size.height, seed: 4, opaque: true)
            var request = TransitionRequest(effect: "xfade:" + transition.rawValue)
            request.parameters = [("softness", String(softness))]
            request.fromImage = from
            request.toImage = to
            request.timing = "linear"
            let prepared = try PreparedTransition(request)
            let gl = try GLRenderer(platform: .auto)
            func render(_ fraction: Double, _ renderer: any FrameRenderer) throws -> PixelBuffer {
                var frame = PixelBuffer(size: size)
                try renderer.render(prepared.plan(fraction: fraction), images: prepared.images, into: &frame)
                return frame
            }
            let software = SoftwareRenderer()
            #expect(try render(0, software) == from)
            #expect(try render(1, software) == to)
            let middle = try render(0.5, software)
            let blended = (0..<size.pixelCount).count { i in
                let pixel = middle.bytes[4 * i..<4 * i + 4]
                return pixel != from.bytes[4 * i..<4 * i + 4] && pixel != to.bytes[4 * i..<4 * i + 4]
            }
            // A band `softness` wide across the edge blends both; the rest is one or the other.
            let edgeLength = transition == .wipeup ? size.width : size.height
            #expect(blended >= edgeLength * (softness - 2))
            for fraction in [0.0, 0.3, 0.5, 0.9, 1.0] {
                let psnr = try ImageComparison(try render(fraction, gl), try render(fraction, software)).psnr
                #expect(psnr >= XfadeOracle.minimumPSNR, "\(transition.rawValue) softness \(softness) p=\(fraction): GL vs software \(psnr) dB")
            }
        }
    }
}

/// coverleft … revealdown written out per pixel from FFmpeg libavfilter/vf_xfade.c's formulas,
/// independently of Segue's renderers. With z = (±progress)·size truncated (minus for left and
/// up): a cover shows `to` at c + z where 0 ≤ c + z < size, else `from` in place; a reveal
/// shows `to` in place there, else `from` at c + z wrapped around. (At progress exactly 1,
/// vf_xfade.c's wrap `zx % size + size·(zx < 0)` reaches one past the row for zx = −size; the
/// reference wraps to the row's start, which is what the formula means.)
enum XfadeCoverRevealReference {
    static func frame(_ transition: XfadeTransition, _ input: XfadeOracle.ReferenceInput) -> PixelBuffer {
        let name = transition.rawValue
        let horizontal = name.hasSuffix("left") || name.hasSuffix("right")
        let sign: Float = name.hasSuffix("left") || name.hasSuffix("up") ? -1 : 1
        let isCover = name.hasPrefix("cover")
        let width = input.size.width, height = input.size.height
        let n = horizontal ? width : height
        let z = Int(sign * input.progress * Float(n))
        var out = PixelBuffer(size: input.size)
        for y in 0..<height {
            for x in 0..<width {
                let moved = z + (horizontal ? x : y)
                let inside = moved >= 0 && moved < n
                let wrapped = ((moved % n) + n) % n
                let movedPoint = horizontal ? (wrapped, y) : (x, wrapped)
                let (image, point) = isCover
                    ? (inside ? (input.to, movedPoint) : (input.from, (x, y)))
                    : (inside ? (input.to, (x, y)) : (input.from, movedPoint))
                let source = 4 * (point.1 * width + point.0), target = 4 * (y * width + x)
                for c in 0..<4 { out.bytes[target + c] = image.bytes[source + c] }
            }
        }
        return out
    }
}
