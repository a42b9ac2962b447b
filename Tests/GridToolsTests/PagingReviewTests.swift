import Testing
@testable import GridModel
@testable import GridTools

/// The adversarial review of issue 15, patterns 4 and 6 under paging (F2–F4): a programmatic scroll is
/// not snapped, a disabled axis never moves, an endless axis keeps its page where the model puts it, and
/// a resize right after a release looks ahead at the release velocity.
@Suite struct PagingReviewTests {
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
