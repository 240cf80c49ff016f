import SegueCore
import Testing

/// Issue 11: the one place for limits, its messages, and the bounded computations behind them.
@Suite struct LimitsTests {
    @Test func messagesNameTheRange() throws {
        #expect(Limits.fraction.problem(-0.1) == "must be in 0…1")
        #expect(Limits.fps.problem(0) == "must be more than 0 and at most 1000")
        #expect(Limits.fps.problem(.nan) != nil && Limits.duration.problem(.infinity) != nil)
        #expect(Limits.fps.problem(1000) == nil && Limits.duration.problem(0) == nil)
        do {
            try Limits.frameTimeLimit.check(1e308, option: "--time-limit")
            Issue.record("accepted 1e308")
        } catch {
            #expect(error.exitCode == 64 && error.message == "--time-limit 1e+308: must be in 0…86400 s")
        }
        #expect(Limits.frameCount == 3_600_001)
        // A value quoted in a message is the value, even where rounding it would overflow.
        #expect(readable(1e308) == "1e+308" && readable(-1.7e308) == "-1.7e+308" && readable(2.0004) == "2")
    }

    @Test func clampedIntNeverTraps() {
        #expect(Double.nan.clampedInt(0...10) == 0)
        #expect(1e300.clampedInt(0...10) == 10 && (-1e300).clampedInt(-5...5) == -5)
        #expect(Double.infinity.clampedInt(0...Int.max) == Int.max)
        #expect(3.9.clampedInt(0...10) == 3)
    }

    /// `spring(damping:1e-300)` hung in `--describe`; damping 1e-15 and stiffness 1e100 too.
    @Test(arguments: ["spring(damping:1e-300)", "spring(damping:1e-15)", "spring(stiffness:1e100)", "spring(mass:0)",
                      "spring(response:1e-9)", "spring(dampingRatio:1e-9)", "spring(velocity:1e300)", "spring(duration:1e9)"])
    func springParametersOutOfRangeAreRefused(spec: String) {
        expectRejected(spec)
    }

    /// The slowest springs the ranges accept still settle in bounded time (estimated far out).
    @Test func slowestAcceptedSpringsSettleQuickly() throws {
        let clock = ContinuousClock()
        for spec in ["spring(mass:1000000,stiffness:0.000001,damping:0.000001)", "spring(mass:1000000,stiffness:1000000,damping:0.000001)",
                     "spring(mass:0.000001,stiffness:0.000001,damping:1000000)", "spring(response:3600,dampingRatio:0.001)"] {
            let curve = try TimingCurve(parsing: spec)
            let elapsed = clock.measure { _ = curve.naturalDuration; _ = curve.describe(duration: 1) }
            #expect(elapsed < .seconds(1), "\(spec) took \(elapsed)")
            #expect((curve.naturalDuration ?? 0) > Limits.springSettlingTime, "\(spec)")
        }
    }

    @Test func timelineFrameCountNeverTraps() {
        struct Endless: TimeDriver { var length: Double { .infinity }; func fraction(atTime t: Double) -> Double { 0 } }
        #expect(Timeline(fps: 60, driver: Endless()).frameCount == Limits.frameCount + 1)
    }
}
