extension ScrollEngine {
    /// Engines without linked layers (the pager: `Scenario.validate` refuses layers there) draw none.
    func layerStates(_ layers: [Layer]) throws(ScenarioError) -> [LayerState] { [] }
}

extension ScrollModel {
    /// The linked layers as this frame draws them, from the ideal scroll position (see `LayerState`):
    /// the displayed offset relative to the layout's anchor tile, which a recenter moves by exactly
    /// the offset's shift. On the duplicate-ends carousel, content index i shows item i − 1, so the
    /// ideal index is one less (the reference plane numbers items directly).
    func layerStates(_ layers: [Layer]) throws(ScenarioError) -> [LayerState] {
        guard !layers.isEmpty else { return [] }
        let shown = displayedOffset
        var ax = LayerState.Axis(
            shown: shown.x, viewport: x.viewport, anchorIndex: layout.anchorTile.x - x.copies,
            anchorOrigin: layout.anchorOrigin.x, tile: layout.tileSize.width)
        var ay = LayerState.Axis(
            shown: shown.y, viewport: y.viewport, anchorIndex: layout.anchorTile.y - y.copies,
            anchorOrigin: layout.anchorOrigin.y, tile: layout.tileSize.height)
        if faults.layersFollowRecenteredOffset {
            // The naive layer (tests only): the content offset as it is, recenters and all.
            ax.anchorIndex = 0
            ax.anchorOrigin = 0
            ay.anchorIndex = 0
            ay.anchorOrigin = 0
        }
        var states: [LayerState] = []
        var tiles = 0
        for (index, layer) in layers.enumerated() {
            guard let state = LayerState.make(layer, x: ax, y: ay, pixel: pixel) else {
                throw ScenarioError(
                    kind: .simulation, path: "layers[\(index)]",
                    message:
                        "the layer's tile index would pass ±2^62 here; use a smaller factor, larger layer tiles or a start nearer the origin"
                )
            }
            tiles += state.tileCount
            states.append(state)
        }
        // `Scenario.validate` proves this never happens; it holds even if that proof were wrong.
        if layout.tiles.count + tiles > layout.maxTiles {
            throw ScenarioError(
                kind: .limitExceeded, path: "layers",
                message:
                    "\(layout.tiles.count) grid tiles and \(tiles) layer tiles at once; the limit is \(layout.maxTiles) tiles: use larger tiles"
            )
        }
        return states
    }
}
