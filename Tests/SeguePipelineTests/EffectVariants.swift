import SegueCore
import SegueEffects

/// One way to run a built-in effect: its name and parameter overrides (none = its defaults).
struct EffectVariant: CustomStringConvertible, Sendable, Hashable {
    var effect: String
    var parameters: [String: String]

    /// `effect name=value …`, parameters sorted: a stable key for tables and messages.
    var description: String {
        ([effect] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }

    /// The overrides as a `TransitionRequest` takes them.
    var overrides: [(String, String)] { parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    /// Every built-in effect with its defaults, plus one variant per non-default value of each
    /// choice parameter: what the parity and golden-frame suites render.
    static let all: [EffectVariant] = EffectTable.all.flatMap { entry in
        var list = [EffectVariant(effect: entry.name, parameters: [:])]
        for spec in entry.descriptor.parameters {
            guard case .choice(let options) = spec.kind else { continue }
            for option in options where option != spec.defaultValue.description {
                list.append(EffectVariant(effect: entry.name, parameters: [spec.name: option]))
            }
        }
        return list
    }

    /// Whether it runs one of ffmpeg's xfade transitions.
    var isXfade: Bool { effect.hasPrefix(EffectTable.xfadePrefix) }

    /// What the parity suite renders: every variant, but of the xfade transitions (each held
    /// against ffmpeg on both renderers by XfadeOracle) only `xfadeSample` in `make test`; all
    /// of them in `make test-full`.
    static let forParity: [EffectVariant] = all.filter { !$0.isXfade || XfadeOracle.isFull || xfadeSample.contains($0.effect) }

    /// One transition per xfade family, and dissolve (the noise texture).
    static let xfadeSample: Set<String> = Set((XfadeFamily.allCases.compactMap(\.members.first) + [.dissolve]).map {
        EffectTable.xfadePrefix + $0.rawValue
    })

    /// What the golden-frame suite pins: every variant but the xfade transitions, whose frames
    /// XfadeOracle pins to ffmpeg's own.
    static let forGoldens: [EffectVariant] = all.filter { !$0.isXfade }
}
