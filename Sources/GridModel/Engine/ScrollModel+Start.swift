/// Where a scroll model starts: its axes from the scenario and the offset and tile anchor of each.
extension ScrollModel {
    /// The scenario's axis (`isX`: horizontal), of the ideal plane with `reference`.
    static func axis(_ scenario: Scenario, isX: Bool, reference: Bool) -> Axis {
        let vp = scenario.viewport
        let viewport = FixedSize(points: Size(width: vp.width, height: vp.height))
        let content = FixedSize(points: scenario.scroll.contentSize)
        let tile = FixedSize(points: scenario.grid.tileSize)
        let inset = scenario.scroll.adjustedContentInset
        // The reference is the ideal plane: items always in 0 ..< N.
        let indexing = reference ? ItemIndexing.modulo : scenario.grid.itemIndex
        // A duplicate loop's default copies cover the largest viewport of the timeline (a rotation widens it).
        var widest = Size(width: vp.width, height: vp.height)
        for case .resize(let width, let height) in scenario.steps {
            widest = Size(width: max(widest.width, width), height: max(widest.height, height))
        }
        let strategy = scenario.scroll.recenter
        return isX
            ? Axis(
                count: scenario.grid.columns, loop: scenario.grid.loop, tile: tile.width, viewport: viewport.width,
                contentSize: content.width, reference: reference, strategy: strategy,
                insets: (Fixed.from(points: inset.left), Fixed.from(points: inset.right)),
                copies: scenario.grid.copies(viewport: widest.width), indexing: indexing)
            : Axis(
                count: scenario.grid.rows, loop: scenario.grid.loop, tile: tile.height, viewport: viewport.height,
                contentSize: content.height, reference: reference, strategy: strategy,
                insets: (Fixed.from(points: inset.top), Fixed.from(points: inset.bottom)),
                copies: scenario.grid.copies(viewportHeight: widest.height), indexing: indexing)
    }

    /// A finite axis's start: the start tile as centred as the edges allow.
    static func finiteStart(_ axis: Axis, _ startIndex: Int64) -> Int64 {
        let centred = startIndex * axis.tile - (axis.viewport - axis.tile) / 2
        let bounds = axis.bounds!
        return min(max(centred, bounds.lowerBound), bounds.upperBound)
    }

    /// The reference of a loop that pages: the looping strip starts with its start tile centred, wherever the page
    /// grid falls (half a page off it when a 390-point item pages a 195-point viewport), so the ideal plane starts
    /// that far off its grid too and both page on the same grid relative to the tiles.
    static func loopPhase(isX: Bool, _ size: Int64, scenario: Scenario, reference: Bool) -> Int64 {
        guard reference, scenario.grid.loop != .none, scenario.scroll.paging != .none, size > 0 else { return 0 }
        let strip = axis(scenario, isX: isX, reference: false)
        guard strip.isFinite, strip.enabled else { return 0 }
        let s = finiteStart(strip, strip.index(ofItem: isX ? scenario.grid.start.x : scenario.grid.start.y))
        let phase = s - gridOrigin(strip, scenario.scroll.pageGrid)
        return phase - Fixed.floorDiv(phase, size) * size
    }

    /// An axis's start offset and the tile anchor: a finite axis has tile 0 at content 0; an infinite one starts in
    /// the middle of the content (on the page grid when paging, see `startOffset`) with the start tile centred.
    static func initial(
        _ axis: Axis, _ startIndex: Int64, _ size: Int64, isX: Bool, scenario: Scenario,
        reference: Bool
    ) -> (offset: Int64, anchorTile: Int64, anchorOrigin: Int64) {
        if axis.isFinite { return (finiteStart(axis, startIndex), 0, 0) }
        var o = startOffset(axis, pageSize: size, paging: scenario.scroll.paging, grid: scenario.scroll.pageGrid)
        if axis.enabled {
            o = min(
                max(o + loopPhase(isX: isX, size, scenario: scenario, reference: reference), axis.edges.lowerBound),
                axis.edges.upperBound)
        }
        return (o, startIndex, o + (axis.viewport - axis.tile) / 2)
    }
}
