import Testing
import GridModel
@testable import Rasterizer

@Suite struct CanvasTests {
    func grey(_ canvas: Canvas) -> [[UInt8]] {
        (0..<canvas.height).map { y in (0..<canvas.width).map { x in canvas.pixel(x, y)!.r } }
    }

    @Test func fractionalEdgesUseExactAreaCoverage() throws {
        var canvas = try Canvas(width: 3, height: 3, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0.5, y: 0.5, width: 2, height: 2), RGBA(0, 0, 0))
        // Corners a quarter covered, edges half covered, centre fully covered.
        #expect(grey(canvas) == [[191, 127, 191], [127, 0, 127], [191, 127, 191]])
        #expect(canvas.isOpaque)
    }

    @Test func halfPointBorderAtOneXIsAHalfCoveredPixel() throws {
        var canvas = try Canvas(width: 4, height: 1, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0, y: 0, width: 0.5, height: 1), RGBA(0, 0, 0))
        canvas.fill(PixelRect(x: 3.5, y: 0, width: 0.5, height: 1), RGBA(0, 0, 0))
        #expect(grey(canvas) == [[127, 255, 255, 127]])
    }

    @Test func sourceOverWithTranslucentColour() throws {
        var canvas = try Canvas(width: 1, height: 1, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), RGBA(0x80, 0x80, 0x80, 128))
        // 128·(128/255) + 255·(127/255) = 191.25 → 191
        #expect(canvas.pixel(0, 0) == RGBA(191, 191, 191, 255))
    }

    @Test func translucentDestination() throws {
        var canvas = try Canvas(width: 1, height: 1, fill: RGBA(0, 0, 0, 0))
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), RGBA(255, 0, 0, 128))
        #expect(canvas.pixel(0, 0) == RGBA(255, 0, 0, 128))
        #expect(!canvas.isOpaque)
    }

    @Test(arguments: [
        PixelRect(x: -5, y: -5, width: 6, height: 6),
        PixelRect(x: 2.5, y: 2.5, width: 100, height: 100),
        PixelRect(x: -1e12, y: 1, width: 2e12, height: 1),
        PixelRect(x: 10, y: 10, width: 5, height: 5),
        PixelRect(x: 1, y: 1, width: 0, height: 1),
    ])
    func clippingNeverWritesOutsideTheBuffer(rect: PixelRect) throws {
        var canvas = try Canvas(width: 3, height: 3, fill: RGBA(255, 255, 255))
        canvas.fill(rect, RGBA(0, 0, 0))
        #expect(canvas.pixels.count == 36)
        for y in 0..<3 {
            for x in 0..<3 {
                let cx = max(0, min(Double(x + 1), rect.x + rect.width) - max(Double(x), rect.x))
                let cy = max(0, min(Double(y + 1), rect.y + rect.height) - max(Double(y), rect.y))
                let expected = UInt8(((255 * (255 - Int((255 * cx * cy).rounded()))) + 127) / 255)
                #expect(canvas.pixel(x, y)!.r == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test func clipRectLimitsFills() throws {
        var canvas = try Canvas(width: 4, height: 1, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0, y: 0, width: 4, height: 1), RGBA(0, 0, 0), clip: ClipRect(x0: 1, y0: 0, x1: 3, y1: 1))
        #expect(grey(canvas) == [[255, 0, 0, 255]])
    }
}
