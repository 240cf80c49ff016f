import SegueCore
import SegueEffects

/// One way to run a built-in effect: its name and parameter overrides (none = its defaults).
/// The parity and golden-frame suites and `segue proof` render the same list.
public struct EffectVariant: CustomStringConvertible, Sendable, Hashable {
    public var effect: String
    public var parameters: [String: String]

    public init(effect: String, parameters: [String: String] = [:]) {
        self.effect = effect
        self.parameters = parameters
    }

    /// `effect name=value …`, parameters sorted: a stable key for tables and messages.
    public var description: String {
        ([effect] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }

    /// The overrides as a `TransitionRequest` takes them.
    public var overrides: [(String, String)] { parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    /// Every built-in effect with its defaults, plus one variant per non-default value of each
    /// choice parameter.
    public static let all: [EffectVariant] = EffectTable.all.flatMap { entry in
        var list = [EffectVariant(effect: entry.name)]
        for spec in entry.descriptor.parameters {
            guard case .choice(let options) = spec.kind else { continue }
            for option in options where option != spec.defaultValue.description {
                list.append(EffectVariant(effect: entry.name, parameters: [spec.name: option]))
            }
        }
        return list
    }

    /// Whether it runs one of ffmpeg's xfade transitions.
    public var isXfade: Bool { effect.hasPrefix(EffectTable.xfadePrefix) }

    /// Whether it runs one of GStreamer's SMPTE wipes.
    public var isSMPTE: Bool { effect.hasPrefix(EffectTable.smptePrefix) }

    /// The SMPTE wipes that stand for all 70 where every variant would cost too much (the
    /// parity and golden suites in `make test`; `segue proof` checks all 70): one of each way a mask is
    /// drawn (GStreamer's bars, triangles on 1×1, 2×2 and 4×4 grids, box sweeps on 2×2 and
    /// 4×4 grids, fans). The GStreamer oracle holds every one of them (docs/SMPTE.md).
    public static let smpteSample: Set<String> = Set(["bar-wipe-lr", "barndoor-h", "box-wipe-tl", "bowtie-h", "four-box-wipe-co",
                                                      "clock-cw12", "windshield-h", "doublesweep-pdtl"].map { EffectTable.smptePrefix + $0 })
}
