import SegueCore
import SegueEffects
import SeguePipeline

extension EffectVariant {
    /// What the parity suite renders: every variant, but of the xfade transitions (each held
    /// against ffmpeg on both renderers by XfadeOracle) only `xfadeSample` in `make test`; all
    /// of them in `make test-full`.
    static let forParity: [EffectVariant] = all.filter {
        (!$0.isXfade || XfadeOracle.isFull || xfadeSample.contains($0.effect)) && (!$0.isSMPTE || XfadeOracle.isFull || smpteSample.contains($0.effect))
    }

    /// One transition per xfade family, and dissolve (the noise texture).
    static let xfadeSample: Set<String> = Set((XfadeFamily.allCases.compactMap(\.members.first) + [.dissolve]).map {
        EffectTable.xfadePrefix + $0.rawValue
    })

    /// What the golden-frame suite pins: every variant but the xfade transitions, whose frames
    /// XfadeOracle pins to ffmpeg's own.
    static let forGoldens: [EffectVariant] = all.filter { !$0.isXfade && (!$0.isSMPTE || smpteSample.contains($0.effect)) }
}
