import SegueTestSupport
import Testing
import SegueCore
@testable import SegueSoftware

/// What only the software renderer does: bands of rows on several threads, and no shader
/// programs. Behaviours both renderers share are in RendererConformanceTests.
@Suite struct SoftwareRendererTests {
    let size = PixelSize(width: 97, height: 61)

    func render(_ commands: [DrawCommand], images: [ImageRef: PixelBuffer], threads: Int? = nil) throws -> PixelBuffer {
        var out = PixelBuffer(size: size)
        try SoftwareRenderer(threads: threads).render(FramePlan(size: size, time: 0, progress: 0, commands: commands),
                                                      images: ImageSet(images), into: &out)
        return out
    }

    @Test func bandsAndThreadsDoNotChangeTheResult() throws {
        let a = TestImages.photo(size.width, size.height), b = TestImages.ui(size.width, size.height)
        let commands: [DrawCommand] = [
            .clear(.clear),
            .layer(Layer(source: .from, frame: Rect(x: -10.3, y: 2.7, width: 80.2, height: 50.9), opacity: 0.8, cornerRadii: CornerRadii(all: 9),
                         shadow: Shadow(color: .black, sigma: 4, offset: Point(x: 0, y: 2)))),
            .layer(Layer(source: .to, sourceRect: Rect(x: 10, y: 10, width: 30, height: 20), frame: Rect(x: 40, y: 5, width: 50, height: 40))),
        ]
        let one = try render(commands, images: [.from: a, .to: b], threads: 1)
        let many = try render(commands, images: [.from: a, .to: b], threads: 4)
        #expect(one == many)
    }

    /// Rows start at the last op that hides the ones before it, or unwritten when a clear is
    /// followed by a layer that writes the whole row: the same bytes as running every op, with
    /// opaque and translucent sources, whole-row and partial layers, over and plus.
    @Test func skippingHiddenOpsChangesNoPixel() throws {
        let opaque = TestImages.photo(size.width, size.height), translucent = TestImages.transparent(width: size.width, height: size.height)
        let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        let plans: [[DrawCommand]] = [
            [.clear(.clear), .layer(Layer(source: .to, frame: canvas)),
             .layer(Layer(source: .from, frame: canvas.offsetBy(dx: 0, dy: 20.4)))],
            [.clear(.clear), .layer(Layer(source: .to, frame: canvas)), .fill(Fill(shape: .canvas, color: Color.black.withAlpha(0.3))),
             .layer(Layer(source: .from, frame: canvas.offsetBy(dx: 0, dy: 31)))],
            [.clear(.clear), .layer(Layer(source: .from, frame: canvas, opacity: 0.5, blend: .plus)),
             .layer(Layer(source: .to, frame: canvas.offsetBy(dx: 0.5, dy: 10), cornerRadii: CornerRadii(all: 6)))],
            [.clear(Color(white: 0.5)), .layer(Layer(source: .from, frame: canvas.offsetBy(dx: 0, dy: -12.5))),
             .layer(Layer(source: .to, frame: Rect(x: -3, y: 5, width: Double(size.width) + 6, height: 30)))],
        ]
        for (fromImage, toImage) in [(opaque, translucent), (translucent, opaque), (opaque, opaque)] {
            let images = ImageSet([.from: fromImage, .to: toImage])
            for commands in plans {
                let plan = FramePlan(size: size, time: 0, progress: 0, commands: commands)
                let skipping = SoftwareRenderer(), runningAll = SoftwareRenderer()
                runningAll.skipsHiddenOps = false
                // `a` starts with junk: a skipped clear must leave none of it.
                var a = PixelBuffer(size: size), b = PixelBuffer(size: size)
                a.bytes = [UInt8](repeating: 0x5A, count: a.bytes.count)
                try skipping.render(plan, images: images, into: &a)
                try runningAll.render(plan, images: images, into: &b)
                let same = a == b
                #expect(same, "\(commands)")
            }
        }
    }

    /// A frame whose every pixel came out opaque leaves marked, so sinks skip their scan; one
    /// translucent pixel anywhere leaves it unmarked.
    @Test func opaqueFramesLeaveMarked() throws {
        let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        let opaque = try render([.clear(.black), .layer(Layer(source: .from, frame: canvas.offsetBy(dx: 3.5, dy: 0)))],
                                images: [.from: TestImages.photo(size.width, size.height)])
        #expect(opaque.isKnownOpaque)
        // Transparent in the last column only, of the last row's band as of every other.
        let holed = try render([.clear(.clear), .fill(Fill(shape: .rect(Rect(x: 0, y: 0, width: Double(size.width - 1),
                                                                           height: Double(size.height)), CornerRadii(all: 0)),
                                                          color: .black))],
                               images: [:])
        #expect(!holed.isKnownOpaque && !holed.isOpaque)
    }

    @Test func shaderCommandsNeedGL() throws {
        #expect(throws: SegueError.self) {
            try render([.shader(ShaderCall(program: "user.glsl"))], images: [:])
        }
    }
}
