public import GridModel

/// Draws a frame's tiles, borders and labels into a canvas.
public struct FrameRenderer: Sendable {
    public let style: Style
    public let scale: Int
    public let font: FontRenderer
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Overlays: the HUD (frame, time, phase, offset, tiles and a minimap of contentSize) and the
    /// reuse tint. Without them the frames are exactly the plain frames.
    public var hud = false
    public var showReuse = false

    /// Space kept free on each side of a label before it is shrunk, in points.
    public static let labelMargin = 2.0

    public init(scenario: Scenario, font: FontRenderer) {
        style = scenario.style
        scale = scenario.viewport.scale
        self.font = font
        pixelWidth = scenario.viewport.pixelWidth
        pixelHeight = scenario.viewport.pixelHeight
    }

    public func makeCanvas() throws(RasterError) -> Canvas {
        try Canvas(width: pixelWidth, height: pixelHeight, fill: style.background)
    }

    /// A canvas of the frame's size (a resize step changes it).
    public func canvas(for frame: FrameState) throws(RasterError) -> Canvas {
        try Canvas(width: frame.pixelWidth, height: frame.pixelHeight, fill: style.background)
    }

    /// The label a tile shows.
    public static func label(for coordinate: TileCoordinate) -> String { "(\(coordinate.x), \(coordinate.y))" }

    /// Draws `frame`, replacing `canvas` with one of the frame's size if it differs.
    public func render(_ frame: FrameState, into canvas: inout Canvas) throws(RasterError) {
        if canvas.width != frame.pixelWidth || canvas.height != frame.pixelHeight { canvas = try self.canvas(for: frame) }
        canvas.clear(style.background)
        drawLayers(frame, .behind, into: &canvas)
        for tile in frame.tiles { draw(tile, into: &canvas) }
        drawLayers(frame, .front, into: &canvas)
        if hud { drawHUD(frame, into: &canvas) }
    }

    func draw(_ tile: DrawnTile, into canvas: inout Canvas) {
        let r = tile.pixelRect
        // Skip tiles entirely off the canvas (the kept buffer).
        guard r.x < Double(canvas.width), r.y < Double(canvas.height), r.x + r.width > 0, r.y + r.height > 0 else { return }
        let fill = !tile.loaded ? style.placeholderColor : tile.item == .zero ? style.originTileColor : style.tileColor
        canvas.fill(r, fill)
        if showReuse, tile.reuses > 0 { canvas.fill(r, FrameRenderer.reuseTint(tile.reuses)) }
        let b = min(style.borderWidth * Double(scale), r.width / 2, r.height / 2)
        if b > 0 && style.borderColor.a > 0 {
            let c = style.borderColor
            canvas.fill(PixelRect(x: r.x, y: r.y, width: r.width, height: b), c)
            canvas.fill(PixelRect(x: r.x, y: r.y + r.height - b, width: r.width, height: b), c)
            canvas.fill(PixelRect(x: r.x, y: r.y + b, width: b, height: r.height - 2 * b), c)
            canvas.fill(PixelRect(x: r.x + r.width - b, y: r.y + b, width: b, height: r.height - 2 * b), c)
        }
        // A lazy tile that has not loaded shows only its placeholder.
        if tile.loaded { drawLabel(tile, into: &canvas) }
    }

    /// Centres the label in the tile. A label wider than the tile shrinks, down to half size,
    /// and is then clipped to the tile: it never draws into a neighbour.
    func drawLabel(_ tile: DrawnTile, into canvas: inout Canvas) {
        guard style.fontSize > 0, style.labelColor.a > 0 else { return }
        let r = tile.pixelRect
        let text = FrameRenderer.label(for: tile.item)
        let available = r.width - 2 * FrameRenderer.labelMargin * Double(scale)
        let full = style.fontSize * Double(scale)
        var line = font.layout(text, pixelSize: full)
        if Double(line.width) > available {
            // Width is nearly proportional to size; hinting makes it not quite, so refine a few
            // times. Sizes snap down to quarter pixels, which bounds the glyph cache.
            func snapped(_ size: Double) -> Double { max(full / 2, (size * 4).rounded(.down) / 4) }
            var size = snapped(full * available / Double(line.width))
            line = font.layout(text, pixelSize: size)
            var tries = 0
            while Double(line.width) > available && size > full / 2 && tries < 6 {
                size = snapped(min(size - 0.25, size * available / Double(line.width)))
                line = font.layout(text, pixelSize: size)
                tries += 1
            }
        }
        // Pixels whose centres lie inside the tile less its margins, so a clipped label keeps a gap
        // from its neighbour's and two clipped labels never read as one.
        let inset = min(FrameRenderer.labelMargin * Double(scale), r.width / 4)
        let clip = ClipRect(x0: Int((r.x + inset).rounded()), y0: Int((r.y).rounded()),
                            x1: Int((r.x + r.width - inset).rounded()), y1: Int((r.y + r.height).rounded()))
        let x = Int((r.x + (r.width - Double(line.width)) / 2).rounded())
        let top = r.y + (r.height - (line.ascender - line.descender)) / 2
        let baseline = Int((top + line.ascender).rounded())
        canvas.draw(line, x: x, baseline: baseline, color: style.labelColor, clip: clip)
    }
}
