import SegueTestSupport
import Testing
import SegueCore
import SegueGL
import SegueSoftware
import SeguePipeline

extension GLSuite {
    /// magic-move with element maps as apps give them: hundreds of cells with fractional
    /// frames, rounded corners, aspect changes, swaps, elements that leave and enter. Both
    /// renderers hold parity (≥ 40 dB, ≥ 99 % within 3 levels) in both styles, with a stagger
    /// and with the screens fading in; the first and last frames are the two screens.
    @Suite struct MagicMoveTests {
        static let size = PixelSize(width: 641, height: 359)

        /// A grid of `count` cells on each screen: cell i of the first screen is cell
        /// `(i·37) mod count` of the second, of another size and shape; every seventh cell
        /// exists only on the first screen and every eleventh only on the second.
        static func maps(count: Int) -> (from: String, to: String) {
            var from: [String] = [], to: [String] = []
            let columns = 20
            for i in 0..<count {
                let c = i % columns, r = i / columns
                if i % 11 != 0 {
                    from.append(#"{"id":"c\#(i)","frame":[\#(3.25 + Double(c) * 31.7),\#(2.5 + Double(r) * 21.3),\#(27.5),\#(18.75)],"cornerRadius":\#(i % 4)}"#)
                }
                let j = (i * 37) % count, c2 = j % columns, r2 = j / columns
                if i % 7 != 0 {
                    to.append(#"{"id":"c\#(i)","frame":[\#(1.5 + Double(c2) * 31.9),\#(4 + Double(r2) * 21.1),\#(12.0 + Double(i % 5) * 4.3),\#(19.5 - Double(i % 3) * 2.1)],"cornerRadius":\#(Double(i % 3) * 1.5)}"#)
                }
            }
            func map(_ items: [String]) -> String { #"{"units":"pixels","elements":[\#(items.joined(separator: ","))]}"# }
            return (map(from), map(to))
        }

        func transition(_ overrides: [(String, String)], maps: (from: String, to: String) = Self.maps(count: 300)) throws -> PreparedTransition {
            let (from, to) = maps
            var request = TransitionRequest(effect: "magic-move")
            request.parameters = [("from-elements", from), ("to-elements", to)] + overrides
            request.fromImage = TestImages.photo(Self.size.width, Self.size.height, seed: 3)
            request.toImage = TestImages.photo(Self.size.width, Self.size.height, seed: 4)
            return try PreparedTransition(request)
        }

        @Test(arguments: [[("style", "view-transition")], [("style", "hero"), ("stagger", "0.4")],
                          [("style", "hero"), ("screens", "fade-in")]])
        func hundredsOfElementsHoldParity(_ overrides: [(String, String)]) throws {
            let transition = try transition(overrides)
            let gl = try GLRenderer(platform: .auto), software = SoftwareRenderer()
            for p in [0, 0.2, 0.5, 0.8, 1] {
                let plan = transition.plan(fraction: p)
                if p > 0 && p < 1 { #expect(plan.commands.count { if case .pair = $0 { true } else { false } } > 250) }
                var a = PixelBuffer(size: Self.size), b = PixelBuffer(size: Self.size)
                try software.render(plan, images: transition.images, into: &a)
                try gl.render(plan, images: transition.images, into: &b)
                let c = try ImageComparison(a, b)
                print("magic-move \(overrides) p=\(p): PSNR \(c.psnr) dB, within3 \(c.fractionWithin3), max \(c.maxDifference)")
                #expect(c.meetsParity, "\(overrides) p=\(p): PSNR \(c.psnr), within3 \(c.fractionWithin3)")
                if p == 0 || p == 1 {
                    let end = p == 0 ? transition.images[.from]! : transition.images[.to]!
                    #expect(try ImageComparison(a, end).maxDifference <= 1, "software \(overrides) p=\(p)")
                    #expect(try ImageComparison(b, end).maxDifference <= 1, "GL \(overrides) p=\(p)")
                }
            }
        }

        /// A staggered hero move: the first element has arrived while the last has not left.
        @Test func staggerOrdersTheElements() throws {
            let transition = try transition([("style", "hero"), ("stagger", "0.5"), 
                                              ("from-elements", #"{"units":"pixels","elements":[{"id":"a","frame":[0,0,10,10]},{"id":"b","frame":[0,20,10,10]}]}"#),
                                              ("to-elements", #"{"units":"pixels","elements":[{"id":"a","frame":[100,0,10,10]},{"id":"b","frame":[100,20,10,10]}]}"#)])
            let plan = transition.plan(fraction: 0.5)
            let frames = plan.commands.compactMap { command -> Rect? in if case .pair(let p) = command { p.first.frame } else { nil } }
            #expect(frames.count == 2)
            #expect(frames == [Rect(x: 100, y: 0, width: 10, height: 10), Rect(x: 0, y: 20, width: 10, height: 10)])
        }
    }
}
