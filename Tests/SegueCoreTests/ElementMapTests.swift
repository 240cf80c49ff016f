import Testing
import SegueCore

/// Element maps (docs/MAGIC-MOVE.md): the three formats read to the same elements, every rule
/// a map must follow refused with the file and element named, placement on the canvas, and
/// matching by id.
@Suite struct ElementMapTests {
    func read(_ text: String, source: String = "map.json") throws -> ElementMap {
        try ElementMap.read(Array(text.utf8), source: source)
    }

    func expectRefused(_ text: String, mentions: String, source: String = "map.json") {
        do throws(SegueError) {
            _ = try ElementMap.read(Array(text.utf8), source: source)
            Issue.record("accepted: \(text.prefix(80))")
        } catch {
            #expect(error.kind == .invalidInput, "\(error)")
            #expect(error.message.contains(source) && error.message.contains(mentions), "\(error.message)")
        }
    }

    @Test func jsonArrayIsInPointsAndZOrdersTheStack() throws {
        let map = try read(#"""
        [{"id": "a", "frame": [1, 2, 3, 4], "z": 2},
         {"id": "b", "frame": [5.5, 6, 7, 8], "cornerRadius": 3},
         {"id": 7, "frame": [0, 0, 1, 1], "z": 2}]
        """#)
        #expect(map.units == .points && map.screen == nil)
        #expect(map.elements.map(\.id) == ["b", "a", "7"])
        #expect(map.elements[0] == ScreenElement(id: "b", frame: Rect(x: 5.5, y: 6, width: 7, height: 8), cornerRadius: 3))
    }

    @Test func jsonObjectNamesUnitsAndScreenAndRoundTrips() throws {
        let map = try read(#"{"units": "pixels", "screen": [1080, 2400], "elements": [{"id": "x\"y", "frame": [10, 20, 30, 40]}]}"#)
        #expect(map.units == .pixels && map.screen == Rect(x: 0, y: 0, width: 1080, height: 2400))
        let again = try read(map.jsonText, source: "again")
        #expect(again == map)
    }

    /// An Android dump: nodes with a resource-id or a content description and an area, named
    /// `id[description]`; ids still shared (list rows) are left out; the root is the screen.
    @Test func androidDump() throws {
        let map = try read("""
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">\
        <node index="0" text="Inbox" resource-id="com.example:id/title" content-desc="" bounds="[42,180][400,260]" />\
        <node index="1" text="" resource-id="com.example:id/avatar" content-desc="Ada &amp; Bo" bounds="[42,300][174,432]" />\
        <node index="2" text="" resource-id="com.example:id/avatar" content-desc="Cy" bounds="[42,500][174,632]" />\
        <node index="3" text="" resource-id="" content-desc="Compose" bounds="[900,2200][1040,2340]" />\
        <node index="4" text="" resource-id="com.example:id/hidden" content-desc="" bounds="[0,0][0,0]" />\
        <node index="5" text="" resource-id="com.example:id/row" content-desc="" bounds="[0,280][1080,460]" />\
        <node index="6" text="" resource-id="com.example:id/row" content-desc="" bounds="[0,480][1080,660]" />\
        </node></hierarchy>
        """, source: "window_dump.xml")
        #expect(map.units == .pixels && map.screen == Rect(x: 0, y: 0, width: 1080, height: 2400))
        #expect(map.elements.map(\.id) == ["com.example:id/title", "com.example:id/avatar[Ada & Bo]", "com.example:id/avatar[Cy]", "Compose"])
        #expect(map.elements[1].frame == Rect(x: 42, y: 300, width: 132, height: 132))
    }

    /// XCUITest: `app.debugDescription` (identifiers only; the window is the screen) and a
    /// list of `identifier frame` lines in both of CGRect's spellings.
    @Test func xcuitestDebugDescriptionAndLists() throws {
        let tree = try read("""
        Attributes: Application, pid: 4242, label: 'Mail'
        Element subtree:
         →Application, 0x600000c8c000, pid: 4242, label: 'Mail'
            Window (Main), 0x600000c8c0e0, {{0.0, 0.0}, {390.0, 844.0}}
              Other, 0x600000c8c1c0, {{0.0, 0.0}, {390.0, 844.0}}
                Button, 0x600000c8c2a0, {{20.0, 212.0}, {44.0, 44.0}}, identifier: 'avatar', label: 'Ada'
                StaticText, 0x600000c8c380, {{76.0, 216.0}, {120.0, 20.5}}, identifier: 'name', label: 'Ada'
                StaticText, 0x600000c8c460, {{76.0, 240.0}, {200.0, 18.0}}, label: 'no identifier'
        """, source: "tree.txt")
        #expect(tree.units == .points && tree.screen == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(tree.elements.map(\.id) == ["avatar", "name"])
        #expect(tree.elements[1].frame == Rect(x: 76, y: 216, width: 120, height: 20.5))

        let list = try read("avatar {{20, 212}, {44, 44}}\nhero: (0.0, 98.0, 390.0, 296.0)\n\n", source: "list.txt")
        #expect(list.elements == [ScreenElement(id: "avatar", frame: Rect(x: 20, y: 212, width: 44, height: 44)),
                                  ScreenElement(id: "hero", frame: Rect(x: 0, y: 98, width: 390, height: 296))])
    }

    @Test func mistakesNameTheFileAndTheElement() {
        expectRefused(#"[{"id": "a", "frame": [0, 0, 1, 1]}, {"id": "a", "frame": [2, 2, 1, 1]}]"#, mentions: #"element 2 "a": the same id as element 1"#)
        expectRefused(#"[{"id": "a", "frame": [0, 0, 0, 1]}]"#, mentions: "width and height must be positive")
        expectRefused(#"[{"id": "a", "frame": [0, 0, -3, 1]}]"#, mentions: "width and height must be positive")
        expectRefused(#"[{"id": "a", "frame": [0, 0, 1e300, 1]}]"#, mentions: #"element 1 "a": width 1e+300 must be in"#)
        expectRefused(#"[{"id": "a", "frame": [1e308, 0, 1, 1]}]"#, mentions: #"element 1 "a": x 1e+308 must be in"#)
        expectRefused(#"[{"id": "a", "frame": [0, 0, 1, 1], "cornerRadius": 2e6}]"#, mentions: "corner radius 2000000 must be in")
        expectRefused(#"[{"id": "", "frame": [0, 0, 1, 1]}]"#, mentions: "the id is empty")
        expectRefused(#"[{"id": "a", "frame": [0, 0, 1]}]"#, mentions: "[x, y, width, height]")
        expectRefused(#"[{"id": "a", "frame": [0, 0, 1, 1], "radius": 4}]"#, mentions: #"unknown key "radius""#)
        expectRefused(#"[{"frame": [0, 0, 1, 1]}]"#, mentions: #"missing "id""#)
        expectRefused(#"{"units": "inches", "elements": []}"#, mentions: #""units": expected "points" or "pixels""#)
        expectRefused(#"[{"id": "a", "frame": [0, 0, 1, 1]"#, mentions: "not valid JSON")
        expectRefused(String(repeating: "[", count: 10_000), mentions: "nested deeper than")
        expectRefused("<html></html>", mentions: "not a uiautomator dump", source: "page.xml")
        expectRefused(#"<hierarchy><node resource-id="a" bounds="[0,0][x,1]"/></hierarchy>"#, mentions: "is not [left,top][right,bottom]", source: "d.xml")
        expectRefused("hello world", mentions: "no elements", source: "notes.txt")
        let many = "[" + (0...Limits.elementCount).map { #"{"id": "e\#($0)", "frame": [0, 0, 1, 1]}"# }.joined(separator: ",") + "]"
        expectRefused(many, mentions: "more than \(Limits.elementCount)")
        do throws(SegueError) {
            _ = try ElementMap.read([0xC3, 0x28], source: "latin.json")
            Issue.record("accepted invalid UTF-8")
        } catch { #expect(error.message.contains("not UTF-8")) }
    }

    /// Points × scale without a screen; a named screen is fitted to the canvas as `cover`
    /// fits the screenshot (a 1080×2400 dump on a 540×1200 canvas halves, on a wider canvas
    /// it is centred and cropped top and bottom).
    @Test func placementOnTheCanvas() throws {
        let points = try read(#"[{"id": "a", "frame": [10, 20, 30, 40], "cornerRadius": 5}]"#)
        #expect(points.onCanvas(scale: 3, canvas: PixelSize(width: 1170, height: 2532))[0]
                == ScreenElement(id: "a", frame: Rect(x: 30, y: 60, width: 90, height: 120), cornerRadius: 15))
        let dump = try read(#"{"units": "pixels", "screen": [1080, 2400], "elements": [{"id": "a", "frame": [100, 200, 300, 400]}]}"#)
        #expect(dump.onCanvas(scale: 7, canvas: PixelSize(width: 540, height: 1200))[0].frame == Rect(x: 50, y: 100, width: 150, height: 200))
        #expect(dump.onCanvas(scale: 7, canvas: PixelSize(width: 1080, height: 2400))[0].frame == Rect(x: 100, y: 200, width: 300, height: 400))
        let wide = dump.onCanvas(scale: 1, canvas: PixelSize(width: 2160, height: 2400))[0].frame
        #expect(wide == Rect(x: 200 + 0, y: 400 - 1200, width: 600, height: 800))
        #expect(dump.checkOnCanvas(scale: 1, canvas: PixelSize(width: 1080, height: 2400), role: "from") == nil)
        let off = try read(#"{"units": "pixels", "elements": [{"id": "far", "frame": [2000, 0, 10, 10]}]}"#, source: "off.json")
        #expect(off.checkOnCanvas(scale: 1, canvas: PixelSize(width: 1080, height: 2400), role: "to-elements")?.message
                .contains(#"off.json: to-elements: element 1 "far""#) == true)
    }

    /// On both screens an element moves, on one it leaves or enters; the first screen's order
    /// first, then the new ones (CSS View Transitions' group order).
    @Test func matchingByID() {
        func e(_ id: String) -> ScreenElement { ScreenElement(id: id, frame: Rect(x: 0, y: 0, width: 1, height: 1)) }
        let pairs = ElementPair.matching(from: [e("a"), e("gone"), e("b")], to: [e("new"), e("b"), e("a")])
        #expect(pairs.map(\.id) == ["a", "gone", "b", "new"])
        #expect(pairs.map(\.role) == [.moves, .leaves, .moves, .enters])
    }
}
