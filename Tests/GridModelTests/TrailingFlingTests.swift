import Testing
@testable import GridModel

/// A `fling` lasts no time, so a scenario that ended with one used to end at the fling's first frame: a
/// fling-only scenario rendered one frame. A last fling is now followed by a wait until idle (at most 10 s),
/// so its scroll is shown to the end.
@Suite struct TrailingFlingTests {
    static let fling = #"{ "fling": { "velocity": { "x": -2000 } } }"#

    @Test func aFlingAloneIsShownUntilIdle() throws {
        let frames = try allFrames(try decode(scenarioJSON(steps: "[\(Self.fling)]")))
        #expect(frames.count > 60, "\(frames.count) frames")
        let last = try #require(frames.last)
        #expect(last.phase == .idle && frames.dropLast().contains { $0.phase == .decelerating })
        // The fling travels (the "atRest" recenter then moves the offset back to the middle).
        #expect(frames.contains { $0.contentOffset.x > frames[0].contentOffset.x + 500 })
        #expect(last.has(.didEndDecelerating) || frames.contains { $0.has(.didEndDecelerating) })
        // Exactly as if the scenario said so.
        let waited = try allFrames(try decode(scenarioJSON(steps: #"[\#(Self.fling), { "wait": { "until": "idle", "max": 10 } }]"#)))
        #expect(frames.map(\.contentOffset) == waited.map(\.contentOffset) && frames.map(\.phase) == waited.map(\.phase))
    }

    @Test func theReferenceAndThePagerShowItToo() throws {
        let reference = try allFrames(try decode(scenarioJSON(steps: "[\(Self.fling)]")), reference: true)
        #expect(reference.count > 60 && reference.last?.phase == .idle)
        let pager = try decode(#"{ "name": "p", "viewport": { "width": 390, "height": 300 }, "pager": {}, "steps": [\#(Self.fling)] }"#)
        let frames = try allFrames(pager)
        #expect(frames.count > 5 && frames.last?.phase == .idle)
        #expect(frames.first?.page == TileCoordinate(x: 0, y: 0) && frames.last?.page == TileCoordinate(x: 1, y: 0),
                 "the flick turns the page: \(String(describing: frames.last?.page))")
    }

    /// Only a last fling: a fling followed by any step, even a wait of 0, runs as written.
    @Test func aStepAfterTheFlingIsKept() throws {
        let frames = try allFrames(try decode(scenarioJSON(steps: #"[\#(Self.fling), { "wait": { "duration": 0 } }]"#)))
        #expect(frames.count == 1)
        let s = try decode(scenarioJSON(steps: "[\(Self.fling)]"))
        #expect(s.steps.count == 1, "the scenario itself is what the file says")
        #expect(s.timeline.count == 2 && s.timeline.last == .waitUntilIdle(max: 10))
        #expect(s.frameBound == 10 * 60 + 2, "the limit counts the wait")
    }
}
