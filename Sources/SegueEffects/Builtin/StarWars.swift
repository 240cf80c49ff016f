import SegueCore

/// Yalantis StarWars.iOS (Yalantis/StarWars.iOS, StarWars/StarWarsGLAnimator/): the old screen
/// crumbles into square sprites that fall off the screen; the new screen is static underneath.
/// The plan holds one `sprites` command: the field (tile size, seed, velocity ranges, time),
/// never per-sprite data.
public struct StarWars: BuiltinEffect {
    /// The motion models of the library's animators (StarWarsGLAnimator,
    /// StarWarsUIDynamicAnimator and the Example2 project's StarWarsWindAnimator).
    public enum Motion: String, ParameterChoice {
        /// StarWarsGLAnimator: constant velocity, vx ∈ [−100, 100) px/s, falling 1–1.3 canvas
        /// heights per duration.
        case linear
        /// StarWarsUIDynamicAnimator: an instantaneous push (x ±0.15, y −0.15…0, × 2500 pt/s per
        /// unit for its 20 pt tiles, see `pushSpeed`) then UIKit gravity 1000 pt/s².
        case gravity
        /// StarWarsWindAnimator: `gravity` plus one common push (`wind`, float 0.1) × 2500 pt/s.
        /// At the demo's wind 3 that is ≈ 7500 pt/s to the right (an inferred unit, see
        /// `pushSpeed`): the tiles leave at once; smaller `wind` values give a visible drift.
        case wind
    }

    /// Velocity change per unit of UIPushBehavior magnitude for the originals' 20 pt tiles.
    /// Apple documents magnitude 1 as a continuous 100 pt/s² on a 100×100 pt item, mass growing
    /// with area; read as an instantaneous push on a 20×20 pt tile that is 100 · 10000 / 400 pt/s.
    /// The instantaneous unit itself is not documented: this is an inference.
    static let pushSpeed = 2500.0
    /// UIGravityBehavior's default magnitude 1.0: 1000 pt/s² downward (Apple, UIGravityBehavior).
    static let gravity = 1000.0

    public static let entry = EffectEntry(StarWars(), name: "starwars",
                                          summary: "StarWars.iOS: the old screen crumbles into falling square sprites over the new one.",
                                          defaultDuration: 2, defaultTiming: .linear)
    public static let parameters: [ParameterBinding<StarWars>] = [.init(\.$spriteWidth), .init(\.$motion), .init(\.$wind)]

    @Parameter("spriteWidth", in: 1...200, "Sprite edge in pt (× scale = px).")
    var spriteWidth = 8.0
    @Parameter("motion", "linear: the GL animator's constant velocities; gravity: a random push then 1000 pt/s² (UIKit dynamics); wind: gravity plus a common push to the right.")
    var motion = Motion.linear
    /// In UIPushBehavior magnitude units (the demo's slider).
    @Parameter("wind", in: 0...10, "motion=wind: the common push to the right in UIPushBehavior units (StarWarsWindAnimator's slider, default 3).")
    var wind = 3.0

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
