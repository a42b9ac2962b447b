/// What the scroll view is doing.
public enum Phase: String, Sendable {
    case idle, dragging, decelerating, bouncing, animating
}

/// A UIScrollView delegate call (or one of ours: recenter, jump), in the order they happened.
public enum ScrollEvent: Sendable, Equatable {
    case willBeginDragging
    case didScroll
    /// Velocity in content-offset points per second; the offset the motion will rest at.
    case willEndDragging(velocity: Vector, targetContentOffset: Vector)
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
    case recenter(shift: Vector)
    case jump(tile: TileCoordinate)
    /// The gesture was cancelled (a second finger, in Infinite4Pager) before a release.
    case cancel
    /// A paging scroll came to rest on a different page.
    case pageChanged(page: TileCoordinate)
    /// The duplicate-ends carousel's non-animated jump from a duplicate item to the real one.
    case loopJump(from: Vector, to: Vector)
    case resize(width: Double, height: Double)
}

/// A tile as drawn in one frame.
public struct DrawnTile: Sendable, Equatable {
    public var coordinate: TileCoordinate
    public var id: Int
    /// The rectangle in device pixels relative to the viewport's top-left corner.
    /// Offsets are rounded to the pixel grid, so with whole-pixel tile sizes these are integers.
    public var pixelRect: PixelRect
    /// What the tile shows: its coordinate, or the item index on a looping axis.
    public var item: TileCoordinate
    /// False while a lazy tile shows its placeholder.
    public var loaded: Bool
    /// How many times the tile's object has been reused.
    public var reuses: Int
    public init(coordinate: TileCoordinate, id: Int, pixelRect: PixelRect, item: TileCoordinate? = nil, loaded: Bool = true,
                reuses: Int = 0) {
        self.coordinate = coordinate
        self.id = id
        self.pixelRect = pixelRect
        self.item = item ?? coordinate
        self.loaded = loaded
        self.reuses = reuses
    }

    /// Whether it draws the same pixels as `other`.
    public func drawsSame(as other: DrawnTile) -> Bool {
        item == other.item && pixelRect == other.pixelRect && loaded == other.loaded
    }
}

/// How much of a pager page is visible (Infinite4Pager's onPageVisible).
public struct PageVisibility: Sendable, Equatable {
    public var page: TileCoordinate
    public var fraction: Double
}

public struct PixelRect: Sendable, Equatable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// The state shown by one frame, at t = index / fps: what `Simulation.next()` yields and the
/// renderer draws.
///
/// ```swift
/// var simulation = try Simulation(scenario: scenario)
/// while let frame = try simulation.next() {
///     print(frame.index, frame.phase, frame.contentOffset, frame.stats.live)
/// }
/// ```
public struct FrameState: Sendable {
    public var index: Int
    public var time: Double
    public var phase: Phase
    /// The model's content offset in points (the displayed one is this rounded to device pixels).
    public var contentOffset: Vector
    public var contentSize: Size
    public var events: [ScrollEvent]
    /// The total recenter shift applied during this frame, or nil.
    public var recenterShift: Vector?
    /// Live tiles in row-major order.
    public var tiles: [DrawnTile]
    public var stats: TileStats
    /// True when a content edge stopped the scroll during this frame.
    public var edgeHit: Bool
    public var scale: Int
    /// The viewport in points (it changes with a resize step).
    public var viewport: Size
    /// The current page when paging (or in the pager), else nil.
    public var page: TileCoordinate?
    /// Pager only: each visible page and the fraction of it on screen.
    public var pageVisibility: [PageVisibility]
    /// The scenario's linked layers as drawn in this frame, in the scenario's order (empty without layers).
    public var layers: [LayerState] = []

    public var pixelWidth: Int { devicePixels(viewport.width, scale: scale) }
    public var pixelHeight: Int { devicePixels(viewport.height, scale: scale) }

    /// Whether this frame draws exactly the same pixels as `other` (ids and events do not draw).
    public func drawsSame(as other: FrameState) -> Bool {
        viewport == other.viewport && tiles.count == other.tiles.count
            && zip(tiles, other.tiles).allSatisfy { $0.drawsSame(as: $1) } && layers == other.layers
    }
}
