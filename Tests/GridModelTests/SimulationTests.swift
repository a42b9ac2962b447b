import Testing
@testable import GridModel
import TestSupport

@Suite struct TimelineTests {
    @Test func framesCoverBothEndsOfTheTimeline() throws {
        let exact = try decode(scenarioJSON(steps: #"[ { "wait": { "duration": 1 } } ]"#))
        #expect(try allFrames(exact).count == 61)  // t = 0 … 1 at 60 fps
        let ragged = try decode(scenarioJSON(steps: #"[ { "wait": { "duration": 1.01 } } ]"#))
        #expect(try allFrames(ragged).count == 62)  // the last frame is the first at or after the end
        let instant = try decode(scenarioJSON(steps: #"[ { "jump": { "tile": { "x": 5, "y": 5 } } } ]"#))
        #expect(try allFrames(instant).count == 1)
    }

    @Test func dragFollowsTheFingerOneToOne() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": -300, "y": 120 }, "duration": 0.5, "release": "hold" } } ]"#))
        let frames = try allFrames(s)
        let start = frames[0].contentOffset
        // Frame 15 is t = 0.25, half-way through the drag: the finger has moved (−150, 60); the content follows
        // it 1:1 but 10 pt (the pan's slop) behind, along the drag's direction.
        let length = (300.0 * 300 + 120 * 120).squareRoot()
        #expect(abs(frames[15].contentOffset.x - start.x - (150 - 10 * 300 / length)) < 1e-3)
        #expect(abs(frames[15].contentOffset.y - start.y - (-60 + 10 * 120 / length)) < 1e-3)
        #expect(frames[15].phase == .dragging)
        // Frame 29, the last before the lift (and the at-rest recenter), has moved the finger's 29/30 of 323.1 pt
        // less the slop.
        let end = frames[29].contentOffset
        #expect(abs(((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot() - (length * 29 / 30 - 10)) < 1e-3)
    }

    @Test func decelerationFollowsTheFormula() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "x": -3000, "y": 0 } } }, { "wait": { "until": "idle" } } ]"#))
        let frames = try allFrames(s)
        let x0 = frames[0].contentOffset.x
        // The deceleration starts `liftDelay` (1 ms) after the lift at t = 0.
        for k in [1, 10, 30, 60] {
            let expected = x0 + ScrollPhysics.displacement(3000, rate: 0.998, at: Double(k) / 60 - ScrollPhysics.liftDelay)
            #expect(abs(frames[k].contentOffset.x - expected) < 1.0 / Double(Fixed.unitsPerPoint))
        }
        // The wait lasts until the motion ends: the last frame is the first at or after the end.
        let end = ScrollPhysics.liftDelay + ScrollPhysics.decelerationDuration(speed: 3000, rate: 0.998)
        #expect(frames.count == Int((end * 60).rounded(.up)) + 1)
    }

    @Test func fastDecelerationStopsSooner() throws {
        let normal = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "x": 2000 } } }, { "wait": { "until": "idle" } } ]"#))
        let fast = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "x": 2000 } } }, { "wait": { "until": "idle" } } ]"#,
                                          scroll: #"{ "deceleration": "fast" }"#))
        #expect(try allFrames(fast).count < allFrames(normal).count)
    }

    @Test func animatedScrollToCentresTheTileWithEaseInOut() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "scrollTo": { "tile": { "x": 3, "y": -2 }, "animated": true, "duration": 0.5 } } ]"#))
        let frames = try allFrames(s)
        #expect(frames.count == 31)
        #expect(frames[15].phase == .animating)
        #expect(frames.last!.has(.didEndScrollingAnimation))
        let centre = try #require(frames.last!.tiles.first { $0.coordinate == TileCoordinate(x: 3, y: -2) })
        #expect(centre.pixelRect.x == (390 - 100))  // (viewport − tile) / 2 points at scale 2
        #expect(centre.pixelRect.y == (844 - 100))
        // Ease-in-out: slow start and end, fast middle.
        func x(_ k: Int) -> Double { frames[k].tiles.first { $0.coordinate == TileCoordinate(x: 1, y: -1) }?.pixelRect.x ?? .nan }
        #expect(x(0) == 490)
        #expect(x(30) == 490 - 600)
        #expect(abs(x(3) - x(0)) < 600 * 0.1)
        #expect(abs(x(30) - x(27)) < 600 * 0.1)
        #expect(abs(x(16) - x(13)) > 600 * 0.15)
    }

    @Test func runsAreDeterministic() throws {
        let s = try bundledScenario("drag-atRest")
        let a = try allFrames(s).map(Trace.line)
        let b = try allFrames(s).map(Trace.line)
        #expect(a == b)
    }
}

/// Scenarios that hit a content edge on purpose compare only the frames before it: the fewest
/// frames (and recenters) each must still compare. Every other scenario: 30 frames, and at least
/// one recenter when it recenters at all.
let framesBeforeTheEdge: [String: (frames: Int, recenters: Int)] = [
    "atRest-edge": (6, 0), "atRest-edge-refling": (16, 0), "edge-stop": (10, 0), "none-edge": (10, 0), "rubber-band": (1, 0),
]

@Suite struct RecenterTests {
    /// Every frame of every bundled scenario, up to its first content edge (edge scenarios show the
    /// edge on purpose), draws exactly the same tiles at exactly the same pixel rectangles as the
    /// ideal reference plane; and each scenario compares enough frames, and recenters often enough
    /// before its edge, for that to mean something.
    @Test(arguments: bundledScenarioNames())
    func recenteringIsInvisible(name: String) throws {
        let scenario = try bundledScenario(name)
        let frames = try allFrames(scenario)
        let reference = try allFrames(scenario, reference: true)
        #expect(frames.count == reference.count || frames.contains { $0.edgeHit })
        var compared = 0, recenters = 0
        for (frame, ideal) in zip(frames, reference) {
            if frame.edgeHit || ideal.edgeHit { break }
            #expect(frame.drawsSame(as: ideal), "frame \(frame.index) of \(name) differs from the reference")
            if frame.recenterShift != nil { recenters += 1 }
            compared += 1
        }
        let minimum = framesBeforeTheEdge[name] ?? (30, 1)
        #expect(compared >= minimum.frames, "\(name) compared only \(compared) frames before its edge")
        let infiniteAxis = [scenario.grid.columns, scenario.grid.rows].contains { $0 == nil } || scenario.grid.loop == .seamless
        if scenario.pager == nil && scenario.scroll.recenter != .none && infiniteAxis {
            #expect(recenters >= minimum.recenters, "\(name) recenters \(recenters) times before its edge")
        }
    }

    @Test func recenteringKeepsEveryTilesViewportRect() throws {
        // Release a drag at an offset that is not pixel-aligned; the at-rest recenter that follows
        // at the same instant must leave every tile's rect (and object) exactly where it was.
        let s = try decode(scenarioJSON(steps: "[]"))
        var model = try ScrollModel(scenario: s, reference: false)
        model.beginDrag(at: 0, by: Vector(x: -123.4, y: 77.7), duration: 0.3, release: .hold, then: .release)
        try model.sample(at: 0.3)
        _ = model.takeFrame(index: 0, time: 0.3)
        let before = model.drawnTiles()
        let offsetBefore = model.offset
        model.endDrag(at: 0.3)
        try model.sample(at: 0.3)
        let frame = model.takeFrame(index: 1, time: 0.3)
        #expect(frame.events.contains { $0.kind == .recenter })
        #expect(model.offset != offsetBefore)
        #expect(model.drawnTiles() == before)
        // Every tile still sits where the anchor puts it: `TileLayout._checkInvariants` after the shift.
    }

    @Test func atRestRecentersToWithinHalfAPixelOfTheCentre() throws {
        for name in ["drag-atRest", "scale3", "back-center-seed000"] {
            let s = try bundledScenario(name)
            let center = Vector(x: (s.scroll.contentSize.width - s.viewport.width) / 2,
                                y: (s.scroll.contentSize.height - s.viewport.height) / 2)
            let halfPixel = 0.5 / Double(s.viewport.scale)
            // At rest right after a recenter (a frame where a new gesture also began shows that gesture).
            for frame in try allFrames(s) where frame.recenterShift != nil && frame.phase == .idle {
                #expect(abs(frame.contentOffset.x - center.x) <= halfPixel)
                #expect(abs(frame.contentOffset.y - center.y) <= halfPixel)
                // Whole device pixels only.
                let shift = frame.recenterShift!
                #expect((shift.x * Double(s.viewport.scale)).rounded() == shift.x * Double(s.viewport.scale))
            }
        }
    }

    @Test func wholeTilesShiftsByWholeTiles() throws {
        let s = try bundledScenario("fling-wholeTiles")
        let frames = try allFrames(s)
        let shifts = frames.compactMap(\.recenterShift)
        #expect(!shifts.isEmpty)
        for shift in shifts {
            #expect(shift.x.truncatingRemainder(dividingBy: 100) == 0)
            #expect(shift.y.truncatingRemainder(dividingBy: 100) == 0)
        }
        let center = (100_000 - 390.0) / 2
        #expect(abs(frames.last!.contentOffset.x - center) <= 50)
    }

    @Test func thresholdRecentersMidMotionWithoutDisturbingIt() throws {
        let s = try bundledScenario("long-fling")
        let frames = try allFrames(s)
        let during = frames.filter { $0.recenterShift != nil }
        #expect(during.count >= 3)
        #expect(during.allSatisfy { $0.phase == .decelerating || $0.phase == .dragging })
        // Never further from the centre than a quarter of the content plus one frame of motion.
        let center = (3000 - 390.0) / 2
        for frame in frames { #expect(abs(frame.contentOffset.x - center) < 750 + 150) }
    }

    /// Regression: a threshold recenter re-plans the fling from its shifted release point, which can
    /// lie outside the content; that must not be taken for a release past an edge (it bounced).
    @Test func recenterMidFlingKeepsFlingingWithASmallViewport() throws {
        var s = try bundledScenario("long-fling")
        s.viewport = Viewport(width: 130, height: 281, scale: 2)
        let frames = try allFrames(s), reference = try allFrames(s, reference: true)
        #expect(frames.count == reference.count)
        #expect(!frames.contains { $0.phase == .bouncing || $0.edgeHit })
        for (a, b) in zip(frames, reference) { #expect(a.drawsSame(as: b), "frame \(a.index)") }
    }

    @Test func twoEndCallbacksInARowRecenterOnce() throws {
        // A drag interrupts a fling and is released without momentum: didEndDragging(false) and the
        // left-over didEndDecelerating arrive together; only the first recenters.
        let s = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "x": -2000 } } }, { "wait": { "duration": 0.2 } }, { "drag": { "by": { "x": 50 }, "duration": 0.2, "release": "hold" } } ]"#))
        let last = try allFrames(s).last!
        #expect(last.eventNames == ["willEndDragging", "didEndDragging", "recenter", "didEndDecelerating"])
        #expect(last.events.filter { $0.kind == .recenter }.count == 1)
    }

    @Test func noneStopsAtTheEdge() throws {
        let s = try bundledScenario("none-edge")
        let frames = try allFrames(s)
        #expect(frames.contains { $0.edgeHit })
        #expect(frames.allSatisfy { $0.recenterShift == nil })
        let maxX = 2000 - 390.0, maxY = 3000 - 844.0
        for frame in frames {
            #expect(frame.contentOffset.x >= 0 && frame.contentOffset.x <= maxX)
            #expect(frame.contentOffset.y >= 0 && frame.contentOffset.y <= maxY)
        }
        #expect(frames.last!.contentOffset == Vector(x: maxX, y: maxY))
    }

    @Test func atRestWithASmallContentHitsTheEdgeThenRecenters() throws {
        let frames = try allFrames(try bundledScenario("atRest-edge"))
        let hit = try #require(frames.firstIndex { $0.edgeHit })
        let recenter = try #require(frames.firstIndex { $0.recenterShift != nil })
        #expect(hit <= recenter)
    }
}

@Suite struct EventOrderTests {
    @Test func flingingDrag() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": -200 }, "duration": 0.2 } }, { "wait": { "until": "idle" } } ]"#))
        let names = try allFrames(s).flatMap(\.eventNames)
        #expect(names == ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                          "didEndDecelerating", "recenter"])
        let release = try allFrames(s).flatMap(\.events).first { $0.kind == .willEndDragging }
        guard case let .willEndDragging(velocity, _) = release else { Issue.record("no willEndDragging"); return }
        #expect(velocity == Vector(x: 1000, y: 0))  // the offset moves +x at 200 pt / 0.2 s
    }

    @Test func zeroVelocityReleaseDoesNotDecelerate() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": -200 }, "duration": 0.2, "release": "hold" } }, { "wait": { "duration": 0.2 } } ]"#))
        let frames = try allFrames(s)
        let names = frames.flatMap(\.eventNames)
        #expect(names == ["willBeginDragging", "willEndDragging", "didEndDragging", "recenter"])
        #expect(frames.flatMap(\.events).contains(.didEndDragging(willDecelerate: false)))
    }

    @Test func interruptedDecelerationFollowsSeed001() throws {
        // fling, then a drag with momentum during the deceleration, then one without.
        let frames = try allFrames(try bundledScenario("interrupted-fling"))
        let names = frames.flatMap(\.eventNames).filter { $0 != "recenter" }
        #expect(names == [
            "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
            "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
            "willBeginDragging", "willEndDragging", "didEndDragging", "didEndDecelerating",
        ])
    }
}

@Suite struct TileTests {
    /// The layout's own invariants (ids, pool, kept range, placement, counts, coverage of the
    /// viewport for the visible range) are checked inside the model after every mutation in debug
    /// builds (`TileLayout+Invariants.swift`, `ScrollModel+Invariants.swift`); running every frame
    /// trips them. This checks what the frames report on top: the drawn rects and the bounds.
    func checkInvariants(_ scenario: Scenario) throws {
        var simulation = try Simulation(scenario: scenario)
        let tw = scenario.grid.tileSize.width * Double(scenario.viewport.scale)
        let th = scenario.grid.tileSize.height * Double(scenario.viewport.scale)
        let b = scenario.grid.buffer
        let side = max(scenario.viewport.width, scenario.viewport.height)  // a resize may turn the viewport
        let tile = scenario.pager == nil ? scenario.grid.tileSize : Size(width: scenario.viewport.width, height: scenario.viewport.height)
        let bound = (Int((side / tile.width).rounded(.up)) + 1 + 2 * b) * (Int((side / tile.height).rounded(.up)) + 1 + 2 * b)
        // A scenario that demonstrates blank areas on purpose (TestSupport's list) skips the coverage check.
        let coverage = scenariosDemonstratingAFailure[scenario.name] != "coverage"
        let visibleRange = scenario.grid.range == .visible
        while let frame = try simulation.next() {
            let s = frame.stats
            #expect(s.live == frame.tiles.count)
            #expect(s.live + s.pool == s.created)
            if visibleRange { #expect(s.live <= bound) }
            #expect(s.live + frame.layers.reduce(0) { $0 + $1.tileCount } <= scenario.liveTileBound(forViewport: frame.viewport))
            // Every viewport pixel is covered: the tiles form a full grid over the viewport
            // (an infinite grid; finite ones show their edges when they bounce).
            guard scenario.grid.columns == nil && scenario.grid.rows == nil && scenario.pager == nil else { continue }
            let xs = Set(frame.tiles.map(\.pixelRect.x)).sorted(), ys = Set(frame.tiles.map(\.pixelRect.y)).sorted()
            if coverage {
                #expect(xs.first! <= 0 && xs.last! + tw >= Double(frame.pixelWidth))
                #expect(ys.first! <= 0 && ys.last! + th >= Double(frame.pixelHeight))
            }
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 == tw })
            #expect(zip(ys, ys.dropFirst()).allSatisfy { $1 - $0 == th })
            #expect(frame.tiles.count == xs.count * ys.count)
            // With no buffer, every live tile is visible (freshcode's range keeps more).
            if b == 0 && visibleRange {
                #expect(frame.tiles.allSatisfy {
                    $0.pixelRect.x < Double(frame.pixelWidth) && $0.pixelRect.x + tw > 0
                        && $0.pixelRect.y < Double(frame.pixelHeight) && $0.pixelRect.y + th > 0
                })
            }
        }
    }

    @Test(arguments: bundledScenarioNames())
    func invariantsHoldOnEveryFrame(name: String) throws {
        try checkInvariants(try bundledScenario(name))
    }

    @Test func tilesAreReused() throws {
        let frames = try allFrames(try bundledScenario("drag-atRest"))
        let stats = frames.last!.stats
        #expect(stats.reused > 0)
        #expect(stats.created < stats.reused + stats.live)
        // Ids are stable while a tile stays on screen.
        for (a, b) in zip(frames, frames.dropFirst()) {
            for tile in b.tiles {
                if let before = a.tiles.first(where: { $0.coordinate == tile.coordinate }) { #expect(before.id == tile.id) }
            }
        }
    }

    @Test func bufferKeepsExtraRowsAndColumns() throws {
        let plain = try decode(scenarioJSON(steps: "[]"))
        let buffered = try decode(scenarioJSON(steps: "[]", grid: #"{ "buffer": 2 }"#))
        let a = try allFrames(plain)[0].tiles.count, b = try allFrames(buffered)[0].tiles.count
        #expect(a == 5 * 9)
        #expect(b == 9 * 13)
    }

    @Test func startPicksTheCentredTile() throws {
        let s = try decode(scenarioJSON(steps: "[]", grid: #"{ "start": { "x": 12, "y": -3 } }"#))
        let centre = try allFrames(s)[0].tiles.first { $0.coordinate == TileCoordinate(x: 12, y: -3) }
        #expect(centre?.pixelRect == PixelRect(x: 290, y: 744, width: 200, height: 200))
    }

    /// A scroll around (10^15, −10^15) draws exactly what the same scroll draws around (0, 0).
    @Test func farAwayIsExact() throws {
        var far = try bundledScenario("far-away")
        var near = far
        near.grid.start = .zero
        near.steps = near.steps.map {
            if case let .scrollTo(tile, animated, duration) = $0 {
                return .scrollTo(tile: TileCoordinate(x: tile.x - far.grid.start.x, y: tile.y - far.grid.start.y),
                                 animated: animated, duration: duration)
            }
            return $0
        }
        far.name = "far"
        let a = try allFrames(far), b = try allFrames(near)
        #expect(a.count == b.count)
        for (f, n) in zip(a, b) {
            #expect(f.tiles.map(\.pixelRect) == n.tiles.map(\.pixelRect))
            #expect(f.tiles.map { TileCoordinate(x: $0.coordinate.x - 1_000_000_000_000_000, y: $0.coordinate.y + 1_000_000_000_000_000) }
                    == n.tiles.map(\.coordinate))
        }
    }

    @Test func jumpFarAwayCentresTheTile() throws {
        let frames = try allFrames(try bundledScenario("fling-threshold"))
        let target = TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000)
        let jumpFrame = try #require(frames.first { $0.events.contains(.jump(tile: target)) })
        let tile = try #require(jumpFrame.tiles.first { $0.coordinate == target })
        #expect(tile.pixelRect.x == 290 && tile.pixelRect.y == 744)
    }

    @Test func animatedScrollTooFarIsAClearError() throws {
        let s = try decode(scenarioJSON(steps: #"[ { "scrollTo": { "tile": { "x": 9000000000000000, "y": 0 } } } ]"#))
        #expect { _ = try allFrames(s) } throws: {
            guard let e = $0 as? ScenarioError else { return false }
            return e.kind == .simulation && e.path == "steps[0].scrollTo.tile" && e.message.contains("jump")
        }
    }
}
