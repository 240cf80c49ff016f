import Testing
import SegueCore
import SegueGL
import SeguePipeline
import SegueSoftware
import SegueTestSupport

extension GLSuite {
    /// xfade's geometric families — wipes, slides (with covers and reveals), smooth wipes and
    /// diagonals — held against ffmpeg's frames (`XfadeOracle.check`: the covers and reveals,
    /// newer than Debian's ffmpeg 5.1, against ffmpeg 9); plus the wipes' `softness`.
    @Suite struct XfadeGeometryTests {
        static let transitions = [XfadeFamily.wipes, .slides, .smooth, .diagonals].flatMap(\.members)

        /// At progress 1 (fraction 0) ffmpeg's slideleft, slideup, revealleft and revealup (5.1
        /// and 9 alike) wrap column (row) 0 to index `size`, one past the row (plane), and show
        /// whatever memory lies there (a black line in practice). Segue wraps to 0 and shows
        /// `from` whole; those frames are checked by `slidesStartOnFrom` instead.
        static let readsPastTheRowAtStart: Set<XfadeTransition> = [.slideleft, .slideup, .revealleft, .revealup]

        @Test(arguments: transitions)
        func equalsFFmpeg(_ transition: XfadeTransition) throws {
            let points = XfadeOracle.points.filter { $0 > 0 || !Self.readsPastTheRowAtStart.contains(transition) }
            try XfadeOracle.check(transition, points: points)
        }

        /// ffmpeg's first frame of these differs from `from` only in the line it reads from past
        /// the row; Segue's is `from` exactly.
        @Test(arguments: Array(readsPastTheRowAtStart))
        func slidesStartOnFrom(_ transition: XfadeTransition) throws {
            let size = XfadeOracle.sizes[0]
            let inputs = try XfadeOracle.Inputs.shared(size)
            let ffmpeg = try XfadeOracle.ffmpegFrame(transition.rawValue, size: size, inputs: inputs, frame: 0,
                                                     oracle: XfadeOracle.Oracle(transition))
            let differing = (0..<size.pixelCount).filter { i in
                ffmpeg.bytes[4 * i..<4 * i + 4] != inputs.from.bytes[4 * i..<4 * i + 4]
            }
            let vertical = transition == .slideup || transition == .revealup
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
