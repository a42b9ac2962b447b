import Testing
@testable import GridModel

/// `"rows": 1` with a loop, written for a one-row carousel, used to make the vertical axis an endless loop over
/// that one row: a mostly sideways drag scrolled it vertically. A loop over one item is now accepted only on the
/// one axis that scrolls (the other 0); otherwise the error says to use 0 for the axis that should not scroll.
@Suite struct OneItemLoopTests {
    static func grid(_ columns: String, _ rows: String, _ loop: String) -> String {
        scenarioJSON(steps: #"[{ "drag": { "by": { "x": -200, "y": 30 }, "duration": 0.3 } }, { "wait": { "until": "idle" } }]"#,
                     viewport: #"{ "width": 390, "height": 300, "scale": 1 }"#,
                     grid: #"{ "tileSize": { "width": 390, "height": 300 }, "columns": \#(columns), "rows": \#(rows), "loop": "\#(loop)" }"#)
    }

    struct Refused: Sendable, CustomStringConvertible {
        var columns: String, rows: String, loop: String, path: String, mentions: String
        var description: String { "columns \(columns), rows \(rows), \(loop)" }
    }

    static let refused: [Refused] = ["seamless", "duplicate"].flatMap { loop in [
        Refused(columns: "5", rows: "1", loop: loop, path: "grid.rows",
                mentions: #"loops the vertical axis over one row without end; for a one-row carousel that scrolls only sideways, use "rows": 0"#),
        Refused(columns: "null", rows: "1", loop: loop, path: "grid.rows", mentions: #"use "rows": 0"#),
        Refused(columns: "1", rows: "5", loop: loop, path: "grid.columns",
                mentions: #"loops the horizontal axis over one column without end; for a one-column carousel that scrolls only up and down, use "columns": 0"#),
        Refused(columns: "1", rows: "null", loop: loop, path: "grid.columns", mentions: #"use "columns": 0"#),
        Refused(columns: "1", rows: "1", loop: loop, path: "grid.columns", mentions: "over one column"),
    ] }

    @Test(arguments: refused)
    func aOneItemLoopBesideAScrollingAxisIsRefused(_ c: Refused) {
        #expect {
            _ = try decode(Self.grid(c.columns, c.rows, c.loop))
        } throws: { error in
            guard let e = error as? ScenarioError else { return false }
            return e.kind == .invalidValue && e.path == c.path && e.message.contains(c.mentions)
                && e.message.contains(#"with grid.loop "\#(c.loop)""#)
        }
    }

    /// The same check for a scenario built in code.
    @Test func aConstructedOneRowLoopIsRefused() {
        let s = Scenario(name: "c", viewport: Viewport(width: 390, height: 300, scale: 1),
                         grid: GridSpec(columns: 5, rows: 1, loop: .seamless), steps: [])
        #expect { try s.validate() } throws: { ($0 as? ScenarioError).map { $0.kind == .invalidValue && $0.path == "grid.rows" } ?? false }
    }

    /// What the writer meant, spelt `rows: 0`: the sideways drag moves the strip sideways only; a one-item loop
    /// on the only scrolling axis, and `rows: 1` without a loop, are accepted as before.
    @Test(arguments: ["seamless", "duplicate"])
    func theOneRowCarouselScrollsOnlySideways(_ loop: String) throws {
        let frames = try allFrames(try decode(Self.grid("5", "0", loop)))
        #expect(frames.allSatisfy { $0.contentOffset.y == frames[0].contentOffset.y })
        #expect(frames.contains { $0.contentOffset.x != frames[0].contentOffset.x })
        _ = try decode(Self.grid("1", "0", loop))
        _ = try decode(Self.grid("0", "1", loop))
        _ = try decode(Self.grid("5", "1", "none"))
    }
}
