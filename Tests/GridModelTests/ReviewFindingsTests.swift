import Testing
import GridModel

/// Review findings of issue 10 in GridModel, left failing on purpose: each asserts the correct
/// behaviour (no trap for any value a caller can construct) and fails until the cause is fixed.
@Suite struct ReviewModelFindingsTests {
    /// `LayerState` is a public struct with public `columns` / `rows`; `tileCount` multiplies them
    /// unchecked (Layer.swift: `columns * rows`).
    @Test func layerStateTileCountDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var state = try ReviewModelTests.layerState()
            state.columns = .max
            state.rows = 2
            _ = state.tileCount
        }
    }

    /// `tiles()` adds each column and row to the public `firstTile` unchecked.
    @Test func layerStateTilesAtTheEdgeOfInt64DoNotTrap() async {
        await #expect(processExitsWith: .success) {
            var state = try ReviewModelTests.layerState()
            state.firstTile = TileCoordinate(x: .max, y: .max)
            _ = state.tiles()
        }
    }
}
