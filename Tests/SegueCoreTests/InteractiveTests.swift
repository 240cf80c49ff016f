#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SegueCore

/// A finger moving at constant speed (percent/s) sampled at `hz`, from `start`.
private func drag(from start: Double = 0, velocity: Double, seconds: Double, hz: Double = 120, t0: Double = 0) -> [GestureSample] {
    let n = Int((seconds * hz).rounded())
    return (0...n).map { GestureSample(time: t0 + Double($0) / hz, percent: start + velocity * Double($0) / hz) }
}

@Test func fingerDrivesTheClockLinearlyAndClamped() throws {
    // Starts at t0 = 5 s (a recording clock): sequence time 0 is the first sample.
    let samples = [GestureSample(time: 5, percent: -0.2), GestureSample(time: 5.5, percent: 0.3),
                   GestureSample(time: 6, percent: 1.4), GestureSample(time: 6, percent: 0.9)]
    let d = try InteractiveDriver(samples: samples, duration: 0.4)
    #expect(d.fraction(atTime: 0) == 0)                          // −0.2 clamped
    #expect(abs(d.fraction(atTime: 0.25) - 0.05) < 1e-12)        // halfway between −0.2 and 0.3
    #expect(abs(d.fraction(atTime: 0.75) - 0.85) < 1e-12)
    #expect(abs(d.fraction(atTime: 0.8) - 0.96) < 1e-12)
    #expect(d.fraction(atTime: 0.9) == 1)                         // 1.18 clamped
    #expect(d.fraction(atTime: 1) == 0.9)                         // equal times: the later sample wins
    #expect(d.decision.releaseTime == 1 && d.decision.releasePercent == 0.9)
}

@Test func projectedRuleUsesReleaseVelocity() throws {
    // Slow forward drag released at 0.4 with 0.5/s: projected 0.4 + 0.2495 ≥ 0.5 → finish.
    let slow = drag(from: 0.2, velocity: 0.5, seconds: 0.4)
    let d = try InteractiveDriver(samples: slow, duration: 0.5)
    #expect(abs(d.decision.releaseVelocity - 0.5) < 1e-9)
    #expect(abs(d.decision.projectedPercent - (0.4 + 0.5 * 0.998 / 0.002 / 1000)) < 1e-9)
    #expect(d.finishes && d.decision.reason == .projection)
    // The Apple sample's rule looks at the position only: 0.4 < 0.5 → cancel.
    let position = try InteractiveDriver(samples: slow, duration: 0.5, rule: try DecisionRule(kind: .position))
    #expect(!position.finishes && position.decision.reason == .position)
    // A threshold of 0.3 (BubbleTransition) finishes by position.
    #expect(try InteractiveDriver(samples: slow, duration: 0.5, rule: try DecisionRule(kind: .position, threshold: 0.3)).finishes)
    // Past halfway but flicked back: 0.7 − 0.499 < 0.5 → cancel.
    let back = try InteractiveDriver(samples: drag(from: 0.9, velocity: -1, seconds: 0.2), duration: 0.5)
    #expect(!back.finishes && abs(back.decision.releasePercent - 0.7) < 1e-9)
    // A faster deceleration (UIScrollView .fast) projects less: 0.4 + 0.0495 < 0.5 → cancel.
    #expect(!(try InteractiveDriver(samples: slow, duration: 0.5, rule: try DecisionRule(deceleration: 0.99)).finishes))
}

@Test func velocityOverrideWins() throws {
    let flick = drag(from: 0, velocity: 3, seconds: 0.05)   // at 0.15, 3/s
    let rule = try DecisionRule(kind: .position, velocityOverride: 2)
    let d = try InteractiveDriver(samples: flick, duration: 0.5, rule: rule)
    #expect(d.finishes && d.decision.reason == .velocity)
    let back = try InteractiveDriver(samples: drag(from: 0.9, velocity: -3, seconds: 0.05), duration: 0.5, rule: rule)
    #expect(!back.finishes && back.decision.reason == .velocity)
}

@Test func curveCompletionFollowsUIKitTimeModel() throws {
    let D = 0.6
    // Finish from p = 0.8 at speed 2: (1 − 0.8)·0.6/2 = 0.06 s of easeInEaseOut.
    let fwd = try InteractiveDriver(samples: drag(from: 0.6, velocity: 1, seconds: 0.2), duration: D,
                                    completion: .curve(.easeInEaseOut, speed: 2))
    #expect(fwd.finishes)
    #expect(abs(fwd.decision.completionDuration - 0.06) < 1e-12 && abs(fwd.length - 0.26) < 1e-12)
    #expect(abs(fwd.fraction(atTime: 0.2 + 0.03) - 0.9) < 1e-12)
    #expect(abs(fwd.fraction(atTime: 0.2 + 0.015) - (0.8 + 0.2 * CubicBezier.easeInEaseOut.value(at: 0.25))) < 1e-12)
    #expect(fwd.fraction(atTime: fwd.length) == 1 && fwd.fraction(atTime: 100) == 1)
    // Cancel from p = 0.3 (slow, position rule): p·D = 0.18 s back to 0.
    let cancel = try InteractiveDriver(samples: [GestureSample(time: 0, percent: 0), GestureSample(time: 1, percent: 0.3)],
                                       duration: D, rule: try DecisionRule(kind: .position))
    #expect(!cancel.finishes && abs(cancel.length - 1.18) < 1e-12)
    #expect(abs(cancel.fraction(atTime: 1.09) - 0.15) < 1e-12)
    #expect(cancel.fraction(atTime: cancel.length) == 0)
    // The timeline's last frame is exactly the end state.
    let tl = Timeline(fps: 60, driver: cancel)
    #expect(tl.frameCount == Int((1.18 * 60).rounded()) + 1 && tl.fraction(ofFrame: tl.frameCount - 1) == 0)
    #expect(tl.fraction(ofFrame: 0) == 0)
}

@Test func springCompletionInheritsReleaseVelocity() throws {
    let samples = drag(from: 0.3, velocity: 1.5, seconds: 0.2)   // p = 0.6, v = 1.5/s
    let spring = try Spring(response: 0.4, dampingRatio: 0.8)
    let d = try InteractiveDriver(samples: samples, duration: 0.5, completion: .spring(spring, speed: 1))
    #expect(d.finishes)
    let motion = spring.with(velocity: 1.5 / 0.4).motion(duration: 0)
    #expect(abs(d.decision.completionDuration - motion.settlingTime()) < 1e-12)
    for tau in [0.01, 0.05, 0.1, 0.3] {
        let expected = min(1, 0.6 + 0.4 * motion.value(atTime: tau))
        #expect(abs(d.fraction(atTime: 0.2 + tau) - expected) < 1e-9)
    }
    // The UIKit form lasts the remaining time (1 − p)·D/speed.
    let uikit = try InteractiveDriver(samples: samples, duration: 0.5, completion: .spring(try Spring(dampingRatio: 1), speed: 1))
    #expect(abs(uikit.decision.completionDuration - 0.2) < 1e-12 && uikit.fraction(atTime: uikit.length) == 1)
    // Released past the end: nothing remains, the sequence ends at the release.
    let done = try InteractiveDriver(samples: drag(from: 0.8, velocity: 2, seconds: 0.2), duration: 0.5,
                                     completion: .spring(try Spring(dampingRatio: 0.7), speed: 1))
    #expect(done.finishes && done.decision.completionDuration == 0 && done.fraction(atTime: done.length) == 1)
    // Cancelling: moving backwards is moving towards the target.
    let back = try InteractiveDriver(samples: drag(from: 0.6, velocity: -1.2, seconds: 0.25), duration: 0.5,
                                     completion: .spring(spring, speed: 1))
    #expect(!back.finishes)
    let backMotion = spring.with(velocity: 1.2 / 0.3).motion(duration: 0)
    #expect(abs(back.fraction(atTime: 0.25 + 0.05) - max(0, 0.3 * (1 - backMotion.value(atTime: 0.05)))) < 1e-9)
}

@Test func releaseVelocityEstimate() throws {
    // One sample: no velocity; decides by position alone.
    let one = try InteractiveDriver(samples: [GestureSample(time: 2, percent: 0.7)], duration: 0.5)
    #expect(one.decision.releaseVelocity == 0 && one.finishes && one.decision.releaseTime == 0)
    // Jittery 60 Hz samples around a 2/s line: least squares recovers the slope.
    let jitter = (0...30).map { i in GestureSample(time: Double(i) / 60, percent: 0.1 + 2 * Double(i) / 60 + (i % 2 == 0 ? 0.002 : -0.002)) }
    let j = try InteractiveDriver(samples: jitter, duration: 0.5)
    #expect(abs(j.decision.releaseVelocity - 2) < 0.1)
    // The finger rests at its last position until a later release: the velocity decays.
    let held = try InteractiveDriver(samples: drag(from: 0, velocity: 1, seconds: 0.3), releaseTime: 0.5, duration: 0.5)
    #expect(held.decision.releaseVelocity == 0 && held.decision.releaseTime == 0.5 && !held.finishes)
    #expect(abs(held.fraction(atTime: 0.45) - 0.3) < 1e-12)
    let brief = try InteractiveDriver(samples: drag(from: 0, velocity: 1, seconds: 0.3), releaseTime: 0.33, duration: 0.5)
    #expect(brief.decision.releaseVelocity > 0 && brief.decision.releaseVelocity < 1)
}

@Test func badGesturesAreRejected() {
    let bad: [([GestureSample], Double?)] = [
        ([], nil),
        ([GestureSample(time: 0, percent: 0), GestureSample(time: -0.1, percent: 0.2)], nil),
        ([GestureSample(time: 0, percent: .nan)], nil),
        ([GestureSample(time: .infinity, percent: 0)], nil),
        ([GestureSample(time: 0, percent: 0), GestureSample(time: 1, percent: 0.2)], 0.5),
    ]
    for (samples, release) in bad {
        do {
            _ = try InteractiveDriver(samples: samples, releaseTime: release, duration: 0.5)
            Issue.record("accepted \(samples)")
        } catch {
            #expect(error.kind == .invalidInput && !error.message.contains("\n"))
        }
    }
    let ok = [GestureSample(time: 0, percent: 0)]
    #expect(throws: SegueError.self) { try InteractiveDriver(samples: ok, duration: 0) }
    #expect(throws: SegueError.self) { try InteractiveDriver(samples: ok, duration: 1, completion: .curve(.linear, speed: 0)) }
    #expect(throws: SegueError.self) { try DecisionRule(deceleration: 1) }
    #expect(throws: SegueError.self) { try DecisionRule(velocityOverride: -1) }
}

/// A 10-minute gesture at 120 fps: 72 000 samples and ~72 000 frames evaluate in well under a
/// second in release; the bound here is loose for debug builds.
@Test func longGestureEvaluatesFast() throws {
    let samples = (0..<72_000).map { i in
        let t = Double(i) / 120
        return GestureSample(time: t, percent: 0.5 + 0.45 * sin(t))
    }
    let clock = ContinuousClock()
    let start = clock.now
    let driver = try InteractiveDriver(samples: samples, duration: 0.5)
    let timeline = Timeline(fps: 120, driver: driver)
    var sum = 0.0
    for n in 0..<timeline.frameCount { sum += timeline.fraction(ofFrame: n) }
    let elapsed = clock.now - start
    print("10-minute gesture: \(timeline.frameCount) frames in \(elapsed)")
    #expect(timeline.frameCount > 72_000 && sum.isFinite)
    #expect(elapsed < .seconds(2))
}
