import Testing
@testable import SegueCore

/// y(x) of Core Animation's five named curves (Apple, CAMediaTimingFunctionName: the control
/// points), computed from the cubic by bisection on t to 1e-15; checked here to 1e-9.
private let xs = [0.0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0]
private let table: [(CubicBezier, [Double])] = [
    (.linear, [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1]),
    (.easeIn, [0, 0.017026610, 0.062282000, 0.093464651, 0.129576761, 0.214860939, 0.315356813,
               0.429119769, 0.554814033, 0.621861869, 0.691633933, 0.839427846, 1]),
    (.easeOut, [0, 0.160572154, 0.308366067, 0.378138131, 0.445185967, 0.570880231, 0.684643187,
                0.785139061, 0.870423239, 0.906535349, 0.937718000, 0.982973390, 1]),
    (.easeInEaseOut, [0, 0.019722454, 0.081659856, 0.129161931, 0.187395907, 0.331883870, 0.5,
                      0.668116130, 0.812604093, 0.870838069, 0.918340144, 0.980277546, 1]),
    (.caDefault, [0, 0.094796306, 0.295244334, 0.408510591, 0.513315161, 0.682540506, 0.802403388,
                  0.885229310, 0.940764614, 0.960458978, 0.975625356, 0.994316477, 1]),
]

@Test func namedCurvesMatchReferenceTable() {
    for (curve, ys) in table {
        for (x, y) in zip(xs, ys) {
            #expect(abs(curve.value(at: x) - y) < 1e-6, "\(curve) at \(x)")
        }
    }
}

/// The parametric t with Bx(t) = x for x = 0.1, 0.25, 0.5, 0.75, 0.9, computed the same way:
/// checks the x→t solver itself.
@Test func solverFindsReferenceParameter() {
    let px = [0.1, 0.25, 0.5, 0.75, 0.9]
    let ts: [(CubicBezier, [Double])] = [
        (.linear, [0.195800106, 0.326351822, 0.5, 0.673648178, 0.804199894]),
        (.easeIn, [0.077357276, 0.188786994, 0.374253436, 0.581975751, 0.746177468]),
        (.easeOut, [0.253822532, 0.418024249, 0.625746564, 0.811213006, 0.922642724]),
        (.easeInEaseOut, [0.083434792, 0.225065160, 0.5, 0.774934840, 0.916565208]),
        (.caDefault, [0.151689200, 0.409458563, 0.699572439, 0.873872500, 0.953431846]),
    ]
    for (curve, expected) in ts {
        for (x, t) in zip(px, expected) {
            #expect(abs(curve.solveT(forX: x) - t) < 1e-8, "\(curve) x=\(x)")
        }
    }
}

/// Solver accuracy over a fine grid, including curves with a flat Bx at an end (x1 = 0 or
/// x2 = 1 gives Bx'(0) = 0 or Bx'(1) = 0, where plain Newton stalls).
@Test func solverIsAccurateEverywhere() throws {
    let curves = [CubicBezier.linear, .easeIn, .easeOut, .easeInEaseOut, .caDefault,
                  try CubicBezier(1, 0, 0, 1), try CubicBezier(0, 1, 1, 0), try CubicBezier(0.1, 0.54, 0.53, 0.99)]
    for c in curves {
        func bx(_ t: Double) -> Double {
            let cc = 3 * c.x1, b = 3 * (c.x2 - c.x1) - cc, a = 1 - cc - b
            return ((a * t + b) * t + cc) * t
        }
        for i in 0...2000 {
            let x = bx(Double(i) / 2000)
            #expect(abs(bx(c.solveT(forX: x)) - x) < 1e-12, "\(c) x=\(x)")
        }
    }
}

@Test func symmetries() {
    for i in 0...100 {
        let x = Double(i) / 100
        #expect(abs(CubicBezier.easeOut.value(at: x) - (1 - CubicBezier.easeIn.value(at: 1 - x))) < 1e-12)
        #expect(abs(CubicBezier.easeInEaseOut.value(at: 1 - x) - (1 - CubicBezier.easeInEaseOut.value(at: x))) < 1e-12)
    }
}

@Test func bezierSyntaxParsesAndRoundTrips() throws {
    for spec in ["linear", "easeIn", "easeOut", "easeInEaseOut", "default", "cubic-bezier(0.1,0.54,0.53,0.99)",
                 "cubic-bezier(0.4,-0.5,0.2,1.5)"] {
        let c = try TimingCurve(parsing: spec)
        #expect(c.description == spec)
        #expect(try TimingCurve(parsing: c.description) == c)
    }
    #expect(try TimingCurve(parsing: "ease-in-out") == .easeInEaseOut)
    #expect(try TimingCurve(parsing: "easeInOut") == .easeInEaseOut)
    #expect(try TimingCurve(parsing: " cubic-bezier( 0.42, 0, 0.58, 1 ) ") == .easeInEaseOut)
    #expect(TimingCurve.easeIn.naturalDuration == nil)
    #expect(abs(TimingCurve.easeIn.value(atTime: 0.15, duration: 0.3) - 0.315356813) < 1e-6)
}

@Test(arguments: ["cubic-bezier(2,0,1,1)", "cubic-bezier(0,0,-0.1,1)", "cubic-bezier(0,0,1)",
                  "cubic-bezier(nan,0,1,1)", "cubic-bezier(0,inf,1,1)", "bouncy", ""])
func badBezierSpecsAreRejected(spec: String) {
    expectRejected(spec)
}
