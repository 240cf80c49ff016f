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

    @Test func plansRoundTripAsJSON() throws {
        let commands: [DrawCommand] = [
            .blur(BlurPass(input: .from, output: "backdrop", sigma: 24, saturation: 1.8)),
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
