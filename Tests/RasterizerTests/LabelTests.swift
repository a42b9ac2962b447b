import Foundation
import Testing
@testable import GridModel
@testable import Rasterizer
import TestSupport

/// Issue 9, items 11–13: grouped labels, labels far from the origin that wrap instead of being cut,
/// and label placement that moves exactly with its tile.
@Suite struct LabelTests {
    /// A style where only the label draws, so every non-white pixel is ink.
    static var inkOnly: Style {
        var style = Style()
        style.tileColor = RGBA(0, 0, 0, 0)
        style.originTileColor = RGBA(0, 0, 0, 0)
        style.borderColor = RGBA(0, 0, 0, 0)
        return style
    }

    /// The label of `item` drawn alone in a tile of `size` points at `scale`, with one empty tile
    /// on each side; returns the canvas and the tile's pixel rectangle.
    static func drawAlone(_ item: TileCoordinate, size: Double, scale: Int, style: Style = inkOnly) throws -> (Pixmap, PixelRect) {
        let s = scenario(width: size * 3, height: size, scale: scale, style: style)
        let renderer = FrameRenderer(scenario: s, font: sharedFont)
        var canvas = try renderer.makeCanvas()
        let p = size * Double(scale)
        let rect = PixelRect(x: p, y: 0, width: p, height: p)
        renderer.draw(DrawnTile(coordinate: item, id: 0, pixelRect: rect), into: &canvas)
        return (canvas, rect)
    }

    struct Ink { var rows: [Int]; var columns: [Int] }

    static func ink(_ canvas: Pixmap, background: RGBA = RGBA(255, 255, 255)) -> Ink {
        var rows = Set<Int>(), columns = Set<Int>()
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) != background {
                rows.insert(y)
                columns.insert(x)
            }
        }
        return Ink(rows: rows.sorted(), columns: columns.sorted())
    }

    /// Whether `count` bytes of `a` from `i` equal those of `b` from `j`.
    static func sameBytes(_ a: Pixmap, from i: Int, _ b: Pixmap, from j: Int, count: Int) -> Bool {
        a.pixels.withUnsafeBytes { pa in b.pixels.withUnsafeBytes { pb in memcmp(pa.baseAddress! + i, pb.baseAddress! + j, count) == 0 } }
    }

    /// Runs of consecutive values.
    static func bands(_ values: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for v in values {
            if let last = result.last, last.upperBound + 1 == v { result[result.count - 1] = last.lowerBound...v } else { result.append(v...v) }
        }
        return result
    }

    // MARK: Item 12: far labels wrap at the comma and are never cut

    /// "(1000000000000000, -1000000000000000)" no longer shrinks to half and gets cut on both
    /// sides: it wraps onto two lines at the comma, each whole and centred inside the tile's margins.
    @Test(arguments: [1, 2, 3])
    func farLabelsWrapOntoTwoWholeLines(scale: Int) throws {
        let far = TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000)
        let (canvas, r) = try Self.drawAlone(far, size: 100, scale: scale)
        let ink = Self.ink(canvas)
        let lines = Self.bands(ink.rows)
        #expect(lines.count == 2, "ink rows \(lines)")
        let margin = FrameRenderer.labelMargin * Double(scale)
        let left = Int(r.x + margin), right = Int(r.x + r.width - margin)  // [left, right)
        let first = try #require(ink.columns.first), last = try #require(ink.columns.last)
        #expect(first >= left && last < right, "ink \(first)...\(last) outside \(left)..<\(right)")
        // Not cut at the margins: there is room left on at least one side, and it is centred.
        let gapLeft = first - left, gapRight = right - 1 - last
        #expect(gapLeft + gapRight >= 1 && abs(gapLeft - gapRight) <= 2, "gaps \(gapLeft), \(gapRight)")
        // Each line is at least the smallest size: digits are about 0.73 em tall.
        for line in lines { #expect(Double(line.count) >= 0.7 * FrameRenderer.smallestSize(17 * Double(scale)), "line \(line)") }
    }

    /// Every label of a far-away frame is whole: a label that fits keeps a clear pixel inside its
    /// margins on every side, so ink in the first or last column (or row) inside the margins can
    /// only be a glyph cut by the clip.
    @Test(arguments: [1, 2, 3])
    func farFrameLabelsAreNeverCut(scale: Int) throws {
        let s = scenario(width: 390, height: 300, scale: scale,
                         start: TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000), style: Self.inkOnly)
        let renderer = FrameRenderer(scenario: s, font: sharedFont)
        var canvas = try renderer.makeCanvas()
        let frame = try lastFrame(s)
        try renderer.render(frame, into: &canvas)
        #expect(Self.bands(Self.ink(canvas).rows).count >= 4)  // two lines per row of tiles
        let white = RGBA(255, 255, 255)
        for tile in frame.tiles {
            let r = tile.pixelRect
            let inset = FrameRenderer.labelMargin * Double(scale)
            let x0 = Int((r.x + inset + 0.5).rounded(.down)), x1 = Int((r.x + r.width - inset + 0.5).rounded(.down))
            let y0 = Int((r.y + inset + 0.5).rounded(.down)), y1 = Int((r.y + r.height - inset + 0.5).rounded(.down))
            for y in y0..<y1 {
                for x in [x0, x1 - 1] { #expect(canvas.pixel(x: x, y: y) ?? white == white, "tile \(tile.item): ink at the clip's edge \(x), \(y)") }
            }
            for x in x0..<x1 {
                for y in [y0, y1 - 1] { #expect(canvas.pixel(x: x, y: y) ?? white == white, "tile \(tile.item): ink at the clip's edge \(x), \(y)") }
            }
        }
    }

    // MARK: Item 13: labels move exactly with their tiles

    /// A diagonal drag of whole pixels per frame: frame k+1 is frame k shifted by the motion,
    /// pixel for pixel, wherever both frames show the same part of the plane (labels included).
    @Test(arguments: [
        (TileCoordinate(x: 0, y: 0), 50.0, 40.0, 10.0, 1),
        (TileCoordinate(x: -7, y: 3), 61.0, 37.0, 11.0, 1),
        (TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000), 100.0, 100.0, 17.0, 2),
    ])
    func aDragShiftsEveryPixelExactly(start: TileCoordinate, tileWidth: Double, tileHeight: Double, fontSize: Double, scale: Int) throws {
        var style = Style()
        style.fontSize = fontSize
        var s = scenario(width: 200, height: 150, scale: scale, start: start,
                         steps: [.drag(by: Vector(x: -120, y: -60), duration: 1, release: .hold)], style: style)
        s.grid.tileSize = Size(width: tileWidth, height: tileHeight)
        s.scroll.recenter = .threshold
        s.scroll.contentSize = Size(width: 1000, height: 1000)
        let renderer = FrameRenderer(scenario: s, font: sharedFont)
        var simulation = try Simulation(scenario: s)
        var previous: (FrameState, Pixmap)?
        var compared = 0
        while let frame = try simulation.next() {
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
            defer { previous = (frame, canvas) }
            guard let (before, old) = previous else { continue }
            // The motion, from any tile present in both frames.
            let common = frame.tiles.first { tile in before.tiles.contains { $0.item == tile.item } }
            guard let tile = common, let was = before.tiles.first(where: { $0.item == tile.item }) else { continue }
            let dx = tile.pixelRect.x - was.pixelRect.x, dy = tile.pixelRect.y - was.pixelRect.y
            guard dx != 0 || dy != 0 else { continue }
            try #require(dx == dx.rounded() && dy == dy.rounded(), "frame \(frame.index) moves \(dx), \(dy)")
            let mx = Int(dx), my = Int(dy)
            var mismatches = 0
            var firstMismatch = ""
            for y in 0..<canvas.height {
                let sy = y - my
                guard sy >= 0, sy < old.height else { continue }
                // Whole rows first (a memcmp); pixel by pixel only in a row that differs.
                let x0 = max(0, mx), x1 = min(canvas.width, old.width + mx)
                if x0 < x1 && Self.sameBytes(canvas, from: (y * canvas.width + x0) * 4, old, from: (sy * old.width + x0 - mx) * 4,
                                             count: (x1 - x0) * 4) { continue }
                for x in 0..<canvas.width {
                    let sx = x - mx
                    guard sx >= 0, sx < old.width else { continue }
                    if canvas.pixel(x: x, y: y) != old.pixel(x: sx, y: sy) {
                        if mismatches == 0 { firstMismatch = "(\(x), \(y))" }
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0, "frame \(frame.index): \(mismatches) pixels differ from frame \(before.index) shifted by (\(mx), \(my)), first at \(firstMismatch)")
            compared += 1
        }
        #expect(compared >= 55)
    }

    // MARK: Item 11: grouped labels

    /// `style.labelFormat: "grouped"` decodes and draws seed 000's `.formatted()` labels.
    @Test func groupedFormatDecodesAndDrawsWiderLabels() throws {
        func draw(_ style: String) throws -> Pixmap {
            let json = #"{ "name": "g", "viewport": { "width": 300, "height": 100, "scale": 1 }, "grid": { "tileSize": { "width": 300, "height": 100 }, "start": { "x": 1000, "y": -2000 } }, "style": \#(style), "steps": [] }"#
            let s = try ScenarioDecoder.decode(Array(json.utf8))
            return try render(s)
        }
        let plain = Self.ink(try draw(##"{ "tileColor": "#00000000", "borderColor": "#00000000" }"##), background: RGBA(255, 255, 255)).columns
        let grouped = Self.ink(try draw(##"{ "tileColor": "#00000000", "borderColor": "#00000000", "labelFormat": "grouped" }"##), background: RGBA(255, 255, 255)).columns
        // Two grouping commas make the label wider by about two comma advances.
        let widthPlain = plain.last! - plain.first!, widthGrouped = grouped.last! - grouped.first!
        #expect(widthGrouped > widthPlain + 6, "\(widthPlain) → \(widthGrouped)")
    }
}

/// The label layout rules, through the renderer's internal API.
@Suite struct LabelLayoutTests {
    static let far = TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000)

    func renderer(scale: Int, fontSize: Double = 17, format: LabelFormat = .plain) -> FrameRenderer {
        var style = LabelTests.inkOnly
        style.fontSize = fontSize
        style.labelFormat = format
        return FrameRenderer(scenario: scenario(width: 100, height: 100, scale: scale, style: style), font: sharedFont)
    }

    @Test func groupedIsEnUSFormatted() {
        let values: [Int64] = [0, 7, -7, 999, -999, 1000, -2000, 12_345, 999_999, 1_000_000, -1_234_567,
                               1_000_000_000_000_000, -9_007_199_254_740_992, .max, .min]
        for v in values {
            let en = Int(v).formatted(.number.locale(Locale(identifier: "en_US")))
            #expect(FrameRenderer.formatted(v, .grouped) == en, "\(v)")
            #expect(FrameRenderer.formatted(v, .plain) == String(v))
        }
        #expect(FrameRenderer.label(for: TileCoordinate(x: 1000, y: -2000), format: .grouped) == "(1,000, -2,000)")
        #expect(FrameRenderer.label(for: TileCoordinate(x: 1000, y: -2000), format: .plain) == "(1000, -2000)")
        #expect(FrameRenderer.label(for: TileCoordinate(x: 3, y: -4)) == "(3, -4)")
        // Seed 000's minus: `.formatted()` in en_US writes ASCII hyphen-minus, not U+2212.
        #expect(FrameRenderer.formatted(-5, .grouped).unicodeScalars.first == "-")
    }

    @Test func placementRoundsHalvesUp() {
        #expect(FrameRenderer.place(-0.5) == 0 && FrameRenderer.place(0.5) == 1 && FrameRenderer.place(-1.5) == -1)
        #expect(FrameRenderer.place(2.49) == 2 && FrameRenderer.place(-2.51) == -3)
        for k in -5...5 { #expect(FrameRenderer.place(-0.5 + Double(k)) == FrameRenderer.place(-0.5) + k) }
        #expect(FrameRenderer.place(.nan) == 0 && FrameRenderer.place(.infinity) > 0)
    }

    @Test(arguments: [1, 2, 3])
    func farLabelsWrapWhole(scale: Int) {
        let room = 100.0 * Double(scale) - 4 * Double(scale)
        let label = renderer(scale: scale).fittedLabel(for: Self.far, width: room, height: room)
        #expect(label.lines.map(\.text) == ["(1000000000000000,", "-1000000000000000)"])
        #expect(!label.truncated && label.fits)
        #expect(label.size >= FrameRenderer.smallestSize(17 * Double(scale)))
    }

    /// Largest wins: two lines in a square tile, one line in a wide and short one.
    @Test func theLargerLayoutWins() {
        let r = renderer(scale: 1)
        let item = TileCoordinate(x: 123_456, y: -654_321)
        let square = r.fittedLabel(for: item, width: 96, height: 96)
        #expect(square.lines.count == 2 && square.size == 17)
        let wide = r.fittedLabel(for: item, width: 140, height: 26)
        #expect(wide.lines.count == 1 && wide.size < 17 && wide.size > 12)
        let small = r.fittedLabel(for: TileCoordinate(x: 1, y: 2), width: 96, height: 96)
        #expect(small.lines.map(\.text) == ["(1, 2)"] && small.size == 17)
    }

    /// Too long even at the smallest size: each line ends in "…" at its last whole glyph.
    @Test func tooLongEndsWithAnEllipsis() {
        let r = renderer(scale: 1)
        let label = r.fittedLabel(for: Self.far, width: 50, height: 40)
        #expect(label.truncated && label.size == FrameRenderer.smallestSize(17))
        #expect(label.lines.count == 2)
        for line in label.lines {
            #expect(line.text.hasSuffix("\u{2026}"), "\(line.text)")
            #expect(Double(line.layout.width) + FrameRenderer.labelSlack <= 50)
        }
        #expect(label.lines[0].text.hasPrefix("(1000"))
        #expect(label.lines[1].text.hasPrefix("-1000"))
        // Only room for one line: one line, cut with an ellipsis.
        let flat = r.fittedLabel(for: Self.far, width: 50, height: 12)
        #expect(flat.lines.count == 1 && flat.lines[0].text.hasSuffix("\u{2026}") && flat.fits)
        // Not even room for the ellipsis, or for one line's height: nothing, rather than a cut label.
        #expect(r.fittedLabel(for: Self.far, width: 5, height: 40).lines.isEmpty)
        #expect(r.fittedLabel(for: TileCoordinate(x: 1, y: 2), width: 200, height: 6).lines.isEmpty)
    }

    /// For any label and tile, drawing with the tile's clip gives the same pixels as drawing with
    /// no clip: a label is never cut.
    @Test func labelsAreNeverCutByTheClip() throws {
        var random = SplitMix64(state: 9)
        var checked = 0
        for _ in 0..<300 {
            let scale = Int(random.next() % 3) + 1
            let fontSize = [6.0, 10, 17, 23, 40][Int(random.next() % 5)]
            let format: LabelFormat = random.next() % 2 == 0 ? .plain : .grouped
            let digits = Int(random.next() % 17)
            func coordinate() -> Int64 {
                var v: Int64 = 0
                for _ in 0..<digits { v = v * 10 + Int64(random.next() % 10) }
                return random.next() % 2 == 0 ? v : -v
            }
            let item = TileCoordinate(x: coordinate(), y: coordinate())
            let w = Double(3 + random.next() % 220) + (random.next() % 2 == 0 ? 0 : 0.5)
            let h = Double(3 + random.next() % 130) + (random.next() % 2 == 0 ? 0 : 0.25)
            let r = renderer(scale: scale, fontSize: fontSize, format: format)
            let rect = PixelRect(x: 7.5, y: 3, width: w * Double(scale), height: h * Double(scale))
            let tile = DrawnTile(coordinate: item, id: 0, pixelRect: rect)
            let placed = try #require(r.placeLabel(tile))
            #expect(placed.label.fits)
            var clipped = try Pixmap(width: Int(rect.width) + 20, height: Int(rect.height) + 10, fill: RGBA(255, 255, 255))
            var free = clipped
            for (line, origin) in zip(placed.label.lines, placed.origins) {
                clipped.draw(line.layout, x: origin.x, baseline: origin.baseline, color: RGBA(0, 0, 0), clip: placed.clip)
                free.draw(line.layout, x: origin.x, baseline: origin.baseline, color: RGBA(0, 0, 0), clip: free.bounds)
            }
            #expect(clipped == free, "\(item) \(format) in \(w)×\(h) at \(scale)x, font \(fontSize): \(placed.label.lines.map(\.text))")
            checked += 1
        }
        #expect(checked == 300)
    }

    /// The fitted label is cached: the second call does no layout.
    @Test func fittedLabelsAreCached() {
        let r = renderer(scale: 2)
        let a = r.fittedLabel(for: TileCoordinate(x: 98_765, y: -4_321), width: 192, height: 192)
        let key = FittedLabelKey(x: 98_765, y: -4_321, format: .plain, size64: 34 * 64, width: 192, height: 192)
        let cached = sharedFont.cachedLabel(key)
        #expect(cached?.lines.map(\.text) == a.lines.map(\.text) && cached?.size == a.size)
    }
}
