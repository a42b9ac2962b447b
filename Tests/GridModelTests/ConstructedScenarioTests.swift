import Testing
@testable import GridModel

/// Values a library caller can build but no scenario file can express: `Simulation` refuses each
/// with the path the same value would have in JSON, instead of trapping or running without end.
@Suite struct ConstructedScenarioTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var change: @Sendable (inout Scenario) -> Void
        var kind: ScenarioError.Kind
        var path: String
    }

    static let base = Scenario(name: "c", viewport: Viewport(width: 390, height: 844, scale: 2), steps: [
        .drag(by: Vector(x: -100, y: 40), duration: 0.2, release: .fling), .waitUntilIdle(max: 1)])

    static let cases: [Case] = [
        Case(description: "NaN width", change: { $0.viewport.width = .nan }, kind: .outOfRange, path: "viewport.width"),
        Case(description: "negative height", change: { $0.viewport.height = -1 }, kind: .outOfRange, path: "viewport.height"),
        Case(description: "infinite width", change: { $0.viewport.width = .infinity }, kind: .outOfRange, path: "viewport.width"),
        Case(description: "scale 0", change: { $0.viewport.scale = 0 }, kind: .outOfRange, path: "viewport.scale"),
        Case(description: "scale Int.min", change: { $0.viewport.scale = .min }, kind: .outOfRange, path: "viewport.scale"),
        Case(description: "fps 0", change: { $0.fps = 0 }, kind: .outOfRange, path: "fps"),
        Case(description: "fps Int.max", change: { $0.fps = .max }, kind: .outOfRange, path: "fps"),
        Case(description: "empty name", change: { $0.name = "" }, kind: .outOfRange, path: "name"),
        Case(description: "tile 0", change: { $0.grid.tileSize.width = 0 }, kind: .outOfRange, path: "grid.tileSize.width"),
        Case(description: "tile 1e300", change: { $0.grid.tileSize.height = 1e300 }, kind: .outOfRange, path: "grid.tileSize.height"),
        Case(description: "start Int64.min", change: { $0.grid.start.x = .min }, kind: .outOfRange, path: "grid.start.x"),
        Case(description: "start 2^53 + 1", change: { $0.grid.start.y = (1 << 53) + 1 }, kind: .outOfRange, path: "grid.start.y"),
        Case(description: "buffer Int.max", change: { $0.grid.buffer = .max }, kind: .outOfRange, path: "grid.buffer"),
        Case(description: "buffer -1", change: { $0.grid.buffer = -1 }, kind: .outOfRange, path: "grid.buffer"),
        Case(description: "columns Int.max", change: { $0.grid.columns = .max }, kind: .outOfRange, path: "grid.columns"),
        Case(description: "rows -1", change: { $0.grid.rows = -1 }, kind: .outOfRange, path: "grid.rows"),
        Case(description: "content past 10^12", change: { $0.grid.columns = 1_000_000_000; $0.grid.tileSize.width = 100_000 },
             kind: .limitExceeded, path: "grid.columns"),
        Case(description: "loop without a finite axis", change: { $0.grid.loop = .duplicate }, kind: .invalidValue, path: "grid.loop"),
        Case(description: "seamless without recentering", change: { $0.grid.rows = 5; $0.grid.loop = .seamless; $0.scroll.recenter = .none },
             kind: .invalidValue, path: "grid.loop"),
        Case(description: "content NaN", change: { $0.scroll.contentSize.width = .nan }, kind: .outOfRange, path: "scroll.contentSize.width"),
        Case(description: "content under the viewport", change: { $0.scroll.contentSize.height = 800 }, kind: .outOfRange, path: "scroll.contentSize"),
        Case(description: "deceleration 1", change: { $0.scroll.decelerationRate = 1 }, kind: .outOfRange, path: "scroll.deceleration"),
        Case(description: "deceleration NaN", change: { $0.scroll.decelerationRate = .nan }, kind: .outOfRange, path: "scroll.deceleration"),
        Case(description: "page 0", change: { $0.scroll.pageSize = Size(width: 0, height: 100) }, kind: .outOfRange, path: "scroll.pageSize.width"),
        Case(description: "pager threshold NaN", change: { $0.pager = PagerSpec(); $0.pager!.horizontalThreshold = .nan },
             kind: .outOfRange, path: "pager.thresholds.horizontal"),
        Case(description: "pager duration 0", change: { $0.pager = PagerSpec(); $0.pager!.duration = 0 }, kind: .outOfRange, path: "pager.duration"),
        Case(description: "pager with a loop", change: { $0.pager = PagerSpec(); $0.grid.rows = 3; $0.grid.loop = .duplicate },
             kind: .invalidValue, path: "pager"),
        Case(description: "border -inf", change: { $0.style.borderWidth = -.infinity }, kind: .outOfRange, path: "style.borderWidth"),
        Case(description: "font size NaN", change: { $0.style.fontSize = .nan }, kind: .outOfRange, path: "style.fontSize"),
        Case(description: "empty font path", change: { $0.style.font = "" }, kind: .invalidValue, path: "style.font"),
        Case(description: "drag duration NaN", change: { $0.steps[0] = .drag(by: Vector(x: 1, y: 1), duration: .nan, release: .fling) },
             kind: .outOfRange, path: "steps[0].drag.duration"),
        Case(description: "drag duration 0", change: { $0.steps[0] = .drag(by: Vector(x: 1, y: 1), duration: 0, release: .hold) },
             kind: .outOfRange, path: "steps[0].drag.duration"),
        Case(description: "drag by inf", change: { $0.steps[0] = .drag(by: Vector(x: .infinity, y: 1), duration: 1, release: .fling) },
             kind: .outOfRange, path: "steps[0].drag.by.x"),
        Case(description: "wait -1", change: { $0.steps.append(.wait(duration: -1)) }, kind: .outOfRange, path: "steps[2].wait.duration"),
        Case(description: "idle max NaN", change: { $0.steps[1] = .waitUntilIdle(max: .nan) }, kind: .outOfRange, path: "steps[1].wait.max"),
        Case(description: "fling 1e7", change: { $0.steps.append(.fling(velocity: Vector(x: 0, y: 1e7))) }, kind: .outOfRange,
             path: "steps[2].fling.velocity.y"),
        Case(description: "scrollTo Int64.min", change: { $0.steps.append(.scrollTo(tile: TileCoordinate(x: .min, y: 0), animated: true, duration: 1)) },
             kind: .outOfRange, path: "steps[2].scrollTo.tile.x"),
        Case(description: "scrollTo duration NaN", change: { $0.steps.append(.scrollTo(tile: .zero, animated: false, duration: .nan)) },
             kind: .outOfRange, path: "steps[2].scrollTo.duration"),
        Case(description: "jump Int64.max", change: { $0.steps.append(.jump(tile: TileCoordinate(x: 0, y: .max))) }, kind: .outOfRange,
             path: "steps[2].jump.tile.y"),
        Case(description: "resize NaN", change: { $0.steps.append(.resize(width: 100, height: .nan)) }, kind: .outOfRange,
             path: "steps[2].resize.height"),
        Case(description: "resize 0", change: { $0.steps.append(.resize(width: 0, height: 100)) }, kind: .outOfRange, path: "steps[2].resize.width"),
        Case(description: "cancel with no drag", change: { $0.steps.append(.cancel) }, kind: .invalidValue, path: "steps[2]"),
        Case(description: "touches: none", change: { $0.steps.append(.touches([])) }, kind: .invalidValue, path: "steps[2].touches.events"),
        Case(description: "touches: NaN time", change: { $0.steps.append(.touches(touches([0, .nan, 0.2]))) }, kind: .outOfRange,
             path: "steps[2].touches.events[1].t"),
        Case(description: "touches: infinite x", change: {
            $0.steps.append(.touches([Touch(time: 0, location: Vector(x: -.infinity, y: 0), phase: .began)] + touches([0.1, 0.2]).dropFirst()))
        }, kind: .outOfRange, path: "steps[2].touches.events[0].x"),
        Case(description: "touches: time goes back", change: { $0.steps.append(.touches(touches([0, 0.2, 0.1]))) }, kind: .invalidValue,
             path: "steps[2].touches.events[2].t"),
        Case(description: "touches: 100,001", change: { $0.steps.append(.touches(touches(Array(repeating: 0, count: Limits.maxTouches + 1)))) },
             kind: .limitExceeded, path: "steps[2].touches.events"),
        Case(description: "touches: a move in 5e-324 s", change: {
            // UIKit's estimate divides by the time the last moves took: 100 points over the least Double is infinite.
            $0.steps.append(.touches(touches([0, .leastNonzeroMagnitude, .leastNonzeroMagnitude])))
        }, kind: .outOfRange, path: "steps[2].touches.events[2]"),
        Case(description: "touches: an hour and a second", change: { $0.steps.append(.touches(touches([-3600, 0, 1]))) }, kind: .outOfRange,
             path: "steps[2].touches.events"),
        Case(description: "touches: 2·10^9 points", change: {
            $0.steps.append(.touches([Touch(time: 0, location: Vector(x: 0, y: -1e9), phase: .began),
                                      Touch(time: 1, location: Vector(x: 0, y: 1e9), phase: .ended)]))
        }, kind: .outOfRange, path: "steps[2].touches.events[1].y"),
        Case(description: "touches: with the pager", change: { $0.pager = PagerSpec(); $0.steps.append(.touches(touches([0, 0.1]))) },
             kind: .invalidValue, path: "steps[2].touches"),
        Case(description: "a day of waiting", change: { $0.steps.append(contentsOf: Array(repeating: .wait(duration: 3600), count: 24)) },
             kind: .limitExceeded, path: "steps"),
    ]

    /// A gesture at these times: `began`, `moved` 100 points further down each, `ended` where the last move was.
    static func touches(_ times: [Double]) -> [Touch] {
        times.enumerated().map { i, t in
            let phase: Touch.Phase = i == 0 ? .began : i == times.count - 1 ? .ended : .moved
            return Touch(time: t, location: Vector(x: 100, y: Double(min(i, max(times.count - 2, 0))) * 100), phase: phase)
        }
    }

    @Test(arguments: cases)
    func refusedWithItsPath(_ c: Case) throws {
        var s = Self.base
        try s.validate()
        c.change(&s)
        #expect { _ = try Simulation(scenario: s) } throws: {
            let e = $0 as! ScenarioError
            return e.kind == c.kind && e.path == c.path
        }
    }

    /// The most travel the limits allow, `maxSteps` kept drags of `maxDistance` each, stays inside
    /// the fixed-point range, in the reference (no edges, no recentering) and in the pager.
    @Test func theLongestTravelFitsTheFixedPointRange() throws {
        let far = Step.drag(by: Vector(x: Limits.maxDistance, y: -Limits.maxDistance), duration: 0.001, release: .fling, then: .keep)
        var s = Scenario(name: "far", viewport: Viewport(width: 100, height: 100, scale: 8), fps: 1,
                         steps: Array(repeating: far, count: Limits.maxSteps - 1) + [.fling(velocity: Vector(x: 1e6, y: 1e6))])
        for pager in [false, true] {
            s.pager = pager ? PagerSpec() : nil
            let frames = try allFrames(s, reference: true)
            #expect(frames.count <= Int(s.frameBound))
            // 10^14 points from the start, within the ±3.4·10^14 points that fixed point represents.
            // The pager locks this exact diagonal vertical (Infinite4Pager's test is |dx| > |dy|). The
            // farthest frame: after the last fling the scenario runs until idle, and the pager settles back.
            let offset = try #require(frames.map { pager ? -$0.contentOffset.y : $0.contentOffset.x }.min())
            #expect(offset < -0.98e14 && offset > -1.01e14, "\(offset)")
            #expect(frames.last?.phase == .idle)
        }
    }

    /// Everything public that reads a value nobody validated: no trap, and the trace stays JSON.
    @Test func unvalidatedValuesDoNotTrap() throws {
        #expect(Viewport(width: .nan, height: -1, scale: 0).pixelWidth == 0)
        #expect(Viewport(width: 1e300, height: .infinity, scale: 8).pixelHeight == 1 << 62)
        #expect(Viewport(width: 1e300, height: 10, scale: .min).pixelWidth == 0)
        var simulation = try Simulation(scenario: Self.base)
        var frame = try #require(try simulation.next())
        frame.viewport = Size(width: .nan, height: .infinity)
        frame.scale = 0
        frame.contentOffset = Vector(x: .nan, y: -.infinity)
        #expect(frame.pixelWidth == 0 && frame.pixelHeight == 0)
        let line = Trace.line(for: frame)
        #expect(line.contains(#""contentOffset":{"x":null,"y":null}"#))
        #expect(!line.contains("nan") && !line.contains("inf"))
    }
}
