import Testing
@testable import GridModel

/// `GridSpec.scrollsHorizontally` / `scrollsVertically` say which axes move; an axis that does not scroll keeps
/// its offset in every frame of every bundled and pattern scenario (between resizes, which lay the content out
/// again), and in a one-row carousel dragged mostly sideways.
@Suite struct ScrollingAxesTests {
    @Test func theFlagsFollowTheCounts() {
        #expect(GridSpec().scrollsHorizontally && GridSpec().scrollsVertically)
        #expect(!GridSpec(columns: 5, rows: 0).scrollsVertically && GridSpec(columns: 5, rows: 0).scrollsHorizontally)
        #expect(!GridSpec(columns: 0, rows: 1).scrollsHorizontally && GridSpec(columns: 0, rows: 1).scrollsVertically)
    }

    static let scenarios = bundledScenarioNames() + patternScenarioNames()

    @Test(arguments: scenarios)
    func anAxisThatDoesNotScrollNeverMoves(_ name: String) throws {
        let scenario = try bundledScenario(name)
        var previous: FrameState? = nil
        for frame in try allFrames(scenario) {
            defer { previous = frame }
            guard let previous, previous.viewport == frame.viewport else { continue }
            if !scenario.grid.scrollsHorizontally { #expect(frame.contentOffset.x == previous.contentOffset.x, "\(name) frame \(frame.index)") }
            if !scenario.grid.scrollsVertically { #expect(frame.contentOffset.y == previous.contentOffset.y, "\(name) frame \(frame.index)") }
        }
    }

    @Test func someScenariosHaveAnAxisThatDoesNotScroll() throws {
        let fixed = try Self.scenarios.filter { name in
            let grid = try bundledScenario(name).grid
            return !grid.scrollsHorizontally || !grid.scrollsVertically
        }
        #expect(fixed.count >= 3, "\(fixed)")
    }
}
