import Foundation
import SegueTestSupport
import Testing
import SegueCore
import SegueGL
import SegueIO
import SegueSoftware
import SeguePipeline

/// Renderer behaviour of the mask, blur and sprite commands beyond parity.
struct ShaderEffectRenderTests {
    @Test func unknownProgramsStillHaveNoSoftwareKernel() {
        let size = PixelSize(width: 8, height: 8)
        let plan = FramePlan(size: size, time: 0, progress: 0, commands: [.shader(ShaderCall(program: "user-thing"))])
        var target = PixelBuffer(size: size)
        #expect(throws: SegueError.self) { try SoftwareRenderer().render(plan, images: ImageSet([:]), into: &target) }
    }

    @Test func circleRevealShowsToInsideAndFromOutside() throws {
        let size = PixelSize(width: 64, height: 48)
        var from = PixelBuffer(size: size), to = PixelBuffer(size: size)
        from.fill(Color(r: 1, g: 0, b: 0, a: 1)); to.fill(Color(r: 0, g: 0, b: 1, a: 1))
        let plan = FramePlan(size: size, time: 0, progress: 0.5, commands: [.shader(ShaderCall(program: "circle-reveal", uniforms: [
            "u_center": .vec2(Point(x: 20, y: 20)), "u_radius": .float(10), "u_feather": .float(0), "u_reveal": .bool(true),
        ], inputs: ["from": .from, "to": .to]))])
        var target = PixelBuffer(size: size)
        try SoftwareRenderer().render(plan, images: ImageSet([.from: from, .to: to]), into: &target)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(target.bytes[(y * size.width + x) * 4..<(y * size.width + x) * 4 + 4]) }
        #expect(pixel(20, 20) == [0, 0, 255, 255])
        #expect(pixel(60, 40) == [255, 0, 0, 255])
        // Edge: centre 0.49 px inside is covered 0.99; 0.51 px outside is not covered.
        #expect(pixel(29, 20)[2] >= 250 && pixel(29, 20)[0] <= 5)
        #expect(pixel(30, 20) == [255, 0, 0, 255])
    }

    @Test func blurKeepsAFlatImageFlat() throws {
        let size = PixelSize(width: 97, height: 61)
        var flat = PixelBuffer(size: size)
        flat.fill(Color(r: 0.2, g: 0.6, b: 0.4, a: 1))
        for method in [BlurMethod.gaussian(sigma: 3), .dualKawase(iterations: 3, offset: 3)] {
            let plan = FramePlan(size: size, time: 0, progress: 0, commands: [
                .blur(BlurPass(input: .from, output: "b", method: method)),
                .clear(.clear),
                .layer(Layer(source: .named("b"), frame: Rect(size: size))),
            ])
            var target = PixelBuffer(size: size)
            try SoftwareRenderer().render(plan, images: ImageSet([.from: flat]), into: &target)
            #expect(try ImageComparison(target, flat).maxDifference <= 1, "\(method)")
        }
    }

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
                .blur(BlurPass(input: .from, output: "a", method: .gaussian(sigma: 2))),
                .blur(BlurPass(input: .to, output: "b", method: .dualKawase(iterations: 2, offset: 2.5), saturation: 1.8)),
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
