import Testing
@testable import GridModel
@testable import GridTools

/// Issue 21's "verify names what happened": patterns 11 (an animated scroll that rewinds across the loop) and 12 (a
/// scroll on an axis the carousel does not scroll), and that neither case is named as another pattern.
@Suite struct CarouselPatternTests {
    /// Issue 21's carousel: 3 full-width items, a duplicate (or seamless) loop, viewport paging, animated scrollTo
    /// tile 1, then 2, then 3.
    static func autoAdvance(loop: String) throws -> Scenario {
        let json = #"""
            { "name": "advance", "viewport": { "width": 390, "height": 300, "scale": 2 },
              "grid": { "tileSize": { "width": 390, "height": 300 }, "columns": 3, "rows": 0, "loop": "\#(loop)" },
              "scroll": { "recenter": "threshold", "paging": "viewport" },
              "steps": [
                { "scrollTo": { "tile": { "x": 1, "y": 0 }, "animated": true, "duration": 0.3 } }, { "wait": { "duration": 0.2 } },
                { "scrollTo": { "tile": { "x": 2, "y": 0 }, "animated": true, "duration": 0.3 } }, { "wait": { "duration": 0.2 } },
                { "scrollTo": { "tile": { "x": 3, "y": 0 }, "animated": true, "duration": 0.3 } }, { "wait": { "duration": 0.2 } } ] }
            """#
        return try ScenarioDecoder.decode(Array(json.utf8))
    }

    /// The duplicate loop's last advance animates back through item 1 to the real item 0, where the ideal loop goes
    /// on one item across the wrap: pattern 11 at the animation's first frame that moved otherwise (61), with the
    /// fix; not pattern 9 (the offset off the ideal's) nor 1 (pixels that differ on a loop), which it used to be.
    @Test func anAutoAdvanceThatRewindsIsPatternEleven() throws {
        let report = try Verifier.verify(try Self.autoAdvance(loop: "duplicate"), font: font)
        #expect(!report.passed)
        #expect(report.patterns.map(\.pattern) == [.rewindAtWrap], "\(report.patterns.map(\.line))")
        let finding = try #require(report.patterns.first)
        #expect(finding.frame == 61)
        #expect(finding.actual == "the animated scroll running 2 items backwards on x (item 2 to item 0), the other way round the loop")
        #expect(finding.expected == "1 item forward across the wrap (the ideal plane's, item 2 to item 0)")
        #expect(finding.fix.contains("duplicate past the end") && finding.fix.contains("jump without animation"))
        // No failure is named as another pattern; the differing pixels are the rewind's.
        #expect(report.failures.allSatisfy { $0.finding?.pattern == .rewindAtWrap }, "\(report.failures.map { ($0.frame, $0.name) })")
        #expect(report.failures.contains { $0.kind == .pixels && $0.frame == 61 })
    }

    /// The seamless loop's scrollTo goes the ideal plane's way: every advance one item forward, nothing to name.
    @Test func aSeamlessAutoAdvancePasses() throws {
        let report = try Verifier.verify(try Self.autoAdvance(loop: "seamless"), font: font)
        #expect(report.passed, "\(report.failures.map(\.detail))")
    }

    /// A rewind still running when the timeline ends is named too (`PatternMonitor.finish`).
    @Test func aRewindCutShortByTheEndIsNamed() throws {
        var scenario = try Self.autoAdvance(loop: "duplicate")
        scenario.steps.removeLast()
        if case .scrollTo(let tile, let animated, _) = scenario.steps.removeLast() {
            scenario.steps.append(.scrollTo(tile: tile, animated: animated, duration: 1))
        }
        scenario.steps.append(.wait(duration: 0.2))
        let report = try Verifier.verify(scenario, font: font)
        #expect(report.patterns.map(\.pattern) == [.rewindAtWrap], "\(report.patterns.map(\.line))")
    }

    /// An animated scroll on a 3-item loop moving backwards (-40 pt a frame) where the ideal plane's moves forward
    /// (+20), stopped by a touch before its end: named at its first frame from the travel so far. The same frames
    /// moving as the ideal's name nothing.
    @Test func aRewindStoppedByATouchIsNamed() {
        var facts = PatternFacts()
        facts.infinite = false
        facts.loops = true
        facts.columns = 3
        facts.rows = 0
        func run(_ step: Double) -> [PatternFinding] {
            let mine = [patternFrame(0, x: 200), patternFrame(1, x: 200, phase: .animating),
                        patternFrame(2, x: 200 + step, phase: .animating), patternFrame(3, x: 200 + 2 * step, phase: .animating),
                        patternFrame(4, x: 200 + 2 * step, phase: .dragging, events: [.willBeginDragging])]
            let ideal = [patternFrame(0, x: 200), patternFrame(1, x: 200, phase: .animating),
                         patternFrame(2, x: 220, phase: .animating), patternFrame(3, x: 240, phase: .animating),
                         patternFrame(4, x: 240, phase: .dragging, events: [.willBeginDragging])]
            return PatternMonitor.findings(in: mine, ideal: ideal, facts: facts)
        }
        let found = run(-40)
        #expect(found.map(\.pattern) == [.rewindAtWrap] && found.first?.frame == 2, "\(found.map(\.line))")
        #expect(found.first?.actual == "the animated scroll running 0.8 items backwards on x, the other way round the loop")
        #expect(run(20).isEmpty)
    }

    /// A one-row carousel (`rows: 1`, the row as tall as the viewport) dragged mostly sideways rubber-bands
    /// vertically: pattern 12 from the first frame. With `rows: 0` the vertical axis is disabled and all holds.
    @Test func aOneRowCarouselDraggedVerticallyIsPatternTwelve() throws {
        func report(rows: Int) throws -> VerifyReport {
            let json = #"""
                { "name": "row", "viewport": { "width": 240, "height": 160, "scale": 2 }, "fps": 30,
                  "grid": { "tileSize": { "width": 160, "height": 160 }, "columns": 8, "rows": \#(rows) },
                  "scroll": { "recenter": "none" },
                  "steps": [ { "drag": { "by": { "x": -300, "y": -90 }, "duration": 0.6, "release": "fling" } },
                             { "wait": { "until": "idle", "max": 5 } } ] }
                """#
            return try Verifier.verify(try ScenarioDecoder.decode(Array(json.utf8)), font: font)
        }
        let naive = try report(rows: 1)
        #expect(naive.patterns.map(\.pattern) == [.lockedAxisMoves], "\(naive.patterns.map(\.line))")
        #expect(naive.patterns.first?.frame == 1)
        #expect(naive.patterns.first?.expected == "offset y 0 pt (y does not scroll: rows: 1, 1 row of 160 pt in the 160-pt viewport: no room to scroll)")
        #expect(naive.patterns.first?.actual.hasPrefix("offset y ") == true)
        let correct = try report(rows: 0)
        #expect(correct.passed, "\(correct.failures.map(\.detail))")
    }

    /// Frames of a 5-item strip dragged sideways whose y moves by `dy` per frame.
    static func diagonalDrag(dy: Double) -> [FrameState] {
        [patternFrame(0, x: 0, y: 49850),
         patternFrame(1, x: 10, y: 49850 + dy, phase: .dragging, events: [.willBeginDragging]),
         patternFrame(2, x: 20, y: 49850 + 2 * dy, phase: .dragging),
         patternFrame(3, x: 30, y: 49850 + 2 * dy)]
    }

    /// Issue 21's `rows: 1` with `loop: "seamless"`: the vertical axis loops over one item, and a mostly sideways
    /// drag moved it 220 points while verify said all checks hold. A loop of one item (and a disabled axis) is an
    /// axis the carousel does not scroll: moving it is pattern 12; an axis with several items may move.
    @Test func anAxisLoopingOverOneItemOrDisabledMustNotMove() {
        var facts = PatternFacts()
        facts.infinite = false
        facts.loops = true
        facts.columns = 5
        facts.rows = 1
        let found = PatternMonitor.findings(in: Self.diagonalDrag(dy: 110), facts: facts)
        #expect(found.map(\.pattern) == [.lockedAxisMoves] && found.first?.frame == 1, "\(found.map(\.line))")
        #expect(found.first?.expected.contains("a loop of 1 item") == true)
        #expect(PatternMonitor.findings(in: Self.diagonalDrag(dy: 0), facts: facts).isEmpty)
        facts.rows = 0
        #expect(PatternMonitor.findings(in: Self.diagonalDrag(dy: 110), facts: facts).map(\.pattern) == [.lockedAxisMoves])
        facts.rows = 4
        #expect(PatternMonitor.findings(in: Self.diagonalDrag(dy: 110), facts: facts).isEmpty)
        // Infinite4Pager damps a drag toward a page that does not exist: only its disabled axes are locked.
        facts.rows = 1
        facts.pager = true
        #expect(PatternMonitor.findings(in: Self.diagonalDrag(dy: 110), facts: facts).isEmpty)
    }
}
