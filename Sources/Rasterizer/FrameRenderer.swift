public import GridModel

/// Draws a frame's tiles, borders and labels into a pixmap (its canvas).
public struct FrameRenderer: Sendable {
    /// The scenario's look.
    public let style: Style
    /// Device pixels per point.
    public let scale: Int
    /// The font for tile labels, layer labels and the HUD; nil when nothing draws text.
    public let font: FontRenderer?
    /// The frame's width in device pixels (of the scenario's initial viewport).
    public let pixelWidth: Int
    /// The frame's height in device pixels (of the scenario's initial viewport).
    public let pixelHeight: Int
    /// Overlays: the HUD (frame, time, phase, offset, tiles and a minimap of contentSize) and the
    /// reuse tint. Without them the frames are exactly the plain frames.
    public var hud = false
    /// Tints each tile by how often its object has been reused.
    public var showReuse = false

    /// Why this renderer cannot draw: a scale, border width or font size of its scenario outside
    /// the ranges `Scenario.validate` allows (a scenario built in code and never validated).
    let problem: RasterError?

    /// Space kept free on each side of a label before it is shrunk, in points.
    package static let labelMargin = 2.0

    /// A renderer for `scenario`'s frames. `font` may be nil when nothing draws text (see
    /// `drawsText`); drawing a frame with text and no font throws. A scenario whose scale, border
    /// widths or font sizes are outside the ranges `Scenario.validate` allows makes a renderer
    /// whose `render` throws (it never traps).
    ///
    /// ```swift
    /// let renderer = FrameRenderer(scenario: scenario, font: nil)  // style.fontSize 0, no layer labels
    /// var canvas = try renderer.canvas(for: frame)
    /// try renderer.render(frame, into: &canvas)
    /// ```
    public init(scenario: Scenario, font: FontRenderer?) {
        style = scenario.style
        scale = scenario.viewport.scale
        self.font = font
        pixelWidth = scenario.viewport.pixelWidth
        pixelHeight = scenario.viewport.pixelHeight
        do throws(ScenarioError) {
            try scenario.checkDrawnValues()
            problem = nil
        } catch {
            problem = RasterError(
                .scenario, "the renderer's scenario was not validated: \(error.path): \(error.message)")
        }
    }

    /// A pixmap of the scenario's viewport size, filled with the background.
    ///
    /// ```swift
    /// let renderer = FrameRenderer(scenario: scenario, font: font)
    /// var canvas = try renderer.makeCanvas()
    /// var simulation = try Simulation(scenario: scenario)
    /// while let frame = try simulation.next() { try renderer.render(frame, into: &canvas) }
    /// ```
    /// - Throws: `RasterError(.size)` when the viewport exceeds `Pixmap.maxPixels`.
    public func makeCanvas() throws(RasterError) -> Pixmap {
        try Pixmap(width: pixelWidth, height: pixelHeight, fill: style.background)
    }

    /// A pixmap of the frame's size (a resize step changes it), filled with the background.
    /// - Throws: `RasterError(.size)` when the frame exceeds `Pixmap.maxPixels`.
    public func canvas(for frame: FrameState) throws(RasterError) -> Pixmap {
        try Pixmap(width: frame.pixelWidth, height: frame.pixelHeight, fill: style.background)
    }

    /// The label a tile shows, in the plain format.
    public static func label(for coordinate: TileCoordinate) -> String { label(for: coordinate, format: .plain) }

    /// Whether a scenario's frames draw text (tile labels, layer labels, or the HUD), so need a font.
    public static func drawsText(_ scenario: Scenario, hud: Bool = false) -> Bool {
        hud || (scenario.style.fontSize > 0 && scenario.style.labelColor.a > 0)
            || scenario.layers.contains { $0.fontSize > 0 && $0.labelColor.a > 0 }
    }

    /// Whether `frame` draws text with this renderer's style and overlays.
    public func drawsText(_ frame: FrameState) -> Bool {
        hud || (style.fontSize > 0 && style.labelColor.a > 0)
            || frame.layers.contains { $0.layer.fontSize > 0 && $0.layer.labelColor.a > 0 }
    }

    /// Draws `frame`, replacing `canvas` with one of the frame's size if it differs.
    ///
    /// ```swift
    /// try renderer.render(frame, into: &canvas)
    /// let png = try PNGCodec.encode(canvas)
    /// ```
    /// - Throws: `RasterError(.scenario)` when the renderer's scenario has a scale, border width or
    ///   font size outside the ranges `Scenario.validate` allows (nothing is drawn); `RasterError(.size)`
    ///   when a new pixmap of the frame's size cannot be made; `RasterError(.font)` when the frame
    ///   draws text (labels or the HUD) and the renderer has no font.
    public func render(_ frame: FrameState, into canvas: inout Pixmap) throws(RasterError) {
        try drawInBands(frame, into: &canvas)
        canvas.endBands()
    }

    /// Draws `frame` and returns `PNGCodec.encode`'s bytes of it. With the fast encoder on an opaque
    /// frame the rows that repeat the row above are never written: afterwards `canvas` is only good for
    /// drawing the next frame into (the render path, which keeps no pixels). Otherwise `canvas` holds
    /// the frame, as after `render`.
    package func renderPNG(
        _ frame: FrameState, into canvas: inout Pixmap, compression: Compression, encoder: PNGEncoder
    ) throws(RasterError) -> [UInt8] {
        try drawInBands(frame, into: &canvas)
        return try PNGCodec.encodeBands(&canvas, compression: compression, encoder: encoder)
    }

    /// `render` without writing the repeated rows: the canvas is left drawing in bands.
    func drawInBands(_ frame: FrameState, into canvas: inout Pixmap) throws(RasterError) {
        if let problem { throw problem }
        if font == nil && drawsText(frame) {
            throw RasterError(
                .font, "the frame draws text (tile labels, layer labels or the HUD) and no font was given")
        }
        if canvas.width != frame.pixelWidth || canvas.height != frame.pixelHeight {
            canvas = try self.canvas(for: frame)
        }
        // One row per band of rows that are alike (Pixmap+Bands.swift); the same pixels.
        canvas.beginBands()
        canvas.clear(style.background)
        drawLayers(frame, .behind, into: &canvas)
        for tile in frame.tiles { draw(tile, into: &canvas) }
        drawLayers(frame, .front, into: &canvas)
        if hud { drawHUD(frame, into: &canvas) }
    }

    func draw(_ tile: DrawnTile, into canvas: inout Pixmap) {
        let r = tile.pixelRect
        // Skip tiles entirely off the canvas (the kept buffer).
        guard r.x < Double(canvas.width), r.y < Double(canvas.height), r.x + r.width > 0, r.y + r.height > 0 else {
            return
        }
        let fill = !tile.loaded ? style.placeholderColor : tile.item == .zero ? style.originTileColor : style.tileColor
        canvas.fill(r, fill)
        if showReuse, tile.reuses > 0 { canvas.fill(r, FrameRenderer.reuseTint(tile.reuses)) }
        drawBorder(r, width: style.borderWidth, color: style.borderColor, into: &canvas)
        // A lazy tile that has not loaded shows only its placeholder. Labels: FrameRenderer+Labels.swift.
        if tile.loaded { drawLabel(tile, into: &canvas) }
    }
}

extension FrameRenderer {
    /// A border `width` points wide drawn inside `r` (at most half the tile): `Pixmap.fillBorder`.
    func drawBorder(_ r: PixelRect, width: Double, color: RGBA, into canvas: inout Pixmap) {
        canvas.fillBorder(r, width: width * Double(scale), color)
    }
}
