/// A linked (parallax) layer, linked/parallax scrolling (联动/视差滚动): in `scrollViewDidScroll` a second view's
/// offset is computed from the scroll view's `contentOffset`. Here the second view is an endless
/// plane of tiles with its own size and colours that moves at `factor` times the content's speed:
/// 0 stays fixed, 0.5 moves half as fast, 1 moves with the content, a negative factor moves the
/// other way.
///
/// The layer's position is computed from the ideal (never recentered) scroll position in
/// fixed-point, so recentering is as invisible in the layer as in the grid (see `LayerState`).
public struct Layer: Sendable, Equatable {
    /// Where the layer is drawn relative to the grid's tiles.
    public enum Placement: String, Sendable, CaseIterable {
        /// Drawn over the background, under the grid's tiles.
        case behind
        /// Drawn over the grid's tiles (use colours with alpha to see the grid through it).
        case front
    }

    /// Per axis: how fast the layer moves relative to the content. Applied as the nearest multiple
    /// of 10^−6 (`factorDenominator`), so decimal factors with up to six places are exact.
    public var factor: Vector
    /// Behind the grid's tiles or in front of them.
    public var placement: Placement
    /// The layer's own tile size in points.
    public var tileSize: Size
    /// Fill of the layer's tiles.
    public var color: RGBA
    /// Fill of every other tile (those whose x + y is odd), a checkerboard; nil: `color`.
    public var alternateColor: RGBA?
    /// Colour of the border inside each layer tile.
    public var borderColor: RGBA
    /// Points, drawn inside each layer tile.
    public var borderWidth: Double
    /// Colour of the coordinate labels.
    public var labelColor: RGBA
    /// Points; 0 hides the labels (each layer tile shows its coordinate on the layer's plane).
    public var fontSize: Double

    /// A layer with the given look; the defaults are a light blue plane moving at half speed behind the grid.
    public init(
        factor: Vector = Vector(x: 0.5, y: 0.5), placement: Placement = .behind,
        tileSize: Size = Size(width: 150, height: 150), color: RGBA = RGBA(0xDC, 0xE8, 0xF5),
        alternateColor: RGBA? = nil, borderColor: RGBA = RGBA(0x50, 0x78, 0xA0, 0x60), borderWidth: Double = 1,
        labelColor: RGBA = RGBA(0x50, 0x78, 0xA0), fontSize: Double = 12
    ) {
        self.factor = factor
        self.placement = placement
        self.tileSize = tileSize
        self.color = color
        self.alternateColor = alternateColor
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.labelColor = labelColor
        self.fontSize = fontSize
    }

    /// Factors are applied as integers over this denominator.
    public static let factorDenominator: Int64 = 1_000_000

    /// The factor per axis in millionths.
    var factorNumerator: (x: Int64, y: Int64) {
        (
            Int64((factor.x * Double(Layer.factorDenominator)).rounded()),
            Int64((factor.y * Double(Layer.factorDenominator)).rounded())
        )
    }

    /// The most layer tiles drawn in one frame with a viewport of `size` points: per axis
    /// ⌈viewport / tile⌉ + 1 (the first tile may be cut). nil when a value is out of range.
    func tileBound(forViewport size: Size) -> Int? {
        guard Allowed.viewportPoints.contains(size.width), Allowed.viewportPoints.contains(size.height),
            Allowed.tilePoints.contains(tileSize.width), Allowed.tilePoints.contains(tileSize.height)
        else { return nil }
        let columns = Fixed.ceilDiv(Fixed.from(points: size.width), Fixed.from(points: tileSize.width)) + 1
        let rows = Fixed.ceilDiv(Fixed.from(points: size.height), Fixed.from(points: tileSize.height)) + 1
        return Int(columns * rows)
    }
}

extension Limits {
    /// Linked layers in one scenario.
    public static let maxLayers = 8
    /// A layer's factor per axis.
    public static let maxLayerFactor = 4.0
}

extension Allowed {
    static let layerFactor = -Limits.maxLayerFactor...Limits.maxLayerFactor
    static let layers = 0...Limits.maxLayers
}

/// A linked layer as drawn in one frame.
///
/// **Exact across recenters.** The layer's position comes from the *ideal* scroll position: the
/// point of the endless plane under the viewport's centre, measured from the top-left corner of
/// grid tile (0, 0), in fixed units. It is the displayed (device-pixel) offset minus the anchor
/// tile's content position plus the anchor's index × the tile size. A recenter adds the same whole
/// number of device pixels to the offset and to the anchor, so this value does not change, and it
/// is the same in `--reference`, which never recenters. The layer's plane point under the
/// viewport's centre is factor × that position (exact integer arithmetic, wider than 64 bits where
/// needed), and the layer offset (its plane point at the viewport's top-left corner) is rounded to
/// whole device pixels, halves up. So a strategy frame and its reference frame draw the layer
/// identically, byte for byte, at any distance from the origin.
///
/// With factor 0 the layer's tile (0, 0) has its top-left corner at the viewport's centre (to
/// the pixel); with factor 1 and the grid's tile size, the layer's tiles lie exactly on the
/// grid's (when tile positions are whole device pixels).
///
/// Only the model makes and changes a `LayerState` (its fields are read-only outside GridModel),
/// and `tiles()` and `tileCount` are total for any field values all the same.
public struct LayerState: Sendable, Equatable {
    /// The layer's settings (its look, for the renderer).
    public internal(set) var layer: Layer
    /// The layer offset in points: the layer plane's point at the viewport's top-left corner,
    /// relative to the top-left corner of layer tile (0, 0). A `Double` for the trace: exact while
    /// it is below 2^53 fixed units (about 3.4·10^11 points); `firstTile` is always exact.
    public internal(set) var offset: Vector
    /// The layer tile under the viewport's top-left pixel.
    public internal(set) var firstTile: TileCoordinate
    /// That tile's rectangle in device pixels relative to the viewport (x and y are ≤ 0).
    public internal(set) var firstRect: PixelRect
    /// Tiles across from `firstTile` that cover the viewport.
    public internal(set) var columns: Int
    /// Tiles down from `firstTile` that cover the viewport.
    public internal(set) var rows: Int

    /// Most tiles per axis any layer of a valid scenario draws: a viewport of
    /// `Limits.maxViewportPoints` with 1-point layer tiles, the first one cut.
    public static let maxTilesPerAxis = Int(Limits.maxViewportPoints) + 1

    /// Tiles drawn, `tiles().count`: `columns × rows` (each axis at most `maxTilesPerAxis`, never
    /// past `Int64.max`), computed without making the tiles.
    public var tileCount: Int {
        Self.indices(from: firstTile.x, count: columns).count * Self.indices(from: firstTile.y, count: rows).count
    }

    /// Every tile drawn, in row-major order, with its rectangle in device pixels.
    ///
    /// ```swift
    /// for (coordinate, rect) in frame.layers[0].tiles() { print(coordinate, rect) }
    /// ```
    /// - Complexity: O(`tileCount`), at most `maxTilesPerAxis`² tiles; a tile whose coordinate
    ///   would pass `Int64.max` does not exist and is left out.
    public func tiles() -> [(coordinate: TileCoordinate, rect: PixelRect)] {
        let xs = Self.indices(from: firstTile.x, count: columns)
        let ys = Self.indices(from: firstTile.y, count: rows)
        var result: [(coordinate: TileCoordinate, rect: PixelRect)] = []
        result.reserveCapacity(xs.count * ys.count)
        for row in ys {
            for column in xs {
                result.append(
                    (
                        TileCoordinate(x: firstTile.x + Int64(column), y: firstTile.y + Int64(row)),
                        PixelRect(
                            x: firstRect.x + Double(column) * firstRect.width,
                            y: firstRect.y + Double(row) * firstRect.height,
                            width: firstRect.width, height: firstRect.height)
                    ))
            }
        }
        return result
    }

    /// `count` clamped to 0...`maxTilesPerAxis`.
    static func bounded(_ count: Int) -> Int { min(max(count, 0), maxTilesPerAxis) }

    /// The steps 0..<`bounded(count)` that `first` can take without passing `Int64.max`.
    static func indices(from first: Int64, count: Int) -> Range<Int> {
        let n = bounded(count)
        return first > 0 ? 0..<Int(min(Int64(n), Int64.max - first + 1)) : 0..<n
    }

    /// One axis of the scroll view, in fixed units, as the layer needs it.
    struct Axis: Sendable, Equatable {
        /// The displayed (device-pixel-rounded) content offset.
        var shown: Int64
        var viewport: Int64
        /// The anchor tile's index on the ideal plane and its content position.
        var anchorIndex: Int64
        var anchorOrigin: Int64
        var tile: Int64
    }

    /// Where one axis of a layer lies: the layer offset in fixed units, the first tile and its
    /// cut-off part (`phase`, 0 ≤ phase < layerTile), and how many tiles cover the viewport.
    struct AxisPlacement: Sendable, Equatable {
        var offset: Wide
        var first: Int64
        var phase: Int64
        var count: Int64
    }

    /// The tile index limit of a layer (so that `first + count` and labels never overflow).
    static let maxIndex: Int64 = 1 << 62

    /// Factor `numerator`/`Layer.factorDenominator` of the ideal centre on `axis`, minus half the
    /// viewport, rounded to a multiple of `pixel` (halves up), then split into whole layer tiles.
    static func place(_ axis: Axis, numerator n: Int64, layerTile: Int64, pixel: Int64) -> AxisPlacement? {
        let d = Layer.factorDenominator
        // Twice the ideal centre: 2·(shown − anchorOrigin) + viewport + 2·anchorIndex·tile.
        guard let anchorPosition = Wide(axis.anchorIndex).multiplied(by: axis.tile)?.multiplied(by: 2),
            let twiceCentre = anchorPosition.adding(2 * (axis.shown - axis.anchorOrigin) + axis.viewport),
            // The layer offset is (n·2C − d·viewport) / (2d) units; in device pixels, rounded
            // half up, ⌊(n·2C − d·viewport + d·pixel) / (2d·pixel)⌋.
            let numerator = twiceCentre.multiplied(by: n)?.adding(d * (pixel - axis.viewport))
        else { return nil }
        let pixels = numerator.floorDivided(by: 2 * d * pixel).quotient
        guard let offset = pixels.multiplied(by: pixel) else { return nil }
        let (index, phase) = offset.floorDivided(by: layerTile)
        guard let first = index.int64, abs(first) <= maxIndex else { return nil }
        let count = Fixed.ceilDiv(phase + axis.viewport, layerTile)
        return AxisPlacement(offset: offset, first: first, phase: phase, count: count)
    }

    static func make(_ layer: Layer, x: Axis, y: Axis, pixel: Int64) -> LayerState? {
        let size = FixedSize(points: layer.tileSize)
        let (nx, ny) = layer.factorNumerator
        guard let px = place(x, numerator: nx, layerTile: size.width, pixel: pixel),
            let py = place(y, numerator: ny, layerTile: size.height, pixel: pixel)
        else { return nil }
        let p = Double(pixel)
        return LayerState(
            layer: layer,
            offset: Vector(
                x: px.offset.double / Double(Fixed.unitsPerPoint), y: py.offset.double / Double(Fixed.unitsPerPoint)),
            firstTile: TileCoordinate(x: px.first, y: py.first),
            firstRect: PixelRect(
                x: Double(-px.phase) / p, y: Double(-py.phase) / p,
                width: Double(size.width) / p, height: Double(size.height) / p),
            columns: Int(px.count), rows: Int(py.count))
    }
}
