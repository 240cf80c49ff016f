import Testing
@testable import SegueCore

@Test func keyframesInterpolateThroughStops() throws {
    let k = try Keyframes(times: [0, 0.6, 1], values: [0, 1.2, 1], curves: [.easeOut, .linear])
    #expect(k.value(at: 0) == 0 && k.value(at: 0.6) == 1.2 && k.value(at: 1) == 1)
    #expect(abs(k.value(at: 0.3) - 1.2 * CubicBezier.easeOut.value(at: 0.5)) < 1e-12)
    #expect(abs(k.value(at: 0.8) - 1.1) < 1e-12)
    #expect(k.value(at: -1) == 0 && k.value(at: 2) == 1)
    // A repeated key time is a jump to the later stop.
    let jump = try Keyframes(times: [0, 0.5, 0.5, 1], values: [0, 0.2, 0.8, 1])
    #expect(abs(jump.value(at: 0.25) - 0.1) < 1e-12 && jump.value(at: 0.5) == 0.8)
}

@Test func keyframesSyntaxRoundTrips() throws {
    let spec = "keyframes(0:0;0.6:1.2:easeOut;1:1)"
    let c = try TimingCurve(parsing: spec)
    #expect(c.description == spec)
    guard case .keyframes(let k) = c else { Issue.record("not keyframes"); return }
    #expect(k.curves == [.easeOut, .linear])
    let custom = try TimingCurve(parsing: "keyframes(0:0;0.5:0.8:cubic-bezier(0.1,0.5,0.5,1);1:1:easeIn)")
    #expect(try TimingCurve(parsing: custom.description) == custom)
    #expect(abs(c.value(atTime: 0.3, duration: 1) - 1.2 * CubicBezier.easeOut.value(at: 0.5)) < 1e-12)
}

@Test(arguments: ["keyframes(0:0)", "keyframes(0:0;0.7:1;0.5:1)", "keyframes(0.1:0;1:1)", "keyframes(0:0;1:0.5)",
                  "keyframes(0:0:easeIn;1:1)", "keyframes(0:0;1:1:spring)", "keyframes(0:nan;1:1)"])
func badKeyframesAreRejected(spec: String) {
    expectRejected(spec)
}
