import Foundation
import Testing
@testable import GridModel
@testable import GridTools

/// Traces of bundled scenarios rendered in memory, then perturbed.
enum TraceDiffFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled scenario's text with each `(old, new)` replaced (each must occur).
    static func scenarioText(_ name: String, _ replacements: [(String, String)] = []) throws -> String {
        var text = try String(contentsOf: root.appendingPathComponent("Scenarios/\(name).json"), encoding: .utf8)
        for (old, new) in replacements {
            #expect(text.contains(old), "\(name) has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// The trace of the scenario as `render` writes it, read back as the tools read it.
    static func trace(_ name: String, _ replacements: [(String, String)] = []) throws -> [TraceFrame] {
        let scenario = try ScenarioDecoder.decode(Array(try scenarioText(name, replacements).utf8))
        var simulation = try Simulation(scenario: scenario)
        var text = ""
        while let frame = try simulation.next() { text += Trace.line(for: frame) + "\n" }
        return try TraceReader.read(bytes: Array(text.utf8), name: name)
    }
}

/// Shows a diff when a test fails.
func described(_ diff: TraceDiff) -> Comment {
    Comment(rawValue: (["first: \(diff.firstDifferingFrame.map(String.init) ?? "none")"] + diff.findings + ["--"] + diff.summary)
        .joined(separator: "\n"))
}

/// `TraceDiff` on real traces of bundled scenarios, perturbed: the exact sentences.
@Suite struct TraceDiffTests {
    /// A trace compared with itself, or with its lines shuffled, agrees.
    @Test(arguments: ["long-fling", "drag-atRest", "paging-target", "pager-4way", "carousel-loop-seamless", "lazy-load", "rotate"])
    func aTraceAgreesWithItself(name: String) throws {
        let frames = try TraceDiffFixtures.trace(name)
        let diff = TraceDiff.compare(expected: frames, actual: frames.reversed(), scale: 2)
        #expect(diff.isEmpty && diff.firstDifferingFrame == nil, described(diff))
        #expect(diff.findings.isEmpty && diff.summary.isEmpty)
    }

    /// A later fling (a scenario's wait made longer) moves the gesture events, the deceleration's end
    /// and the at-rest recenter: the first frame says which events are missing and where they went.
    @Test func aLongerWaitMovesTheFlingAndTheRecenter() throws {
        let expected = try TraceDiffFixtures.trace("drag-atRest")
        let actual = try TraceDiffFixtures.trace("drag-atRest", [(#""duration": 0.1"#, #""duration": 0.15"#)])
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        #expect(diff.firstDifferingFrame == 207)
        #expect(diff.findings == [
            "frame 207: expected willBeginDragging, got none; fourth willBeginDragging now at frame 210",
            "frame 207: expected willEndDragging (target 50627.692, 49128.752), got none; fourth willEndDragging now at frame 210",
            "frame 207: expected didEndDragging (willDecelerate true), got none; fourth didEndDragging now at frame 210",
            "frame 207: expected willBeginDecelerating, got none; third willBeginDecelerating now at frame 210",
            "frame 207: content offset (49892.644, 49520.777) -> (49885.322, 49524.452)",
            "frame 207: all 45 tiles moved by (7, -3.5) pt, as tile (-4, 0) rect x: -58.5 -> -51.5, y: -8.0 -> -11.5",
            "frame count 374 -> 377",
            "willBeginDragging: 3.450 s -> 3.500 s (frame 207 -> 210)",
            "willEndDragging: 3.450 s -> 3.500 s (frame 207 -> 210)",
            "didEndDragging: 3.450 s -> 3.500 s (frame 207 -> 210)",
            "willBeginDecelerating: 3.450 s -> 3.500 s (frame 207 -> 210)",
            "didEndDecelerating: 6.017 s -> 6.067 s (frame 361 -> 364)",
            "recenter: 6.017 s -> 6.067 s (frame 361 -> 364)",
            "frame 361: phase idle -> decelerating",
        ], described(diff))
        #expect(diff.summary == [
            "frames only in actual: 3 (374 to 376)",
            "phases differ in 3 frames, first at frame 361",
            "events differ in 6 frames, first at frame 207",
            "events added: 3 didScroll",
            "events moved to other frames: 1 willBeginDragging, 1 willEndDragging, 1 didEndDragging, 1 willBeginDecelerating, 1 didEndDecelerating, 1 recenter",
            "offsets differ in 157 frames, largest 834.305 pt at frame 363",
            "tile placement differs in 167 frames, first at frame 207; largest rect difference 58.5 pt at frame 210",
        ], described(diff))
    }

    /// A fling that lands on another page: the drag target, then the page, named where they first differ.
    @Test func aStrongerFlingLandsOnAnotherPage() throws {
        // Without the one-page limit (issue 15's `pageLimit`), so the stronger fling can land further.
        let unlimited = (#""paging": "target""#, #""paging": "target", "pageLimit": "none""#)
        let expected = try TraceDiffFixtures.trace("paging-target", [unlimited])
        let actual = try TraceDiffFixtures.trace("paging-target", [unlimited, (#""x": 920"#, #""x": 1400"#)])
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        #expect(diff.firstDifferingFrame == 146)
        #expect(diff.findings == [
            // The release frame shows the same offset in both: the deceleration starts 1 ms after the lift.
            "frame 146: willEndDragging target (2000, 2200) -> (1800, 2200)",
            "frame count 298 -> 308",
            "didEndDecelerating: 4.750 s -> 4.917 s (frame 285 -> 295)",
            "pageChanged: 4.750 s -> 4.917 s (frame 285 -> 295)",
            "frame 147: content offset (2484.399, 2006.333) -> (2478.22, 2006.333)",
            "frame 147: all 45 tiles moved by (6.5, 0) pt, as tile (24, 20) rect x: -84.5 -> -78.0",
            "frame 149: page (25, 20) -> (24, 20)",
            "frame 285: phase idle -> decelerating",
        ], described(diff))
        #expect(diff.summary.contains("pages differ in 142 frames, first at frame 149: (25, 20) -> (24, 20)"), described(diff))
        #expect(diff.summary.contains("offsets differ in 151 frames, largest 200 pt at frame 295"), described(diff))
    }

    /// A recenter the actual trace lacks: its shift, and where the next one now is.
    @Test func aDroppedRecenterIsNamedWithItsShift() throws {
        let expected = try TraceDiffFixtures.trace("long-fling")
        let recenters = expected.indices.filter { expected[$0].events.contains(.recenter) }
        try #require(recenters.count >= 3)
        var actual = expected
        let i = recenters[1]
        actual[i].events.removeAll { $0 == .recenter }
        actual[i].scrollEvents.removeAll { $0.kind == .recenter }
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        let frame = expected[i].frame, next = expected[recenters[2]].frame
        #expect(diff.firstDifferingFrame == frame)
        #expect(diff.findings.first == "frame \(frame): expected recenter (shift 0, -785), got none; second recenter now at frame \(next)",
                described(diff))
        #expect(diff.summary == ["events differ in 1 frame, first at frame \(frame)", "events removed: 1 recenter"], described(diff))
        #expect(diff.findings.dropFirst() == ["recenter at \(TraceText.seconds(expected[i].t)) (frame \(frame)) removed"], described(diff))
        // The first recenter dropped: "first recenter now at ...".
        var first = expected
        first[recenters[0]].events.removeAll { $0 == .recenter }
        first[recenters[0]].scrollEvents.removeAll { $0.kind == .recenter }
        let again = TraceDiff.compare(expected: expected, actual: first, scale: 2)
        #expect(again.findings.first?.contains("got none; first recenter now at frame \(expected[recenters[1]].frame)") == true,
                described(again))
        // The other way round: a recenter only actual has.
        let extra = TraceDiff.compare(expected: actual, actual: expected, scale: 2)
        #expect(extra.findings.first == "frame \(frame): got recenter (shift 0, -785), expected none; second recenter expected at frame \(next)",
                described(extra))
        #expect(extra.summary.contains("events added: 1 recenter"), described(extra))
    }

    /// Counts, order, and occurrences the other trace does not have at all.
    @Test func eventCountsOrderAndAbsentOccurrences() {
        func frame(_ n: Int, _ events: [ScrollEvent]) -> TraceFrame {
            TraceFrame(frame: n, t: Double(n) / 10, events: events.map(\.kind), scrollEvents: events)
        }
        let shift = ScrollEvent.recenter(shift: Vector(x: 0, y: -1004))
        let e = [frame(0, [.didScroll, .cancel]), frame(1, [shift]), frame(2, [.pageChanged(page: TileCoordinate(x: 1, y: 0))])]
        let a = [frame(0, [.cancel, .didScroll]), frame(1, []), frame(2, [.pageChanged(page: TileCoordinate(x: 2, y: 0))])]
        let diff = TraceDiff.compare(expected: e, actual: a, scale: 2)
        #expect(diff.findings == ["frame 0: events in another order: didScroll, cancel -> cancel, didScroll",
                                  "recenter at 0.100 s (frame 1) removed"], described(diff))
        #expect(diff.summary == ["events differ in 3 frames, first at frame 0", "events removed: 1 recenter"], described(diff))
        let twice = TraceDiff.compare(expected: [frame(0, [shift]), frame(1, [shift, shift])], actual: [frame(0, [shift]), frame(1, [shift])], scale: 2)
        #expect(twice.findings == ["frame 1: expected 2 recenter, got 1; actual has only 2 recenter",
                                   "recenter at 0.100 s (frame 1) removed"], described(twice))
        let page = TraceDiff.compare(expected: [e[2]], actual: [a[2]], scale: 2)
        #expect(page.findings == ["frame 2: pageChanged page (1, 0) -> (2, 0)"], described(page))
        let gone = TraceDiff.compare(expected: [e[1]], actual: [a[1]], scale: 2)
        #expect(gone.findings == ["frame 1: expected recenter (shift 0, -1004), got none; actual has no recenter",
                                  "recenter at 0.100 s (frame 1) removed"], described(gone))
        let extra = TraceDiff.compare(expected: [frame(0, [])], actual: [frame(0, [.didScroll])], scale: 2)
        #expect(extra.findings == ["frame 0: got didScroll, expected none; expected has no didScroll"], described(extra))
    }

    /// A recenter with another shift.
    @Test func aRecenterShiftChangeIsAPayloadChange() throws {
        let expected = try TraceDiffFixtures.trace("long-fling")
        let i = try #require(expected.firstIndex { $0.events.contains(.recenter) })
        var actual = expected
        actual[i].scrollEvents = actual[i].scrollEvents.map { event in
            if case .recenter(let shift) = event { return .recenter(shift: Vector(x: shift.x + 100, y: shift.y)) }
            return event
        }
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        #expect(diff.findings == ["frame \(expected[i].frame): recenter shift (-779.5, 0) -> (-679.5, 0)"], described(diff))
        #expect(diff.summary == ["events differ in 1 frame, first at frame \(expected[i].frame)"], described(diff))
    }

    /// One tile moved by one device pixel is a difference; by half a device pixel it is not.
    @Test func aTileMovedByADevicePixel() throws {
        let expected = try TraceDiffFixtures.trace("long-fling")
        var actual = expected
        let tile = 2, coordinate = actual[40].tiles[tile].coordinate
        actual[40].tiles[tile].rect.x += 0.25
        #expect(TraceDiff.compare(expected: expected, actual: actual, scale: 2).isEmpty)
        actual[40].tiles[tile].rect.x += 0.25
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        let x = expected[40].tiles[tile].rect.x
        #expect(diff.firstDifferingFrame == 40)
        #expect(diff.findings == ["frame 40: tile \(coordinate) rect x: \(TraceText.rectNumber(x)) -> \(TraceText.rectNumber(x + 0.5))"], described(diff))
        #expect(diff.summary == ["tile placement differs in 1 frame, first at frame 40; largest rect difference 0.5 pt at frame 40"])
        // At scale 1 half a point is half a device pixel.
        #expect(TraceDiff.compare(expected: expected, actual: actual, scale: 1).isEmpty)
    }

    /// Tiles gone, new, showing another item or their placeholder.
    @Test func tileSetItemAndLoading() throws {
        let expected = try TraceDiffFixtures.trace("long-fling")
        var actual = expected
        let gone = actual[10].tiles.removeFirst().coordinate
        actual[10].tiles.append(TraceTile(coordinate: TileCoordinate(x: 99, y: -2), rect: .init(x: 0, y: 0, width: 100, height: 100)))
        actual[10].tiles[0].item = TileCoordinate(x: 7, y: 7)
        actual[10].tiles[1].loaded = false
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        let t0 = expected[10].tiles[1].coordinate, t1 = expected[10].tiles[2].coordinate
        #expect(diff.findings == [
            "frame 10: tile \(gone) missing",
            "frame 10: tile (99, -2) added",
            "frame 10: tile \(t0) item \(t0) -> (7, 7)",
            "frame 10: tile \(t1) loaded -> placeholder",
        ], described(diff))
    }

    @Test func phaseOffsetPageViewportAndTime() throws {
        let expected = try TraceDiffFixtures.trace("long-fling")
        var actual = expected
        actual[40].phase = "bouncing"
        actual[41].offsetY += 3.5
        actual[42].page = TileCoordinate(x: 1, y: 0)
        actual[43].viewport = Size(width: 844, height: 390)
        actual[44].contentSize = nil
        actual[45].t += 0.5
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        let e = expected
        #expect(diff.findings == [
            "frame 40: phase \(e[40].phase) -> bouncing",
            "frame 41: content offset \(TraceText.point(e[41].offsetX, e[41].offsetY)) -> \(TraceText.point(e[41].offsetX, e[41].offsetY + 3.5))",
            "frame 42: page none -> (1, 0)",
            "frame 43: viewport 390 x 844 -> 844 x 390",
            "frame 44: content size 3000 x 3000 -> none",
            "frame 45: t 0.750 s -> 1.250 s",
        ], described(diff))
        #expect(diff.summary == [
            "times differ in 1 frame, first at frame 45",
            "phases differ in 1 frame, first at frame 40",
            "offsets differ in 1 frame, largest 3.5 pt at frame 41",
            "pages differ in 1 frame, first at frame 42: none -> (1, 0)",
            "viewports differ in 1 frame, first at frame 43",
            "content sizes differ in 1 frame, first at frame 44",
        ], described(diff))
    }

    /// A shorter actual trace: the first missing frame, the counts.
    @Test func missingFramesAndRepeats() throws {
        let expected = try TraceDiffFixtures.trace("long-fling")
        let actual = Array(expected.prefix(200)) + [expected[5]]
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 2)
        #expect(diff.firstDifferingFrame == 200)
        #expect(Array(diff.findings.prefix(2)) == ["frame 200: missing from actual (actual's last frame is 199)", "frame count 218 -> 200"],
                described(diff))
        #expect(diff.summary.first == "frames only in expected: 18 (200 to 217)")
        #expect(diff.summary.last == "repeated frame numbers ignored: 0 in expected, 1 in actual (the first of each counts)")
        let empty = TraceDiff.compare(expected: [], actual: expected, scale: 2)
        #expect(empty.firstDifferingFrame == 0)
        #expect(Array(empty.findings.prefix(2)) == ["frame 0: in actual only (expected has no frames)", "frame count 0 -> 218"])
        #expect(TraceDiff.compare(expected: [], actual: [], scale: 2).isEmpty)
    }

    /// Every frame different: the findings stop at the cap, and the last one says so.
    @Test func findingsAreCapped() throws {
        let expected = try TraceDiffFixtures.trace("long-fling")
        let actual = expected.map { frame in
            var f = frame
            f.phase = "x"; f.offsetX += 100; f.page = .zero; f.viewport = nil; f.contentSize = nil; f.t += 1
            f.tiles = f.tiles.map { var t = $0; t.rect.width += 1; t.loaded.toggle(); return t }
            return f
        }
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: 3)
        #expect(diff.findings.count <= TraceDiff.maxFindings)
        let many = TraceDiff.capped((0..<100).map(String.init))
        #expect(many.count == TraceDiff.maxFindings)
        #expect(many.last == "and 77 more findings (at most 24 are listed)")
        #expect(TraceDiff.capped(["a"]) == ["a"])
    }

    /// Pure and total: hostile arrays give an answer, the same one twice.
    @Test func anyArraysGiveAnAnswer() throws {
        let big = Double.greatestFiniteMagnitude
        let tile = TraceTile(coordinate: TileCoordinate(x: .max, y: .min), rect: .init(x: big, y: -big, width: .infinity, height: .nan))
        let odd: [TraceFrame] = [
            TraceFrame(frame: .max, t: -big, phase: "", offsetX: big, offsetY: -big, events: [.recenter, .recenter, .didScroll],
                       tiles: [tile, tile], scrollEvents: [.didScroll]),
            TraceFrame(frame: .min, t: big, offsetX: -big, offsetY: .nan, events: [.pageChanged], page: TileCoordinate(x: .min, y: 0)),
            TraceFrame(frame: 3, t: .infinity, events: [.resize], scrollEvents: [.resize(width: big, height: -big)]),
            TraceFrame(frame: 3, t: 0),
            TraceFrame(frame: 0, t: .nan, offsetX: .infinity, events: [.loopJump],
                       scrollEvents: [.loopJump(from: Vector(x: -big, y: big), to: Vector(x: .nan, y: 0))]),
        ]
        let other: [TraceFrame] = [
            TraceFrame(frame: .max, t: big, offsetX: -big, offsetY: big, events: [.didScroll, .recenter], tiles: [tile]),
            TraceFrame(frame: 3, t: 0, events: [.resize], scrollEvents: [.resize(width: -big, height: big)]),
            TraceFrame(frame: 0, t: .nan, offsetX: -.infinity, events: [.loopJump],
                       scrollEvents: [.loopJump(from: Vector(x: big, y: -big), to: Vector(x: 0, y: .nan))]),
        ]
        for scale in [Int.min, -1, 0, 1, 2, Int.max] {
            for (e, a) in [(odd, other), (other, odd), (odd, odd), (odd, []), ([], other), (odd.reversed(), odd)] {
                let diff = TraceDiff.compare(expected: e, actual: a, scale: scale)
                #expect(diff == TraceDiff.compare(expected: e, actual: a, scale: scale))
                #expect(diff.findings.count <= TraceDiff.maxFindings)
                #expect((diff.findings + diff.summary).allSatisfy { $0.utf8.count < 400 }, described(diff))
                #expect(diff.isEmpty == (diff.firstDifferingFrame == nil))
            }
        }
        #expect(TraceDiff.compare(expected: odd, actual: other, scale: 2).firstDifferingFrame == .min)
        // A NaN offset still gets its summary line (the largest difference was never set for NaN).
        let nan = TraceDiff.compare(expected: [TraceFrame(frame: 0, t: 0, offsetX: .nan)], actual: [TraceFrame(frame: 0, t: 0)], scale: 1)
        #expect(nan.summary == ["offsets differ in 1 frame, largest nan pt at frame 0"], described(nan))
        // Two finite offsets whose difference overflows a Double: "over 1.79769e+308", not "inf".
        let far = TraceDiff.compare(expected: [TraceFrame(frame: 0, t: 0, offsetX: big)], actual: [TraceFrame(frame: 0, t: 0, offsetX: -big)], scale: 1)
        #expect(far.summary == ["offsets differ in 1 frame, largest over 1.79769e+308 pt at frame 0"], described(far))
    }

    /// The scale read from the tile positions: 2 for long-fling, 3 for scale3, 1 without tiles.
    @Test func scaleIsReadFromTilePositions() throws {
        #expect(TraceDiff.inferredScale(of: try TraceDiffFixtures.trace("long-fling")) == 2)
        #expect(TraceDiff.inferredScale(of: try TraceDiffFixtures.trace("scale3")) == 3)
        #expect(TraceDiff.inferredScale(of: []) == 1)
        let off = TraceFrame(frame: 0, t: 0, tiles: [TraceTile(coordinate: .zero, rect: .init(x: 0.1234, y: 1e300, width: 1, height: 1))])
        #expect(TraceDiff.inferredScale(of: [off]) == 1)
    }

    @Test func jsonHasTheThreeMembers() throws {
        let same = TraceDiff.compare(expected: [], actual: [], scale: 1)
        #expect(same.json() == #"{"firstDifferingFrame":null,"findings":[],"summary":[]}"#)
        let diff = TraceDiff.compare(expected: [TraceFrame(frame: 0, t: 0, phase: "idle")],
                                     actual: [TraceFrame(frame: 0, t: 0, phase: "drag\"ging")], scale: 1)
        #expect(diff.json() == #"{"firstDifferingFrame":0,"findings":["frame 0: phase idle -> drag\"ging"],"summary":["phases differ in 1 frame, first at frame 0"]}"#)
    }

    @Test func numbersReadWell() {
        #expect(TraceText.number(-1004) == "-1004" && TraceText.number(-0.0) == "0" && TraceText.number(2008.5) == "2008.5")
        #expect(TraceText.number(120.33333) == "120.333" && TraceText.number(0.0001) == "0.0001" && TraceText.number(3e20) == "3e+20")
        #expect(TraceText.rectNumber(121) == "121.0" && TraceText.rectNumber(120.5) == "120.5")
        #expect(TraceText.seconds(2.85) == "2.850 s" && TraceText.number(.nan) == "nan" && TraceText.number(-.infinity) == "-inf")
        #expect((1...10).map(TraceText.ordinal) == ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                                                     "ninth", "10th"])
        #expect((1...24).map(TraceText.ordinal).suffix(14) == ["11th", "12th", "13th", "14th", "15th", "16th", "17th", "18th",
                                                               "19th", "20th", "21st", "22nd", "23rd", "24th"])
    }
}
