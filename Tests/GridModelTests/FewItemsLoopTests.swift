import Testing
@testable import GridModel

/// Pattern 3's "with 1, 2 or 3 items": a looping carousel of very few items narrower than the viewport (the
/// neighbours peek, and every frame shows each item more than once) covers the viewport with the default policy.
@Suite struct FewItemsLoopTests {
    struct Case: Sendable, CustomStringConvertible {
        var items: Int, loop: LoopMode, direction: Double, viewport: Double, tile: Double
        var description: String { "\(items) × \(Int(tile)) pt, \(loop), \(direction > 0 ? "right" : "left"), viewport \(Int(viewport))" }
    }

    static let cases: [Case] = [1, 2, 3].flatMap { n in
        [LoopMode.duplicate, .seamless].flatMap { loop in
            [1.0, -1.0].flatMap { d in
                [(390.0, 100.0), (500.0, 100.0), (390.0, 160.0)].map { Case(items: n, loop: loop, direction: d, viewport: $0.0, tile: $0.1) }
            }
        }
    }

    /// Slow one-item drags across the wrap: three the same way (each crossing it, and at rest between, where a
    /// duplicate loop jumps back), then three back; with the default copies. The finger moves 10 points more than
    /// an item: the pan's slop.
    func frames(_ c: Case, copies: Int? = nil) throws -> [FrameState] {
        let drag = { (sign: Double) in
            #"{ "drag": { "by": { "x": \#(sign * c.direction * (c.tile + 10)) }, "duration": 0.8, "release": "hold" } }, { "wait": { "until": "idle", "max": 3 } }"#
        }
        let steps = "[" + ([1.0, 1, 1, -1, -1, -1].map(drag)).joined(separator: ", ") + "]"
        let copiesKey = copies.map { #", "loopCopies": \#($0)"# } ?? ""
        let grid = #"{ "tileSize": { "width": \#(c.tile), "height": 150 }, "columns": \#(c.items), "rows": 0, "loop": "\#(c.loop.rawValue)"\#(copiesKey) }"#
        let recenter = c.loop == .seamless ? "threshold" : "none"
        return try allFrames(try decode(scenarioJSON(steps: steps, scroll: #"{ "recenter": "\#(recenter)" }"#,
                                                     viewport: #"{ "width": \#(c.viewport), "height": 150, "scale": 2 }"#, grid: grid, fps: 30)))
    }

    @Test(arguments: cases)
    func theDefaultCoversEveryFrame(_ c: Case) throws {
        let frames = try frames(c)
        let blank = frames.filter { uncoveredWidth($0) > 0 }.map(\.index)
        #expect(blank.isEmpty, "\(c): blank in frames \(blank)")
        #expect(frames.allSatisfy { $0.tiles.allSatisfy { (0..<Int64(c.items)).contains($0.item.x) } })
        // The drags really cross the wrap: item N − 1 and item 0 side by side somewhere.
        #expect(frames.contains { f in zip(f.tiles, f.tiles.dropFirst()).contains { $0.item.x == Int64(c.items - 1) && $1.item.x == 0 } })
    }

    /// The same drags with the "data × 3" trick (one set of items at each end) run off the strip with 2 items
    /// of 100 points in a 390-point viewport: the check above can fail.
    @Test func dataTimesThreeDoesNotCoverTwoItems() throws {
        let c = Case(items: 2, loop: .duplicate, direction: 1, viewport: 390, tile: 100)
        #expect(try frames(c, copies: 2).contains { uncoveredWidth($0) > 0 })
        #expect(GridSpec(tileSize: Size(width: 100, height: 150), columns: 2, loop: .duplicate).copies(viewport: 390) == 3)
    }

    /// A single item: after a rest at the strip's end (a fling into it), the duplicate loop's jump lands on the
    /// real item, however many copies lie between (one jump of N items was not enough when N = 1).
    @Test(arguments: [1.0, -1.0])
    func aRestAtTheEndJumpsToTheRealItem(_ direction: Double) throws {
        let grid = #"{ "tileSize": { "width": 100, "height": 150 }, "columns": 1, "rows": 0, "loop": "duplicate" }"#
        let steps = #"[{ "fling": { "velocity": { "x": \#(direction * 2000) } } }, { "wait": { "until": "idle", "max": 4 } }, { "wait": { "duration": 0.1 } }]"#
        let frames = try allFrames(try decode(scenarioJSON(steps: steps, scroll: #"{ "recenter": "none" }"#,
                                                           viewport: #"{ "width": 390, "height": 150, "scale": 2 }"#, grid: grid, fps: 30)))
        #expect(frames.contains { $0.edgeHit } && frames.contains { $0.has(.loopJump) })
        // Three copies at each end: the real item is content tile 3, [300, 400); the viewport's middle rests on it.
        let middle = frames.last!.contentOffset.x + 195
        #expect(middle >= 300 && middle < 400, "middle \(middle)")
    }
}
