import Testing
import SegueCore
import SegueEffects

/// `smpte:NAME` / `smpte:NUMBER`: one `smpteWipe` command at GStreamer's position, the eased
/// fraction, with the parameters as GStreamer's properties.
struct SMPTEWipeEffectTests {
    let size = PixelSize(width: 40, height: 30)

    func wipe(_ name: String, _ overrides: [(String, String)] = [], fraction: Double, timing: TimingCurve = .linear) throws -> SMPTEWipe? {
        let entry = try EffectTable.require(name)
        let effect = try entry.make(try ParameterValues(specs: entry.descriptor.parameters, overrides: overrides, effect: name))
        let frame = FrameContext(size: size, timeFraction: fraction, time: fraction, duration: 1, timing: timing, scale: 1, seed: 0)
        guard case .smpteWipe(let w) = effect.plan(frame).commands.first else { return nil }
        return w
    }

    @Test func everyWipeHasAnEntryByNameAndByNumber() throws {
        for transition in SMPTETransition.all {
            #expect(EffectTable.entry(named: "smpte:\(transition.name)")?.name == "smpte:\(transition.name)")
            #expect(EffectTable.entry(named: "smpte:\(transition.number)")?.name == "smpte:\(transition.name)")
        }
        #expect(EffectTable.entry(named: "smpte:9") == nil && EffectTable.entry(named: "bar-wipe-lr") == nil)
        #expect(EffectTable.all.filter { $0.name.hasPrefix(EffectTable.smptePrefix) }.count == 70)
    }

    @Test func thePositionIsTheEasedFraction() throws {
        let linear = try #require(try wipe("smpte:41", fraction: 0.25))
        #expect(linear.code == 41 && linear.position == 0.25 && linear.border == 0 && !linear.invert && linear.from == .from && linear.to == .to)
        let eased = try #require(try wipe("smpte:41", fraction: 0.25, timing: .easeIn))
        #expect(eased.position == TimingCurve.easeIn.value(atTime: 0.25, duration: 1))
        #expect(eased.position < 0.25)
    }

    @Test func borderAndInvertAreGStreamersProperties() throws {
        let w = try #require(try wipe("smpte:clock-cw12", [("border", "20000.9"), ("invert", "true")], fraction: 0.5))
        // GStreamer's border is an int: the fraction is dropped.
        #expect(w.border == 20000 && w.invert)
    }
}
