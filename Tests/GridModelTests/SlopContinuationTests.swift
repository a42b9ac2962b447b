import Testing
@testable import GridModel

/// The review of issue 23: the pan's slop is measured from where the finger touched down, across drags that
/// keep the finger down; a release past an edge never carries the content past its edge or page; the crossing
/// is found once, not per frame.
@Suite struct SlopContinuationTests {
    static func grid(_ steps: String, scroll: String = #"{ "recenter": "none" }"#, rows: Int = 40, start: Int = 20) throws -> [FrameState] {
        try allFrames(try decode(scenarioJSON(
            steps: steps, scroll: scroll, viewport: #"{ "width": 200, "height": 200, "scale": 1 }"#,
            grid: #"{ "tileSize": { "width": 50, "height": 50 }, "columns": 40, "rows": \#(rows), "start": { "x": 20, "y": \#(start) } }"#)))
    }

    /// 5 points kept, then 100: the content moves 95, as one drag of 105 does (it moved 100: the slop was lost).
    @Test func aKeptDragCarriesWhatIsLeftOfTheSlop() throws {
        let split = try Self.grid(#"[{ "drag": { "by": { "y": -5 }, "duration": 0.1, "then": "keep" } }, { "drag": { "by": { "y": -100 }, "duration": 0.5, "release": "hold" } }, { "wait": { "duration": 0.1 } }]"#)
        let whole = try Self.grid(#"[{ "drag": { "by": { "y": -105 }, "duration": 0.6, "release": "hold" } }, { "wait": { "duration": 0.1 } }]"#)
        let moved = split.last!.contentOffset.y - split[0].contentOffset.y
        #expect(abs(moved - 95) < 1e-6, "\(moved)")
        #expect(abs(moved - (whole.last!.contentOffset.y - whole[0].contentOffset.y)) < 1e-6)
    }

    /// 5 points, a pause with the finger down, 5 more: 10 in all, so the pan only just begins and nothing moves.
    @Test func twoShortDragsUnderOneTouchStayInsideTheSlop() throws {
        let frames = try Self.grid(#"[{ "drag": { "by": { "y": -5 }, "duration": 0.1, "then": "keep" } }, { "wait": { "duration": 0.1 } }, { "drag": { "by": { "y": -4.9 }, "duration": 0.1, "release": "fling" } }, { "wait": { "duration": 0.5 } }]"#)
        #expect(frames.allSatisfy { $0.contentOffset == frames[0].contentOffset })
        // The 4.9-point drag's speed is no release velocity: the pan never began.
        for case let .willEndDragging(velocity, _) in frames.flatMap(\.events) { #expect(velocity == .zero) }
    }

    /// Pulled 300 points past the top with viewport paging, then flicked back in at 6000 pt/s: it rests on page 0
    /// without passing it (the spring carried it 8 points past before).
    @Test func aFastReleasePastAnEdgeDoesNotPassThePage() throws {
        let frames = try Self.grid(#"[{ "drag": { "by": { "y": 300 }, "duration": 0.5, "then": "keep" } }, { "fling": { "velocity": { "y": -6000 } } }, { "wait": { "until": "idle" } }]"#,
                                   scroll: #"{ "recenter": "none", "paging": "viewport", "pageSize": { "width": 200, "height": 200 } }"#, rows: 20, start: 2)
        let released = try #require(frames.firstIndex { $0.has(.willEndDragging) })
        #expect(frames[released...].allSatisfy { $0.contentOffset.y <= 0 }, "\(frames[released...].map(\.contentOffset.y).max()!)")
        #expect(frames.last!.contentOffset.y == 0)
    }

    /// A line's crossing and a replay's are found when the path is made (cached), and agree with the slop.
    @Test func theCrossingIsFoundOnce() {
        let line = FingerPath(shape: .line(finger: Vector(x: 0, y: -30), duration: 0.3), slop: 10, prior: Vector(x: 0, y: -4))
        #expect(abs(line.crossing!.time - 0.06) < 1e-12)      // 6 more points of 30 in 0.3 s
        #expect(line.moved(at: 0.3).y == -24)                  // 4 + 30 − 10
        let still = FingerPath(shape: .line(finger: .zero, duration: 1), slop: 10)
        #expect(still.crossing == nil && still.moved(at: 5) == .zero)
    }
}
