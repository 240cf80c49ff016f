import SegueCore

/// Yalantis StarWars.iOS (effects.md §1): the old screen crumbles into square sprites that
/// fall off the screen; the new screen is static underneath. The plan holds one `sprites`
/// command: the field (tile size, seed, velocity ranges, time), never per-sprite data.
public struct StarWars: Effect {
    /// The motion models of the library's animators (§1.2, §1.10).
    public enum Motion: String, CaseIterable, Sendable {
        /// StarWarsGLAnimator: constant velocity, vx ∈ [−100, 100) px/s, falling 1–1.3 canvas
        /// heights per duration.
        case linear
        /// StarWarsUIDynamicAnimator: an instantaneous push (x ±0.15, y −0.15…0, × 2500 pt/s per
        /// unit, the [infer] scaling of §1.10 for its 20 pt tiles) then UIKit gravity 1000 pt/s².
        case gravity
        /// StarWarsWindAnimator: `gravity` plus one common push (`wind`, float 0.1) × 2500 pt/s.
        /// At the demo's wind 3 that is ≈ 7500 pt/s to the right (§1.10, impulse unit [infer]):
        /// the tiles leave at once; smaller `wind` values give a visible drift.
        case wind
    }

    /// Velocity change per unit of UIPushBehavior magnitude for the originals' 20 pt tiles (§1.10).
    static let pushSpeed = 2500.0
    /// UIGravityBehavior's default magnitude 1.0 (§1.10).
    static let gravity = 1000.0

    let spriteWidth: Double
    let motion: Motion
    /// Wind push in UIPushBehavior magnitude units (the demo's slider).
    let wind: Double

    public static let entry = EffectEntry(EffectDescriptor(
        name: "starwars", summary: "StarWars.iOS: the old screen crumbles into falling square sprites over the new one.",
        kind: .shader, parameters: [
            ParameterSpec("spriteWidth", .number(min: 1, max: 200), default: .number(8), "Sprite edge in pt (× scale = px)."),
            ParameterSpec("motion", .choice(Motion.allCases.map(\.rawValue)), default: .string(Motion.linear.rawValue),
                          "linear: the GL animator's constant velocities; gravity: a random push then 1000 pt/s² (UIKit dynamics); wind: gravity plus a common push to the right."),
            ParameterSpec("wind", .number(min: 0, max: 10), default: .number(3),
                          "motion=wind: the common push to the right in UIPushBehavior units (StarWarsWindAnimator's slider, default 3)."),
        ], defaultDuration: 2, defaultTiming: .linear
    )) { p throws(SegueError) in
        StarWars(spriteWidth: p.number("spriteWidth"), motion: Motion(rawValue: p.string("motion"))!, wind: p.number("wind"))
    }

    /// The sprite field at eased progress `e` (time `e · D`).
    public func field(_ frame: FrameContext) -> SpriteField {
        let s = frame.scale, h = frame.height
        let d = frame.duration > 0 ? frame.duration : 1
        var field = SpriteField(source: .from, size: frame.size, tile: spriteWidth * s, seed: frame.seed,
                                velocityMin: Point(x: -100, y: h / d), velocityMax: Point(x: 100, y: 1.3 * h / d),
                                time: frame.easedProgress * d)
        if motion != .linear {
            field.velocityMin = Point(x: -0.15 * Self.pushSpeed * s, y: -0.15 * Self.pushSpeed * s)
            field.velocityMax = Point(x: 0.15 * Self.pushSpeed * s, y: 0)
            field.acceleration = Point(x: 0, y: Self.gravity * s)
        }
        if motion == .wind {
            field.push = Point(x: wind * Self.pushSpeed * s, y: -0.1 * Self.pushSpeed * s)
        }
        return field
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        FramePlan(size: frame.size, time: frame.time, progress: frame.easedProgress, commands: [
            .clear(.clear),
            .layer(Layer(source: .to, frame: frame.canvas)),
            .sprites(field(frame)),
        ])
    }
}
