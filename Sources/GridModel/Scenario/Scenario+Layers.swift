/// The checks of `layers` (see `Scenario.validate`), with the JSON path of each value.
extension Scenario {
    func checkLayers(limits: Limits) throws(ScenarioError) {
        guard !layers.isEmpty else { return }
        if layers.count > Limits.maxLayers {
            throw ScenarioError(
                kind: .limitExceeded, path: "layers",
                message: "\(layers.count) layers; the limit is \(Limits.maxLayers) layers")
        }
        if pager != nil {
            throw ScenarioError(kind: .invalidValue, path: "layers", message: "the pager does not combine with layers")
        }
        for (index, layer) in layers.enumerated() {
            let path = "layers[\(index)]"
            try Check.number(layer.factor.x, in: Allowed.layerFactor, path + ".factor.x")
            try Check.number(layer.factor.y, in: Allowed.layerFactor, path + ".factor.y")
            try Check.number(layer.tileSize.width, in: Allowed.tilePoints, path + ".tileSize.width")
            try Check.number(layer.tileSize.height, in: Allowed.tilePoints, path + ".tileSize.height")
            try Check.number(layer.borderWidth, in: Allowed.borderWidth, path + ".borderWidth")
            try Check.number(layer.fontSize, in: Allowed.fontSize, path + ".fontSize")
        }
        // The grid alone was checked with the grid; now with the layers' tiles (resizes: in the steps).
        try checkLayerTiles(
            Size(width: viewport.width, height: viewport.height),
            gridTiles: liveTileBound(
                forViewport: Size(width: viewport.width, height: viewport.height), withLayers: false),
            limits: limits, path: nil)
    }

    /// The grid's `gridTiles` plus every layer's tiles for a viewport of `size` fit `maxLiveTiles`.
    /// `path` nil (the initial viewport): the error names the tile size of the layer with the most tiles.
    func checkLayerTiles(_ size: Size, gridTiles: Int, limits: Limits, path: String?) throws(ScenarioError) {
        guard !layers.isEmpty else { return }
        var total = gridTiles
        var most = (index: 0, tiles: -1)
        for (index, layer) in layers.enumerated() {
            guard let tiles = layer.tileBound(forViewport: size) else { return }  // reported by checkLayers
            total += tiles
            if tiles > most.tiles { most = (index, tiles) }
        }
        guard total > limits.maxLiveTiles else { return }
        throw ScenarioError(
            kind: .limitExceeded, path: path ?? "layers[\(most.index)].tileSize",
            message:
                "up to \(gridTiles) grid tiles and \(total - gridTiles) layer tiles = \(total) tiles would be live at once at \(ScenarioDecoder.format(size.width))×\(ScenarioDecoder.format(size.height)) points; the limit is \(limits.maxLiveTiles) tiles: use larger layer tiles"
        )
    }
}

extension Scenario {
    /// Checks the values a renderer draws with (the scale, the style's and the layers' border
    /// widths and font sizes) against the ranges `validate` allows, so a renderer made from a
    /// scenario that was never validated refuses to draw instead of trapping.
    ///
    /// ```swift
    /// do { try scenario.checkDrawnValues() } catch { print(error.path, error.message) }
    /// ```
    /// - Throws: `ScenarioError(.outOfRange)` naming the first value outside its range.
    package func checkDrawnValues() throws(ScenarioError) {
        try Check.integer(viewport.scale, in: Allowed.scale, "viewport.scale")
        try Check.number(style.borderWidth, in: Allowed.borderWidth, "style.borderWidth")
        try Check.number(style.fontSize, in: Allowed.fontSize, "style.fontSize")
        for (index, layer) in layers.enumerated() { try layer.checkDrawnValues("layers[\(index)]") }
    }
}

extension Layer {
    /// Checks the values the renderer draws this layer with (see `Scenario.checkDrawnValues`).
    package func checkDrawnValues(_ path: String) throws(ScenarioError) {
        try Check.number(borderWidth, in: Allowed.borderWidth, path + ".borderWidth")
        try Check.number(fontSize, in: Allowed.fontSize, path + ".fontSize")
    }
}
