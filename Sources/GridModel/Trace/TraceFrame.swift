/// The fields of a trace line that the tools use, as read back by `TraceLineParser`.
public struct TraceFrame: Sendable, Equatable {
    /// The frame number.
    public var frame: Int
    /// The frame's time in seconds.
    public var t: Double
    /// The phase's name ("idle", "dragging", ...).
    public var phase: String
    /// The content offset in points.
    public var offsetX: Double
    /// The content offset in points.
    public var offsetY: Double
    /// The recenter shift during the frame, nil without one.
    public var recenterX: Double?
    /// The recenter shift during the frame, nil without one.
    public var recenterY: Double?
    /// The events, by kind (`.recenter`), in the order the frame had them.
    public var events: [ScrollEvent.Kind]
    /// Live tiles.
    public var live: Int
    /// Pooled tiles.
    public var pool: Int
    /// Whether a content edge stopped the scroll during the frame.
    public var edgeHit: Bool
    /// The content size in points, nil when the line has none.
    public var contentSize: Size?
    /// The viewport in points, nil when the line has none.
    public var viewport: Size?
    /// The current page when paging (or in the pager), else nil.
    public var page: TileCoordinate?
    /// The live tiles in the order the line lists them (row-major), without their ids.
    public var tiles: [TraceTile]
    /// The events with their payloads (recenter shift, page, loop jump, resize, drag target), in order;
    /// `events` holds their kinds. Empty when the frame was made from kinds only or a line's event
    /// lacks its payload.
    public var scrollEvents: [ScrollEvent]

    /// A frame as given; the defaults are what a line without the member reads as.
    ///
    /// ```swift
    /// let frame = TraceFrame(frame: 3, t: 0.05, offsetX: 120, events: [.willBeginDragging])
    /// ```
    public init(
        frame: Int, t: Double, phase: String = "?", offsetX: Double = 0, offsetY: Double = 0,
        recenterX: Double? = nil, recenterY: Double? = nil, events: [ScrollEvent.Kind] = [], live: Int = 0,
        pool: Int = 0, edgeHit: Bool = false, contentSize: Size? = nil, viewport: Size? = nil,
        page: TileCoordinate? = nil, tiles: [TraceTile] = [], scrollEvents: [ScrollEvent] = []
    ) {
        self.frame = frame
        self.t = t
        self.phase = phase
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.recenterX = recenterX
        self.recenterY = recenterY
        self.events = events
        self.live = live
        self.pool = pool
        self.edgeHit = edgeHit
        self.contentSize = contentSize
        self.viewport = viewport
        self.page = page
        self.tiles = tiles
        self.scrollEvents = scrollEvents
    }

    /// What reading `Trace.line(for: state)` back gives.
    ///
    /// ```swift
    /// let read = try TraceLineParser.parse(Trace.line(for: state))
    /// assert(read == TraceFrame(state))
    /// ```
    public init(_ state: FrameState) {
        let scale = Double(state.scale)
        self.init(
            frame: state.index, t: state.time, phase: state.phase.rawValue, offsetX: state.contentOffset.x,
            offsetY: state.contentOffset.y, recenterX: state.recenterShift?.x, recenterY: state.recenterShift?.y,
            events: state.events.map(\.kind), live: state.stats.live, pool: state.stats.pool, edgeHit: state.edgeHit,
            contentSize: state.contentSize, viewport: state.viewport, page: state.page,
            tiles: state.tiles.map { tile in
                let r = tile.pixelRect
                return TraceTile(
                    coordinate: tile.coordinate,
                    rect: TraceTile.Rect(
                        x: r.x / scale, y: r.y / scale, width: r.width / scale, height: r.height / scale),
                    item: tile.item, loaded: tile.loaded)
            },
            scrollEvents: state.events)
    }
}

/// A tile as a trace line places it: where it is, what it shows, whether it shows its content yet.
public struct TraceTile: Sendable, Equatable {
    /// A rectangle in points, relative to the viewport's top-left corner.
    public struct Rect: Sendable, Equatable {
        /// The top-left corner and the size, in points.
        public var x: Double, y: Double, width: Double, height: Double
        /// A rectangle of `width` × `height` points at (`x`, `y`).
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The tile's position in the grid.
    public var coordinate: TileCoordinate
    /// The rectangle in points (the trace writes the device-pixel rectangle divided by the scale).
    public var rect: Rect
    /// What the tile shows: its coordinate, or the item on a looping axis.
    public var item: TileCoordinate
    /// False while a lazy tile shows its placeholder.
    public var loaded: Bool

    /// A tile at `coordinate` placed at `rect`; `item` defaults to the coordinate.
    ///
    /// ```swift
    /// let tile = TraceTile(coordinate: TileCoordinate(x: 3, y: -2), rect: .init(x: 120.5, y: 0, width: 100, height: 100))
    /// ```
    public init(coordinate: TileCoordinate, rect: Rect, item: TileCoordinate? = nil, loaded: Bool = true) {
        self.coordinate = coordinate
        self.rect = rect
        self.item = item ?? coordinate
        self.loaded = loaded
    }
}
