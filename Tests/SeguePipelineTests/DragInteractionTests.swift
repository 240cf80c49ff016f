import Foundation
import SegueTestSupport
import Testing
import SegueCore
import SeguePipeline

/// Effects whose originals handle a drag their own way (andreamazz/BubbleTransition,
/// HarshilShah/DeckTransition, ivanvorobei/SPStorkController): the card's
/// elastic dismissal with its distance thresholds, the bubble's 30 % rule.
@Suite struct DragInteractionTests {
    /// A slow downward drag of `points` over 0.5 s, released at rest (no fling).
    func track(points: Double, travel: Double) throws -> String {
        var samples: [String] = []
        for i in 0...60 {
            let t = Double(i) / 120
            samples.append("{\"t\": \(t), \"x\": 0, \"y\": \(points * min(1, t / 0.4))}")
        }
        let json = "{\"axis\": \"y\", \"travel\": \(travel), \"release\": 0.6, \"samples\": [\(samples.joined(separator: ","))]}"
        let url = URL(fileURLWithPath: TestFiles.scratchRoot + "/drag-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    func transition(_ effect: String, _ params: [(String, String)], gesture: String) throws -> PreparedTransition {
        var r = TransitionRequest(effect: effect)
        r.parameters = params
        r.gesture = gesture
        r.size = PixelSize(width: 375, height: 667)
        r.scale = 1
        r.fromImage = PixelBuffer(width: 375, height: 667)
        r.toImage = PixelBuffer(width: 375, height: 667)
        return try PreparedTransition(r)
    }

    func endFraction(_ t: PreparedTransition) -> Double { t.timeline.fraction(ofFrame: t.frameCount - 1) }

    @Test func deckDismissesOncePastTwoHundredFortyPoints() throws {
        // Card travel at 375×667 pt, inset 20: 667 − 28 = 639 pt.
        let far = try transition("card", [("mode", "dismiss"), ("end", "card")], gesture: try track(points: 300, travel: 639))
        #expect(endFraction(far) == 1)
        // It completes during the drag: the sequence is shorter than drag + release.
        let near = try transition("card", [("mode", "dismiss"), ("end", "card")], gesture: try track(points: 230, travel: 639))
        #expect(endFraction(near) == 0)
    }

    @Test func cardFollowsTheElasticOffsetWhileDragging() throws {
        let t = try transition("card", [("mode", "dismiss"), ("end", "card")], gesture: try track(points: 200, travel: 639))
        // At 0.4 s the finger has moved 200 pt: the card is f(200) = 85.640078 pt below its top.
        let plan = t.plan(fraction: t.timeline.driver.fraction(atTime: 0.4))
        guard case .layer(let card)? = plan.commands.last else { Issue.record("no card layer"); return }
        #expect(abs(card.frame.minY - (28 + 85.640078)) < 0.01)
    }

    @Test func storkDecidesOnReleaseAtTwoHundredPoints() throws {
        let past = try transition("card", [("mode", "dismiss"), ("preset", "stork"), ("end", "card")], gesture: try track(points: 210, travel: 624))
        #expect(endFraction(past) == 1)
        let short = try transition("card", [("mode", "dismiss"), ("preset", "stork"), ("end", "card")], gesture: try track(points: 190, travel: 624))
        #expect(endFraction(short) == 0)
    }

    @Test func bubbleFinishesPastThirtyPercent() throws {
        let t = try transition("bubble", [("mode", "dismiss")], gesture: try track(points: 0.35 * 667, travel: 667))
        #expect(endFraction(t) == 1)
        let back = try transition("bubble", [("mode", "dismiss")], gesture: try track(points: 0.25 * 667, travel: 667))
        #expect(endFraction(back) == 0)
    }
}
