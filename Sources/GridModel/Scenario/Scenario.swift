/// A scripted scroll: the viewport, the grid, the scroll view's configuration, the look and the steps.
public struct Scenario: Sendable, Equatable {
    /// The scenario's name (the output folder's, by default).
    public var name: String
    /// The viewport's size in points and its scale.
    public var viewport: Viewport
    /// Frames per second; the model steps by `1/fps`.
    public var fps: Int
    /// The tiles: size, start, buffer, finite axes, looping, lazy content, range policy.
    public var grid: GridSpec
    /// The scroll view: recentering, content size, deceleration, bouncing, paging.
    public var scroll: ScrollSpec
    /// Present: the scenario is Infinite4Pager's four-way pager (each page one viewport).
    public var pager: PagerSpec?
    /// The look of a frame.
    public var style: Style
    /// Linked (parallax) layers drawn behind or in front of the grid, in order (linked/parallax scrolling, 联动/视差滚动).
    public var layers: [Layer]
    /// The script, run in order.
    public var steps: [Step]

    /// A scenario from its parts; `validate()` checks it as the decoder would.
    ///
    /// ```swift
    /// let scenario = Scenario(name: "drag", viewport: Viewport(width: 390, height: 844, scale: 2),
    ///                         steps: [.drag(by: Vector(x: -300, y: 0), duration: 0.4, release: .fling), .waitUntilIdle(max: 5)])
    /// try scenario.validate()
    /// ```
    public init(
        name: String, viewport: Viewport, fps: Int = 60, grid: GridSpec = GridSpec(),
        scroll: ScrollSpec = ScrollSpec(), pager: PagerSpec? = nil, style: Style = Style(), layers: [Layer] = [],
        steps: [Step]
    ) {
        self.name = name
        self.viewport = viewport
        self.fps = fps
        self.grid = grid
        self.scroll = scroll
        self.pager = pager
        self.style = style
        self.layers = layers
        self.steps = steps
    }
}

/// The visible area: its size in points and its scale.
public struct Viewport: Sendable, Equatable {
    /// Size in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Device pixels per point (1, 2 or 3 on iOS devices).
    public var scale: Int
    /// A viewport of `width` × `height` points at `scale`.
    public init(width: Double, height: Double, scale: Int) {
        self.width = width
        self.height = height
        self.scale = scale
    }
    /// The width in device pixels.
    public var pixelWidth: Int { devicePixels(width, scale: scale) }
    /// The height in device pixels.
    public var pixelHeight: Int { devicePixels(height, scale: scale) }
}

/// `points` at `scale` in whole device pixels: 0 for NaN or a negative size, and at most 2^62, so
/// that a value nobody validated never traps.
func devicePixels(_ points: Double, scale: Int) -> Int {
    let pixels = (points * Double(scale)).rounded()
    guard pixels > 0 else { return 0 }
    return pixels < 0x1p62 ? Int(pixels) : 1 << 62
}

/// The grid of tiles and which of them the model keeps.
public struct GridSpec: Sendable, Equatable {
    /// A tile's size in points.
    public var tileSize: Size
    /// The tile centred in the viewport at the start.
    public var start: TileCoordinate
    /// Extra rows and columns kept around the visible tiles (Leaflet's keepBuffer).
    public var buffer: Int
    /// Tiles per axis: nil infinite, 0 scrolling disabled on that axis, N a finite run 0…N−1.
    public var columns: Int?
    /// Rows, as `columns` is for columns.
    public var rows: Int?
    /// How a finite axis loops.
    public var loop: LoopMode
    /// Whether tiles show their content at once or load lazily.
    public var content: ContentMode
    /// Which tiles are kept: the visible ones (plus `buffer`), or freshcode's infinite-grid policy (centre tile ± whole screens, updated when the centre tile changes).
    public var range: TileRange
    /// Copies of the items at each end of a duplicate loop; nil: enough for the viewport (see `copies(viewport:)`).
    public var loopCopies: Int?
    /// How a looping axis turns a tile index into its item.
    public var itemIndex: ItemIndexing
    /// Seconds a tile's content takes to arrive after the tile asks for it (when it is laid out, or with lazy
    /// content when the lazy rule lets it load); 0: at once. Until then the tile is unloaded (`unloadedTile`).
    public var loadLatency: Double
    /// What a tile shows until its content arrives: a placeholder, or nothing (the background shows through).
    public var unloadedTile: UnloadedTile
    /// An infinite grid of `tileSize` tiles centred on `start`; each argument as its property.
    public init(
        tileSize: Size = Size(width: 100, height: 100), start: TileCoordinate = .zero, buffer: Int = 0,
        columns: Int? = nil, rows: Int? = nil, loop: LoopMode = .none, content: ContentMode = .immediate,
        range: TileRange = .visible, loopCopies: Int? = nil, itemIndex: ItemIndexing = .modulo,
        loadLatency: Double = 0, unloadedTile: UnloadedTile = .placeholder
    ) {
        self.tileSize = tileSize
        self.start = start
        self.buffer = buffer
        self.columns = columns
        self.rows = rows
        self.loop = loop
        self.content = content
        self.range = range
        self.loopCopies = loopCopies
        self.itemIndex = itemIndex
        self.loadLatency = loadLatency
        self.unloadedTile = unloadedTile
    }
}

/// The tile-range policy: which tiles the model keeps live.
public enum TileRange: String, Sendable, CaseIterable {
    /// The tiles intersecting the viewport, plus `grid.buffer` rows and columns: the viewport is always covered.
    case visible
    /// Freshcode's infinite grid (GridView.adjustGrid): the centre tile ± Int(width / tileWidth) columns and
    /// ± Int(height / tileHeight) rows, recomputed only when the centre tile changes; no tile at all
    /// when a tile is wider or taller than the viewport. Shows the policy's blank areas.
    case freshcode
}

/// How a finite axis loops.
public enum LoopMode: String, Sendable, CaseIterable {
    /// No looping: the axis ends.
    case none
    /// Duplicate-ends carousel: the first and last items are duplicated at the ends; at rest on a duplicate the view
    /// jumps, without animation, to the real item.
    case duplicate
    /// Wraps by recentering: an endless strip with no jump ever visible.
    case seamless
}

/// When a tile's content appears.
public enum ContentMode: String, Sendable, CaseIterable {
    /// Every tile shows its content at once.
    case immediate
    /// Lazy loading by targetContentOffset: during deceleration only tiles in the predicted target rect load.
    case lazy
}

/// How a scroll comes to rest on pages.
public enum PagingMode: String, Sendable, CaseIterable {
    /// No paging.
    case none
    /// UIKit's isPagingEnabled: rests on page multiples, at most one page per gesture.
    case viewport
    /// Decelerate normally, then animate to the nearest page (the visible late snap).
    case snap
    /// Move the deceleration's target to the nearest page at release (targetContentOffset).
    case target
}

/// Infinite4Pager's settings.
public struct PagerSpec: Sendable, Equatable {
    /// Fraction of a page the predicted end translation must pass to flip.
    public var horizontalThreshold = 0.33
    /// The same for vertical flips.
    public var verticalThreshold = 0.25
    /// Flip and settle animation, ease-out.
    public var duration = 0.22
    /// Infinite4Pager's defaults.
    public init() {}
}

/// How the scroll view moves its content offset back towards the middle of `contentSize`.
public enum RecenterStrategy: String, Sendable, CaseIterable {
    /// When scrolling ends, move the offset back to the centre (seeds 000 and 003).
    case atRest
    /// When scrolling ends, shift by whole tiles only (the freshcode code).
    case wholeTiles
    /// During any motion, recenter once the offset is more than a quarter of the content from the centre (StreetScroller).
    case threshold
    /// A large finite scroll view that never recenters.
    case none
}

/// The scroll view's configuration.
public struct ScrollSpec: Sendable, Equatable {
    /// How the offset moves back towards the middle of `contentSize`.
    public var recenter: RecenterStrategy
    /// The scroll view's content size in points.
    public var contentSize: Size
    /// The per-millisecond velocity factor d in v(t) = v0·d^(1000·t).
    public var decelerationRate: Double
    /// Rubber-band past content edges and spring back (true), or stop at them.
    public var bounces: Bool
    /// How the scroll rests on pages.
    public var paging: PagingMode
    /// nil: the viewport size.
    public var pageSize: Size?
    /// UIKit's `contentInset`: extra scrollable space around the content, in points.
    public var contentInset: EdgeInsets
    /// The safe area's insets, which `contentInsetAdjustment` `.always` adds to `contentInset`.
    public var safeArea: EdgeInsets
    /// UIKit's `contentInsetAdjustmentBehavior`: whether the safe area adds to the content inset.
    public var contentInsetAdjustment: InsetAdjustment
    /// Where paging counts its pages from: UIKit's content origin, or the adjusted inset.
    public var pageGrid: PageGrid
    /// What a `resize` keeps; nil: `.page` when paging, else `.center` (see `effectiveResize`).
    public var resize: ResizePolicy?
    /// How far a flick may carry paging from the page where the gesture began.
    public var pageLimit: PageLimit
    /// The grid displayed offsets are rounded to.
    public var offsetRounding: OffsetRounding
    /// A fling on content still decelerating adds the content's velocity to the finger's (naive), instead of the
    /// touch stopping the content first (UIKit).
    public var flickAdds: Bool
    /// The arithmetic tile positions are computed in: exact, or an emulation of an app's Double or Float32.
    public var precision: Precision
    /// How a deceleration's velocity decays: UIKit's curve in time, or a per-frame factor written for 60 fps.
    public var friction: Friction = .timeBased
    /// What a touch-down on decelerating content does: stop it (UIKit), or let it keep moving under the finger.
    public var touchDown: TouchDownPolicy = .stop
    /// When a free deceleration ends: below 10 pt/s (UIKit), or only near zero.
    public var decelerationStop: DecelerationStop = .minimumVelocity
    /// A scroll view configuration; each argument as its property.
    ///
    /// ```swift
    /// // Cards one page wide with 40 points of inset each side, paged from the inset (every card centred).
    /// let scroll = ScrollSpec(paging: .viewport, pageSize: Size(width: 310, height: 300),
    ///                         contentInset: EdgeInsets(left: 40, right: 40), pageGrid: .adjustedInset)
    /// ```
    public init(
        recenter: RecenterStrategy = .atRest, contentSize: Size = Size(width: 100_000, height: 100_000),
        decelerationRate: Double = ScrollPhysics.normalDecelerationRate, bounces: Bool = true,
        paging: PagingMode = .none, pageSize: Size? = nil, contentInset: EdgeInsets = .zero,
        safeArea: EdgeInsets = .zero, contentInsetAdjustment: InsetAdjustment = .never,
        pageGrid: PageGrid = .content, resize: ResizePolicy? = nil, pageLimit: PageLimit = .one,
        offsetRounding: OffsetRounding = .devicePixel, flickAdds: Bool = false, precision: Precision = .exact
    ) {
        self.recenter = recenter
        self.contentSize = contentSize
        self.decelerationRate = decelerationRate
        self.bounces = bounces
        self.paging = paging
        self.pageSize = pageSize
        self.contentInset = contentInset
        self.safeArea = safeArea
        self.contentInsetAdjustment = contentInsetAdjustment
        self.pageGrid = pageGrid
        self.resize = resize
        self.pageLimit = pageLimit
        self.offsetRounding = offsetRounding
        self.flickAdds = flickAdds
        self.precision = precision
    }
}

/// An 8-bit straight-alpha colour.
public struct RGBA: Sendable, Hashable {
    /// The channels, 0 to 255; `a` is opacity (255 opaque).
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// A colour of `r`, `g`, `b` and opacity `a`.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    /// "#RRGGBB", or "#RRGGBBAA" when not opaque, as a scenario writes it.
    public var hex: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return v < 16 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
}

/// The look of a frame. The defaults reproduce InfiniteScrollView's grid (gray tiles, a darker (0, 0), thin borders).
public struct Style: Sendable, Equatable {
    /// The viewport's background.
    public var background = RGBA(255, 255, 255)
    /// Fill of every tile but (0, 0).
    public var tileColor = RGBA(0x80, 0x80, 0x80, 128)
    /// Fill of tile (0, 0), which the seed draws at full opacity.
    public var originTileColor = RGBA(0x80, 0x80, 0x80, 255)
    /// Colour of the border inside each tile.
    public var borderColor = RGBA(0, 0, 0, 26)
    /// Border width in points, drawn inside the tile's bounds.
    public var borderWidth = 0.5
    /// Colour of the coordinate labels.
    public var labelColor = RGBA(0, 0, 0)
    /// Label font size in points.
    public var fontSize = 17.0
    /// How a label writes its coordinates.
    public var labelFormat = LabelFormat.plain
    /// A font file; nil searches the usual system paths for DejaVu Sans.
    public var font: String? = nil
    /// Fill of a lazy tile whose content has not loaded yet.
    public var placeholderColor = RGBA(0xE4, 0xE4, 0xE4)
    /// InfiniteScrollView's look.
    public init() {}
}

/// How a tile's label writes its coordinates.
public enum LabelFormat: String, Sendable, CaseIterable {
    /// "(1000, -2000)": Swift's string interpolation of the integers.
    case plain
    /// "(1,000, -2,000)": InfiniteScrollView's `.formatted()` in the en_US locale, commas every three
    /// digits and an ASCII hyphen-minus, whatever the machine's locale.
    case grouped
}

/// How a drag ends when the finger lifts.
public enum Release: String, Sendable, CaseIterable {
    /// Lift with the finger's final velocity.
    case fling
    /// Stop, then lift: no momentum.
    case hold
}

/// What a drag's finger does at the end of the step.
public enum DragEnd: String, Sendable, CaseIterable {
    /// Lift (see `Release`).
    case release
    /// The gesture is cancelled (a second finger, a system gesture): no release velocity.
    case cancel
    /// The finger stays down; the next step continues the gesture (drag, wait, cancel or fling).
    case keep
}

/// One step of a scenario's script.
public enum Step: Sendable, Equatable {
    /// A finger moves by `by` points at constant speed over `duration` seconds.
    case drag(by: Vector, duration: Double, release: Release, then: DragEnd = .release)
    /// Ends the drag in progress without a release.
    case cancel
    /// The viewport changes size (a rotation); the tile at its centre stays at the centre.
    case resize(width: Double, height: Double)
    /// Time passes: `duration` seconds.
    case wait(duration: Double)
    /// Waits until motion ends, at most `max` seconds.
    case waitUntilIdle(max: Double)
    /// A finger lifts with this velocity (points/s) without moving first.
    case fling(velocity: Vector)
    /// Centres `tile`, animated over `duration` with ease-in-out, or at once.
    case scrollTo(tile: TileCoordinate, animated: Bool, duration: Double)
    /// Centres `tile` at once, re-basing the content far away if needed.
    case jump(tile: TileCoordinate)
    /// One finger's touches as UIKit delivers them: timestamped window positions with their phases, from
    /// `began` to `ended` (or `cancelled`). The step lasts from the first touch's time to the last's; the
    /// content follows the finger after the pan's slop, and the lift's velocity is estimated from the moves
    /// as UIKit does (`TouchVelocity`).
    case touches([Touch])

    /// How long the step lasts on the timeline (idle waits are resolved by the simulation).
    var fixedDuration: Double? {
        switch self {
        case .drag(_, let duration, _, _), .wait(let duration): return duration
        case .waitUntilIdle: return nil
        case .fling, .jump, .cancel, .resize: return 0
        case .scrollTo(_, let animated, let duration): return animated ? duration : 0
        case .touches(let touches): return Touch.span(touches)
        }
    }
}
