import Foundation
import SegueTestSupport
import Testing
import SegueCore
import SegueGL
import SegueIO
import SegueSoftware
import SeguePipeline

/// The mask parameter's image, and GL resources of the sprite and blur commands, beyond parity.
struct ShaderEffectRenderTests {
    @Test func maskParameterLoadsAFileStretchedToTheCanvas() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-mask-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var mask = PixelBuffer(width: 4, height: 2)
        mask.fill(.white)
        try PNGCodec.write(mask, to: path)
        var request = TransitionRequest(effect: "mask")
        request.parameters = [("mask", path)]
        request.fromImage = PixelBuffer(width: 40, height: 30)
        request.toImage = PixelBuffer(width: 40, height: 30)
        let t = try PreparedTransition(request)
        #expect(t.images[.named("mask")]?.size == PixelSize(width: 40, height: 30))
        // No file: the built-in mask at the canvas size.
        request.parameters = []
        #expect(try PreparedTransition(request).images[.named("mask")] == Reveal.defaultMask(size: PixelSize(width: 40, height: 30)))
    }
}

extension GLSuite {
    @Suite struct GLSpriteAndBlurTests {
        /// One sprite buffer per field: frames of one transition upload no vertices.
        @Test func spriteBufferIsMadeOncePerField() throws {
            var request = TransitionRequest(effect: "starwars")
            request.fromImage = TestImages.photo(200, 120, seed: 1)
            request.toImage = TestImages.photo(200, 120, seed: 2)
            request.scale = 2
            let t = try PreparedTransition(request)
            let gl = try GLRenderer(platform: .auto)
            var target = PixelBuffer(size: t.size)
            for n in 1..<20 { try gl.render(t.plan(fraction: Double(n) / 20), images: t.images, into: &target) }
            #expect(gl.spriteUploadCount == 1)
            request.seed = 9
            let other = try PreparedTransition(request)
            try gl.render(other.plan(fraction: 0.5), images: other.images, into: &target)
            #expect(gl.spriteUploadCount == 2)
        }

        /// Two blurs in one frame get their own targets; the second frame makes none.
        @Test func blursOfOneFrameUseSeparateTargets() throws {
            let size = PixelSize(width: 120, height: 80)
            let images = ImageSet([.from: TestImages.photo(120, 80, seed: 3), .to: TestImages.ui(120, 80, seed: 1)])
            let plan = FramePlan(size: size, time: 0, progress: 0.5, commands: [
                .blur(BlurPass(input: .from, output: "a", sigma: 2)),
                .blur(BlurPass(input: .to, output: "b", sigma: 9, saturation: 1.8)),
                .clear(.clear),
                .layer(Layer(source: .named("a"), frame: Rect(size: size), opacity: 0.5, blend: .plus)),
                .layer(Layer(source: .named("b"), frame: Rect(size: size), opacity: 0.5, blend: .plus)),
            ])
            var a = PixelBuffer(size: size), b = PixelBuffer(size: size)
            let gl = try GLRenderer(platform: .auto)
            try SoftwareRenderer().render(plan, images: images, into: &a)
            try gl.render(plan, images: images, into: &b)
            try gl.render(plan, images: images, into: &b)
            let c = try ImageComparison(a, b)
            print("two blurs in one frame: PSNR \(c.psnr) dB, max \(c.maxDifference)")
            #expect(c.meetsParity && c.maxDifference <= 3)
        }
    }
}
