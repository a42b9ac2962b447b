public import GridModel

/// A label laid out to fit its tile: one or two lines at one size, each centred horizontally, the
/// block centred vertically. Made once per (item, format, font size, room) and cached by the font.
struct FittedLabel: Sendable {
    struct Line: Sendable {
        /// What the line says (with "…" when it was cut short).
        var text: String
        var layout: TextLine
    }
    var lines: [Line]
    /// Text size in pixels.
    var size: Double
    var ascender: Double
    /// Baseline-to-baseline distance in whole pixels (also the height of one line's box).
    var lineStep: Int
    /// A line was cut short with an ellipsis: even the smallest size was too wide.
    var truncated: Bool
    /// The block fits its room. (A room too short for one line at the smallest size gets no
    /// lines at all, so this is false only if an ellipsis line were taller than the whole line.)
    var fits: Bool

    /// Bytes the cache entry holds (the glyph bitmaps are shared with the glyph cache).
    var cost: Int { 96 + lines.reduce(0) { $0 + $1.text.utf8.count + $1.layout.glyphs.count * 48 } }
}

/// What a fitted label depends on.
struct FittedLabelKey: Hashable, Sendable {
    var x: Int64
    var y: Int64
    var format: LabelFormat
    /// The full text size in 1/64 pixels.
    var size64: Int
    /// The room inside the tile's margins, in pixels.
    var width: Double
    var height: Double
}

extension FrameRenderer {
    /// Clear pixels a label keeps inside its room, summed over both sides: with the rounding of
    /// its position, a label that fits never touches the first or last pixel column (or row)
    /// inside the margins, so it is never cut by the clip.
    static let labelSlack = 3.0

    /// The smallest size a label shrinks to, in pixels: a third of the font size, but not below
    /// 6 pixels (unless the font size is smaller). That keeps the 17-digit labels of a far-away
    /// frame whole in the default 100-point tiles even at scale 1 (they need about 7.5 pixels).
    static func smallestSize(_ full: Double) -> Double { max(full / 3, min(full, 6)) }

    /// The label a tile shows, in `format`: "(x, y)".
    public static func label(for coordinate: TileCoordinate, format: LabelFormat) -> String {
        let (first, second) = labelLines(for: coordinate, format: format)
        return first + " " + second
    }

    /// The label split after its comma: "(x," and "y)".
    static func labelLines(for c: TileCoordinate, format: LabelFormat) -> (String, String) {
        ("(" + formatted(c.x, format) + ",", formatted(c.y, format) + ")")
    }

    /// An integer as `format` writes it. `.grouped` is Foundation's `Int.formatted()` in en_US
    /// (commas every three digits, ASCII hyphen-minus), done here so the machine's locale never
    /// changes a frame.
    static func formatted(_ value: Int64, _ format: LabelFormat) -> String {
        switch format {
        case .plain:
            return String(value)
        case .grouped:
            let digits = Array(String(value.magnitude).utf8)
            var out = [UInt8]()
            out.reserveCapacity(digits.count + digits.count / 3 + 1)
            if value < 0 { out.append(UInt8(ascii: "-")) }
            for (i, d) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
                out.append(d)
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The one rounding rule for every label position: the nearest whole pixel, halves up
    /// (floor(v + 0.5)). A label moved by whole pixels moves by exactly as many, also across 0,
    /// where `.rounded()` (halves away from zero) would jump a pixel.
    package static func place(_ v: Double) -> Int {
        guard !v.isNaN else { return 0 }
        return Int(min(max((v + 0.5).rounded(.down), -1e15), 1e15))
    }

    /// Draws the tile's label, as large as it fits inside the tile less its margins, up to the
    /// font size: on one line, or wrapped after the comma onto two lines, whichever is larger
    /// (one line when equal), and never smaller than `smallestSize`. A label too wide even then
    /// ends its lines with "…" instead of cutting a glyph; a tile too small for even "…" or for one
    /// line's height shows none. It never draws into a neighbour.
    func drawLabel(_ tile: DrawnTile, into canvas: inout Pixmap) {
        guard let placed = placeLabel(tile) else { return }
        for (line, origin) in zip(placed.label.lines, placed.origins) where !line.layout.glyphs.isEmpty {
            canvas.draw(line.layout, x: origin.x, baseline: origin.baseline, color: style.labelColor, clip: placed.clip)
        }
    }

    /// A fitted label with each line's pen origin on the canvas, and the clip (the tile less its
    /// margins, by pixel centres).
    struct PlacedLabel {
        var label: FittedLabel
        var origins: [(x: Int, baseline: Int)]
        var clip: IntRect
    }

    /// Where the tile's label goes; nil when labels are hidden.
    func placeLabel(_ tile: DrawnTile) -> PlacedLabel? {
        guard style.fontSize > 0, style.labelColor.a > 0 else { return nil }
        return placeLabel(tile.item, in: tile.pixelRect, fontSize: style.fontSize)
    }

    /// Where the label of `item` goes in the rectangle `r` at `fontSize` points: the one layout and
    /// rounding rule for the grid's labels and the layers' labels.
    func placeLabel(_ item: TileCoordinate, in r: PixelRect, fontSize: Double) -> PlacedLabel {
        let insetX = min(FrameRenderer.labelMargin * Double(scale), r.width / 4)
        let insetY = min(FrameRenderer.labelMargin * Double(scale), r.height / 4)
        let label = fittedLabel(
            for: item, fontSize: fontSize, width: r.width - 2 * insetX, height: r.height - 2 * insetY)
        let place = FrameRenderer.place
        let clip = IntRect(
            minX: place(r.x + insetX), minY: place(r.y + insetY),
            maxX: place(r.x + r.width - insetX), maxY: place(r.y + r.height - insetY))
        let cx = r.x + r.width / 2
        let cy = r.y + r.height / 2
        let baseline = place(cy - Double(label.lines.count * label.lineStep) / 2 + label.ascender)
        let origins = label.lines.enumerated().map { i, line in
            (x: place(cx - Double(line.layout.width) / 2), baseline: baseline + i * label.lineStep)
        }
        return PlacedLabel(label: label, origins: origins, clip: clip)
    }

    /// The label of `item` fitted to `width` × `height` pixels, from the font's cache.
    func fittedLabel(for item: TileCoordinate, width: Double, height: Double) -> FittedLabel {
        fittedLabel(for: item, fontSize: style.fontSize, width: width, height: height)
    }

    /// The label of `item` at `fontSize` points fitted to `width` × `height` pixels, from the font's cache.
    func fittedLabel(for item: TileCoordinate, fontSize: Double, width: Double, height: Double) -> FittedLabel {
        // Total for any value (render refuses sizes outside Scenario.validate's ranges first):
        // NaN and below 0 become 0, above maxPixelSize maxPixelSize, so the Int conversion cannot trap.
        let product = fontSize * Double(scale)
        let full = product.isNaN ? 0 : min(max(product, 0), FontRenderer.maxPixelSize)
        let key = FittedLabelKey(
            x: item.x, y: item.y, format: style.labelFormat, size64: Int((full * 64).rounded()),
            width: width, height: height)
        // (render refuses text without a font before drawing; this only keeps the label empty.)
        guard let font else {
            return FittedLabel(lines: [], size: full, ascender: 0, lineStep: 1, truncated: false, fits: false)
        }
        if let label = font.cachedLabel(key) { return label }
        let (first, second) = FrameRenderer.labelLines(for: item, format: style.labelFormat)
        let label = FrameRenderer.fit(first, second, font: font, size: full, width: width, height: height)
        font.cacheLabel(label, for: key)
        return label
    }

    /// Lays out "first second" in `width` × `height` pixels (see `drawLabel`).
    static func fit(
        _ first: String, _ second: String, font: FontRenderer, size full: Double,
        width: Double, height: Double
    ) -> FittedLabel {
        LabelFitter(font: font, full: full, width: width, height: height).fit(first, second)
    }
}
