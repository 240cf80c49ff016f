import SegueTestSupport
import Testing
import SegueCore
import SegueSoftware

@Suite struct SoftwareRendererTests {
    let size = PixelSize(width: 97, height: 61)

    func render(_ commands: [DrawCommand], images: [ImageRef: PixelBuffer], threads: Int? = nil) throws -> PixelBuffer {
        var out = PixelBuffer(size: size)
        try SoftwareRenderer(threads: threads).render(FramePlan(size: size, time: 0, progress: 0, commands: commands),
                                                      images: ImageSet(images), into: &out)
        return out
    }

    @Test func identityLayerCopiesTheImageExactly() throws {
        let image = TestImages.ui(size.width, size.height)
        let out = try render([.clear(.clear), .layer(Layer(source: .from, frame: Rect(size: size)))], images: [.from: image])
        #expect(out == image)
    }

    @Test func integerOffsetShiftsAndClampsAtTheEdge() throws {
        let image = TestImages.photo(size.width, size.height)
        let frame = Rect(size: size).offsetBy(dx: 5, dy: -3)
        let out = try render([.clear(.clear), .layer(Layer(source: .from, frame: frame))], images: [.from: image])
        #expect(out[10, 10] == image[5, 13])
        #expect(out[4, 10] == (0, 0, 0, 0))          // left of the frame: untouched
        #expect(out[size.width - 1, 0] == image[size.width - 6, 3])
    }

    @Test func fractionalOffsetBlendsNeighbours() throws {
        var image = PixelBuffer(width: 4, height: 1)
        image.bytes = [0, 0, 0, 255, 200, 200, 200, 255, 0, 0, 0, 255, 0, 0, 0, 255]
        var out = PixelBuffer(width: 4, height: 1)
        try SoftwareRenderer().render(FramePlan(size: image.size, time: 0, progress: 0, commands: [
            .clear(.black),
            .layer(Layer(source: .from, frame: Rect(x: 0.5, y: 0, width: 4, height: 1))),
        ]), images: ImageSet([.from: image]), into: &out)
        // Pixel 1's centre (1.5) maps to source 1.0: half texel 0, half texel 1.
        #expect(out[1, 0].r == 100)
        #expect(out[2, 0].r == 100)
    }

    @Test func plusBlendOfComplementaryOpacitiesIsAMix() throws {
        let a = TestImages.photo(size.width, size.height), b = TestImages.ui(size.width, size.height, seed: 1)
        let canvas = Rect(size: size)
        let out = try render([
            .clear(.clear),
            .layer(Layer(source: .from, frame: canvas, opacity: 0.3, blend: .plus)),
            .layer(Layer(source: .to, frame: canvas, opacity: 0.7, blend: .plus)),
        ], images: [.from: a, .to: b])
        var worst = 0
        for i in 0..<out.bytes.count {
            let expected = 0.3 * Double(a.bytes[i]) + 0.7 * Double(b.bytes[i])
            worst = max(worst, Int(abs(Double(out.bytes[i]) - expected).rounded(.up)))
        }
        #expect(worst <= 1)
    }

    @Test func roundedCornersClearTheCornerPixels() throws {
        let image = TestImages.photo(size.width, size.height)
        let out = try render([.clear(.clear), .layer(Layer(source: .from, frame: Rect(size: size), cornerRadii: .top(12)))],
                             images: [.from: image])
        #expect(out[0, 0].a == 0)
        #expect(out[size.width - 1, 0].a == 0)
        #expect(out[0, size.height - 1] == image[0, size.height - 1])   // bottom corners square
        #expect(out[size.width / 2, 0] == image[size.width / 2, 0])
    }

    @Test func sourceOverOpacityDarkensWithBlackFill() throws {
        let image = TestImages.photo(size.width, size.height)
        let out = try render([.layer(Layer(source: .from, frame: Rect(size: size))),
                              .fill(Fill(shape: .canvas, color: Color.black.withAlpha(0.5)))], images: [.from: image])
        let p = image[20, 20], q = out[20, 20]
        #expect(abs(Int(q.r) - Int(p.r) / 2) <= 1)
        #expect(q.a == 255)
    }

    @Test func circleFillIsSymmetricAndAntialiased() throws {
        let out = try render([.clear(.clear), .fill(Fill(shape: .circle(center: Point(x: 48.5, y: 30.5), radius: 20), color: .white))],
                             images: [:])
        #expect(out[48, 30].a == 255)
        #expect(out[48 - 20, 30].a == out[48 + 20, 30].a)
        #expect(out[48 - 20, 30].a > 0 && out[48 - 20, 30].a < 255)
        #expect(out[0, 0].a == 0)
    }

    @Test func bandsAndThreadsDoNotChangeTheResult() throws {
        let a = TestImages.photo(size.width, size.height), b = TestImages.ui(size.width, size.height)
        let commands: [DrawCommand] = [
            .clear(.clear),
            .layer(Layer(source: .from, frame: Rect(x: -10.3, y: 2.7, width: 80.2, height: 50.9), opacity: 0.8, cornerRadii: CornerRadii(all: 9),
                         shadow: Shadow(color: .black, radius: 4, offset: Point(x: 0, y: 2)))),
            .layer(Layer(source: .to, sourceRect: Rect(x: 10, y: 10, width: 30, height: 20), frame: Rect(x: 40, y: 5, width: 50, height: 40))),
        ]
        let one = try render(commands, images: [.from: a, .to: b], threads: 1)
        let many = try render(commands, images: [.from: a, .to: b], threads: 4)
        #expect(one == many)
    }

    @Test func shaderCommandsNeedGL() throws {
        #expect(throws: SegueError.self) {
            try render([.shader(ShaderCall(program: "user.glsl"))], images: [:])
        }
    }
}

@Suite struct CanvasStartTests {
    /// A plan that does not clear draws onto a transparent canvas, whatever the target held.
    @Test func everyFrameStartsTransparent() throws {
        let size = PixelSize(width: 16, height: 8)
        var target = PixelBuffer(size: size)
        target.fill(.white)
        let plan = FramePlan(size: size, time: 0, progress: 0, commands: [
            .fill(Fill(shape: .rect(Rect(x: 0, y: 0, width: 4, height: 4), .zero), color: .black)),
        ])
        try SoftwareRenderer().render(plan, images: ImageSet([:]), into: &target)
        #expect(target[10, 6] == (0, 0, 0, 0))
        #expect(target[1, 1] == (0, 0, 0, 255))
    }
}
