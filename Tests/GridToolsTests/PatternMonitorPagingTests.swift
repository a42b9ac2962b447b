import Testing
@testable import GridModel
@testable import GridTools

/// Issue 15, patterns 4, 5 and 6 beyond the landing: the first frame of a flick that passes start ± 1,
/// a release whose target is not the ideal's, the centred item of a loop at rest, a resize during a motion.
@Suite struct PatternMonitorPagingTests {
    /// `pagingFacts()` with a paging mode.
    func facts(_ mode: PagingMode) -> PatternFacts {
        var f = pagingFacts()
        f.pagingMode = mode
        return f
    }

    /// A flick from page 0 whose frame 3 shows `passing` on the way to page 1 (rest at 100).
    func passing(_ page: Int64) -> [FrameState] {
        var frames = flick(restingAt: 100, page: 1)
        frames[3] = patternFrame(3, x: Double(page) * 100, phase: .decelerating, page: page)
        return frames
    }

    @Test func aFrameBeyondOnePageAfterTheReleaseIsNamed() {
        #expect(PatternMonitor.findings(in: passing(1), facts: facts(.target)).isEmpty)
        for mode in [PagingMode.target, .viewport] {
            let found = PatternMonitor.findings(in: passing(3), facts: facts(mode))
            #expect(found.map(\.pattern) == [.multiPageFlick] && found.first?.frame == 3, "\(mode)")
            #expect(found.first?.expected == "page (1, 0) (start (0, 0) ± 1)" && found.first?.actual == "page (3, 0), 3 pages from the release page (0, 0)")
        }
        // "snap" decelerates freely by design: only where it lands counts (frame 4 here, at the landing check).
        #expect(PatternMonitor.findings(in: passing(3), facts: facts(.snap)).isEmpty)
    }

    @Test func theIdealPlanesPageIsExpected() {
        // "frame 3 shows page 3; the ideal shows page 0" (still on the way to page 1).
        let ideal = flick(restingAt: 100, page: 1).enumerated().map { i, f in i == 3 ? patternFrame(3, x: 40, phase: .decelerating, page: 0) : f }
        func named(_ ideal: [FrameState]) -> PatternFinding? {
            PatternMonitor.findings(in: passing(3), ideal: ideal, facts: facts(.target)).first { $0.pattern == .multiPageFlick }
        }
        let found = named(ideal)
        #expect(found?.frame == 3 && found?.expected == "page (0, 0) (the ideal plane's; start (0, 0) ± 1)")
        // An ideal page outside start ± 1 (the two diverged earlier) is not taken as expected.
        let far = ideal.enumerated().map { i, f in i == 3 ? patternFrame(3, x: 500, phase: .decelerating, page: 5) : f }
        #expect(named(far)?.expected == "page (1, 0) (start (0, 0) ± 1)")
    }

    @Test func aReleaseWithAnotherTargetThanTheIdealsStopsTheOffsetComparison() {
        func release(_ target: Double) -> [ScrollEvent] {
            [.willEndDragging(velocity: Vector(x: 3000, y: 0), targetContentOffset: Vector(x: target, y: 0)), .willBeginDecelerating]
        }
        func run(_ target: Double, idealTarget: Double) -> [PatternFinding] {
            let mine = [patternFrame(0, x: 0, page: 0), patternFrame(1, x: 0, phase: .decelerating, events: release(target), page: 0),
                        patternFrame(2, x: 30, phase: .decelerating, page: 0), patternFrame(3, x: 60, phase: .decelerating, page: 1)]
            let ideal = [patternFrame(0, x: 0, page: 0), patternFrame(1, x: 0, phase: .decelerating, events: release(idealTarget), page: 0),
                         patternFrame(2, x: 20, phase: .decelerating, page: 0), patternFrame(3, x: 40, phase: .decelerating, page: 0)]
            return PatternMonitor.findings(in: mine, ideal: ideal, facts: facts(.target))
        }
        // The same target but other offsets: the offset comparison still names it (10: both decelerate freely).
        #expect(run(100, idealTarget: 100).map(\.pattern) == [.deceleration])
        // Another target (no page limit): a motion different by design, not a pixel-grid drift.
        #expect(run(300, idealTarget: 100).isEmpty)
    }

    /// A frame whose viewport (100 × 100 at 2x) has `item` under its centre.
    func centred(_ index: Int, _ item: Int64) -> FrameState {
        var f = patternFrame(index, x: 0)
        f.tiles = [DrawnTile(coordinate: TileCoordinate(x: -1, y: 0), id: 0, pixelRect: PixelRect(x: -150, y: 0, width: 200, height: 200),
                             item: TileCoordinate(x: item - 1, y: 0)),
                   DrawnTile(coordinate: .zero, id: 1, pixelRect: PixelRect(x: 50, y: 0, width: 200, height: 200), item: TileCoordinate(x: item, y: 0))]
        return f
    }

    @Test func aLoopAtRestCentresTheIdealsItem() {
        var loop = PatternFacts()
        loop.infinite = false
        loop.loops = true
        loop.columns = 5
        let ideal = [centred(0, 1), centred(1, 4)]
        #expect(PatternMonitor.findings(in: [centred(0, 1), centred(1, 4)], ideal: ideal, facts: loop).isEmpty)
        let found = PatternMonitor.findings(in: [centred(0, 1), centred(1, 2)], ideal: ideal, facts: loop)
        #expect(found.map(\.pattern) == [.indexOutOfRange] && found.first?.frame == 1)
        #expect(found.first?.expected == "item (4, 0) at the centre at rest (the ideal plane's)" && found.first?.actual == "item (2, 0)")
        // Not a loop: no centred-item comparison (the ideal plane is the same grid).
        var finite = loop
        finite.loops = false
        #expect(PatternMonitor.findings(in: [centred(0, 1), centred(1, 2)], ideal: ideal, facts: finite).isEmpty)
    }

    /// A flick from page 0 (100-pt pages) at 0, 30, then `x`, resized to 150 points at frame 4 resting at `rest`.
    func resizedMoving(at x: Double, page: Int64, rest: Double, restPage: Int64) -> [FrameState] {
        let wide = Size(width: 150, height: 100)
        return [patternFrame(0, x: 0, page: 0),
                patternFrame(1, x: 0, phase: .decelerating, events: flickEvents.drag + flickEvents.release, page: 0),
                patternFrame(2, x: x - 30, phase: .decelerating, page: Int64(((x - 30) / 100).rounded())),
                patternFrame(3, x: x, phase: .decelerating, page: page),
                patternFrame(4, x: rest, events: [.resize(width: 150, height: 100)], page: restPage, viewport: wide)]
    }

    @Test func aResizeDuringAMotionKeepsThePageShowing() {
        // At 60 (page 1) the page showing is 1: on the 150-point grid, 150.
        #expect(PatternMonitor.findings(in: resizedMoving(at: 60, page: 1, rest: 150, restPage: 1), facts: facts(.viewport)).isEmpty)
        let kept = PatternMonitor.findings(in: resizedMoving(at: 60, page: 1, rest: 60, restPage: 0), facts: facts(.viewport))
        #expect(kept.map(\.pattern) == [.rotationPage] && kept.first?.frame == 4)
        #expect(kept.first?.expected == "page (1, 0) at offset (150, 0) pt (showing at the resize during the motion)"
                && kept.first?.actual == "page (0, 0) at offset (60, 0) pt")
        // At 40 (page 0), 30 points a frame: page 1 one frame on; either is the page showing at the resize.
        #expect(PatternMonitor.findings(in: resizedMoving(at: 40, page: 0, rest: 0, restPage: 0), facts: facts(.viewport)).isEmpty)
        #expect(PatternMonitor.findings(in: resizedMoving(at: 40, page: 0, rest: 150, restPage: 1), facts: facts(.viewport)).isEmpty)
        // The page the motion was heading to (2, at 200 on the old grid) is not kept: 300 is page 2.
        let ahead = PatternMonitor.findings(in: resizedMoving(at: 40, page: 0, rest: 300, restPage: 2), facts: facts(.viewport))
        #expect(ahead.map(\.pattern) == [.rotationPage] && ahead.first?.expected == "page (0, 0) at offset (0, 0) pt (showing at the resize during the motion)")
    }
}

/// Patterns 4 and 6 under paging on whole scenarios (an adversarial review's, trimmed): a programmatic scroll is
/// not snapped, a disabled axis never moves, an endless axis keeps its page where the model puts it, and a resize
/// right after a release looks ahead at the release velocity.
extension PatternMonitorPagingTests {
    /// The pattern findings of `json` against its ideal plane (no pixels drawn).
    func findings(_ json: String) throws -> [PatternFinding] {
        let scenario = try ScenarioDecoder.decode(Array(json.utf8))
        var strategy = try Simulation(scenario: scenario), reference = try Simulation(scenario: scenario, reference: true)
        var monitor = PatternMonitor(facts: PatternFacts(scenario))
        while let frame = try strategy.next() { monitor.observe(frame, ideal: try reference.next()) }
        return monitor.findings
    }

    static let columns = #""grid": {"columns": 60, "rows": 0, "start": {"x": 30, "y": 0}, "tileSize": {"width": 100, "height": 200}}"#

    /// F2 (review min/st-a.json): an animated scrollTo rests where it was sent (3400, not a page multiple).
    @Test func aScrollToUnderPagingIsNotSnapped() throws {
        for mode in ["viewport", "target", "snap"] {
            let json = #"{"name": "review", "viewport": {"width": 300, "height": 200, "scale": 2}, "fps": 60, \#(Self.columns), "scroll": {"paging": "\#(mode)"},"#
                + #" "steps": [{"scrollTo": {"tile": {"x": 35, "y": 0}}}, {"wait": {"until": "idle", "max": 10}}, {"wait": {"duration": 0.1}}]}"#
            #expect(try findings(json).map(\.line) == [], "\(mode)")
        }
    }

    /// A jump at rest does not excuse the flick after it: a 2 pt/ms flick with no page limit is named pattern 4
    /// (the helper fixing F2-F4 noticed the flag stayed set until the next rest).
    @Test func aFlickAfterAJumpIsJudged() throws {
        let json = #"{"name": "review", "viewport": {"width": 200, "height": 200, "scale": 2}, "fps": 30, \#(Self.columns), "scroll": {"paging": "target", "pageLimit": "none"},"#
            + #" "steps": [{"jump": {"tile": {"x": 20, "y": 0}}}, {"wait": {"duration": 0.2}}, {"fling": {"velocity": {"x": -2000, "y": 0}}}, {"wait": {"until": "idle", "max": 10}}, {"wait": {"duration": 0.1}}]}"#
        #expect(try findings(json).map(\.pattern).contains(.multiPageFlick))
        let limited = json.replacingOccurrences(of: #""pageLimit": "none""#, with: #""pageLimit": "one""#)
        #expect(try findings(limited).map(\.line) == [])
    }

    /// F2 (review min/st-d.json): on `rows: 0` y never moves, whatever a drag's or a scrollTo's y.
    @Test func aDisabledAxisNeverMoves() throws {
        let json = #"{"name": "review", "viewport": {"width": 300, "height": 200, "scale": 2}, "fps": 60, \#(Self.columns), "scroll": {"paging": "viewport"},"#
            + #" "steps": [{"drag": {"by": {"x": -100, "y": 30}, "duration": 0.2}}, {"wait": {"until": "idle", "max": 10}}, {"scrollTo": {"tile": {"x": 40, "y": 3}}}, {"wait": {"duration": 0.05}}]}"#
        #expect(try findings(json).map(\.line) == [])
        let facts = PatternFacts(try ScenarioDecoder.decode(Array(json.utf8)))
        #expect(facts.movesX && !facts.movesY)
    }

    /// A flick then a resize during the motion on an endless axis (review fp2/loop-pg-*.json, trimmed).
    func resizedEndless(_ grid: String, paging: String, resize: String = "page") -> String {
        #"{"name": "review", "viewport": {"width": 200, "height": 160, "scale": 2}, "fps": 60, "grid": \#(grid), "scroll": {"paging": "\#(paging)", "recenter": "threshold", "resize": "\#(resize)"},"#
            + #" "steps": [{"fling": {"velocity": {"x": 800, "y": 0}}}, {"wait": {"duration": 0.1}}, {"resize": {"width": 160, "height": 200}}, {"wait": {"duration": 0.05}}]}"#
    }

    /// F3: the page kept on a seamless loop or an infinite axis lies on the multiple of the new page size
    /// nearest the offset (49920, page 249 as the model numbers it), not at 249 × 160.
    @Test func aResizeOnAnEndlessAxisKeepsThePageWhereTheModelNumbersIt() throws {
        let loop = #"{"columns": 4, "rows": 0, "loop": "seamless", "tileSize": {"width": 200, "height": 160}}"#
        let infinite = #"{"tileSize": {"width": 200, "height": 160}}"#
        for grid in [loop, infinite] {
            for mode in ["viewport", "target", "snap"] {
                #expect(try findings(resizedEndless(grid, paging: mode)).map(\.line) == [], "\(grid) \(mode)")
            }
            // Keeping the offset (UIKit with no code) is still named, at the resize (page 250 showing before it).
            let naive = try findings(resizedEndless(grid, paging: "viewport", resize: "offset"))
            #expect(naive.map(\.pattern) == [.rotationPage] && naive.first?.frame == 6, "\(naive.map(\.line))")
            #expect(naive.first?.expected.hasPrefix("page (250, ") == true && naive.first?.expected.contains("at offset (49920, ") == true, "\(naive.map(\.line))")
        }
    }

    /// F4 (review fp2/p-snap-24-resize-drag.json): the fling starts in frame 58, the frame the snap back
    /// ends; resized at frame 59 it shows page 12, one frame on at the fling's speed (the snap's last frame
    /// moved 23 pt and would give page 11).
    @Test func aResizeRightAfterAFlingLooksAheadAtTheFlingsSpeed() throws {
        let json = #"{"name": "review", "viewport": {"width": 300, "height": 200, "scale": 1}, "fps": 24, "grid": {"columns": 60, "rows": 60, "start": {"x": 30, "y": 30},"#
            + #" "tileSize": {"width": 100, "height": 100}}, "scroll": {"paging": "snap"}, "steps": [{"drag": {"by": {"x": -100, "y": 0}, "duration": 0.3, "then": "keep"}},"#
            + #" {"resize": {"width": 200, "height": 300}}, {"drag": {"by": {"x": -50, "y": 0}, "duration": 0.2}}, {"wait": {"until": "idle", "max": 10}},"#
            + #" {"fling": {"velocity": {"x": -2500, "y": 0}}}, {"wait": {"duration": 0.05}}, {"resize": {"width": 300, "height": 200}}, {"wait": {"until": "idle", "max": 10}}]}"#
        #expect(try findings(json).map(\.line) == [])
    }
}
