import Foundation
import GridExport
import GridModel
@testable import HeadlessUIKit
import Rasterizer
import Testing

/// The default font, once.
private let font: FontRenderer = {
    do { return try FontFile.loadDefault() } catch { fatalError("\(error)") }
}()

private let white = RGBA(255, 255, 255)
private let everywhere = CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)

private func command(_ rect: CGRect, _ content: DrawCommand.Content, clip: CGRect = everywhere, opacity: Double = 1,
                     cornerRadius: Double = 0) -> DrawCommand {
    DrawCommand(rect: rect, clip: clip, opacity: opacity, cornerRadius: cornerRadius, content: content)
}

private func label(_ text: String, alignment: DrawCommand.TextContent.Alignment = .center, lines: Int = 1,
                   size: Double = 17, color: RGBA = RGBA(0, 0, 0)) -> DrawCommand.Content {
    .text(.init(text: text, pointSize: size, bold: false, color: color, alignment: alignment, numberOfLines: lines))
}

private func render(_ commands: [DrawCommand], width: Double, height: Double, scale: Int = 2,
                    background: RGBA = white) throws -> Pixmap {
    try ViewRasterizer.render(commands: commands, size: CGSize(width: width, height: height), scale: scale,
                              background: background, font: font)
}

/// The pixels that differ from `background`, as a bounding box (nil: none).
private func inkBox(_ p: Pixmap, background: RGBA = white) -> IntRect? {
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
    for y in 0..<p.height { for x in 0..<p.width where p.pixel(x: x, y: y) != background {
        x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
    } }
    return x0 == .max ? nil : IntRect(minX: x0, minY: y0, maxX: x1, maxY: y1)
}

/// The commands seed 000's `Coordinator` makes for one tile (a UILabel): background, text, border.
/// UIKit draws a layer's border above its contents, so the border comes last; FrameRenderer draws it
/// before the label, which is the same picture while the label stays clear of the border.
private func seedTile(_ tile: DrawnTile, scale: Int, style: Style) -> [DrawCommand] {
    let s = Double(scale), r = tile.pixelRect
    let rect = CGRect(x: r.x / s, y: r.y / s, width: r.width / s, height: r.height / s)
    let fill = tile.item == .zero ? style.originTileColor : style.tileColor
    return [command(rect, .fill(fill)),
            command(rect, label(FrameRenderer.label(for: tile.item, format: .grouped))),
            command(rect, .border(width: 0.5, color: style.borderColor))]
}

/// How many pixels differ (a compact failure message instead of two whole pixmaps).
private func differing(_ a: Pixmap, _ b: Pixmap) -> Int {
    guard a.width == b.width, a.height == b.height else { return -1 }
    if a == b { return 0 }
    return (0..<a.area).count { a.pixel(x: $0 % a.width, y: $0 / a.width) != b.pixel(x: $0 % a.width, y: $0 / a.width) }
}

/// One tile showing `item` at `x`, `y` (points), 100 × 100 points, drawn by FrameRenderer and by the
/// seed's commands, with grouped labels.
private func bothTile(_ item: TileCoordinate, x: Double, y: Double, scale: Int) throws -> (frameRenderer: Pixmap, ours: Pixmap) {
    var scenario = try ScenarioDecoder.decode(Array(#"{"name":"t","viewport":{"width":200,"height":200,"scale":\#(scale)},"steps":[]}"#.utf8))
    scenario.style.labelFormat = .grouped
    let renderer = FrameRenderer(scenario: scenario, font: font)
    var simulation = try Simulation(scenario: scenario)
    var frame = try #require(try simulation.next())
    let s = Double(scale)
    frame.tiles = [DrawnTile(coordinate: item, id: 0, pixelRect: PixelRect(x: x * s, y: y * s, width: 100 * s, height: 100 * s))]
    var canvas = try renderer.makeCanvas()
    try renderer.render(frame, into: &canvas)
    return (canvas, try render(seedTile(frame.tiles[0], scale: scale, style: scenario.style), width: 200, height: 200, scale: scale))
}

@Suite struct ViewRasterizerTests {
    /// The issue's proof in miniature: drag-atRest with grouped labels, every 5th frame drawn by
    /// FrameRenderer and by the seed's tiles as draw commands: the same pixels.
    @Test func seedTilesMatchFrameRenderer() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios/drag-atRest.json").path
        var scenario = try ScenarioDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        scenario.style.labelFormat = .grouped
        let renderer = FrameRenderer(scenario: scenario, font: font)
        var simulation = try Simulation(scenario: scenario)
        var canvas = try renderer.makeCanvas()
        var compared = 0, tiles = 0
        let clock = ContinuousClock()
        var theirs = Duration.zero, ourTime = Duration.zero
        while let frame = try simulation.next() {
            guard frame.index % 5 == 0 else { continue }
            theirs += try clock.measure { try renderer.render(frame, into: &canvas) }
            let commands = frame.tiles.flatMap { seedTile($0, scale: frame.scale, style: scenario.style) }
            var ours = canvas
            ourTime += try clock.measure {
                ours = try ViewRasterizer.render(commands: commands, size: CGSize(width: frame.viewport.width, height: frame.viewport.height),
                                                 scale: frame.scale, background: scenario.style.background, font: font)
            }
            #expect(differing(ours, canvas) == 0, "frame \(frame.index)")
            compared += 1
            tiles += frame.tiles.count
        }
        print("drag-atRest: \(compared) frames, \(tiles) tiles identical; FrameRenderer \(theirs / compared), ViewRasterizer \(ourTime / compared) a frame")
        #expect(compared > 20 && tiles > 20 * 30)
    }

    /// A tile at a fractional position, including the origin tile, drawn alone by both.
    @Test func fractionalTileMatchesFrameRenderer() throws {
        for (x, y, item, scale) in [(10.4, 7.7, TileCoordinate(x: 0, y: 0), 3), (-33.5, 51.25, TileCoordinate(x: -12, y: 345), 3),
                                    (0.3, 0.6, TileCoordinate(x: 7, y: -7), 1), (50.125, -0.5, TileCoordinate(x: 99, y: 99), 2)] {
            let both = try bothTile(item, x: x, y: y, scale: scale)
            #expect(differing(both.ours, both.frameRenderer) == 0, "\(item) at scale \(scale)")
        }
    }

    /// Where UILabel and a tile label differ: a label too wide for FrameRenderer's room (the tile less
    /// 2-pt margins and 3 px of slack) is shrunk (or wrapped after the comma) by FrameRenderer, drawn at
    /// full size and truncated with "…" by UILabel. In 100-pt tiles at scale 2 (17 pt: 34 px), the
    /// widest grouped labels still equal and the first that differ are measured here.
    @Test func labelsTooWideForTheTileDiffer() throws {
        var firstDiffering: (TileCoordinate, Int)?
        var widestEqual = 0
        for item in [TileCoordinate(x: -99, y: 99), TileCoordinate(x: -999, y: 999), TileCoordinate(x: -1_000, y: 999),
                     TileCoordinate(x: -1_000, y: -1_000), TileCoordinate(x: -10_000, y: 1_000), TileCoordinate(x: -10_000, y: -10_000),
                     TileCoordinate(x: -1_234_567, y: -8_901)] {
            let both = try bothTile(item, x: 0, y: 0, scale: 2)
            let width = font.layout(FrameRenderer.label(for: item, format: .grouped), pixelSize: 34).width
            if differing(both.ours, both.frameRenderer) == 0 {
                widestEqual = max(widestEqual, width)
            } else if firstDiffering == nil {
                firstDiffering = (item, width)
            }
        }
        print("labels: widest equal \(widestEqual) px, first differing \(firstDiffering.map { "\($0.0) at \($0.1) px" } ?? "none") (tile 200 px)")
        #expect(widestEqual > 0 && widestEqual <= 189)
        #expect(firstDiffering != nil)
    }

    @Test func fractionalEdgesHaveExactCoverage() throws {
        // 0.25 pt at scale 2 is half a pixel: 50% black on white.
        let p = try render([command(CGRect(x: 0.25, y: 0, width: 1, height: 1), .fill(RGBA(0, 0, 0)))], width: 2, height: 1)
        #expect(p.pixel(x: 0, y: 0) == RGBA(127, 127, 127))
        #expect(p.pixel(x: 1, y: 0) == RGBA(0, 0, 0))
        #expect(p.pixel(x: 2, y: 0) == RGBA(127, 127, 127))
        #expect(p.pixel(x: 3, y: 0) == white)
    }

    @Test func opacityAppliesToEveryPart() throws {
        let rect = CGRect(x: 0, y: 0, width: 20, height: 20)
        let black = RGBA(0, 0, 0)
        let parts: [DrawCommand.Content] = [.fill(black), .border(width: 2, color: black), label("W", size: 30)]
        for content in parts {
            let full = try render([command(rect, content)], width: 20, height: 20, scale: 1)
            let half = try render([command(rect, content, opacity: 0.5)], width: 20, height: 20, scale: 1)
            let none = try render([command(rect, content, opacity: 0)], width: 20, height: 20, scale: 1)
            let nan = try render([command(rect, content, opacity: .nan)], width: 20, height: 20, scale: 1)
            #expect(inkBox(full) != nil && inkBox(half) == inkBox(full))
            #expect(inkBox(none) == nil && inkBox(nan) == nil)
            // The darkest pixel at half opacity is about half as dark.
            let darkest = (0..<400).map { Int(half.pixel(x: $0 % 20, y: $0 / 20)!.r) }.min()!
            #expect(abs(darkest - 127) <= 1)
        }
        // Exactly: black at opacity 0.5 is alpha round(127.5) = 128 over white.
        let half = try render([command(rect, .fill(black), opacity: 0.5)], width: 20, height: 20, scale: 1)
        #expect(half.pixel(x: 5, y: 5) == RGBA(127, 127, 127))
    }

    @Test func clippingCutsEveryKindExactly() throws {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10), clip = CGRect(x: 2, y: 3, width: 4.25, height: 5)
        let black = RGBA(0, 0, 0)
        let filled = try render([command(rect, .fill(black), clip: clip)], width: 10, height: 10, scale: 2)
        #expect(inkBox(filled) == IntRect(minX: 4, minY: 6, maxX: 13, maxY: 16))
        #expect(filled.pixel(x: 12, y: 10) == RGBA(127, 127, 127))  // the clip's quarter-point edge: half a pixel
        #expect(filled.pixel(x: 11, y: 10) == black)
        for content in [label("W", size: 10), DrawCommand.Content.border(width: 3, color: black)] {
            let p = try render([command(rect, content, clip: clip)], width: 10, height: 10, scale: 2)
            let box = try #require(inkBox(p))
            #expect(box.intersection(IntRect(minX: 4, minY: 6, maxX: 13, maxY: 16)) == box)
        }
        // A clip outside the canvas, or NaN, draws nothing.
        for clip in [CGRect(x: 50, y: 0, width: 5, height: 5), CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5)] {
            #expect(inkBox(try render([command(rect, .fill(black), clip: clip)], width: 10, height: 10)) == nil)
        }
    }

    @Test func translucentBorderBlendsOnceIncludingCorners() throws {
        let color = RGBA(0, 0, 0, 26)
        let p = try render([command(CGRect(x: 1, y: 1, width: 8, height: 6), .border(width: 0.5, color: color))], width: 10, height: 8)
        let edge = try #require(p.pixel(x: 2, y: 2))
        #expect(edge != white)
        for (x, y) in [(2, 2), (17, 2), (2, 13), (17, 13), (9, 2), (2, 7), (17, 7), (9, 13)] { #expect(p.pixel(x: x, y: y) == edge) }
        #expect(p.pixel(x: 3, y: 3) == white && p.pixel(x: 1, y: 1) == white)
        // Wider than half the rectangle: it fills it, once.
        let wide = try render([command(CGRect(x: 0, y: 0, width: 4, height: 4), .border(width: 10, color: color))], width: 4, height: 4)
        #expect(Set((0..<64).map { wide.pixel(x: $0 % 8, y: $0 / 8)! }) == [edge])
    }

    @Test func textAlignmentAndVerticalCentring() throws {
        let rect = CGRect(x: 10, y: 10, width: 150, height: 60)
        var boxes: [DrawCommand.TextContent.Alignment: IntRect] = [:]
        for alignment in [DrawCommand.TextContent.Alignment.left, .center, .right, .natural] {
            let p = try render([command(rect, label("Hello", alignment: alignment))], width: 170, height: 80, scale: 2)
            let box = try #require(inkBox(p))
            boxes[alignment] = box
        }
        let left = boxes[.left]!, center = boxes[.center]!, right = boxes[.right]!
        #expect(boxes[.natural] == left)
        #expect(left.x >= 20 && left.x <= 24)
        #expect(right.maxX <= 320 && right.maxX >= 314)
        #expect(abs((center.x + center.maxX) - (20 + 320)) <= 3)
        // Vertically centred: the ink's middle near the rectangle's (capitals and no descenders).
        #expect(abs((center.y + center.maxY) - (20 + 140)) <= 10)
        #expect(left.y == center.y && right.y == center.y)
    }

    @Test func longTextTruncatesWithEllipsisOrWraps() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let one = ViewRasterizer.wrap(text, width: 200, lines: 1, font: font, pixelSize: 34)
        #expect(one.count == 1 && one[0].hasSuffix("\u{2026}") && one[0].hasPrefix("The"))
        #expect(Double(font.layout(one[0], pixelSize: 34).width) <= 200)
        let many = ViewRasterizer.wrap(text, width: 200, lines: 100, font: font, pixelSize: 34)
        #expect(many.count > 2 && many.joined(separator: " ") == text)
        #expect(many.allSatisfy { Double(font.layout($0, pixelSize: 34).width) <= 200 })
        let two = ViewRasterizer.wrap(text, width: 200, lines: 2, font: font, pixelSize: 34)
        #expect(two.count == 2 && two[0] == many[0] && two[1].hasSuffix("\u{2026}"))
        // Drawn: the text stays inside the label.
        let rect = CGRect(x: 5, y: 5, width: 100, height: 100)
        let p = try render([command(rect, label(text, lines: 0))], width: 110, height: 110)
        let box = try #require(inkBox(p))
        #expect(box.x >= 10 && box.maxX <= 210 && box.y >= 10 && box.maxY <= 210)
    }

    @Test func imageContentModes() throws {
        let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)
        let image = try Pixmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        func draw(_ mode: DrawCommand.ImageContent.Mode) throws -> [[RGBA]] {
            let content = DrawCommand.Content.image(.init(pixels: image, size: CGSize(width: 2, height: 1), mode: mode))
            let p = try render([command(CGRect(x: 0, y: 0, width: 4, height: 4), content)], width: 4, height: 4, scale: 1)
            return (0..<4).map { y in (0..<4).map { x in p.pixel(x: x, y: y)! } }
        }
        let w = white
        #expect(try draw(.scaleToFill) == Array(repeating: [red, red, blue, blue], count: 4))
        #expect(try draw(.scaleAspectFit) == [[w, w, w, w], [red, red, blue, blue], [red, red, blue, blue], [w, w, w, w]])
        #expect(try draw(.scaleAspectFill) == Array(repeating: [red, red, blue, blue], count: 4))  // 8 wide, centred
        #expect(try draw(.center) == [[w, w, w, w], [w, w, w, w], [w, red, blue, w], [w, w, w, w]])
    }

    @Test func cornerRadiusCoversTheRoundedArea() throws {
        // A 10-pt square with radius 5 at scale 2: a disc of radius 10 pixels.
        let p = try render([command(CGRect(x: 0, y: 0, width: 10, height: 10), .fill(RGBA(0, 0, 0)), cornerRadius: 5)],
                           width: 10, height: 10)
        let ink = (0..<400).reduce(0.0) { $0 + Double(255 - p.pixel(x: $1 % 20, y: $1 / 20)!.r) / 255 }
        #expect(abs(ink - Double.pi * 100) < 0.01 * Double.pi * 100)
        #expect(p.pixel(x: 0, y: 0) == white && p.pixel(x: 10, y: 10) == RGBA(0, 0, 0))
        #expect(p.pixel(x: 10, y: 0) != white && p.pixel(x: 0, y: 10) != white)
        // Its border is a ring: the middle stays white.
        let ring = try render([command(CGRect(x: 0, y: 0, width: 10, height: 10), .border(width: 1, color: RGBA(0, 0, 0)),
                                       cornerRadius: 5)], width: 10, height: 10)
        #expect(ring.pixel(x: 10, y: 10) == white && ring.pixel(x: 0, y: 0) == white && ring.pixel(x: 10, y: 0) != white)
        let ringInk = (0..<400).reduce(0.0) { $0 + Double(255 - ring.pixel(x: $1 % 20, y: $1 / 20)!.r) / 255 }
        #expect(abs(ringInk - Double.pi * (100 - 64)) < 0.03 * Double.pi * 36)
    }

    @Test func hostileValuesNeverTrap() throws {
        let huge = CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
        let image = try Pixmap(width: 1, height: 1, pixels: [0, 0, 0, 255])
        let rects = [huge, CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
                     CGRect(x: 0, y: 0, width: -10, height: 10), CGRect(x: 1e300, y: 1e300, width: 1e300, height: 1e300),
                     CGRect(x: -CGFloat.infinity, y: 0, width: CGFloat.infinity, height: 5)]
        let contents: [DrawCommand.Content] = [
            .fill(RGBA(0, 0, 0)), .border(width: 1e300, color: RGBA(0, 0, 0)), .border(width: .nan, color: RGBA(0, 0, 0)),
            label("(1,234, 5)", size: 1e300), label("x", size: .nan), label(String(repeating: "ab ", count: 200), lines: 0),
            .image(.init(pixels: image, size: CGSize(width: 1e300, height: 1e-300), mode: .scaleAspectFit)),
            .image(.init(pixels: image, size: CGSize(width: 1, height: 1), mode: .scaleAspectFill)),
            .image(.init(pixels: image, size: CGSize(width: CGFloat.nan, height: 1), mode: .center)),
        ]
        var drawn = 0
        for rect in rects {
            for content in contents {
                for radius in [0, 1e300, .nan, -5, 3] {
                    _ = try render([command(rect, content, clip: rect, cornerRadius: radius),
                                    command(rect, content, opacity: 1e300, cornerRadius: radius)], width: 30, height: 20, scale: 3)
                    drawn += 1
                }
            }
        }
        #expect(drawn == rects.count * contents.count * 5)
        // The huge square fills the canvas like a window-sized one.
        let whole = try render([command(huge, .fill(RGBA(0, 0, 0)))], width: 3, height: 2)
        #expect(inkBox(whole, background: RGBA(0, 0, 0)) == nil)
        // Canvas sizes: NaN, empty, infinite, over the limit, bad scales throw.
        for (size, scale) in [(CGSize(width: CGFloat.nan, height: 1), 1), (CGSize(width: 0, height: 10), 1),
                              (CGSize(width: 1e300, height: 1e300), 1), (CGSize(width: 10000, height: 10000), 1),
                              (CGSize(width: 10, height: 10), 0), (CGSize(width: 10, height: 10), 9),
                              (CGSize(width: 10, height: 10), Int.max)] {
            #expect(throws: RasterError.self) {
                try ViewRasterizer.render(commands: [], size: size, scale: scale, background: white, font: nil)
            }
        }
        #expect(Double(ViewRasterizer.maxCanvasPixels) < 10000 * 10000)
        // Text without a font throws; text that draws nothing needs none.
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(throws: RasterError.self) {
            try ViewRasterizer.render(commands: [command(rect, label("a"))], size: rect.size, scale: 1, background: white, font: nil)
        }
        _ = try ViewRasterizer.render(commands: [command(rect, label(""))], size: rect.size, scale: 1, background: white, font: nil)
    }

    @Test func pngRoundTrips() throws {
        let commands = [command(CGRect(x: 3, y: 4, width: 50, height: 30), .fill(RGBA(0x80, 0x80, 0x80, 128))),
                        command(CGRect(x: 3, y: 4, width: 50, height: 30), label("(1, -2)"))]
        let size = CGSize(width: 60, height: 40)
        let bytes = try ViewRasterizer.png(commands: commands, size: size, scale: 2, background: white, font: font)
        let pixmap = try ViewRasterizer.render(commands: commands, size: size, scale: 2, background: white, font: font)
        #expect(try PNGCodec.decode(bytes) == pixmap)
        #expect(bytes == (try PNGCodec.encode(pixmap)))
    }
}
