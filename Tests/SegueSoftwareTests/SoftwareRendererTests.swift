import SegueTestSupport
import Testing
import SegueCore
import SegueSoftware

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

    @Test func shaderCommandsNeedGL() throws {
        #expect(throws: SegueError.self) {
            try render([.shader(ShaderCall(program: "user.glsl"))], images: [:])
        }
    }
}
