/// The images a plan draws from: the two snapshots (already fitted to the canvas size) and
/// auxiliary images by name (a mask file, a `sampler2D` parameter, a blur's output).
public enum ImageRef: Hashable, Sendable, Codable, CustomStringConvertible {
    case from
    case to
    case named(String)

    public var description: String {
        switch self {
        case .from: return "from"
        case .to: return "to"
        case .named(let n): return n
        }
    }
    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        switch s {
        case "from": self = .from
        case "to": self = .to
        default: self = .named(s)
        }
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// How a draw combines with what is already on the canvas (premultiplied alpha).
public enum BlendMode: String, Codable, Sendable, CaseIterable {
    /// `dst = src + (1 − src.a)·dst`, Core Animation's default.
    case sourceOver
    /// `dst = min(1, src + dst)`, Core Animation's `plusL` filter. Two layers at opacities
    /// `1 − e` and `e` add up to an exact cross-dissolve.
    case plus
}
