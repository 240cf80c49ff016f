import SegueCore
import SegueGL
import SegueTestSupport
import Testing

extension GLSuite {
    /// `submit`/`collect`, the pipelined path a render loop uses: frames come back in the order
    /// given, each byte for byte what `render` draws, through either readback.
    @Suite struct GLPipelineTests {
        static let size = PixelSize(width: 67, height: 41)
        static let images = ImageSet([.from: TestImages.photo(67, 41, seed: 3), .to: TestImages.photo(67, 41, seed: 4)])

        /// Frame `n`: a cross-dissolve under a moving rounded card, different every frame.
        static func plan(_ n: Int) -> FramePlan {
            let e = Double(n) / 6
            let canvas = Rect(size: size)
            return FramePlan(size: size, time: e, progress: e, commands: [
                .clear(.clear),
                .layer(Layer(source: .from, frame: canvas, opacity: 1 - e, blend: .plus)),
                .layer(Layer(source: .to, frame: canvas, opacity: e, blend: .plus)),
                .layer(Layer(source: .to, frame: Rect(x: 5 + 3.5 * Double(n), y: 4, width: 30, height: 20),
                             cornerRadii: CornerRadii(all: 5))),
            ])
        }

        @Test(arguments: [GLReadbackMode.pixelBuffers, .direct])
        func submittedFramesComeBackInOrderAsRendered(_ mode: GLReadbackMode) throws {
            let renderer = try GLRenderer(platform: .auto, readback: mode)
            var returned: [PixelBuffer] = []
            for n in 0..<7 {
                let done = try renderer.submit(Self.plan(n), images: Self.images, into: PixelBuffer(size: Self.size))
                // The ring never waits for the frame just drawn.
                if n == 0 { #expect((done == nil) == (mode == .pixelBuffers)) }
                if let done { returned.append(done) }
            }
            while let done = try renderer.collect() { returned.append(done) }
            #expect(returned.count == 7)
            for (n, frame) in returned.enumerated() {
                var expected = PixelBuffer(size: Self.size)
                try renderer.render(Self.plan(n), images: Self.images, into: &expected)
                #expect(frame == expected, "frame \(n)")
            }
        }

        @Test func aFailedSubmitLeavesNoFrameHeld() throws {
            let renderer = try GLRenderer(platform: .auto, readback: .pixelBuffers)
            #expect(try renderer.submit(Self.plan(0), images: Self.images, into: PixelBuffer(size: Self.size)) == nil)
            let missing = FramePlan(size: Self.size, time: 0, progress: 0, commands: [.layer(Layer(source: .named("absent"), frame: Rect(size: Self.size)))])
            #expect(throws: SegueError.self) { try renderer.submit(missing, images: Self.images, into: PixelBuffer(size: Self.size)) }
            #expect(try renderer.collect() == nil)
        }

        @Test func framesOfSeveralSizesCanBeHeldAtOnce() throws {
            let renderer = try GLRenderer(platform: .auto, readback: .pixelBuffers)
            let sizes = [PixelSize(width: 8, height: 6), PixelSize(width: 10, height: 4), PixelSize(width: 8, height: 6)]
            var returned: [PixelBuffer] = []
            for size in sizes {
                let plan = FramePlan(size: size, time: 0, progress: 0, commands: [.clear(Color(r: 1, g: 0, b: 0))])
                if let done = try renderer.submit(plan, images: Self.images, into: PixelBuffer(size: size)) { returned.append(done) }
            }
            while let done = try renderer.collect() { returned.append(done) }
            #expect(returned.map(\.size) == sizes)
            #expect(returned.allSatisfy { $0.bytes.prefix(4) == [255, 0, 0, 255] && $0.bytes.suffix(4) == [255, 0, 0, 255] })
        }
    }
}
