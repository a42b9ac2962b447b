import Testing
import GridModel
@testable import Rasterizer

@Suite struct PixmapTests {
    func grey(_ canvas: Pixmap) -> [[UInt8]] {
        (0..<canvas.height).map { y in (0..<canvas.width).map { x in canvas.pixel(x: x, y: y)!.r } }
    }

    @Test func equalityIsSizeAndEveryByte() throws {
        // == compares the bytes with memcmp: the last byte counts, and so does the shape.
        let a = try Pixmap(width: 3, height: 2, pixels: [UInt8](0..<24))
        var last = [UInt8](0..<24)
        last[23] = 0
        #expect(a == (try Pixmap(width: 3, height: 2, pixels: [UInt8](0..<24))))
        #expect(a != (try Pixmap(width: 3, height: 2, pixels: last)))
        #expect(a != (try Pixmap(width: 2, height: 3, pixels: [UInt8](0..<24))))
    }

    @Test func fractionalEdgesUseExactAreaCoverage() throws {
        var canvas = try Pixmap(width: 3, height: 3, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0.5, y: 0.5, width: 2, height: 2), RGBA(0, 0, 0))
        // Corners a quarter covered, edges half covered, centre fully covered.
        #expect(grey(canvas) == [[191, 127, 191], [127, 0, 127], [191, 127, 191]])
        #expect(canvas.isOpaque)
    }

    @Test func halfPointBorderAtOneXIsAHalfCoveredPixel() throws {
        var canvas = try Pixmap(width: 4, height: 1, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0, y: 0, width: 0.5, height: 1), RGBA(0, 0, 0))
        canvas.fill(PixelRect(x: 3.5, y: 0, width: 0.5, height: 1), RGBA(0, 0, 0))
        #expect(grey(canvas) == [[127, 255, 255, 127]])
    }

    @Test func sourceOverWithTranslucentColour() throws {
        var canvas = try Pixmap(width: 1, height: 1, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), RGBA(0x80, 0x80, 0x80, 128))
        // 128·(128/255) + 255·(127/255) = 191.25 → 191
        #expect(canvas.pixel(x: 0, y: 0) == RGBA(191, 191, 191, 255))
    }

    @Test func translucentDestination() throws {
        var canvas = try Pixmap(width: 1, height: 1, fill: RGBA(0, 0, 0, 0))
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), RGBA(255, 0, 0, 128))
        #expect(canvas.pixel(x: 0, y: 0) == RGBA(255, 0, 0, 128))
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
        var canvas = try Pixmap(width: 3, height: 3, fill: RGBA(255, 255, 255))
        canvas.fill(rect, RGBA(0, 0, 0))
        #expect(canvas.pixels.count == 36)
        for y in 0..<3 {
            for x in 0..<3 {
                let cx = max(0, min(Double(x + 1), rect.x + rect.width) - max(Double(x), rect.x))
                let cy = max(0, min(Double(y + 1), rect.y + rect.height) - max(Double(y), rect.y))
                let expected = UInt8(((255 * (255 - Int((255 * cx * cy).rounded()))) + 127) / 255)
                #expect(canvas.pixel(x: x, y: y)!.r == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test func clipRectLimitsFills() throws {
        var canvas = try Pixmap(width: 4, height: 1, fill: RGBA(255, 255, 255))
        canvas.fill(PixelRect(x: 0, y: 0, width: 4, height: 1), RGBA(0, 0, 0), clip: IntRect(minX: 1, minY: 0, maxX: 3, maxY: 1))
        #expect(grey(canvas) == [[255, 0, 0, 255]])
    }

    /// A pixmap is always valid: every size that is not positive, overflows or exceeds
    /// `maxPixels`, and every byte count that does not match, is refused with `.size`.
    @Test(arguments: [(0, 1), (1, 0), (-1, 5), (Int.min, Int.min), (Int.max, Int.max), (Int.max, 2), (1 << 32, 1 << 32),
                      (Pixmap.maxPixels, 2), (40_000, 40_000)])
    func invalidSizesAreRefused(size: (Int, Int)) {
        #expect { _ = try Pixmap(width: size.0, height: size.1) } throws: { ($0 as? RasterError)?.kind == .size }
        #expect { _ = try Pixmap(width: size.0, height: size.1, pixels: []) } throws: { ($0 as? RasterError)?.kind == .size }
    }

    @Test func pixelsMustMatchTheSize() throws {
        for count in [0, 7, 9, 16] {
            #expect(throws: RasterError.self) { _ = try Pixmap(width: 2, height: 1, pixels: [UInt8](repeating: 0, count: count)) }
        }
        let pixmap = try Pixmap(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(pixmap.pixel(x: 0, y: 0) == RGBA(1, 2, 3, 4) && pixmap.pixel(x: 1, y: 0) == RGBA(5, 6, 7, 8))
        #expect(pixmap.withUnsafeBytes { Array($0) } == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(pixmap.bounds == IntRect(x: 0, y: 0, width: 2, height: 1) && pixmap.area == 2)
    }

    @Test(arguments: [(-1, 0), (0, -1), (2, 0), (0, 1), (Int.min, Int.min), (Int.max, Int.max), (Int.max, 0), (0, Int.min)])
    func pixelOutsideIsNil(point: (Int, Int)) throws {
        #expect(try Pixmap(width: 2, height: 1).pixel(x: point.0, y: point.1) == nil)
    }

    /// Copies clip at every edge (tiny-skia style: exact 3×3 results, never a write past the buffer).
    @Test func copyClipsAtEveryEdge() throws {
        let dot = try Pixmap(width: 2, height: 2, pixels: [9, 9, 9, 255, 8, 8, 8, 255, 7, 7, 7, 255, 6, 6, 6, 255])
        func copied(_ x: Int, _ y: Int) throws -> [[UInt8]] {
            var pixmap = try Pixmap(width: 3, height: 3, fill: RGBA(1, 1, 1))
            pixmap.copy(dot, x: x, y: y)
            return grey(pixmap)
        }
        #expect(try copied(0, 0) == [[9, 8, 1], [7, 6, 1], [1, 1, 1]])
        #expect(try copied(2, 2) == [[1, 1, 1], [1, 1, 1], [1, 1, 9]])
        #expect(try copied(-1, -1) == [[6, 1, 1], [1, 1, 1], [1, 1, 1]])
        #expect(try copied(-1, 2) == [[1, 1, 1], [1, 1, 1], [8, 1, 1]])
        for (x, y) in [(3, 0), (0, 3), (-2, 0), (Int.max, Int.max), (Int.min, Int.min), (Int.max, Int.min), (Int.min + 1, 0)] {
            #expect(try copied(x, y) == [[1, 1, 1], [1, 1, 1], [1, 1, 1]], "\(x), \(y)")
        }
    }

    /// A glyph mask blended at the corners: only the covered pixels inside the clip change.
    @Test func maskBlendsInsideTheClipOnly() throws {
        let mask: [UInt8] = [255, 0, 255, 255]  // 2×2
        func blended(_ x: Int, _ y: Int, clip: IntRect) throws -> [[UInt8]] {
            var pixmap = try Pixmap(width: 3, height: 3, fill: RGBA(255, 255, 255))
            mask.withUnsafeBufferPointer { pixmap.blendMask($0, maskWidth: 2, maskHeight: 2, at: x, y, color: RGBA(0, 0, 0), clip: clip) }
            return grey(pixmap)
        }
        let all = IntRect(x: 0, y: 0, width: 3, height: 3)
        #expect(try blended(0, 0, clip: all) == [[0, 255, 255], [0, 0, 255], [255, 255, 255]])
        #expect(try blended(2, 2, clip: all) == [[255, 255, 255], [255, 255, 255], [255, 255, 0]])
        #expect(try blended(-1, -1, clip: all) == [[0, 255, 255], [255, 255, 255], [255, 255, 255]])
        #expect(try blended(1, 0, clip: IntRect(x: 2, y: 0, width: 1, height: 1)) == [[255, 255, 255], [255, 255, 255], [255, 255, 255]])
        #expect(try blended(1, 0, clip: IntRect(x: 1, y: 1, width: 9, height: 9)) == [[255, 255, 255], [255, 0, 0], [255, 255, 255]])
        #expect(try blended(Int.min, Int.max, clip: all) == [[255, 255, 255], [255, 255, 255], [255, 255, 255]])
    }

    @Test func clearSetsEveryPixel() throws {
        var pixmap = try Pixmap(width: 2, height: 2)
        #expect(pixmap.pixels == [UInt8](repeating: 0, count: 16))
        pixmap.clear(RGBA(1, 2, 3, 4))
        #expect(pixmap.pixels == [UInt8]([1, 2, 3, 4] + [1, 2, 3, 4] + [1, 2, 3, 4] + [1, 2, 3, 4]))
    }
}
