/// What the scroll view is doing.
public enum Phase: String, Sendable {
    /// At rest; dragging, decelerating after a release, bouncing back from an edge, or in an animated scroll.
    case idle, dragging, decelerating, bouncing, animating
}

/// A UIScrollView delegate call (or one of ours: recenter, jump), in the order they happened.
public enum ScrollEvent: Sendable, Equatable {
    /// A drag began.
    case willBeginDragging
    /// The content offset changed.
    case didScroll
    /// Velocity in content-offset points per second; the offset the motion will rest at.
    case willEndDragging(velocity: Vector, targetContentOffset: Vector)
    /// The finger lifted; whether deceleration follows.
    case didEndDragging(willDecelerate: Bool)
    /// Deceleration began after a release.
    case willBeginDecelerating
    /// Deceleration (or a bounce) came to rest.
    case didEndDecelerating
    /// An animated `scrollTo` finished.
    case didEndScrollingAnimation
    /// The recentering strategy moved the content offset and every tile by `shift` points.
    case recenter(shift: Vector)
    /// A `jump` step moved to `tile` without animation.
    case jump(tile: TileCoordinate)
    /// The gesture was cancelled (a second finger, in Infinite4Pager) before a release.
    case cancel
    /// A paging scroll came to rest on a different page.
    case pageChanged(page: TileCoordinate)
    /// The duplicate-ends carousel's non-animated jump from a duplicate item to the real one.
    case loopJump(from: Vector, to: Vector)
    /// A resize (or rotation) step changed the viewport to `width` × `height` points.
    case resize(width: Double, height: Double)
}

/// A tile as drawn in one frame.
public struct DrawnTile: Sendable, Equatable {
    /// The tile's position in the grid.
    public var coordinate: TileCoordinate
    /// The stable id of the tile object (reused tiles keep theirs).
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
    /// A tile at `coordinate` drawn at `pixelRect`; `item` defaults to the coordinate.
    public init(
        coordinate: TileCoordinate, id: Int, pixelRect: PixelRect, item: TileCoordinate? = nil, loaded: Bool = true,
        reuses: Int = 0
    ) {
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
    /// The page.
    public var page: TileCoordinate
    /// The fraction of the page on screen, 0 to 1.
    public var fraction: Double
}

/// A rectangle in device pixels, relative to the viewport's top-left corner (fractional in general).
public struct PixelRect: Sendable, Equatable, Hashable {
    /// The top-left corner and the size, in device pixels.
    public var x: Double, y: Double, width: Double, height: Double
    /// A rectangle of `width` × `height` pixels at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
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
    /// The frame number, from 0.
    public var index: Int
    /// The time of the frame in seconds, `index / fps`.
    public var time: Double
    /// What the scroll view is doing.
    public var phase: Phase
    /// The model's content offset in points (the displayed one is this rounded to device pixels).
    public var contentOffset: Vector
    /// The content size in points.
    public var contentSize: Size
    /// The delegate calls (and our events) during this frame, in order.
    public var events: [ScrollEvent]
    /// The total recenter shift applied during this frame, or nil.
    public var recenterShift: Vector?
    /// Live tiles in row-major order.
    public var tiles: [DrawnTile]
    /// Tile counts after this frame: live, created, reused, removed, pooled.
    public var stats: TileStats
    /// True when a content edge stopped the scroll during this frame.
    public var edgeHit: Bool
    /// Device pixels per point.
    public var scale: Int
    /// The viewport in points (it changes with a resize step).
    public var viewport: Size
    /// The current page when paging (or in the pager), else nil.
    public var page: TileCoordinate?
    /// Pager only: each visible page and the fraction of it on screen.
    public var pageVisibility: [PageVisibility]
    /// The scenario's linked layers as drawn in this frame, in the scenario's order (empty without layers).
    public var layers: [LayerState] = []
    /// The displayed content offset (points) when each of `events` happened, in the same order (a frame can end
    /// one motion and start another: the delegate sees the offset of each moment).
    package var eventOffsets: [Vector] = []

    /// The frame's width in device pixels.
    public var pixelWidth: Int { devicePixels(viewport.width, scale: scale) }
    /// The frame's height in device pixels.
    public var pixelHeight: Int { devicePixels(viewport.height, scale: scale) }

    /// Whether this frame draws exactly the same pixels as `other` (ids and events do not draw).
    public func drawsSame(as other: FrameState) -> Bool {
        viewport == other.viewport && scale == other.scale && tiles.count == other.tiles.count
            && zip(tiles, other.tiles).allSatisfy { $0.drawsSame(as: $1) } && layers == other.layers
    }
}
