import Foundation
import Testing
import SegueCore
import SegueEffects

/// Plan maths of the mask, blur and StarWars families against their originals: the sprite grid
/// of Yalantis StarWars.iOS (StarWarsGLAnimator.swift), the farthest-corner reveal radius of its
/// CircularRevealAnimator, GPUImage's Gaussian (BradLarson/GPUImage, GPUImageGaussianBlurFilter.m)
/// and KWin's dual Kawase blur (KDE kwin, src/plugins/blur).
struct ShaderEffectPlanTests {
    private func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    @Test(arguments: [
        (187.5, 333.5, 375.0, 667.0, 382.594433), (330, 40, 375, 667, 708.540048), (0, 0, 375, 667, 765.188866),
        (350, 620, 375, 812, 711.969100), (20, 20, 414, 896, 960.526939),
    ])
    func farthestCornerRadiusTable(_ row: (Double, Double, Double, Double, Double)) {
        let r = farthestCornerRadius(center: Point(x: row.0, y: row.1), width: row.2, height: row.3)
        #expect(close(r, row.4, 1e-6), "\(row): \(r)")
    }

    @Test func linearRevealRadius() {
        // Linear reveal over D = 0.5 s to the farthest corner of 375×667 from (330, 40): R = 708.540048.
        for (t, r) in [(0.125, 177.135), (0.25, 354.270), (0.375, 531.405)] {
            #expect(close(Reveal.circleRadius(start: 0, end: 708.540048, progress: t / 0.5), r, 1e-3))
        }
    }

    @Test func circleRevealPlanRadius() throws {
        // 375×667 pt at scale 1, centre (330, 40), linear 0.5 s: the same radii in the plan.
        let effect = try EffectTable.require("circle-reveal").make(ParameterValues(
            specs: EffectTable.require("circle-reveal").descriptor.parameters, overrides: [("center", "330,40")], effect: "circle-reveal"))
        for (fraction, r) in [(0.25, 177.135), (0.5, 354.270), (0.75, 531.405)] {
            let plan = effect.plan(FrameContext(size: PixelSize(width: 375, height: 667), timeFraction: fraction, time: fraction * 0.5,
                                                duration: 0.5, timing: .linear, scale: 1))
            guard case .reveal(let reveal) = plan.commands.first, case .circle(let center, let radius, _) = reveal.shape else {
                Issue.record("no circle reveal"); return
            }
            #expect(center == Point(x: 330, y: 40) && reveal.inside == .to && reveal.outside == .from)
            #expect(close(radius, r, 1e-3))
        }
    }

    @Test(arguments: [
        (640, 1136, 16.0, 41, 72), (750, 1334, 16.0, 47, 84), (1242, 2208, 24.0, 52, 93),
        (1125, 2436, 24.0, 47, 102), (1170, 2532, 24.0, 49, 106), (1290, 2796, 24.0, 54, 117),
    ])
    func spriteGrid(_ row: (Int, Int, Double, Int, Int)) {
        let field = SpriteField(source: .from, size: PixelSize(width: row.0, height: row.1), tile: row.2, seed: 0,
                                velocityMin: Point(x: -100, y: 0), velocityMax: Point(x: 100, y: 1), time: 0)
        #expect(field.grid.columns == row.3 && field.grid.rows == row.4)
        #expect(field.sprites().count == row.3 * row.4)
    }

    @Test func spriteOrderAndMotion() {
        let field = SpriteField(source: .from, size: PixelSize(width: 750, height: 1334), tile: 16, seed: 7,
                                velocityMin: Point(x: -100, y: 667), velocityMax: Point(x: 100, y: 867.1),
                                acceleration: Point(x: 0, y: 1000), time: 0.5)
        #expect(field.count == 3948)
        let sprites = field.sprites()
        // Column-outer, rows from the bottom: the first sprite is flush with the bottom-left corner.
        #expect(sprites[0].origin == Point(x: 0, y: 1334 - 16))
        #expect(sprites[1].origin == Point(x: 0, y: 1334 - 32))
        #expect(sprites[84].origin == Point(x: 16, y: 1334 - 16))
        // vx drawn before vy from the seeded generator.
        var random = SeededRandom(seed: 7)
        let vx = random.uniform(-100, 100), vy = random.uniform(667, 867.1)
        #expect(sprites[0].velocity == Point(x: vx, y: vy))
        let p = sprites[0].position(in: field)
        #expect(close(p.x, vx * 0.5, 1e-12) && close(p.y, 1318 + vy * 0.5 + 125, 1e-9))
        // Deterministic: the renderers expand the same list.
        #expect(field.sprites() == sprites)
        for s in sprites {
            #expect(s.velocity.x >= -100 && s.velocity.x < 100 && s.velocity.y >= 667 && s.velocity.y < 867.1)
        }
    }

    @Test func gaussianTapPairs() {
        let k2 = GaussianKernel(sigma: 2, radius: 4)
        #expect(k2.pairs.count == 2)
        #expect(close(k2.pairs[0].offset, 1.407333, 1e-6) && close(k2.pairs[0].weight, 0.304005, 1e-6))
        #expect(close(k2.pairs[1].offset, 3.294215, 1e-6) && close(k2.pairs[1].weight, 0.093913, 1e-6))
        #expect(close(k2.centreWeight, 0.204164, 1e-6))
        let k2r6 = GaussianKernel(sigma: 2)
        #expect(k2r6.radius == 6)
        let expected2 = [(1.407333, 0.297323), (3.294215, 0.091848), (5.201813, 0.010991)]
        for (pair, e) in zip(k2r6.pairs, expected2) { #expect(close(pair.offset, e.0, 1e-6) && close(pair.weight, e.1, 1e-6)) }
        let k4 = GaussianKernel(sigma: 4)
        #expect(k4.radius == 10 && close(k4.centreWeight, 0.100590, 1e-6))
        let expected4 = [(1.476580, 0.186265), (3.445530, 0.136940), (5.414899, 0.078710), (7.384912, 0.035367), (9.355775, 0.012422)]
        #expect(k4.pairs.count == expected4.count)
        for (pair, e) in zip(k4.pairs, expected4) { #expect(close(pair.offset, e.0, 1e-6) && close(pair.weight, e.1, 1e-6)) }
        // Weights sum to 1.
        #expect(close(k4.centreWeight + 2 * k4.pairs.map(\.weight).reduce(0, +), 1, 1e-12))
    }

    @Test(arguments: [(2.0, 6), (4, 10), (8, 18), (12, 24), (16, 30), (20, 36), (24, 40), (32, 48), (48, 58)])
    func gaussianRadius(_ row: (Double, Int)) {
        let k = GaussianKernel(sigma: row.0)
        #expect(k.radius == row.1)
        #expect(1 + 2 * k.pairs.count == 1 + row.1)
    }

    @Test func dualKawaseStrengthTable() {
        let table: [(Int, Double)] = [(1, 1.5), (1, 2.0), (2, 2.5), (2, 3.0), (3, 2.6), (3, 3.2), (3, 3.8), (3, 4.4), (3, 5.0),
                                      (4, 3.8333), (4, 4.6667), (4, 5.5), (4, 6.3333), (4, 7.1667), (4, 8.0)]
        for (strength, row) in zip(1..., table) {
            let (n, o) = DualKawase.strength(strength)
            #expect(n == row.0 && close(o, row.1, 1e-4), "strength \(strength): \(n), \(o)")
        }
    }

    @Test func blurMethodByRadius() {
        #expect(BlurMethod.forSigma(2) == .gaussian(sigma: 2))
        #expect(BlurMethod.forSigma(BlurMethod.gaussianLimit) == .gaussian(sigma: BlurMethod.gaussianLimit))
        // Above the limit: dual Kawase whose equivalent σ is the one asked for, the pyramid
        // deepening with σ so the cost stays about flat.
        var lastLevels = 0
        for sigma in [8.0, 12, 20, 30, 45, 60, 80] {
            guard case .dualKawase(let n, let o) = BlurMethod.forSigma(sigma) else { Issue.record("σ \(sigma) not Kawase"); continue }
            let (lo, hi) = DualKawase.offsetRange(iterations: n)
            #expect(o >= lo && o <= hi)
            #expect(n >= lastLevels)
            lastLevels = n
            if o > lo && o < hi { #expect(close(DualKawase.equivalentSigma(iterations: n, offset: o), sigma, 1e-9)) }
        }
        #expect(BlurMethod.forSigma(8) == .dualKawase(iterations: 2, offset: ((4 - 0.3) / 0.47).squareRoot()))
        if case .dualKawase(let n, _) = BlurMethod.forSigma(60) { #expect(n == 4) }
    }

    @Test func blurSteps() {
        let size = PixelSize(width: 391, height: 847)
        let gaussian = BlurPass(input: .from, output: "b", method: .gaussian(sigma: 4), saturation: 1.8).steps(for: size)
        #expect(gaussian.count == 2 && gaussian.allSatisfy { $0.size == size && $0.taps.count == 11 })
        #expect(gaussian[0].taps.allSatisfy { $0.dx == 0 } && gaussian[1].taps.allSatisfy { $0.dy == 0 })
        #expect(!gaussian[0].saturate && gaussian[1].saturate)
        let kawase = BlurPass(input: .from, output: "b", method: .dualKawase(iterations: 3, offset: 3)).steps(for: size)
        #expect(kawase.map(\.size) == [PixelSize(width: 195, height: 423), PixelSize(width: 97, height: 211), PixelSize(width: 48, height: 105),
                                       PixelSize(width: 97, height: 211), PixelSize(width: 195, height: 423)])
        #expect(kawase.allSatisfy { abs($0.taps.map(\.weight).reduce(0, +) - 1) < 1e-12 && !$0.saturate })
    }

    @Test func plansRoundTripAsJSON() throws {
        let commands: [DrawCommand] = [
            .blur(BlurPass(input: .from, output: "backdrop", method: .dualKawase(iterations: 3, offset: 2.5), saturation: 1.8)),
            .sprites(SpriteField(source: .from, size: PixelSize(width: 10, height: 20), tile: 4, seed: 3,
                                 velocityMin: Point(x: -1, y: 2), velocityMax: Point(x: 1, y: 3), time: 0.25)),
        ]
        let plan = FramePlan(size: PixelSize(width: 10, height: 20), time: 0, progress: 0, commands: commands)
        let data = try JSONEncoder().encode(plan)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"op\":\"blur\"") && text.contains("\"op\":\"sprites\""))
        #expect(try JSONDecoder().decode(FramePlan.self, from: data) == plan)
    }
}
