import Foundation
import Testing
@testable import GridModel

/// Issue 9, items 5–7: the four-way pager follows Infinite4Pager's own rules for a disabled axis,
/// for a drag that is exactly diagonal, and for the damping past a finite end.
@Suite struct PagerFidelityTests {
    func pager(_ steps: String, grid: String = "{}") throws -> Scenario {
        try decode(scenarioJSON(steps: steps, grid: grid)
            .replacingOccurrences(of: #""steps""#, with: #""pager": {}, "steps""#))
    }

    /// Infinite4Pager's boundedDragOffset past a finite end (p is the page size).
    func damping(_ x: Double, pageSize p: Double) -> Double { x * (1 - 0.5 * min(x / (p / 2), 1)) }

    func drag(_ x: Double, _ y: Double, _ release: String = "fling") -> String {
        #"[ { "drag": { "by": { "x": \#(x), "y": \#(y) }, "duration": 0.2, "release": "\#(release)" } }, { "wait": { "until": "idle", "max": 1 } }, { "wait": { "duration": 0.1 } } ]"#
    }

    /// Item 5: the dominant axis of the drag is the disabled one. Infinite4Pager does not lock it
    /// (and does not fall back to the other axis): nothing moves and no page turns.
    @Test(arguments: [
        (#"{ "rows": 0 }"#, -40.0, -300.0), (#"{ "rows": 0 }"#, 60.0, 250.0),
        (#"{ "columns": 0 }"#, -300.0, -40.0), (#"{ "columns": 0, "rows": 5 }"#, 250.0, 60.0),
    ])
    func aDragAlongADisabledAxisMovesNothing(grid: String, x: Double, y: Double) throws {
        let frames = try allFrames(try pager(drag(x, y), grid: grid))
        for frame in frames {
            #expect(frame.contentOffset == .zero, "frame \(frame.index): \(frame.contentOffset)")
            #expect(frame.page == .zero)
            #expect(!frame.has(.pageChanged) && !frame.has(.didScroll))
        }
        #expect(frames.contains { $0.has(.willBeginDragging) })  // the gesture still happened
    }

    /// Item 5, a fling with no drag before it: its velocity's dominant axis is disabled.
    @Test func aFlingAlongADisabledAxisMovesNothing() throws {
        let s = try pager(#"[ { "fling": { "velocity": { "x": -800, "y": -5000 } } }, { "wait": { "duration": 0.4 } } ]"#,
                          grid: #"{ "rows": 0 }"#)
        #expect(try allFrames(s).allSatisfy { $0.contentOffset == .zero && $0.page == .zero })
    }

    /// Item 6: Infinite4Pager's test is `abs(dx) > abs(dy)` for horizontal, so a tie locks vertical.
    @Test func anExactDiagonalLocksVertical() throws {
        let frames = try allFrames(try pager(drag(-300, -300)))
        #expect(frames.allSatisfy { $0.contentOffset.x == 0 })
        #expect(frames.contains { $0.contentOffset.y > 100 })
        #expect(frames.last!.page == TileCoordinate(x: 0, y: 1))
    }

    /// Item 6 with vertical disabled: the tie still picks vertical, which is refused.
    @Test func anExactDiagonalWithRowsDisabledMovesNothing() throws {
        let frames = try allFrames(try pager(drag(-300, -300), grid: #"{ "rows": 0 }"#))
        #expect(frames.allSatisfy { $0.contentOffset == .zero && $0.page == .zero })
    }

    /// Item 7: past a finite end the page follows x·(1 − 0.5·min(x/(p/2), 1)), Infinite4Pager's
    /// boundedDragOffset, not UIScrollView's rubber band.
    @Test(arguments: [10.0, 100, 211, 300, 422, 600, 800, 2000])
    func endDampingIsInfinite4PagersFormula(x: Double) throws {
        // Row 0 of 3: dragging down asks for row −1, which does not exist. p = 844.
        let frames = try allFrames(try pager(drag(0, x, "hold"), grid: #"{ "rows": 3 }"#))
        let deepest = try #require(frames.map { -$0.contentOffset.y }.max())
        let expected = x * (1 - 0.5 * min(x / (844.0 / 2), 1))
        #expect(abs(deepest - expected) < 1e-3, "drag \(x): \(deepest), expected \(expected)")
        #expect(frames.last!.contentOffset == .zero && frames.last!.page == .zero)
    }

    /// Item 7: the damping holds at the other end and horizontally too.
    @Test func endDampingAtTheLastColumn() throws {
        // Column 4 of 5 is the last: dragging left asks for column 5. p = 390.
        let s = try pager(drag(-150, 10, "hold"), grid: #"{ "columns": 5 }"#)
        var started = s
        started.grid.start = TileCoordinate(x: 4, y: 0)
        let frames = try allFrames(started)
        let deepest = try #require(frames.map(\.contentOffset.x).max())
        #expect(abs(deepest - 150 * (1 - 0.5 * min(150 / 195.0, 1))) < 1e-3)
        #expect(frames.allSatisfy { $0.page == TileCoordinate(x: 4, y: 0) })
    }

    /// A gesture kept across several drags is damped once, as a function of the finger's whole
    /// translation: no jump where one drag step ends and the next begins.
    @Test func aKeptDragIsDampedContinuously() throws {
        let s = try pager(#"""
            [ { "drag": { "by": { "y": 300 }, "duration": 0.25, "then": "keep" } },
              { "drag": { "by": { "y": 300 }, "duration": 0.25, "release": "hold" } } ]
            """#, grid: #"{ "rows": 3 }"#)
        let frames = try allFrames(s)
        let shown = frames.map { -$0.contentOffset.y }
        let expected = damping(600, pageSize: 844)
        #expect(abs(shown.max()! - expected) < 1e-3, "\(shown.max()!) vs \(expected)")
        // Frame 15 is where the second drag starts: 300 points of finger.
        #expect(abs(shown[15] - damping(300, pageSize: 844)) < 1e-3)
        for k in 1..<31 { #expect(shown[k] >= shown[k - 1] - 1e-9, "frame \(k) moved back") }
    }

    /// Touching the page while it settles back from past the end holds it where it is shown.
    @Test func aTouchDuringTheSettleContinuesFromTheShownOffset() throws {
        let pull = #"{ "drag": { "by": { "y": 400 }, "duration": 0.2, "release": "hold" } }, { "wait": { "duration": 0.05 } }"#
        let control = try allFrames(try pager("[ \(pull), { \"wait\": { \"duration\": 0.1 } } ]", grid: #"{ "rows": 3 }"#))
        let touched = try allFrames(try pager(#"[ \#(pull), { "drag": { "by": { "y": 0.001 }, "duration": 0.1, "release": "hold" } } ]"#,
                                              grid: #"{ "rows": 3 }"#))
        let settling = control[15].contentOffset.y  // t = 0.25, 0.05 s into the settle
        #expect(settling < -1 && control[16].contentOffset.y > settling)
        for k in 16...20 {
            #expect(abs(touched[k].contentOffset.y - settling) < 0.01, "frame \(k): \(touched[k].contentOffset.y) vs \(settling)")
        }
    }
}

@Suite struct PagerLocksScenarioTests {
    /// Scenarios/pager-locks.json: two refused gestures, a damped pull past column 0, one flip.
    @Test func refusedGesturesDampingAndAFlip() throws {
        let frames = try allFrames(try bundledScenario("pager-locks"))
        let begins = frames.indices.filter { frames[$0].has(.willBeginDragging) }
        #expect(begins.count == 4)
        // The first two gestures (mostly vertical, then an exact diagonal) move nothing.
        #expect(frames[..<begins[2]].allSatisfy { $0.contentOffset == .zero && $0.page == .zero })
        // The pull past column 0: 300 points of finger show 150 points of page, then settle back.
        let pull = frames[begins[2]..<begins[3]]
        #expect(abs(pull.map { -$0.contentOffset.x }.max()! - 150) < 1e-3)
        #expect(pull.contains { $0.edgeHit } && abs(pull.last!.contentOffset.x) < 1)
        #expect(frames[begins[3]].has(.didEndScrollingAnimation) && !pull.contains { $0.has(.pageChanged) })
        #expect(frames.last!.page == TileCoordinate(x: 1, y: 0) && frames.last!.contentOffset == .zero)
    }
}
