/// `segue bench --check-gl-cost`: no GL path that a GPU cannot save. An effect whose GL frame
/// costs more than `softwareMultiple` times the software renderer's and more than
/// `floorMultiple` times GL's own fade frame (what drawing and reading back a frame costs on
/// this GL) does work per pixel that grows with something else — a box, a radius — and stays
/// dear on any GPU (xfade:hblur once took 12.6 s a 1080p frame on llvmpipe, 435 ms on an
/// H200). The software bound alone cannot hold on llvmpipe: its floor of 8–10 ms a 1080p frame
/// is 20–40 times the software renderer's copy-like effects (a wipe copies rows at memory
/// speed).
struct GLCostCheck: Encodable {
    static let softwareMultiple = 3.0
    static let floorMultiple = 8.0
    /// The effect whose GL frame is the floor.
    static let floorEffect = "fade"

    struct Effect: Encodable {
        var effect: String
        var glMs: Double
        var softwareMs: Double
        var boundMs: Double
        var pass: Bool
    }
    var floorMs: Double
    var effects: [Effect]
    var pass: Bool { effects.allSatisfy(\.pass) }

    /// Judges every effect measured on both renderers; nil without GL's fade frame.
    init?(_ rows: [BenchCommand.Row]) {
        guard let floor = rows.first(where: { $0.effect == Self.floorEffect && $0.backend == "gl" })?.renderMs.median else { return nil }
        floorMs = floor
        effects = rows.filter { $0.backend == "gl" }.compactMap { gl in
            guard let software = rows.first(where: { $0.effect == gl.effect && $0.backend == "software" }) else { return nil }
            let bound = max(Self.softwareMultiple * software.renderMs.median, Self.floorMultiple * floor)
            return Effect(effect: gl.effect, glMs: gl.renderMs.median, softwareMs: software.renderMs.median, boundMs: bound,
                          pass: gl.renderMs.median <= bound)
        }
    }

    var summary: String {
        let over = effects.filter { !$0.pass }
        let rule = "max(\(Int(Self.softwareMultiple))× software, \(Int(Self.floorMultiple))× GL \(Self.floorEffect) \(String(format: "%.2f", floorMs)) ms)"
        if over.isEmpty { return "GL cost check: all \(effects.count) effects within \(rule)" }
        return "GL cost check: FAIL: " + over.map { String(format: "%@ %.2f ms > %.2f ms", $0.effect, $0.glMs, $0.boundMs) }
            .joined(separator: ", ") + " (bound \(rule))"
    }
}
