// StarWars particles (Yalantis/StarWars.iOS, `StarWarsGLAnimator`): a snapshot cut into square tiles that fly apart. The
// plan carries only the field's description (`SpriteField`); both renderers expand the same
// sprites from it with `SpriteField.sprites()`, so per-sprite data never enters the plan JSON.

/// A snapshot cut into `tile × tile` pixel sprites on the inclusive grid of StarWarsGLAnimator, each moving
/// on `p(t) = p0 + v·t + ½·a·t²` from its place in the snapshot.
public struct SpriteField: Codable, Hashable, Sendable {
    public var source: ImageRef
    /// The cut area, from (0, 0) in both the source image and the canvas (the original's
    /// texture size `Wp × Hp`).
    public var size: PixelSize
    /// Sprite edge in pixels (`spriteWidth · scale`).
    public var tile: Double
    public var seed: UInt64
    /// Each sprite's velocity is drawn uniformly from `[velocityMin, velocityMax)` per axis
    /// (px/s, y down), then `push` is added to all of them (the wind variant's common impulse).
    public var velocityMin: Point
    public var velocityMax: Point
    public var push: Point
    /// Constant acceleration in px/s² (UIKit gravity), y down.
    public var acceleration: Point
    /// Seconds since the sprites started moving.
    public var time: Double

    public init(source: ImageRef, size: PixelSize, tile: Double, seed: UInt64, velocityMin: Point, velocityMax: Point,
                push: Point = Point(x: 0, y: 0), acceleration: Point = Point(x: 0, y: 0), time: Double) {
        self.source = source; self.size = size; self.tile = tile; self.seed = seed
        self.velocityMin = velocityMin; self.velocityMax = velocityMax; self.push = push
        self.acceleration = acceleration; self.time = time
    }

    /// The same field at time 0: what a renderer may cache the expanded sprites under.
    public var atRest: SpriteField { var f = self; f.time = 0; return f }

    /// Columns and rows of the inclusive grid: origins `0, w, 2w, …` while `≤` the size, so
    /// `floor(W/w) + 1` by `floor(H/w) + 1` (the last column and row overhang the image).
    public var grid: (columns: Int, rows: Int) {
        guard tile > 0, size.width > 0, size.height > 0 else { return (0, 0) }
        // Clamped so a tile too small to draw still gives a count `Limits.spriteCount` refuses.
        let most = Int(Int32.max)
        return ((Double(size.width) / tile).rounded(.down).clampedInt(0...most) + 1,
                (Double(size.height) / tile).rounded(.down).clampedInt(0...most) + 1)
    }

    public var count: Int { grid.columns * grid.rows }

    /// Every sprite in draw order (later ones on top): column-outer, rows counted from the
    /// bottom as the original lays them out in GL's y-up space, `vx` drawn before `vy`.
    public func sprites() -> [Sprite] {
        let (columns, rows) = grid
        var random = SeededRandom(seed: seed)
        var list: [Sprite] = []
        list.reserveCapacity(columns * rows)
        let h = Double(size.height)
        for i in 0..<columns {
            for j in 0..<rows {
                let vx = random.uniform(velocityMin.x, velocityMax.x)
                let vy = random.uniform(velocityMin.y, velocityMax.y)
                let origin = Point(x: Double(i) * tile, y: h - Double(j + 1) * tile)
                list.append(Sprite(origin: origin, velocity: Point(x: vx + push.x, y: vy + push.y)))
            }
        }
        return list
    }

    /// How far every sprite has moved by `time` from its start, apart from its own velocity:
    /// `½·a·t²`.
    public var accelerationOffset: Point {
        Point(x: 0.5 * acceleration.x * time * time, y: 0.5 * acceleration.y * time * time)
    }

    /// A sprite's displacement `v·t + ½·a·t²` in float32, evaluated exactly as `sprites.vert`
    /// does (`a_velocity * u_time + u_accelerationOffset`, inputs rounded to float once), so
    /// both renderers decide which pixels a sprite covers from bit-identical numbers.
    @inlinable
    public func displacement(of sprite: Sprite) -> (x: Float, y: Float) {
        let t = Float(time), a = accelerationOffset
        return (Float(sprite.velocity.x) * t + Float(a.x), Float(sprite.velocity.y) * t + Float(a.y))
    }

    /// Whether the pixel whose centre is `c` (canvas px, float32) belongs to a sprite displaced
    /// by `d`: its source position `c − d` lies in the tile `[origin, origin + tile)` — GL's
    /// pixel-centre rule for the moved square, tested in the sprite's own frame (`sprites.frag`).
    @inlinable
    public func covers(_ sprite: Sprite, displacement d: (x: Float, y: Float), centre c: (x: Float, y: Float)) -> Bool {
        let sx = c.x - d.x, sy = c.y - d.y
        let ox = Float(sprite.origin.x), oy = Float(sprite.origin.y), w = Float(tile)
        return sx >= ox && sx < ox + w && sy >= oy && sy < oy + w
    }
}

/// One tile: it shows the source square at `origin` (canvas = source coordinates at t = 0).
public struct Sprite: Hashable, Sendable {
    public var origin: Point
    public var velocity: Point

    /// Top-left corner at `field.time` (`p0 + v·t + ½·a·t²`).
    @inlinable
    public func position(in field: SpriteField) -> Point {
        let a = field.accelerationOffset
        return Point(x: origin.x + velocity.x * field.time + a.x, y: origin.y + velocity.y * field.time + a.y)
    }
}
