import Foundation
import Testing
@testable import GridModel

/// Issue 9, item 8: `scrollTo` is setContentOffset, which does not clamp; the content goes back inside
/// its edges at the next touch.
@Suite struct ScrollToEdgeTests {
    /// A finite 10 × 20 grid (content 1000 × 2000), tile (5, 10) centred at first.
    func frames(_ steps: String, bounces: Bool = true) throws -> [FrameState] {
        try allFrames(try decode(scenarioJSON(steps: steps, scroll: #"{ "recenter": "atRest", "bounces": \#(bounces) }"#,
                                              grid: #"{ "columns": 10, "rows": 20, "start": { "x": 5, "y": 10 } }"#)))
    }

    /// Centring tile (0, 0) puts the offset half a viewport minus half a tile before the top-left corner.
    let corner = Vector(x: -(390 - 100) / 2.0, y: -(844 - 100) / 2.0)

    @Test(arguments: [true, false])
    func scrollToDoesNotClamp(animated: Bool) throws {
        let frames = try frames(#"[ { "scrollTo": { "tile": { "x": 0, "y": 0 }, "animated": \#(animated), "duration": 0.3 } }, { "wait": { "duration": 0.5 } } ]"#)
        #expect(frames.last!.contentOffset == corner)
        #expect(frames.last!.phase == .idle)
        #expect(frames.allSatisfy { !$0.edgeHit })
        if animated { #expect(frames.flatMap(\.eventNames) == ["didEndScrollingAnimation"]) }
        // Tile (0, 0) is drawn centred; the area past the content edge shows the background.
        let scale = 2.0
        let tile = try #require(frames.last!.tiles.first { $0.coordinate == .zero })
        #expect(tile.pixelRect.x == 145 * scale && tile.pixelRect.y == 372 * scale)
    }

    @Test func theNextDragRubberBandsFromWhereTheContentIsAndSpringsBack() throws {
        let frames = try frames(#"[ { "scrollTo": { "tile": { "x": 0, "y": 0 }, "animated": false } }, { "wait": { "duration": 0.2 } }, { "drag": { "by": { "x": -40, "y": 0 }, "duration": 0.2, "release": "hold" } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#)
        let touch = try #require(frames.firstIndex { $0.has(.willBeginDragging) })
        // No jump at the touch: the content is where scrollTo left it, and the drag is rubber-banded.
        #expect(frames[touch].contentOffset == corner)
        #expect(frames[touch + 1].edgeHit && frames[touch + 1].phase == .dragging)
        let released = try #require(frames.firstIndex { $0.has(.willEndDragging) })
        // Dragging 40 points towards the content moves it less than 40 points (the band).
        let moved = frames[released].contentOffset.x - corner.x
        #expect(moved > 0 && moved < 40)
        #expect(frames.flatMap(\.events).contains(.didEndDragging(willDecelerate: true)))
        #expect(frames[released + 1].phase == .bouncing)
        #expect(frames.last!.contentOffset == .zero)
        #expect(frames.last!.phase == .idle)
        #expect(frames.flatMap(\.eventNames).suffix(5) == ["willBeginDragging", "willEndDragging", "didEndDragging",
                                                            "willBeginDecelerating", "didEndDecelerating"])
    }

    @Test func aFlingFromPastTheEdgeSpringsBack() throws {
        let frames = try frames(#"[ { "scrollTo": { "tile": { "x": 0, "y": 0 }, "animated": false } }, { "fling": { "velocity": { "x": 200, "y": 0 } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#)
        #expect(frames.contains { $0.phase == .bouncing && $0.edgeHit })
        // A fling further out is slowed by the band's slope, like a drag released there.
        let release = frames.flatMap(\.events).first { $0.kind == .willEndDragging }
        guard case let .willEndDragging(velocity, target)? = release else { Issue.record("no release"); return }
        #expect(velocity.x > -200 && velocity.x < 0)
        #expect(target == .zero)
        #expect(frames.last!.contentOffset == .zero)
    }

    @Test func withoutBouncesTheTouchPutsTheContentBackOnItsEdge() throws {
        let frames = try frames(#"[ { "scrollTo": { "tile": { "x": 0, "y": 0 }, "animated": false } }, { "wait": { "duration": 0.2 } }, { "drag": { "by": { "x": -40, "y": -40 }, "duration": 0.2, "release": "hold" } }, { "wait": { "duration": 0.1 } } ]"#, bounces: false)
        let touch = try #require(frames.firstIndex { $0.has(.willBeginDragging) })
        #expect(frames[touch - 1].contentOffset == corner)
        #expect(frames[touch].contentOffset == .zero && frames[touch].edgeHit)
        // The finger's (40, 40) less the pan's 10-pt slop along the diagonal, at rest on the device-pixel grid.
        let moved = ((40 - 10 / 2.0.squareRoot()) * 2).rounded() / 2
        #expect(abs(frames.last!.contentOffset.x - moved) < 1e-3 && abs(frames.last!.contentOffset.y - moved) < 1e-3)
    }
}
