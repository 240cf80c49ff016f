import Testing
import SegueCore
import SegueDrawing
import SegueIO
import SeguePipeline
@testable import SegueSoftware

/// Golden frames: the software renderer's frame of every built-in effect (`EffectVariant.forGoldens`,
/// every choice parameter's values included; not the xfade transitions, which XfadeOracle holds
/// to ffmpeg's own frames) at the linear time fractions 0, 0.3, 0.6 and 1, at
/// 195×423 (odd both ways) on the built-in sample screens at scale 0.5, each pinned by
/// `FrameRecord.checksum` of its RGBA bytes. The parity suite holds GL against software; this
/// holds the software frames against themselves over time, so a change that moves both
/// renderers equally (a plan, a rounding, a curve) is seen.
///
/// After a deliberate change of the frames: run `swift test --filter GoldenFrameTests`. Each
/// variant whose frames moved fails with a message naming it, the fraction and both checksums,
/// followed by its whole replacement line for `table`; paste those lines over the old ones (a
/// new effect or choice value fails the same way with the line to add) and say in the commit
/// message why the frames changed.
@Suite struct GoldenFrameTests {
    static let fractions: [Double] = [0, 0.3, 0.6, 1]
    static let size = PixelSize(width: 195, height: 423)
    static let scale = 0.5
    static let from = SampleSnapshots.list(scale: scale)
    static let to = SampleSnapshots.detail(scale: scale)

    /// The variant between the sample screens at `size` and `scale`.
    static func prepared(_ variant: EffectVariant) throws -> PreparedTransition {
        var request = TransitionRequest(effect: variant.effect)
        request.parameters = variant.overrides
        request.fromImage = from
        request.toImage = to
        request.size = size
        request.scale = scale
        return try PreparedTransition(request)
    }

    /// The checksums of the frames at `fractions`, for one variant.
    static func checksums(_ variant: EffectVariant) throws -> [String] {
        let transition = try prepared(variant)
        let renderer = SoftwareRenderer()
        var frame = PixelBuffer(size: size)
        return try fractions.map { fraction in
            try renderer.render(transition.plan(fraction: fraction), images: transition.images, into: &frame)
            return FrameRecord.checksum(frame.bytes)
        }
    }

    @Test(arguments: EffectVariant.forGoldens)
    func softwareFramesKeepTheirChecksums(_ variant: EffectVariant) throws {
        let got = try Self.checksums(variant)
        let line = "\"\(variant)\": [\(got.map { "\"\($0)\"" }.joined(separator: ", "))],"
        guard let expected = Self.table[variant.description] else {
            Issue.record("\(variant): no golden checksums; add this line to GoldenFrameTests.table:\n\(line)")
            return
        }
        let moved = Self.fractions.indices.filter { got[$0] != expected[$0] }
        for i in moved {
            Issue.record("\(variant) at fraction \(Self.fractions[i]): checksum \(got[i]), table \(expected[i])")
        }
        if !moved.isEmpty {
            Issue.record("\(variant): if the change is deliberate, replace its line in GoldenFrameTests.table by:\n\(line)")
        }
    }

    /// The software renderer skips, row by row, the ops a later one hides (`firstVisibleOp`):
    /// every golden frame is the same byte for byte when it runs them all.
    @Test(arguments: EffectVariant.forGoldens)
    func skippingHiddenOpsChangesNoPixel(_ variant: EffectVariant) throws {
        let transition = try Self.prepared(variant)
        let skipping = SoftwareRenderer(), runningAll = SoftwareRenderer()
        runningAll.skipsHiddenOps = false
        // `a` starts with junk: a skipped clear must leave none of it.
        var a = PixelBuffer(size: Self.size), b = PixelBuffer(size: Self.size)
        a.bytes = [UInt8](repeating: 0x5A, count: a.bytes.count)
        for fraction in Self.fractions {
            let plan = transition.plan(fraction: fraction)
            try skipping.render(plan, images: transition.images, into: &a)
            try runningAll.render(plan, images: transition.images, into: &b)
            let same = a == b
            #expect(same, "\(variant) at fraction \(fraction)")
        }
    }

    @Test func tableNamesOnlyExistingVariants() {
        let known = Set(EffectVariant.forGoldens.map(\.description))
        #expect(Set(Self.table.keys).subtracting(known).isEmpty, "stale entries: \(Set(Self.table.keys).subtracting(known).sorted())")
    }

    /// Variant (`EffectVariant.description`) → checksums at `fractions`.
    static let table: [String: [String]] = [
        "blur": ["c72361af6b2f9078", "61767242080f0a25", "85389a5bfe920609", "23544ad332a41f2a"],
        "blur-dim presented=fade": ["c72361af6b2f9078", "eb14a11f551e1174", "7c810608a164e8c5", "23544ad332a41f2a"],
        "blur-dim style=dim": ["c72361af6b2f9078", "d2537fdbe9f321e9", "206cc732d8bb3f72", "23544ad332a41f2a"],
        "blur-dim style=extraLight": ["c72361af6b2f9078", "6a8411b910d77310", "6321cca1b4cbfaa7", "23544ad332a41f2a"],
        "blur-dim style=light": ["c72361af6b2f9078", "fb7bc78be65d75d6", "0080ccc3fc98c27f", "23544ad332a41f2a"],
        "blur-dim": ["c72361af6b2f9078", "3f8984b0a802122b", "46ba44c18b73bb8c", "23544ad332a41f2a"],
        "bubble mode=dismiss": ["c72361af6b2f9078", "31577e30c3a9d927", "5d5307ac597017f5", "23544ad332a41f2a"],
        "bubble": ["c72361af6b2f9078", "f3120787b249b434", "e769556ddb9139f7", "23544ad332a41f2a"],
        "card mode=dismiss": ["c72361af6b2f9078", "05d844cc37612ff5", "123d4486a6951f78", "23544ad332a41f2a"],
        "card preset=stork": ["c72361af6b2f9078", "c099f5471f24bde9", "594ebc2092d9ea05", "23544ad332a41f2a"],
        "card end=card": ["c72361af6b2f9078", "3666e4e2e5749695", "f3a2ee3060a1030d", "9fd92e540d7d9858"],
        "card": ["c72361af6b2f9078", "851723a25b9e42e0", "7a2a6ece47ce44d3", "23544ad332a41f2a"],
        "circle-reveal mode=revert": ["c72361af6b2f9078", "0f570b94ea92c764", "d90bb3cbe47dfd80", "23544ad332a41f2a"],
        "circle-reveal": ["c72361af6b2f9078", "2f86f53d6645cee6", "8837b1f684348e07", "23544ad332a41f2a"],
        "diagonal mode=dismiss": ["c72361af6b2f9078", "35ce39cbd90a4101", "4c41a6d592b005c2", "23544ad332a41f2a"],
        "diagonal": ["c72361af6b2f9078", "c6b675f74eff0cc8", "32f318d803d21881", "23544ad332a41f2a"],
        "dismiss edge=top": ["c72361af6b2f9078", "74f6b1097deefa5e", "914ae9bcbe0a728a", "23544ad332a41f2a"],
        "dismiss": ["c72361af6b2f9078", "58e9ed7f796fd66b", "458711323b8b33ad", "23544ad332a41f2a"],
        "fade": ["c72361af6b2f9078", "272ea173236957bf", "8addd9302e23fe43", "23544ad332a41f2a"],
        "iris mode=revert": ["c72361af6b2f9078", "9378d4ff06a84f6b", "af770b11ac7e5c0e", "23544ad332a41f2a"],
        "iris": ["c72361af6b2f9078", "5cdfa3bf46a969de", "2fe397635bb2755a", "23544ad332a41f2a"],
        "mask": ["c72361af6b2f9078", "e9e50352e4e340db", "c0481ca2d9e9b92d", "23544ad332a41f2a"],
        "pop direction=down": ["c72361af6b2f9078", "ed508e01871e9f47", "736a88bc18757c3b", "23544ad332a41f2a"],
        "pop direction=left": ["c72361af6b2f9078", "c59bd7969c380b25", "092cbd7fc8af12ad", "23544ad332a41f2a"],
        "pop direction=up": ["c72361af6b2f9078", "de203340a1b6183a", "c026394ed2a8f4e2", "23544ad332a41f2a"],
        "pop": ["c72361af6b2f9078", "4b9c4ab1643ac1a1", "a780abc72602a296", "23544ad332a41f2a"],
        "present edge=top": ["c72361af6b2f9078", "38ed054e6d4040b8", "3c14894c4d223374", "23544ad332a41f2a"],
        "present": ["c72361af6b2f9078", "d2537fdbe9f321e9", "206cc732d8bb3f72", "23544ad332a41f2a"],
        "push direction=down": ["c72361af6b2f9078", "e687ae9e4713eb6d", "cd1789aa6649a72f", "23544ad332a41f2a"],
        "push direction=right": ["c72361af6b2f9078", "8498c0d719aff6ce", "cc798ead6e0142aa", "23544ad332a41f2a"],
        "push direction=up": ["c72361af6b2f9078", "532f1ec8cc0d7260", "cadf2cba23919a85", "23544ad332a41f2a"],
        "push": ["c72361af6b2f9078", "50edee2b40af63fa", "8efd1ca46560be04", "23544ad332a41f2a"],
        "starwars motion=gravity": ["c72361af6b2f9078", "9c1fd4b571968630", "9c540814610585fe", "23544ad332a41f2a"],
        "starwars motion=wind": ["c72361af6b2f9078", "23544ad332a41f2a", "23544ad332a41f2a", "23544ad332a41f2a"],
        "starwars": ["c72361af6b2f9078", "04e64cf7b72b11dc", "b1d29bdb444fa320", "23544ad332a41f2a"],
        "zoom style=transform": ["c72361af6b2f9078", "f9c55564f4534abc", "130fccd2b1318d0b", "23544ad332a41f2a"],
        "zoom": ["c72361af6b2f9078", "83bed19ba3c94c16", "870079310206efba", "23544ad332a41f2a"],
        "magic-move": ["c72361af6b2f9078", "134eaf5d6b838ef7", "7e81dbe96242780b", "23544ad332a41f2a"],
        "magic-move style=hero": ["c72361af6b2f9078", "8805b0e3a5ba1708", "702b5205ecc26362", "23544ad332a41f2a"],
        "magic-move screens=fade-in": ["c72361af6b2f9078", "db12c13f5df6ffd0", "7218e2272d7abbe1", "23544ad332a41f2a"],
        "smpte:bar-wipe-lr invert=true": ["c72361af6b2f9078", "3b426a85cf92943b", "31fe3a1ec0577734", "23544ad332a41f2a"],
        "smpte:bar-wipe-lr": ["c72361af6b2f9078", "df8b35779bb5a4eb", "c96100384c13bce6", "23544ad332a41f2a"],
        "smpte:barndoor-h invert=true": ["c72361af6b2f9078", "d9b436a828c1b934", "a69980735cf6b5df", "23544ad332a41f2a"],
        "smpte:barndoor-h": ["c72361af6b2f9078", "b8d54b718f73b396", "cba52840216cc9fd", "23544ad332a41f2a"],
        "smpte:bowtie-h invert=true": ["c72361af6b2f9078", "50be3eb3ff5a575b", "d96618a57abef99e", "23544ad332a41f2a"],
        "smpte:bowtie-h": ["c72361af6b2f9078", "1e932c1f21cdd57f", "f0eeabbcdd7bbd47", "23544ad332a41f2a"],
        "smpte:box-wipe-tl invert=true": ["c72361af6b2f9078", "c549a086827165c1", "ab8c101abd75dcce", "23544ad332a41f2a"],
        "smpte:box-wipe-tl": ["c72361af6b2f9078", "a16741330abbffaf", "978377e863756b1e", "23544ad332a41f2a"],
        "smpte:clock-cw12 invert=true": ["c72361af6b2f9078", "3ffc4bfb06560596", "2845cb428cb799d7", "23544ad332a41f2a"],
        "smpte:clock-cw12": ["c72361af6b2f9078", "09f1c558b60de10c", "a68661d5aec8990e", "23544ad332a41f2a"],
        "smpte:doublesweep-pdtl invert=true": ["c72361af6b2f9078", "0e3119c254c4fe7f", "949e77730cf03730", "23544ad332a41f2a"],
        "smpte:doublesweep-pdtl": ["c72361af6b2f9078", "0ad00a59c4293069", "42cb17468a1f5a97", "23544ad332a41f2a"],
        "smpte:four-box-wipe-co invert=true": ["c72361af6b2f9078", "43bd556049eba212", "af7f8023b8b8cb2c", "23544ad332a41f2a"],
        "smpte:four-box-wipe-co": ["c72361af6b2f9078", "d7db2213a715beae", "ed32d6bfe3ae3349", "23544ad332a41f2a"],
        "smpte:windshield-h invert=true": ["c72361af6b2f9078", "5c2db4a1eefb70bc", "deb0aa373e448b54", "23544ad332a41f2a"],
        "smpte:windshield-h": ["c72361af6b2f9078", "7cc59fa1e6d67ee4", "483da27e95066677", "23544ad332a41f2a"],
    ]
}
