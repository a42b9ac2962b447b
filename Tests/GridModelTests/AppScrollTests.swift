import Testing
@testable import GridModel

/// What HeadlessUIKit's `UIScrollView` asks of the model: an app that sets `contentOffset` in the middle of a
/// motion, and one that changes `targetContentOffset` when the finger lifts.
@Suite struct AppScrollTests {
    static let fling = try! decode(scenarioJSON(
        steps: #"[{ "fling": { "velocity": { "x": -2000, "y": 0 } } }, { "wait": { "until": "idle" } }]"#,
        scroll: #"{ "recenter": "none", "contentSize": { "width": 100000, "height": 100000 } }"#))

    /// StreetScroller's move: the offset jumps back mid-deceleration and the deceleration goes on from there,
    /// frame for frame the same displacement as without the jump.
    @Test func settingTheOffsetMidDecelerationKeepsTheMotion() throws {
        var plain = try Simulation(scenario: Self.fling), moved = try Simulation(scenario: Self.fling)
        var a: [Double] = [], b: [Double] = []
        var index = 0
        while let frame = try plain.next(), let other = try moved.next() {
            a.append(frame.contentOffset.x)
            b.append(index > 10 ? moved.contentOffset.x : other.contentOffset.x)
            if index == 10 { moved.moveContent(to: Vector(x: other.contentOffset.x - 1000, y: other.contentOffset.y)) ; b[index] = moved.contentOffset.x }
            index += 1
        }
        #expect(a.count == b.count && a.count > 60)
        for k in 11..<a.count { #expect(abs((a[k] - a[k - 1]) - (b[k] - b[k - 1])) < 1e-3, "frame \(k)") }
        #expect(abs(b.last! - (a.last! - 1000)) < 1e-3)
    }

    /// `targetContentOffset` written in `scrollViewWillEndDragging`: the release ends exactly there, slowing all the
    /// way, from the same lift.
    @Test func aNewTargetIsWhereTheDecelerationEnds() throws {
        var simulation = try Simulation(scenario: Self.fling)
        var offsets: [Double] = []
        var target = 0.0
        while let frame = try simulation.next() {
            for case let .willEndDragging(_, t) in frame.events {
                target = (t.x / 100).rounded(.down) * 100 + 50   // somewhere short of the natural end
                try simulation.retargetRelease(to: Vector(x: target, y: t.y))
            }
            offsets.append(simulation.contentOffset.x)
        }
        #expect(offsets.last == target)
        let steps = zip(offsets.dropFirst(), offsets.dropFirst(2)).map { $1 - $0 }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 }, "the speed only falls: \(steps.prefix(8))")
    }

    /// A value an app can set that the model cannot hold (NaN, 1e300) does not trap.
    @Test func hostileOffsetsDoNotTrap() throws {
        var simulation = try Simulation(scenario: Self.fling)
        _ = try simulation.next()
        simulation.moveContent(to: Vector(x: .nan, y: 1e300))
        #expect(simulation.contentOffset.y == 2e12)
        try simulation.retargetRelease(to: Vector(x: .infinity, y: -1e300))
        while try simulation.next() != nil {}
    }

    @Test func stepsDecodeOnTheirOwnWithPathsUnderSteps() throws {
        let steps = try ScenarioDecoder.decodeSteps(Array(#"[{"fling": {"velocity": {"x": 100}}}, {"wait": {"until": "idle"}}]"#.utf8))
        #expect(steps == [.fling(velocity: Vector(x: 100, y: 0)), .waitUntilIdle(max: Step.idleWaitDefault)])
        #expect(throws: ScenarioError.self) { try ScenarioDecoder.decodeSteps(Array(#"[{"drag": {"by": {"x": 1}, "duration": -1}}]"#.utf8)) }
        do { _ = try ScenarioDecoder.decodeSteps(Array(#"[{"wait": {}}, {"drag": {"by": {"x": 1}, "duration": -1}}]"#.utf8)) } catch {
            #expect(error.path.hasPrefix("steps[0]"), "\(error)")
        }
    }
}
