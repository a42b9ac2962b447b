import Testing
@testable import GridModel
@testable import GridTools

/// A hand-built frame: `x` is the content offset, one 100-pt tile at content 0 drawn where the
/// displayed offset (`shown`, default `x` rounded to device pixels) puts it.
func patternFrame(_ index: Int, x: Double, y: Double = 0, phase: Phase = .idle, events: [ScrollEvent] = [],
                  page: Int64? = nil, scale: Int = 2, viewport: Size = Size(width: 100, height: 100),
                  edgeHit: Bool = false, shown: Double? = nil, items: [TileCoordinate] = []) -> FrameState {
    let s = Double(scale)
    let displayed = shown ?? (x * s).rounded() / s
    var tiles = [DrawnTile(coordinate: .zero, id: 0, pixelRect: PixelRect(x: -displayed * s, y: -y * s, width: 100 * s, height: 100 * s))]
    for (i, item) in items.enumerated() {
        tiles.append(DrawnTile(coordinate: TileCoordinate(x: Int64(i + 1), y: 0), id: i + 1,
                               pixelRect: PixelRect(x: 0, y: 0, width: 100 * s, height: 100 * s), item: item))
    }
    var shift: Vector?
    for case .recenter(let v) in events { shift = v }
    return FrameState(index: index, time: Double(index) / 60, phase: phase, contentOffset: Vector(x: x, y: y),
                      contentSize: Size(width: 100_000, height: 100_000), events: events, recenterShift: shift, tiles: tiles,
                      stats: TileStats(), edgeHit: edgeHit, scale: scale, viewport: viewport,
                      page: page.map { TileCoordinate(x: $0, y: 0) }, pageVisibility: [])
}

/// Facts of a horizontal pager: pages of 100 pt, only x moves.
func pagingFacts(inset: Double = 0) -> PatternFacts {
    var f = PatternFacts()
    f.paging = true
    f.movesY = false
    f.leadingInset = Vector(x: inset, y: 0)
    f.gridOrigin = Vector(x: -inset, y: 0)
    return f
}

let flickEvents: (drag: [ScrollEvent], release: [ScrollEvent]) = (
    [.willBeginDragging], [.willEndDragging(velocity: Vector(x: 3000, y: 0), targetContentOffset: .zero), .willBeginDecelerating])

/// A flick from page 0 that rests at `rest` (offset) on `page`.
func flick(restingAt rest: Double, page: Int64) -> [FrameState] {
    [patternFrame(0, x: 0, page: 0),
     patternFrame(1, x: 10, phase: .dragging, events: flickEvents.drag, page: 0),
     patternFrame(2, x: 40, phase: .decelerating, events: flickEvents.release, page: 0),
     patternFrame(3, x: rest - 10, phase: .decelerating, page: page),
     patternFrame(4, x: rest, page: page)]
}

@Suite struct PatternMonitorTests {
    @Test func edgeOnAnInfiniteGridIsPatternTwo() {
        let frames = [patternFrame(0, x: 0), patternFrame(1, x: 5, phase: .decelerating, edgeHit: true)]
        let found = PatternMonitor.findings(in: frames, facts: PatternFacts())
        #expect(found.map(\.pattern) == [.edgeReached] && found.first?.frame == 1)
        var finite = PatternFacts()
        finite.infinite = false
        #expect(PatternMonitor.findings(in: frames, facts: finite).isEmpty)
    }

    @Test func aFlickMovesAtMostOnePage() {
        #expect(PatternMonitor.findings(in: flick(restingAt: 100, page: 1), facts: pagingFacts()).isEmpty)
        let found = PatternMonitor.findings(in: flick(restingAt: 300, page: 3), facts: pagingFacts())
        let first = found.first
        #expect(found.count == 1 && first?.pattern == .multiPageFlick && first?.frame == 4)
        #expect(first?.actual == "page (3, 0)" && first?.expected == "page (1, 0) (start (0, 0) ± 1)")
        #expect(first?.line.hasPrefix("pattern 4 (fast flick moves several pages): frame 4 shows page (3, 0), expected page (1, 0) (start (0, 0) ± 1); fix: clamp") == true)
    }

    @Test func pagingRestsOnThePageGrid() {
        let found = PatternMonitor.findings(in: flick(restingAt: 130, page: 1), facts: pagingFacts())
        #expect(found.map(\.pattern) == [.multiPageFlick])
        #expect(found.first?.actual == "offset x 130 pt at rest" && found.first?.expected.hasPrefix("offset x 100 pt") == true)
    }

    @Test func insetsMoveTheExpectedGrid() {
        // UIKit's grid ignores the 40-pt inset: page 1 at 100 is 40 pt off the adjusted-inset grid (60).
        let naive = PatternMonitor.findings(in: flick(restingAt: 100, page: 1), facts: pagingFacts(inset: 40))
        #expect(naive.map(\.pattern) == [.insetPageGrid] && naive.first?.frame == 4)
        #expect(naive.first?.expected.hasPrefix("offset x 60 pt") == true)
        #expect(PatternMonitor.findings(in: flick(restingAt: 60, page: 1), facts: pagingFacts(inset: 40)).isEmpty)
        // The cross axis (y, which no step moves) must not drift.
        var drift = flick(restingAt: 60, page: 1)
        drift[3] = patternFrame(3, x: 50, y: 3, phase: .decelerating, page: 1)
        let found = PatternMonitor.findings(in: drift, facts: pagingFacts(inset: 40))
        #expect(found.map(\.pattern) == [.insetPageGrid] && found.first?.frame == 3 && found.first?.actual == "offset y 3 pt")
    }

    @Test func indicesStayInRange() {
        var facts = PatternFacts()
        facts.infinite = false
        facts.columns = 5
        let good = [patternFrame(0, x: 0, items: [TileCoordinate(x: 4, y: 0), TileCoordinate(x: 0, y: 0)])]
        #expect(PatternMonitor.findings(in: good, facts: facts).isEmpty)
        let bad = good + [patternFrame(1, x: 0, items: [TileCoordinate(x: -1, y: 0)])]
        let found = PatternMonitor.findings(in: bad, facts: facts)
        #expect(found.map(\.pattern) == [.indexOutOfRange] && found.first?.frame == 1 && found.first?.actual.hasPrefix("item x -1") == true)
    }

    @Test func aResizeKeepsThePage() {
        let wide = Size(width: 150, height: 100)
        let before = [patternFrame(0, x: 0, page: 0), patternFrame(1, x: 200, page: 2)]
        let resize: [ScrollEvent] = [.resize(width: 150, height: 100)]
        // Keeping the offset (UIKit with no code) shows page 1 of the new size.
        let kept = before + [patternFrame(2, x: 200, events: resize, page: 1, viewport: wide)]
        let found = PatternMonitor.findings(in: kept, facts: pagingFacts())
        #expect(found.map(\.pattern) == [.rotationPage] && found.first?.frame == 2)
        #expect(found.first?.expected == "page (2, 0) at offset (300, 0) pt (showing before the resize)")
        let page = before + [patternFrame(2, x: 300, events: resize, page: 2, viewport: wide)]
        #expect(PatternMonitor.findings(in: page, facts: pagingFacts()).isEmpty)
        // Without paging the centre stays: 200 + 50 = 250 = 175 + 75.
        let centred = [patternFrame(0, x: 200), patternFrame(1, x: 175, events: resize, viewport: wide)]
        #expect(PatternMonitor.findings(in: centred, facts: PatternFacts()).isEmpty)
        let offsetKept = [patternFrame(0, x: 200), patternFrame(1, x: 200, events: resize, viewport: wide)]
        #expect(PatternMonitor.findings(in: offsetKept, facts: PatternFacts()).map(\.pattern) == [.rotationPage])
    }

    /// At 2x an offset rounded to points is up to half a point from the model's; to device pixels,
    /// at most a quarter.
    @Test func offsetsRoundToDevicePixels() {
        let offsets = [0, 0.3, 0.6, 0.9, 1.2]
        let pixels = offsets.enumerated().map { patternFrame($0.offset, x: $0.element, phase: .dragging) }
        #expect(PatternMonitor.findings(in: pixels, facts: PatternFacts()).isEmpty)
        let points = offsets.enumerated().map { patternFrame($0.offset, x: $0.element, phase: .dragging, shown: $0.element.rounded()) }
        let found = PatternMonitor.findings(in: points, facts: PatternFacts())
        #expect(found.map(\.pattern) == [.pixelGrid] && found.first?.frame == 2)
    }

    /// Tiny deltas lost (the model offset stays put) or a Float offset far out: the offset leaves the
    /// ideal plane's; near the origin that is pattern 9, far out pattern 8.
    @Test func driftFromTheIdealIsNamedByDistance() {
        let ideal = (0..<4).map { patternFrame($0, x: Double($0) * 0.25, phase: .dragging) }
        let lost = (0..<4).map { patternFrame($0, x: 0, phase: .dragging) }
        let near = PatternMonitor.findings(in: lost, ideal: ideal, facts: PatternFacts())
        #expect(near.first?.pattern == .pixelGrid && near.first?.frame == 2)
        let far = (0..<4).map { patternFrame($0, x: 1.6e8, phase: .dragging) }
        let farIdeal = (0..<4).map { patternFrame($0, x: 1.6e8 + Double($0) * 4, phase: .dragging) }
        let found = PatternMonitor.findings(in: far, ideal: farIdeal, facts: PatternFacts())
        #expect(found.first?.pattern == .precision && found.first?.frame == 1)
    }

    @Test func speedOnlyFallsWhileDecelerating() {
        func run(_ xs: [Double]) -> [PatternFinding] {
            PatternMonitor.findings(in: xs.enumerated().map { patternFrame($0.offset, x: $0.element, phase: .decelerating) },
                                    facts: PatternFacts())
        }
        #expect(run([0, 10, 18, 25, 31]).isEmpty)
        let found = run([0, 10, 18, 30, 35])
        #expect(found.map(\.pattern) == [.deceleration] && found.first?.frame == 3)
        #expect(found.first?.actual == "12 pt/frame" && found.first?.expected.hasPrefix("at most 8 pt/frame") == true)
    }

    @Test func aTouchDownStopsTheDeceleration() {
        func run(_ drag: [Double]) -> [PatternFinding] {
            var frames = [0.0, 10, 18].enumerated().map { patternFrame($0.offset, x: $0.element, phase: .decelerating) }
            for (i, x) in drag.enumerated() {
                frames.append(patternFrame(3 + i, x: x, phase: .dragging, events: i == 0 ? [.willBeginDragging] : []))
            }
            return PatternMonitor.findings(in: frames, facts: PatternFacts())
        }
        #expect(run([20, 25, 30, 35]).isEmpty)  // the finger's 5 pt per frame
        #expect(run([18, 18, 18]).isEmpty)      // a touch that holds still
        let kept = run([24, 30, 35, 39, 42])    // the old velocity decays under the finger, three frames in a row
        #expect(kept.map(\.pattern) == [.deceleration] && kept.first?.frame == 7)
    }

    /// A flick on moving content that adds the old velocity (`scroll.flickAdds`) leaves faster than the
    /// ideal plane's release: pattern 10 at the release frame, and the offsets that follow (which differ
    /// from the ideal's by design) are not named pattern 9.
    @Test func aFlickOnMovingContentLeavesAtTheFingersVelocity() {
        func run(_ released: Double) -> [PatternFinding] {
            func release(_ v: Double) -> [ScrollEvent] {
                [.willBeginDragging, .willEndDragging(velocity: Vector(x: v, y: 0), targetContentOffset: .zero), .willBeginDecelerating]
            }
            let ideal = [0.0, 10, 18, 35, 50].enumerated().map {
                patternFrame($0.offset, x: $0.element, phase: .decelerating, events: $0.offset == 2 ? release(1000) : [])
            }
            let mine = [0.0, 10, 18, 45, 70].enumerated().map {
                patternFrame($0.offset, x: released == 1000 ? ideal[$0.offset].contentOffset.x : $0.element, phase: .decelerating,
                             events: $0.offset == 2 ? release(released) : [])
            }
            return PatternMonitor.findings(in: mine, ideal: ideal, facts: PatternFacts())
        }
        #expect(run(1000).isEmpty)
        let found = run(1548)
        #expect(found.map(\.pattern) == [.deceleration] && found.first?.frame == 2)
        #expect(found.first?.expected.hasPrefix("a release at 1000 pt/s") == true && found.first?.actual.hasPrefix("1548 pt/s") == true)
    }

    /// A fling right after `wait until idle` begins in the frame the last motion rests: there is no idle
    /// frame, so the landing is judged on the motion's last frame.
    @Test func aLandingWithoutAnIdleFrameIsJudged() {
        let next: [ScrollEvent] = [.didEndDecelerating] + flickEvents.drag + flickEvents.release
        func run(_ landing: Int64) -> [PatternFinding] {
            let frames = [patternFrame(0, x: 0, page: 0),
                          patternFrame(1, x: 10, phase: .dragging, events: flickEvents.drag, page: 0),
                          patternFrame(2, x: 40, phase: .decelerating, events: flickEvents.release, page: 0),
                          patternFrame(3, x: Double(landing) * 100 - 0.1, phase: .decelerating, page: landing),
                          patternFrame(4, x: Double(landing) * 100 - 10, phase: .decelerating, events: next, page: landing),
                          patternFrame(5, x: Double(landing - 1) * 100, page: landing - 1)]
            var facts = pagingFacts()
            facts.pagingMode = .target
            return PatternMonitor.findings(in: frames, facts: facts)
        }
        #expect(run(1).isEmpty)
        let found = run(3)
        // Frame 3 already shows page 3 after the release (the check during the motion names it first).
        #expect(found.map(\.pattern) == [.multiPageFlick] && found.first?.frame == 3 && found.first?.actual.hasPrefix("page (3, 0)") == true)
    }

    /// At the same model offset a tile drawn where the ideal plane does not draw it is off the
    /// device-pixel grid: an offset of 0.25 pt shown at 0 (rounded to points) where the ideal shows 0.5.
    @Test func aTileShownElsewhereThanTheIdealIsPatternNine() {
        let ideal = [patternFrame(0, x: 0, phase: .dragging), patternFrame(1, x: 0.3, phase: .dragging)]
        #expect(PatternMonitor.findings(in: ideal, ideal: ideal, facts: PatternFacts()).isEmpty)
        let points = [patternFrame(0, x: 0, phase: .dragging), patternFrame(1, x: 0.3, phase: .dragging, shown: 0)]
        let found = PatternMonitor.findings(in: points, ideal: ideal, facts: PatternFacts())
        #expect(found.map(\.pattern) == [.pixelGrid] && found.first?.frame == 1)
    }

    /// `rows: 0` disables an axis; it does not make the grid finite (pattern 2 and full coverage apply).
    @Test func aDisabledAxisLeavesTheGridInfinite() throws {
        func facts(_ grid: String) throws -> PatternFacts {
            let json = #"{ "name": "g", "viewport": { "width": 200, "height": 100, "scale": 1 }, "grid": { "tileSize": { "width": 50, "height": 100 }, "# + grid + #" }, "steps": [ { "wait": { "duration": 0.1 } } ] }"#
            return PatternFacts(try ScenarioDecoder.decode(Array(json.utf8)))
        }
        #expect(try facts(#""rows": 0"#).infinite)
        #expect(try !facts(#""rows": 0, "columns": 5"#).infinite)
        #expect(try !facts(#""rows": 0, "columns": 5, "loop": "duplicate""#).infinite)
    }

    /// A duplicate loop with one copy of 160-point items in a 240-point viewport, dragged across the
    /// wrap: the strip runs out and background shows where the ideal (endless) loop has an item; verify
    /// names it pattern 1, also past the content edge that stops the pixel comparison.
    @Test func aBlankAtTheWrapIsTheSeam() throws {
        func report(copies: Int) throws -> VerifyReport {
            let json = #"{ "name": "seam", "viewport": { "width": 120, "height": 40, "scale": 1 }, "grid": { "tileSize": { "width": 80, "height": 40 }, "columns": 5, "rows": 0, "loop": "duplicate", "loopCopies": "# + String(copies) + #" }, "scroll": { "recenter": "none" }, "steps": [ { "drag": { "by": { "x": 100 }, "duration": 0.5, "release": "hold" } }, { "wait": { "duration": 0.1 } } ] }"#
            return try Verifier.verify(try ScenarioDecoder.decode(Array(json.utf8)), font: font)
        }
        let naive = try report(copies: 1)
        #expect(naive.patterns.first?.pattern == .seamAtWrap, "\(naive.failures.map(\.detail))")
        #expect(try report(copies: 2).patterns.isEmpty)
    }

    @Test func everyPatternHasANameTitleAndFix() {
        #expect(Pattern.allCases.map(\.rawValue) == Array(1...12))
        #expect(Pattern.allCases.map(\.name) == ["seam-at-wrap", "edge-reached", "blank-tiles", "multi-page-flick", "index-out-of-range",
                                                 "rotation-page", "inset-page-grid", "precision", "pixel-grid", "deceleration",
                                                 "rewind-at-wrap", "locked-axis-moves"])
        #expect(Pattern.allCases.allSatisfy { !$0.title.isEmpty && !$0.fix.isEmpty })
    }
}
