import Testing
@testable import GridModel

/// Lazy content remembers loaded tiles in bounded memory.
@Suite struct RememberedLoadsTests {
    @Test func recentSetForgetsTheOldestFirst() {
        var set = RecentSet<Int>(capacity: 3)
        for n in [1, 2, 3, 2, 4] { set.insert(n) }
        #expect(set.count == 3)
        #expect(!set.contains(1) && set.contains(2) && set.contains(3) && set.contains(4))
        set.insert(5)
        #expect(!set.contains(2) && set.contains(5))
        var none = RecentSet<Int>(capacity: 0)
        none.insert(1)
        #expect(none.count == 0)
    }

    /// A fast drag over 1-point tiles loads about ten thousand new tiles a frame; the model remembers
    /// no more than `Limits.maxRememberedLoads` of them.
    @Test func aLongLazyScrollRemembersABoundedNumberOfTiles() throws {
        let s = try decode(scenarioJSON(steps: "[]", viewport: #"{ "width": 100, "height": 100, "scale": 1 }"#,
                                        grid: #"{ "tileSize": { "width": 1, "height": 1 }, "content": "lazy" }"#))
        var model = try ScrollModel(scenario: s, reference: true)
        model.beginDrag(at: 0, by: Vector(x: -1e6, y: 0), duration: 1, release: .hold, then: .keep)
        for frame in 1...15 { try model.sample(at: Double(frame) / 60) }
        #expect(model.layout.stats.loads > Limits.maxRememberedLoads)
        #expect(model.loadedBefore.count == Limits.maxRememberedLoads)
    }
}
