public import GridModel

/// What the pattern checks need to know about a scenario beyond its frames: whether the grid is
/// infinite, the paging setup and page grid, loop sizes, insets and which axes the steps move.
///
/// ```swift
/// let facts = PatternFacts(scenario)
/// print(facts.infinite, facts.paging)
/// ```
public struct PatternFacts: Sendable, Equatable {
    /// No item count on either axis (`columns`/`rows` absent, or 0: a disabled axis) and no pager:
    /// the grid must never show a content edge (pattern 2).
    public var infinite = true
    /// The scenario is Infinite4Pager's pager (its own motion and fractional page frames).
    public var pager = false
    /// Paging on (`scroll.paging` other than none, outside the pager).
    public var paging = false
    /// `scroll.paging` outside the pager (`.none` without paging): `.snap` may travel several pages.
    public var pagingMode = PagingMode.none
    /// `scroll.pageSize`, or nil when pages are the viewport.
    public var pageSize: Size?
    /// The page grid's origin on each axis, in points, as the scenario asks for (`scroll.pageGrid`).
    public var gridOrigin = Vector.zero
    /// The adjusted leading insets (left, top), in points: where the page grid should start (pattern 7).
    public var leadingInset = Vector.zero
    /// The adjusted trailing insets (right, bottom), in points.
    public var trailingInset = Vector.zero
    /// Item counts of looping or finite axes (`grid.columns`, `grid.rows`).
    public var columns: Int?, rows: Int?
    /// Whether an axis loops.
    public var loops = false
    /// Whether the steps move the x / y axis (drags and flings with a component on it, scrollTo, jump); a
    /// disabled axis (`columns: 0` / `rows: 0`) never moves, whatever the steps.
    public var movesX = true, movesY = true
    /// Whether the x / y axis has no content edge (no item count, or a seamless loop). A resize under
    /// paging there puts the kept page on the multiple of the new page size nearest the offset (the model
    /// renumbers its pages), not at page × size from the grid's origin (pattern 6). False for hand-built facts.
    public var endlessX = false, endlessY = false
    /// Whether any step resizes the viewport.
    public var resizes = false
    /// `scroll.decelerationRate`: the d of UIKit's v(t) = v0·d^(1000·t) a free deceleration must follow
    /// (pattern 10); nil (the default for hand-built facts) skips that check.
    public var decelerationRate: Double?

    /// Facts with the defaults of an infinite, non-paging grid; tests set what they need.
    public init() {}

    /// The facts of `scenario`.
    public init(_ scenario: Scenario) {
        infinite = Self.isInfinite(scenario)
        pager = scenario.pager != nil
        paging = scenario.pager == nil && scenario.scroll.paging != .none
        pageSize = scenario.scroll.pageSize
        pagingMode = scenario.pager == nil ? scenario.scroll.paging : .none
        let inset = scenario.scroll.adjustedContentInset
        leadingInset = Vector(x: inset.left, y: inset.top)
        trailingInset = Vector(x: inset.right, y: inset.bottom)
        gridOrigin = scenario.scroll.pageGrid == .adjustedInset ? Vector(x: -inset.left, y: -inset.top) : .zero
        columns = scenario.grid.columns
        rows = scenario.grid.rows
        loops = scenario.grid.loop != .none
        var x = false
        var y = false
        for step in scenario.steps {
            switch step {
            case .drag(let by, _, _, _):
                x = x || by.x != 0
                y = y || by.y != 0
            case .fling(let v):
                x = x || v.x != 0
                y = y || v.y != 0
            case .scrollTo, .jump:
                x = true
                y = true
            case .resize: resizes = true
            default: break
            }
        }
        movesX = x && scenario.grid.columns != 0
        movesY = y && scenario.grid.rows != 0
        func endless(_ count: Int?) -> Bool { (count ?? 0) == 0 || scenario.grid.loop == .seamless }
        endlessX = endless(scenario.grid.columns)
        endlessY = endless(scenario.grid.rows)
        decelerationRate = scenario.scroll.decelerationRate
    }

    /// Whether `scenario`'s grid has no content edge to reach: no pager and no item count on an axis
    /// (`rows: 0` or `columns: 0` only disables that axis, it does not bound the other).
    ///
    /// ```swift
    /// PatternFacts.isInfinite(scenario)  // false with grid.columns: 5
    /// ```
    public static func isInfinite(_ scenario: Scenario) -> Bool {
        scenario.pager == nil && (scenario.grid.columns ?? 0) == 0 && (scenario.grid.rows ?? 0) == 0
    }

    /// Whether an axis has an inset that moves UIKit's page grid off the inset-aligned one.
    var hasInsets: Bool { leadingInset != .zero || trailingInset != .zero }
}
