/// UIKit's page grid: where page 0 lies, where an infinite axis starts on the grid, and the recenter step
/// that keeps paging on it.
///
/// Pages are the multiples of the page size counted from `gridOrigin`, in content coordinates (UIKit's
/// `isPagingEnabled` "stops on multiples of the scroll view's bounds"). `pageOrigin` is that origin as the
/// offset has been re-based since: a recenter shifts it with the content, and on a paging axis every
/// recenter shifts by whole pages, so `pageOrigin` stays on the grid and page numbers stay continuous.
extension ScrollModel {
    // MARK: Page grid

    /// The content offset of page 0 on `axis`: the single place that decides where the page grid starts.
    /// `.content` is UIKit's: offset 0, whatever the insets (so a left inset of 40 shows 40 points of inset on
    /// page 0 only, and every later page is 40 points off the inset-aligned grid: pattern 7). `.adjustedInset`
    /// starts at the lowest offset, −(adjusted inset).
    ///
    /// A disabled axis, which never moves, keeps its page origin at its fixed offset instead: its page is 0.
    func gridOrigin(_ axis: Axis) -> Int64 { Self.gridOrigin(axis, pageGrid) }

    static func gridOrigin(_ axis: Axis, _ grid: PageGrid) -> Int64 {
        switch grid {
        case .content: return 0
        case .adjustedInset: return -axis.leadingInset
        }
    }

    /// Where an infinite axis starts and a jump lands: the middle of its edges, moved onto the nearest
    /// page of the grid when paging (and kept within the edges), so a grid that starts on a page looks
    /// the same on every page.
    func startOffset(_ axis: Axis, pageSize size: Int64) -> Int64 {
        Self.startOffset(axis, pageSize: size, paging: paging, grid: pageGrid)
    }

    static func startOffset(_ axis: Axis, pageSize size: Int64, paging: PagingMode, grid: PageGrid) -> Int64 {
        guard paging != .none, axis.enabled else { return axis.center }
        let origin = gridOrigin(axis, grid)
        let p = max(1, size)
        let onGrid = origin + Fixed.round(axis.center - origin, toMultipleOf: p)
        return min(max(onGrid, axis.edges.lowerBound), axis.edges.upperBound)
    }

    /// The step every recenter on `axis` shifts by a multiple of: `base` (a device pixel, or a tile for
    /// wholeTiles), and while paging also a whole number of pages, the least common multiple, so paging
    /// stays on the grid. When that multiple is more than half the content (a page that is not a whole
    /// number of device pixels can make it huge), a recenter could not bring the offset back near the
    /// middle: then the step is `base` and the grid moves with the tiles instead (see `pageOrigin`).
    func recenterStep(_ axis: Axis, base: Int64, pageSize size: Int64) -> Int64 {
        guard paging != .none, size > 0, base > 0 else { return base }
        let l = Self.leastCommonMultiple(base, size)
        guard let l, l <= axis.contentSize / 2 else { return base }
        return l
    }

    /// The recenter step of `axis` for the scenario's strategy.
    func recenterStep(_ axis: Axis, isX: Bool) -> Int64 {
        recenterStep(
            axis, base: strategy == .wholeTiles ? axis.tile : pixel, pageSize: isX ? pageSize.width : pageSize.height)
    }

    /// lcm(a, b) for positive a and b, or nil when it overflows.
    static func leastCommonMultiple(_ a: Int64, _ b: Int64) -> Int64? {
        var x = a
        var y = b
        while y != 0 { (x, y) = (y, x % y) }
        let (l, overflow) = (a / x).multipliedReportingOverflow(by: b)
        return overflow ? nil : l
    }
}
