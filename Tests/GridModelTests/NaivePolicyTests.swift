import Foundation
import Testing
@testable import GridModel

/// Issue 15: the naive policies as options. Each test shows the naive behaviour and that the default is the fix.
@Suite struct NaivePolicyTests {
    /// A strip of 12 tiles of 200 points (one page each) in a 200 × 150 viewport, rows disabled.
    func strip(_ scroll: String, _ steps: String, viewport: String = #"{ "width": 200, "height": 150, "scale": 2 }"#) throws -> [FrameState] {
        try allFrames(try decode(scenarioJSON(steps: steps, scroll: scroll, viewport: viewport,
                                              grid: #"{ "columns": 12, "rows": 0, "tileSize": { "width": 200, "height": 150 } }"#)))
    }

    // MARK: scroll.resize

    @Test func theResizeDefaultKeepsThePageWhenPaging() throws {
        #expect(ScrollSpec(paging: .viewport).effectiveResize == .page)
        #expect(ScrollSpec(paging: .target, resize: .offset).effectiveResize == .offset)
        #expect(ScrollSpec().effectiveResize == .center)
    }

    /// Three flicks to page 3 (offset 600), then a rotation to 150 × 200: pages are now 150 wide.
    @Test(arguments: [("page", 450.0), ("offset", 600.0), ("center", 625.0), ("", 450.0)])
    func resizeKeeps(policy: String, expected: Double) throws {
        let key = policy.isEmpty ? "" : #", "resize": "\#(policy)""#
        let flick = #"{ "fling": { "velocity": { "x": -1500 } } }, { "wait": { "until": "idle" } }"#
        let frames = try strip(#"{ "paging": "viewport"\#(key) }"#,
                               "[\(flick), \(flick), \(flick), { \"wait\": { \"duration\": 0.1 } }, { \"resize\": { \"width\": 150, \"height\": 200 } }, { \"wait\": { \"duration\": 0.1 } }]")
        let before = frames.last { $0.viewport.width == 200 }!
        #expect(before.contentOffset.x == 600 && before.page?.x == 3)
        let after = frames.last!
        #expect(after.contentOffset.x == expected, "\(policy): \(after.contentOffset.x)")
        if policy == "page" || policy.isEmpty { #expect(after.page?.x == 3) }
        else { #expect(after.page?.x == 4) }  // another page: 600 is page 4 of 150, 625 is nearest page 4
    }

    @Test func withoutPagingThePagePolicyKeepsTheCentre() throws {
        // 140 points of finger, 130 of content (the first 10 cross the pan's slop).
        let steps = #"[{ "drag": { "by": { "x": -140 }, "duration": 0.2, "release": "hold" } }, { "resize": { "width": 150, "height": 200 } }]"#
        let page = try strip(#"{ "resize": "page" }"#, steps).last!, centre = try strip("{}", steps).last!
        #expect(page.contentOffset == centre.contentOffset && centre.contentOffset.x == 155)
    }

    // MARK: scroll.pageLimit

    /// Target paging with 100-point pages: a fast flick projects several pages; "one" clamps to the next page.
    @Test(arguments: [("one", 1.0), ("none", 15.0)])
    func aFastFlickTravels(limit: String, pages: Double) throws {
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[{ "fling": { "velocity": { "x": -3000 } } }, { "wait": { "until": "idle" } }]"#,
            scroll: #"{ "paging": "target", "pageSize": { "width": 100, "height": 100 }, "pageLimit": "\#(limit)" }"#,
            viewport: #"{ "width": 100, "height": 100, "scale": 2 }"#, grid: #"{ "columns": 60, "rows": 0, "start": { "x": 20, "y": 0 } }"#)))
        let start = frames[0].contentOffset.x, end = frames.last!.contentOffset.x
        #expect((end - start) / 100 == pages, "\(start) -> \(end)")
        #expect(end.truncatingRemainder(dividingBy: 100) == 0)
    }

    @Test func pageLimitDefaultsToOne() throws {
        #expect(ScrollSpec().pageLimit == .one)
        #expect(try decode(scenarioJSON(steps: "[]")).scroll.pageLimit == .one)
    }

    // MARK: scroll.offsetRounding

    /// A quick 10-point drag that crosses the pan's slop and keeps the finger down: the drag after it moves the
    /// content from its first frame.
    static let slop = #"{ "drag": { "by": { "x": -10 }, "duration": 0.05, "then": "keep" } }"#

    /// A slow 10 pt/s drag at scale 2 (after a quick 10-point drag that crosses the pan's slop, the finger kept
    /// down): device pixels show half-point steps, "point" only whole points.
    @Test(arguments: [("devicePixel", 0.5), ("point", 1.0)])
    func slowScrollSteps(rounding: String, step: Double) throws {
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[\#(Self.slop), { "drag": { "by": { "x": -3 }, "duration": 0.3, "release": "hold" } }]"#,
            scroll: #"{ "offsetRounding": "\#(rounding)" }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#)))
        let xs = frames.map { Double($0.tiles[0].pixelRect.x) / 2 }
        let moves = zip(xs, xs.dropFirst()).map { abs($1 - $0) }.filter { $0 > 0 }
        #expect(!moves.isEmpty && moves.allSatisfy { $0 == step }, "\(moves)")
        // The reference is the ideal plane: always on device pixels.
        let reference = try allFrames(try decode(scenarioJSON(
            steps: #"[\#(Self.slop), { "drag": { "by": { "x": -3 }, "duration": 0.3, "release": "hold" } }]"#,
            scroll: #"{ "offsetRounding": "\#(rounding)" }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#)), reference: true)
        #expect(reference.map(\.tiles.count) == frames.map(\.tiles.count))
        #expect(zip(reference, frames).contains { $0.tiles[0].pixelRect != $1.tiles[0].pixelRect } == (rounding == "point"))
    }

    /// `"pointEachFrame"` adds each frame's motion to the last displayed offset and rounds: a 10 pt/s scroll
    /// at 60 fps (1/6 point a frame) never moves on screen while the model's offset travels 3 points, and a
    /// 100 pt/s one (5/3 points a frame, rounded to 2) drifts ahead of the model. The other roundings follow it.
    @Test(arguments: [("pointEachFrame", 10.0, 0.0), ("pointEachFrame", 100.0, 36.0), ("point", 10.0, 3.0),
                      ("devicePixel", 10.0, 3.0), ("point", 100.0, 30.0)])
    func roundingEachFrameLosesOrGainsTheDeltas(rounding: String, speed: Double, shownTravel: Double) throws {
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[\#(Self.slop), { "drag": { "by": { "x": \#(-speed * 0.3) }, "duration": 0.3, "release": "hold" } }]"#,
            scroll: #"{ "offsetRounding": "\#(rounding)", "recenter": "none" }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#)))
        let first = try #require(frames.first), last = try #require(frames.last)
        let tile = first.tiles[0].coordinate
        let end = try #require(last.tiles.first { $0.coordinate == tile })
        #expect(last.contentOffset.x - first.contentOffset.x == speed * 0.3, "the model's offset moves as the finger")
        #expect((first.tiles[0].pixelRect.x - end.pixelRect.x) / 2 == shownTravel)
    }

    // MARK: grid.itemIndex

    @Test(arguments: [("modulo", [3, 4, 0, 1, 2]), ("remainder", [-2, -1, 0, 1, 2])])
    func itemsLeftOfItemZero(indexing: String, items: [Int64]) throws {
        let frames = try allFrames(try decode(scenarioJSON(steps: "[]", scroll: #"{ "recenter": "atRest" }"#,
            viewport: #"{ "width": 500, "height": 100, "scale": 1 }"#,
            grid: #"{ "columns": 5, "rows": 0, "loop": "seamless", "itemIndex": "\#(indexing)" }"#)))
        #expect(frames[0].tiles.map(\.item.x) == items)
    }

    // MARK: grid.loopCopies

    @Test func theDefaultCopiesCoverThePeekingNeighbours() {
        #expect(GridSpec(tileSize: Size(width: 390, height: 300), columns: 5, loop: .duplicate).copies(viewport: 390) == 1)
        #expect(GridSpec(tileSize: Size(width: 250, height: 300), columns: 5, loop: .duplicate).copies(viewport: 390) == 2)
        #expect(GridSpec(tileSize: Size(width: 100, height: 300), columns: 5, loop: .duplicate).copies(viewport: 390) == 3)
        #expect(GridSpec(tileSize: Size(width: 250, height: 300), loopCopies: 1).copies(viewport: 390) == 1)
    }

    /// 250-point items in a 390-point viewport, item 0 centred, dragged 250 points right across the wrap and held:
    /// one copy leaves the edge of the strip in view (a blank band), enough copies show item 3 and 4 there.
    @Test(arguments: [(1, true), (nil, false)] as [(Int?, Bool)])
    func aSlowDragAcrossTheWrap(copies: Int?, blank: Bool) throws {
        let key = copies.map { #", "loopCopies": \#($0)"# } ?? ""
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[{ "drag": { "by": { "x": 250 }, "duration": 0.5, "then": "keep" } }]"#, scroll: #"{ "recenter": "none" }"#,
            viewport: #"{ "width": 390, "height": 300, "scale": 1 }"#,
            grid: #"{ "columns": 5, "rows": 0, "loop": "duplicate", "tileSize": { "width": 250, "height": 300 }\#(key) }"#)))
        let last = frames.last!
        let left = last.tiles.map(\.pixelRect.x).min()!
        #expect((left > 0) == blank, "leftmost tile at \(left)")
        if !blank { #expect(last.tiles.map(\.item.x) == [3, 4, 0]) }
    }

    @Test func loopCopiesNeedADuplicateLoop() {
        #expect(throws: ScenarioError.self) { try decode(scenarioJSON(steps: "[]", grid: #"{ "columns": 5, "loopCopies": 2 }"#)) }
        #expect(throws: ScenarioError.self) { try decode(scenarioJSON(steps: "[]", grid: #"{ "columns": 5, "loop": "duplicate", "loopCopies": 0 }"#)) }
    }
}

extension NaivePolicyTests {
    // MARK: scroll.flickAdds

    /// A 1000 pt/s fling, then another 0.2 s later: the touch stops the content (UIKit), so the second release
    /// starts at the finger's 1000 pt/s; with `flickAdds` it starts faster, the old velocity added.
    /// (The first deceleration starts 1 ms after its fling: at the second, 0.199 s in, it moves at 1000·0.998^199.)
    @Test(arguments: [(false, 1000.0), (true, 1000 + 1000 * pow(0.998, 199))])
    func aSecondFlick(adds: Bool, expected: Double) throws {
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[{ "fling": { "velocity": { "x": -1000 } } }, { "wait": { "duration": 0.2 } }, { "fling": { "velocity": { "x": -1000 } } }, { "wait": { "duration": 0.1 } }]"#,
            scroll: #"{ "flickAdds": \#(adds) }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#)))
        let release = frames.flatMap(\.events).compactMap { event -> Vector? in
            if case let .willEndDragging(velocity, _) = event { return velocity } else { return nil }
        }
        #expect(release.count == 2)
        #expect(abs(release[1].x - expected) < 1, "\(release)")
        #expect(ScrollSpec().flickAdds == false)
    }
}

extension NaivePolicyTests {
    // MARK: scroll.precision

    /// A 3.2·10^8-point content starts near 1.6·10^8: a slow 20-point drag (30 of finger, 10 for the slop). Exact and Double move the tiles by
    /// half points; Float32 in steps of 16 points, with gaps or overlaps between neighbouring tiles.
    @Test(arguments: [("exact", false), ("double", false), ("float", true)])
    func farFromTheOrigin(precision: String, steps: Bool) throws {
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[{ "drag": { "by": { "x": -30 }, "duration": 0.5, "release": "hold" } }]"#,
            scroll: #"{ "recenter": "none", "contentSize": { "width": 320000000, "height": 1000 }, "precision": "\#(precision)" }"#,
            viewport: #"{ "width": 300, "height": 100, "scale": 2 }"#)))
        #expect(frames[0].contentOffset.x > 1.5e8)
        let xs = frames.map { $0.tiles.map(\.pixelRect.x).min()! }
        let moves = Set(zip(xs, xs.dropFirst()).map { abs($1 - $0) }.filter { $0 > 0 })
        #expect(moves.contains { $0 >= 16 } == steps, "\(moves)")
        let widths = frames.flatMap { f in zip(f.tiles.sorted { $0.pixelRect.x < $1.pixelRect.x }, f.tiles.sorted { $0.pixelRect.x < $1.pixelRect.x }.dropFirst())
            .filter { $0.pixelRect.y == $1.pixelRect.y }.map { $1.pixelRect.x - $0.pixelRect.x } }
        #expect(widths.allSatisfy { $0 == 200 } == !steps)
    }
}

extension NaivePolicyTests {
    /// Seed 004's carousel (items as wide as the viewport) rotated to 844 points: the default copies count the
    /// widest viewport, so a drag across the wrap after the rotation still shows items, not the strip's end.
    @Test(arguments: [(1, true), (nil, false)] as [(Int?, Bool)])
    func theCopiesCoverTheRotatedViewport(copies: Int?, blank: Bool) throws {
        let key = copies.map { #", "loopCopies": \#($0)"# } ?? ""
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[{ "resize": { "width": 844, "height": 300 } }, { "drag": { "by": { "x": 200 }, "duration": 0.5, "then": "keep" } }]"#,
            scroll: #"{ "recenter": "none" }"#, viewport: #"{ "width": 390, "height": 300, "scale": 1 }"#,
            grid: #"{ "columns": 5, "rows": 0, "loop": "duplicate", "tileSize": { "width": 390, "height": 300 }\#(key) }"#)))
        let left = frames.last!.tiles.map(\.pixelRect.x).min()!
        #expect((left > 0) == blank, "leftmost tile at \(left)")
    }
}
