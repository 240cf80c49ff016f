import Testing
import SegueCore
import SegueTestSupport
import SegueGL
import SegueSoftware

/// A renderer the conformance suite holds to the draw-command semantics: the software renderer,
/// and GL through EGL (Mesa llvmpipe on a machine with no GPU). GL must start: where it cannot,
/// the GL cases fail, they do not skip.
enum Backend: String, CaseIterable, CustomStringConvertible, Sendable {
    case software
    case gl

    var description: String { rawValue }

    func makeRenderer() throws -> any FrameRenderer {
        switch self {
        case .software: return SoftwareRenderer()
        case .gl: return try GLRenderer(platform: .auto)
        }
    }
}

extension GLSuite {
    /// What every renderer must do (docs/ARCHITECTURE.md, "Draw-command semantics"), each
    /// behaviour written once and run on every backend against the same oracle: exact bytes
    /// where the semantics fix them, else the reference maths (`bilinear`, `Coverage`) within a
    /// level or two. Plans are built by hand from every draw command but `shader` (GL only).
    /// Behaviours of one renderer only stay with it (GLRendererTests, SoftwareRendererTests).
    @Suite struct RendererConformanceTests {
        static func render(_ backend: Backend, _ size: PixelSize, _ commands: [DrawCommand],
                           images: [ImageRef: PixelBuffer] = [:]) throws -> PixelBuffer {
            var target = PixelBuffer(size: size)
            try backend.makeRenderer().render(FramePlan(size: size, time: 0, progress: 0, commands: commands),
                                              images: ImageSet(images), into: &target)
            return target
        }

        @Test(arguments: Backend.allCases)
        func backendNamesItself(_ backend: Backend) throws {
            #expect(try backend.makeRenderer().backendName == backend.rawValue)
        }

        @Test(arguments: Backend.allCases)
        func orientationTopLeftIsRowZero(_ backend: Backend) throws {
            let out = try Self.render(backend, PixelSize(width: 8, height: 6), [
                .clear(.white),
                .fill(Fill(shape: .rect(Rect(x: 0, y: 0, width: 4, height: 3), .zero), color: Color(r: 1, g: 0, b: 0))),
            ])
            #expect(pixel(out, 0, 0) == [255, 0, 0, 255])
            #expect(pixel(out, 3, 2) == [255, 0, 0, 255])
            #expect(pixel(out, 4, 0) == [255, 255, 255, 255])
            #expect(pixel(out, 0, 3) == [255, 255, 255, 255])
            #expect(pixel(out, 7, 5) == [255, 255, 255, 255])
        }

        /// A plan that does not clear draws onto a transparent canvas, whatever the target held
        /// and whatever the renderer drew before.
        @Test(arguments: Backend.allCases)
        func everyFrameStartsTransparent(_ backend: Backend) throws {
            let size = PixelSize(width: 16, height: 8)
            let renderer = try backend.makeRenderer()
            var target = PixelBuffer(size: size)
            target.fill(.white)
            try renderer.render(FramePlan(size: size, time: 0, progress: 0, commands: [.clear(.white)]), images: ImageSet([:]), into: &target)
            try renderer.render(FramePlan(size: size, time: 0, progress: 0, commands: [
                .fill(Fill(shape: .rect(Rect(x: 0, y: 0, width: 4, height: 4), .zero), color: .black)),
            ]), images: ImageSet([:]), into: &target)
            #expect(pixel(target, 10, 6) == [0, 0, 0, 0])
            #expect(pixel(target, 1, 1) == [0, 0, 0, 255])
        }

        @Test(arguments: Backend.allCases)
        func clearWritesPremultipliedBytes(_ backend: Backend) throws {
            let color = Color(r: 0.2, g: 0.6, b: 1, a: 0.5)
            let out = try Self.render(backend, PixelSize(width: 3, height: 2), [.clear(color)])
            let (r, g, b, a) = color.premultipliedBytes
            #expect(pixel(out, 2, 1) == [Int(r), Int(g), Int(b), Int(a)])
        }

        @Test(arguments: Backend.allCases)
        func identityLayerCopiesTheImageExactly(_ backend: Backend) throws {
            let image = TestImages.noise(width: 37, height: 23, seed: 1)
            let out = try Self.render(backend, image.size, [.clear(.clear), .layer(Layer(source: .from, frame: Rect(size: image.size)))],
                                      images: [.from: image])
            #expect(out == image)
        }

        /// An integer translation copies the image exactly, also where the frame hangs over the
        /// canvas edge; the canvas outside the frame stays untouched.
        @Test(arguments: Backend.allCases)
        func integerOffsetLayerIsAnExactCopy(_ backend: Backend) throws {
            let image = TestImages.noise(width: 20, height: 10, seed: 2)
            let out = try Self.render(backend, PixelSize(width: 40, height: 16), [
                .clear(.clear),
                .layer(Layer(source: .to, frame: Rect(x: 5, y: 3, width: 20, height: 10))),
                .layer(Layer(source: .to, frame: Rect(x: 32, y: -4, width: 20, height: 10))),   // over two edges
            ], images: [.to: image])
            #expect(pixel(out, 4, 3) == [0, 0, 0, 0])
            #expect(pixel(out, 31, 0) == [0, 0, 0, 0])
            #expect(pixel(out, 5, 13) == [0, 0, 0, 0])
            for y in 0..<10 { for x in 0..<20 { #expect(pixel(out, x + 5, y + 3) == pixel(image, x, y)) } }
            for y in 4..<10 { for x in 0..<8 { #expect(pixel(out, x + 32, y - 4) == pixel(image, x, y)) } }
        }

        @Test(arguments: Backend.allCases)
        func fractionalOffsetSamplesBilinearly(_ backend: Backend) throws {
            let image = TestImages.noise(width: 40, height: 30, seed: 3, opaque: true)
            let frame = Rect(x: 3.5, y: 2.25, width: 40, height: 30)
            let out = try Self.render(backend, PixelSize(width: 48, height: 36), [
                .clear(.clear), .layer(Layer(source: .from, frame: frame)),
            ], images: [.from: image])
            // Pixels whose centre is at least half a pixel inside the frame have coverage 1.
            let inside = { (x: Int, y: Int) in
                Double(x) >= frame.minX && Double(x) + 1 <= frame.maxX && Double(y) >= frame.minY && Double(y) + 1 <= frame.maxY
            }
            let worst = maxDifference(out, where: inside) { x, y in
                bilinear(image, Double(x) + 0.5 - frame.x, Double(y) + 0.5 - frame.y)
            }
            #expect(worst <= 2, "max difference \(worst)")
            #expect(pixel(out, 0, 0) == [0, 0, 0, 0])
            #expect(pixel(out, 3, 10)[3] == 128)  // half-covered column at x = 3.5
        }

        /// Scales 2.5 and 4 take the software renderer's resampled-rows path (`ExpandedRows`).
        @Test(arguments: Backend.allCases, [1.5, 0.5, 2.5, 4])
        func scaledLayerSamplesTheSourceRect(_ backend: Backend, scale: Double) throws {
            let image = TestImages.noise(width: 40, height: 30, seed: 4, opaque: true)
            let source = Rect(x: 4, y: 2, width: 32, height: 24)
            let frame = Rect(x: 2, y: 3, width: source.width * scale, height: source.height * scale)
            let out = try Self.render(backend, PixelSize(width: 52, height: 42), [
                .clear(.black), .layer(Layer(source: .from, sourceRect: source, frame: frame)),
            ], images: [.from: image])
            let inside = { (x: Int, y: Int) in
                Double(x) >= frame.minX && Double(x) + 1 <= frame.maxX && Double(y) >= frame.minY && Double(y) + 1 <= frame.maxY
            }
            let worst = maxDifference(out, where: inside) { x, y in
                bilinear(image, source.x + (Double(x) + 0.5 - frame.x) / scale, source.y + (Double(y) + 0.5 - frame.y) / scale)
            }
            #expect(worst <= 2, "max difference \(worst) at scale \(scale)")
            if frame.maxX <= 51 && frame.maxY <= 41 { #expect(pixel(out, 51, 41) == [0, 0, 0, 255]) }
        }

        @Test(arguments: Backend.allCases)
        func plusBlendOfComplementaryOpacitiesIsAMix(_ backend: Backend) throws {
            let a = TestImages.noise(width: 31, height: 17, seed: 5), b = TestImages.noise(width: 31, height: 17, seed: 6)
            let canvas = Rect(size: a.size)
            let out = try Self.render(backend, a.size, [
                .clear(.clear),
                .layer(Layer(source: .from, frame: canvas, opacity: 0.3, blend: .plus)),
                .layer(Layer(source: .to, frame: canvas, opacity: 0.7, blend: .plus)),
            ], images: [.from: a, .to: b])
            let worst = maxDifference(out) { x, y in
                let pa = pixel(a, x, y), pb = pixel(b, x, y)
                return (0..<4).map { (0.3 * Double(pa[$0]) + 0.7 * Double(pb[$0])).rounded() }
            }
            #expect(worst <= 1, "max difference \(worst)")
        }

        @Test(arguments: Backend.allCases)
        func roundedCornersMatchCoverage(_ backend: Backend) throws {
            var image = PixelBuffer(width: 40, height: 40)
            image.fill(.white)
            let frame = Rect(size: image.size)
            let radii = CornerRadii(topLeft: 10, topRight: 10, bottomRight: 4, bottomLeft: 0)
            let out = try Self.render(backend, image.size, [.clear(.clear), .layer(Layer(source: .from, frame: frame, cornerRadii: radii))],
                                      images: [.from: image])
            #expect(pixel(out, 0, 0) == [0, 0, 0, 0])
            #expect(pixel(out, 39, 0) == [0, 0, 0, 0])
            #expect(pixel(out, 39, 39)[3] < 128)
            #expect(pixel(out, 0, 39) == [255, 255, 255, 255])  // bottom-left is square
            #expect(pixel(out, 20, 20) == [255, 255, 255, 255])
            let worst = maxDifference(out) { x, y in
                let k = Coverage.fromDistance(Coverage.roundedRectDistance(Double(x) + 0.5, Double(y) + 0.5, rect: frame, radii: radii))
                return Array(repeating: (255 * k).rounded(), count: 4)
            }
            #expect(worst <= 1, "max difference \(worst)")
        }

        @Test(arguments: Backend.allCases)
        func fillShapesMatchCoverage(_ backend: Backend) throws {
            let size = PixelSize(width: 32, height: 24)
            let center = Point(x: 15.3, y: 11.7), radius = 8.4
            let out = try Self.render(backend, size, [
                .clear(.clear),
                .fill(Fill(shape: .circle(center: center, radius: radius), color: .white)),
            ])
            let worst = maxDifference(out) { x, y in
                let k = Coverage.fromDistance(Coverage.circleDistance(Double(x) + 0.5, Double(y) + 0.5, center: center, radius: radius))
                return Array(repeating: (255 * k).rounded(), count: 4)
            }
            #expect(worst <= 1, "max difference \(worst)")

            // A half-transparent dimming fill over white, source-over.
            let dim = try Self.render(backend, size, [.clear(.white), .fill(Fill(shape: .canvas, color: Color(r: 0, g: 0, b: 1, a: 0.5)))])
            let (_, _, b, a) = Color(r: 0, g: 0, b: 1, a: 0.5).premultipliedBytes
            let under = 255 * (1 - Double(a) / 255)
            let expected = [under, under, Double(b) + under, 255].map { $0.rounded() }
            #expect(maxDifference(dim) { _, _ in expected } <= 1)
        }

        @Test(arguments: Backend.allCases)
        func shadowFollowsBoxShadowCoverage(_ backend: Backend) throws {
            var image = PixelBuffer(width: 24, height: 24)
            image.fill(.white)
            let frame = Rect(x: 20, y: 16, width: 24, height: 24)
            let shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.5), sigma: 4, offset: Point(x: 0, y: 6))
            let out = try Self.render(backend, PixelSize(width: 64, height: 64), [
                .clear(.clear), .layer(Layer(source: .from, frame: frame, opacity: 0.8, shadow: shadow)),
            ], images: [.from: image])
            let shadowRect = frame.offsetBy(dx: 0, dy: 6)
            // Outside the layer's frame only the shadow shows: alpha = 0.5 · 0.8 · boxShadow.
            let outside = { (x: Int, y: Int) in
                Double(x) + 1.5 <= frame.minX || Double(x) - 0.5 >= frame.maxX || Double(y) + 1.5 <= frame.minY || Double(y) - 0.5 >= frame.maxY
            }
            let worst = maxDifference(out, where: outside) { x, y in
                let k = Coverage.boxShadow(Double(x) + 0.5, Double(y) + 0.5, rect: shadowRect, sigma: 4)
                return [0, 0, 0, (255 * 0.4 * k).rounded()]
            }
            #expect(worst <= 1, "max difference \(worst)")
            #expect(pixel(out, 32, 46)[3] > 40)      // under the layer's bottom edge
            #expect(pixel(out, 32, 63)[3] == 0)      // beyond 3σ
            // Inside, the layer at opacity 0.8 lies over its own shadow: alpha = 204 + 0.2 · shadow.
            let under = (255 * 0.4 * Coverage.boxShadow(32.5, 28.5, rect: shadowRect, sigma: 4)).rounded()
            let inside = pixel(out, 32, 28)
            #expect(inside[0] == 204 && inside[1] == 204 && inside[2] == 204)
            #expect(abs(Double(inside[3]) - (204 + 0.2 * under)) <= 1)
        }

        /// A blur keeps a flat image flat (weights are normalised, edges clamp), at full size
        /// (σ 1) and from the pyramid (σ 3, 20).
        @Test(arguments: Backend.allCases, [1.0, 3, 20])
        func blurKeepsAFlatImageFlat(_ backend: Backend, sigma: Double) throws {
            let size = PixelSize(width: 97, height: 61)
            var flat = PixelBuffer(size: size)
            flat.fill(Color(r: 0.2, g: 0.6, b: 0.4, a: 1))
            let out = try Self.render(backend, size, [
                .blur(BlurPass(input: .from, output: "b", sigma: sigma)),
                .clear(.clear),
                .layer(Layer(source: .named("b"), frame: Rect(size: size))),
            ], images: [.from: flat])
            #expect(try ImageComparison(out, flat).maxDifference <= 1, "σ \(sigma)")
        }

        /// At rest the sprites tile the source: the frame is the image itself.
        @Test(arguments: Backend.allCases)
        func spritesAtRestReproduceTheImage(_ backend: Backend) throws {
            let image = TestImages.noise(width: 37, height: 23, seed: 12)
            let field = SpriteField(source: .from, size: image.size, tile: 8, seed: 3,
                                    velocityMin: Point(x: -50, y: -50), velocityMax: Point(x: 50, y: 50), time: 0)
            let out = try Self.render(backend, image.size, [.clear(.clear), .sprites(field)], images: [.from: image])
            #expect(out == image)
        }

        /// Sprites sharing one integer velocity move as one rigid image: an exact shifted copy.
        @Test(arguments: Backend.allCases)
        func spritesWithOneVelocityMoveTheImageRigidly(_ backend: Backend) throws {
            let image = TestImages.noise(width: 37, height: 23, seed: 13)
            let velocity = Point(x: 3, y: 5)
            let field = SpriteField(source: .from, size: image.size, tile: 8, seed: 3, velocityMin: velocity, velocityMax: velocity, time: 1)
            let out = try Self.render(backend, image.size, [.clear(.clear), .sprites(field)], images: [.from: image])
            for y in 5..<23 { for x in 3..<37 { #expect(pixel(out, x, y) == pixel(image, x - 3, y - 5)) } }
            #expect(pixel(out, 1, 10) == [0, 0, 0, 0])   // left of every tile's new place
        }

        @Test(arguments: Backend.allCases)
        func circleRevealShowsToInsideAndFromOutside(_ backend: Backend) throws {
            let size = PixelSize(width: 64, height: 48)
            var from = PixelBuffer(size: size), to = PixelBuffer(size: size)
            from.fill(Color(r: 1, g: 0, b: 0, a: 1)); to.fill(Color(r: 0, g: 0, b: 1, a: 1))
            let out = try Self.render(backend, size, [.reveal(ShapeReveal(shape: .circle(center: Point(x: 20, y: 20), radius: 10, feather: 0), inside: .to, outside: .from))],
                                      images: [.from: from, .to: to])
            #expect(pixel(out, 20, 20) == [0, 0, 255, 255])
            #expect(pixel(out, 60, 40) == [255, 0, 0, 255])
            // Edge: centre 0.49 px inside is covered 0.99; 0.51 px outside is not covered.
            #expect(pixel(out, 29, 20)[2] >= 250 && pixel(out, 29, 20)[0] <= 5)
            #expect(pixel(out, 30, 20) == [255, 0, 0, 255])
        }

        /// A rounded-rectangle reveal (the iris) shows `inside` within the fitted shape; an
        /// empty shape shows `outside` alone.
        @Test(arguments: Backend.allCases)
        func roundedRectRevealAndEmptyShape(_ backend: Backend) throws {
            let size = PixelSize(width: 40, height: 30)
            let from = TestImages.noise(width: 40, height: 30, seed: 3, opaque: false)
            let to = TestImages.noise(width: 40, height: 30, seed: 4, opaque: true)
            let rect = Rect(x: 8, y: 6, width: 20, height: 14)
            let radii = CornerRadii(all: 30)  // fitted to 7
            let out = try Self.render(backend, size, [.reveal(ShapeReveal(shape: .roundedRect(rect, radii), inside: .to, outside: .from))],
                                      images: [.from: from, .to: to])
            let fitted = radii.fitted(to: rect)
            let worst = maxDifference(out) { x, y in
                let k = Coverage.fromDistance(Coverage.roundedRectDistance(Double(x) + 0.5, Double(y) + 0.5, rect: rect, radii: fitted))
                return zip(pixel(from, x, y), pixel(to, x, y)).map { (Double($0) * (1 - k) + Double($1) * k).rounded() }
            }
            #expect(worst <= 1, "max difference \(worst)")
            let empty = try Self.render(backend, size, [.reveal(ShapeReveal(shape: .circle(center: Point(x: 5, y: 5), radius: 0, feather: 3),
                                                                            inside: .to, outside: .from))],
                                        images: [.from: from, .to: to])
            #expect(empty == from)
        }

        /// A luma wipe: where the mask is darker than the swept threshold `to` shows, elsewhere
        /// `from`, with the ramp of `Reveal.wipeWeight` between.
        @Test(arguments: Backend.allCases)
        func lumaWipeFollowsTheMask(_ backend: Backend) throws {
            let size = PixelSize(width: 32, height: 8)
            var from = PixelBuffer(size: size), to = PixelBuffer(size: size), mask = PixelBuffer(size: size)
            from.fill(.black); to.fill(.white)
            for y in 0..<8 { for x in 0..<32 {
                let i = (y * 32 + x) * 4, v = UInt8(x * 8)
                mask.bytes[i] = v; mask.bytes[i + 1] = v; mask.bytes[i + 2] = v; mask.bytes[i + 3] = 255
            } }
            let out = try Self.render(backend, size, [.lumaWipe(LumaWipe(from: .from, to: .to, mask: .named("m"), progress: 0.5, softness: 0.1))],
                                      images: [.from: from, .to: to, .named("m"): mask])
            let worst = maxDifference(out) { x, _ in
                let k = Reveal.wipeWeight(mask: Double(x * 8) / 255, progress: 0.5, softness: 0.1)
                return [255 * k, 255 * k, 255 * k, 255].map { $0.rounded() }
            }
            #expect(worst <= 1, "max difference \(worst)")
            #expect(pixel(out, 0, 0) == [255, 255, 255, 255] && pixel(out, 31, 0) == [0, 0, 0, 255])
        }

        /// An SMPTE wipe: bar-wipe-lr's mask (65536·j / width at column j) through
        /// smptealpha's threshold gives from's weight (`SMPTEThreshold.alpha`), written here
        /// from gstsmptealpha.c's formula; bar-wipe-tb reveals the top rows first.
        @Test(arguments: Backend.allCases)
        func smpteWipeThresholdsItsMask(_ backend: Backend) throws {
            let size = PixelSize(width: 32, height: 8)
            var from = PixelBuffer(size: size), to = PixelBuffer(size: size)
            from.fill(.black); to.fill(.white)
            let images: [ImageRef: PixelBuffer] = [.from: from, .to: to]
            let soft = try Self.render(backend, size, [.smpteWipe(SMPTEWipe(code: 1, from: .from, to: .to, position: 0.5, border: 16384, invert: false))],
                                       images: images)
            // p = ⌊(65536 + 16384) · 0.5⌋ = 40960, low = 24576; from's alpha ⌊255 · d / 16384⌋.
            let worst = maxDifference(soft) { x, _ in
                let d = min(max(2048 * x, 24576), 40960) - 24576
                let fromWeight = Double(255 * d / 16384) / 255
                return [255 * (1 - fromWeight), 255 * (1 - fromWeight), 255 * (1 - fromWeight), 255].map { $0.rounded() }
            }
            #expect(worst <= 1, "max difference \(worst)")
            let hard = try Self.render(backend, size, [.smpteWipe(SMPTEWipe(code: 2, from: .from, to: .to, position: 0.5, border: 0, invert: false))],
                                       images: images)
            #expect(pixel(hard, 5, 0) == [255, 255, 255, 255] && pixel(hard, 5, 3) == [255, 255, 255, 255])
            #expect(pixel(hard, 5, 4) == [0, 0, 0, 255] && pixel(hard, 5, 7) == [0, 0, 0, 255])
            let inverted = try Self.render(backend, size, [.smpteWipe(SMPTEWipe(code: 2, from: .from, to: .to, position: 0.5, border: 0, invert: true))],
                                           images: images)
            #expect(pixel(inverted, 5, 0) == [0, 0, 0, 255] && pixel(inverted, 5, 7) == [255, 255, 255, 255])
            #expect {
                _ = try Self.render(backend, size, [.smpteWipe(SMPTEWipe(code: 3000, from: .from, to: .to, position: 0.5, border: 0, invert: false))],
                                    images: images)
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput
            }
        }

        /// Canvas programs need images of the canvas's size: anything else is invalid input.
        @Test(arguments: Backend.allCases)
        func canvasProgramsRejectImagesOfAnotherSize(_ backend: Backend) throws {
            let small = PixelBuffer(width: 4, height: 4), canvas = PixelBuffer(width: 8, height: 8)
            #expect {
                _ = try Self.render(backend, canvas.size, [.reveal(ShapeReveal(shape: .circle(center: .zero, radius: 3, feather: 0),
                                                                               inside: .to, outside: .from))],
                                    images: [.from: canvas, .to: small])
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("'to'")
            }
        }

        /// A plan that draws an image the set does not hold is an error naming the image.
        @Test(arguments: Backend.allCases)
        func missingImageIsAnErrorNamingIt(_ backend: Backend) throws {
            #expect {
                _ = try Self.render(backend, PixelSize(width: 4, height: 4),
                                    [.layer(Layer(source: .named("mask"), frame: Rect(x: 0, y: 0, width: 4, height: 4)))])
            } throws: { error in
                (error as? SegueError)?.kind == .invalidInput && "\(error)".contains("mask")
            }
        }
    }
}
