import Foundation
import Testing
@testable import GridModel

@Suite struct RubberBandTests {
    @Test(arguments: [0.0, 1, 10, 100, 390, 844, 5000])
    func formula(x: Double) {
        let d = 844.0
        let b = RubberBand.offset(x, dimension: d)
        #expect(abs(b - (1 - 1 / (x * 0.55 / d + 1)) * d) < 1e-12)
        #expect(b <= x * 0.55 + 1e-9 && b < d)  // never faster than c·x, never past the viewport
        if x > 0 { #expect(RubberBand.offset(x * 2, dimension: d) > b) }
    }

    @Test func slopeIsTheDerivative() {
        let d = 390.0, x = 120.0, h = 1e-4
        let numeric = (RubberBand.offset(x + h, dimension: d) - RubberBand.offset(x - h, dimension: d)) / (2 * h)
        #expect(abs(RubberBand.slope(x, dimension: d) - numeric) < 1e-6)
        #expect(RubberBand.slope(0, dimension: d) == 0.55)
    }

    @Test func draggingPastAnEdgeRubberBands() throws {
        let frames = try allFrames(try bundledScenario("rubber-band"))
        // The drag (260, 300) over 0.6 s from the top-left corner ends at frame 36, the finger 10 pt (the pan's
        // slop) further along its direction than the content follows.
        let end = frames[36]
        let length = (260.0 * 260 + 300 * 300).squareRoot()
        #expect(abs(end.contentOffset.x + RubberBand.offset(260 - 10 * 260 / length, dimension: 390)) < 1e-3)
        #expect(abs(end.contentOffset.y + RubberBand.offset(300 - 10 * 300 / length, dimension: 844)) < 1e-3)
        #expect(frames[30].edgeHit)
    }

    @Test func springBackEndsExactlyOnTheEdge() throws {
        let frames = try allFrames(try bundledScenario("rubber-band"))
        #expect(frames.contains { $0.phase == .bouncing })
        let corner = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": 260, "y": 300 }, "duration": 0.6, "release": "fling" } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#,
                                             grid: #"{ "columns": 6, "rows": 12 }"#))
        let released = try allFrames(corner)
        #expect(released.contains { $0.phase == .bouncing })
        #expect(released.last!.contentOffset == Vector(x: 0, y: 0))
        #expect(released.last!.phase == .idle)
        // The fling into the bottom edge overshoots it, then rests exactly on it.
        let maxY = 12 * 100 - 844.0
        #expect(frames.contains { $0.contentOffset.y > maxY + 10 })
        #expect(frames.last!.contentOffset == Vector(x: 0, y: maxY))
        #expect(frames.last!.phase == .idle)
    }

    @Test func withoutBouncesTheEdgeClamps() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": 300, "y": 300 }, "duration": 0.3, "release": "hold" } } ]"#,
                                        scroll: #"{ "bounces": false }"#, grid: #"{ "columns": 5, "rows": 20 }"#))
        let frames = try allFrames(s)
        #expect(frames.allSatisfy { $0.contentOffset.x >= 0 && $0.contentOffset.y >= 0 })
        #expect(frames.last!.contentOffset == Vector(x: 0, y: 0))
    }
}

@Suite struct PagingTests {
    func pageSize(_ s: Scenario) -> Size { s.scroll.pageSize ?? Size(width: s.viewport.width, height: s.viewport.height) }

    @Test(arguments: ["paging-viewport", "paging-snap", "paging-target"])
    func restsOnlyOnPageBoundaries(name: String) throws {
        let s = try bundledScenario(name)
        let size = pageSize(s)
        let frames = try allFrames(s)
        let rests = frames.filter { $0.phase == .idle }
        #expect(!rests.isEmpty)
        for frame in rests {
            #expect(frame.contentOffset.x.truncatingRemainder(dividingBy: size.width) == 0, "frame \(frame.index)")
            #expect(frame.contentOffset.y.truncatingRemainder(dividingBy: size.height) == 0, "frame \(frame.index)")
        }
    }

    @Test func viewportPagingMovesAtMostOnePagePerGesture() throws {
        let frames = try allFrames(try bundledScenario("paging-viewport"))
        var last = TileCoordinate(x: 2, y: 2)
        for event in frames.flatMap(\.events) {
            guard case .pageChanged(let page) = event else { continue }
            #expect(abs(page.x - last.x) <= 1 && abs(page.y - last.y) <= 1)
            last = page
        }
        #expect(last != TileCoordinate(x: 2, y: 2))
    }

    @Test func snapAnimatesAfterTheDecelerationEnds() throws {
        let names = try allFrames(try bundledScenario("paging-snap")).flatMap(\.eventNames)
        let end = try #require(names.firstIndex(of: "didEndDecelerating"))
        #expect(names[end + 1] == "didEndScrollingAnimation")
    }

    @Test func targetLandsWithoutASnap() throws {
        let frames = try allFrames(try bundledScenario("paging-target"))
        #expect(!frames.flatMap(\.eventNames).contains("didEndScrollingAnimation"))
        let release = frames.flatMap(\.events).first { $0.kind == .willEndDragging }
        guard case let .willEndDragging(_, target) = release else { Issue.record("no release"); return }
        #expect(target.x.truncatingRemainder(dividingBy: 100) == 0 && target.y.truncatingRemainder(dividingBy: 100) == 0)
    }
}

@Suite struct PagerTests {
    @Test func neverFlipsTwicePerGestureNorPastAFiniteEnd() throws {
        let frames = try allFrames(try bundledScenario("pager-4way"))
        var flipsInGesture = 0
        for event in frames.flatMap(\.events) {
            switch event {
            case .willBeginDragging: flipsInGesture = 0
            case .pageChanged(let page):
                flipsInGesture += 1
                #expect(flipsInGesture <= 1)
                #expect((0...2).contains(page.y))
            default: break
            }
        }
        #expect(frames.last!.page == TileCoordinate(x: 2, y: 0))
    }

    @Test func hardFlingsPastTheEndNeverFlip() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "y": 9000 } } }, { "wait": { "until": "idle" } }, { "drag": { "by": { "y": 800 }, "duration": 0.1 } }, { "wait": { "until": "idle" } } ]"#,
                                        grid: #"{ "rows": 3 }"#).replacingOccurrences(of: #""steps""#, with: #""pager": {}, "steps""#))
        let frames = try allFrames(s)
        #expect(frames.allSatisfy { $0.page == .zero })
        #expect(frames.contains { $0.edgeHit })
        // Damped: an 800-point drag moves the page by Infinite4Pager's damping (400), not 800.
        #expect(frames.allSatisfy { abs($0.contentOffset.y) <= PagerModel.endDamping(800, pageSize: 844) + 1e-6 })
    }

    @Test func zeroPredictedTranslationDoesNotCrashOrFlip() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "x": 0, "y": 0 } } }, { "wait": { "duration": 0.1 } } ]"#)
            .replacingOccurrences(of: #""steps""#, with: #""pager": {}, "steps""#))
        let frames = try allFrames(s)
        #expect(frames.allSatisfy { $0.page == .zero && $0.contentOffset == .zero })
    }

    @Test func directionLocksToTheDominantAxis() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": -200, "y": -150 }, "duration": 0.2 } }, { "wait": { "until": "idle" } } ]"#)
            .replacingOccurrences(of: #""steps""#, with: #""pager": {}, "steps""#))
        let frames = try allFrames(s)
        #expect(frames.allSatisfy { $0.contentOffset.y == 0 })
        #expect(frames.last!.page == TileCoordinate(x: 1, y: 0))
    }

    @Test func cancelSettlesBack() throws {
        let frames = try allFrames(try bundledScenario("pager-4way"))
        let cancel = try #require(frames.firstIndex { $0.events.contains(.cancel) })
        #expect(!frames[cancel...].flatMap(\.events).contains { $0.kind == .pageChanged })
        #expect(frames.last!.contentOffset == .zero)
    }

    @Test func reportsVisiblePages() throws {
        let frames = try allFrames(try bundledScenario("pager-4way"))
        for frame in frames {
            let total = frame.pageVisibility.map(\.fraction).reduce(0, +)
            // Past a finite end part of the viewport shows no page; otherwise the pages tile it.
            #expect(total <= 1 + 1e-9 && total > 0.5, "frame \(frame.index)")
            if frame.phase == .idle { #expect(frame.pageVisibility == [PageVisibility(page: frame.page!, fraction: 1)]) }
        }
        #expect(frames.contains { $0.pageVisibility.count == 2 })
    }
}

@Suite struct LoopTests {
    @Test func seed004JumpsOnlyAtRestAndInvisibly() throws {
        let frames = try allFrames(try bundledScenario("carousel-loop-seed004"))
        var jumps = 0
        for (i, frame) in frames.enumerated() {
            let names = frame.eventNames
            guard let j = names.firstIndex(of: "loopJump") else { continue }
            jumps += 1
            #expect(j > 0 && names[j - 1] == "didEndDecelerating")
            if frame.phase == .idle { #expect(frame.drawsSame(as: frames[i - 1])) }
        }
        #expect(jumps == 2)
    }

    @Test func labelsShowTheItemIndex() throws {
        let frames = try allFrames(try bundledScenario("carousel-loop-seamless"))
        #expect(frames.flatMap(\.tiles).allSatisfy { (0..<5).contains($0.item.x) })
        #expect(Set(frames.flatMap(\.tiles).map(\.item.x)) == [0, 1, 2, 3, 4])
    }

    @Test func disabledAxisNeverMoves() throws {
        let frames = try allFrames(try bundledScenario("carousel-loop-seed004"))
        #expect(Set(frames.map(\.contentOffset.y)).count == 1)
    }
}

@Suite struct LazyAndResizeTests {
    @Test func lazyTilesLoadInTheTargetRectOrAtRest() throws {
        let frames = try allFrames(try bundledScenario("lazy-load"))
        #expect(frames.contains { $0.tiles.contains { !$0.loaded } })
        for frame in frames where frame.phase == .idle { #expect(frame.tiles.allSatisfy { $0.loaded }) }
        #expect(frames.allSatisfy { $0.phase == .decelerating || $0.tiles.allSatisfy(\.loaded) })
        #expect(frames.last!.stats.loads > frames[0].stats.loads)
    }

    @Test func resizeKeepsTheCentreTile() throws {
        let frames = try allFrames(try bundledScenario("rotate"))
        func centre(_ f: FrameState) -> TileCoordinate? {
            let cx = Double(f.pixelWidth) / 2, cy = Double(f.pixelHeight) / 2
            return f.tiles.first { $0.pixelRect.x <= cx && cx < $0.pixelRect.x + $0.pixelRect.width
                && $0.pixelRect.y <= cy && cy < $0.pixelRect.y + $0.pixelRect.height }?.coordinate
        }
        var resizes = 0
        for (a, b) in zip(frames, frames.dropFirst()) where b.events.contains(where: { $0.kind == .resize }) {
            resizes += 1
            #expect(a.viewport != b.viewport)
            #expect(centre(a) == centre(b))
        }
        #expect(resizes == 2)
        #expect(centre(frames[0]) == TileCoordinate(x: 3, y: -2))
    }
}

@Suite struct NewKeyDecoderTests {
    @Test(arguments: [
        (scenarioJSON(steps: "[]", grid: #"{ "loop": "duplicate" }"#), "grid.loop", "finite axis"),
        (scenarioJSON(steps: "[]", scroll: #"{ "recenter": "none" }"#, grid: #"{ "columns": 5, "loop": "seamless" }"#), "grid.loop", "recentering"),
        (scenarioJSON(steps: #"[ { "cancel": {} } ]"#), "steps[0]", "no"),
        (scenarioJSON(steps: "[]", scroll: #"{ "paging": "page" }"#), "scroll.paging", "allowed"),
        (scenarioJSON(steps: "[]", grid: #"{ "columns": -1 }"#), "grid.columns", "out of range"),
        (scenarioJSON(steps: #"[ { "drag": { "by": { "x": 1 }, "duration": 1, "then": "cancel", "release": "fling" } } ]"#), "steps[0].drag.then", "release"),
        (scenarioJSON(steps: #"[ { "resize": { "width": 0, "height": 10 } } ]"#), "steps[0].resize.width", "out of range"),
    ])
    func rejects(json: String, path: String, mentions: String) {
        #expect { _ = try decode(json) } throws: {
            guard let e = $0 as? ScenarioError else { return false }
            return e.path == path && e.description.contains(mentions)
        }
    }

    @Test func acceptsKeptDragThenCancel() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": -50 }, "duration": 0.2, "then": "keep" } }, { "wait": { "duration": 0.1 } }, { "cancel": {} } ]"#))
        let frames = try allFrames(s)
        #expect(frames.flatMap(\.eventNames).filter { $0 == "willBeginDragging" }.count == 1)
        #expect(frames[15].phase == .dragging)  // the finger is still down during the wait
        #expect(frames.flatMap(\.eventNames).contains("cancel"))
    }
}

/// Regressions found by the fuzz test.
@Suite struct FuzzRegressionTests {
    /// A far tile index is clamped to the axis's tiles; `jump` also clamps the offset to the content, while
    /// `scrollTo` centres tile 0 past the edge, as `setContentOffset` does (issue 9).
    @Test func jumpAndScrollToFarTilesOnAFiniteAxisClamp() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "jump": { "tile": { "x": 9007199254740992, "y": -9007199254740992 } } }, { "scrollTo": { "tile": { "x": -9007199254740992, "y": 3 } } } ]"#,
                                        grid: #"{ "columns": 10, "rows": 20 }"#))
        let frames = try allFrames(s)
        let afterJump = frames[0]
        #expect(afterJump.contentOffset == Vector(x: 10 * 100 - 390, y: 0))  // the far right, the top
        #expect(frames.last!.contentOffset.x == -(390 - 100) / 2)
    }

    @Test func int64MinCoordinateIsAnErrorNotATrap() {
        #expect { _ = try decode(scenarioJSON(steps: "[]", grid: #"{ "start": { "x": -9223372036854775808, "y": 0 } }"#)) } throws: {
            ($0 as? ScenarioError)?.path == "grid.start.x"
        }
    }

    @Test func duplicateLoopJumpsToAnyItemIndexModuloTheCount() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "jump": { "tile": { "x": 12, "y": 0 } } } ]"#,
                                        grid: #"{ "tileSize": { "width": 390, "height": 844 }, "columns": 5, "rows": 0, "loop": "duplicate" }"#))
        let last = try allFrames(s).last!
        #expect(last.tiles.contains { $0.item.x == 2 && $0.pixelRect.x == 0 })
    }
}
