import Testing
import TestSupport
@testable import Rasterizer

/// `IntRect` takes any `Int`s: every property and operation is total (no overflow trap) and agrees
/// with a reference computed in wide arithmetic (clamped to `Int`).
@Suite struct IntRectTests {
    static let extremes = [Int.min, Int.min + 1, -(1 << 62), -5, -1, 0, 1, 2, 5, 1 << 62, Int.max - 1, Int.max]

    @Test func basicGeometry() {
        let r = IntRect(x: 2, y: 3, width: 4, height: 5)
        #expect(r.maxX == 6 && r.maxY == 8 && !r.isEmpty)
        #expect(r.contains(x: 2, y: 3) && r.contains(x: 5, y: 7) && !r.contains(x: 6, y: 7) && !r.contains(x: 5, y: 8) && !r.contains(x: 1, y: 3))
        #expect(IntRect(minX: 2, minY: 3, maxX: 6, maxY: 8) == r)
        #expect(IntRect(minX: 6, minY: 3, maxX: 2, maxY: 8).isEmpty)
        #expect(r.intersection(IntRect(x: 5, y: 0, width: 10, height: 4)) == IntRect(x: 5, y: 3, width: 1, height: 1))
        #expect(r.intersection(IntRect(x: 6, y: 3, width: 1, height: 1)) == nil)  // touching edges share no pixel
        #expect(r.clipped(to: IntRect(x: 0, y: 0, width: 4, height: 4)) == IntRect(x: 2, y: 3, width: 2, height: 1))
        #expect(r.clipped(to: IntRect(x: 10, y: 10, width: 4, height: 4)).isEmpty)
        #expect(IntRect(x: 0, y: 0, width: 0, height: 5).isEmpty && IntRect(x: 0, y: 0, width: 5, height: -1).isEmpty)
    }

    @Test func extremesSaturate() {
        #expect(IntRect(x: Int.max, y: Int.max, width: Int.max, height: Int.max).maxX == Int.max)
        #expect(IntRect(x: Int.min, y: 0, width: Int.min, height: 1).maxX == Int.min)
        #expect(IntRect(x: Int.min, y: 0, width: Int.max, height: 1).maxX == -1)
        #expect(IntRect(minX: Int.min, minY: Int.min, maxX: Int.max, maxY: Int.max).width == Int.max)
        #expect(IntRect(x: Int.max, y: 0, width: 1, height: 1).isEmpty == false)
        #expect(!IntRect(x: Int.max, y: 0, width: 1, height: 1).contains(x: Int.max, y: 0))  // its edge saturated at Int.max
        let image = IntRect(width: 4, height: 3)
        #expect(IntRect(x: 1, y: 0, width: Int.max, height: 10).intersection(image) == IntRect(x: 1, y: 0, width: 3, height: 3))
        #expect(IntRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max).intersection(image) == nil)  // ends at −1
        #expect(IntRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max).clipped(to: image) == IntRect(x: 0, y: 0, width: 0, height: 0))
    }

    /// Every combination of extreme values: nothing traps, and each result matches wide arithmetic.
    @Test func everyExtremeCombinationIsTotalAndExact() {
        func clamp(_ v: Int128) -> Int { v > Int128(Int.max) ? .max : v < Int128(Int.min) ? .min : Int(v) }
        let values = Self.extremes
        var rng = SplitMix64(state: 0x1D7)
        let bounds = IntRect(x: -3, y: -2, width: 10, height: 7)
        for _ in 0..<20_000 {
            let r = IntRect(x: values.randomElement(using: &rng)!, y: values.randomElement(using: &rng)!,
                            width: values.randomElement(using: &rng)!, height: values.randomElement(using: &rng)!)
            let o = IntRect(x: values.randomElement(using: &rng)!, y: values.randomElement(using: &rng)!,
                            width: values.randomElement(using: &rng)!, height: values.randomElement(using: &rng)!)
            #expect(r.maxX == clamp(Int128(r.x) + Int128(r.width)) && r.maxY == clamp(Int128(r.y) + Int128(r.height)))
            #expect(r.isEmpty == (r.width <= 0 || r.height <= 0))
            let i = r.intersection(o)
            let x0 = max(r.x, o.x), x1 = min(r.maxX, o.maxX), y0 = max(r.y, o.y), y1 = min(r.maxY, o.maxY)
            let shares = !r.isEmpty && !o.isEmpty && x0 < x1 && y0 < y1
            #expect((i != nil) == shares, "\(r) ∩ \(o)")
            if let i {
                #expect(!i.isEmpty && i.x == x0 && i.y == y0 && i.width == clamp(Int128(x1) - Int128(x0)))
                #expect(i == o.intersection(r))
            }
            let c = r.clipped(to: bounds)
            #expect(c.x >= bounds.x && c.maxX <= bounds.maxX && c.y >= bounds.y && c.maxY <= bounds.maxY && c.width >= 0 && c.height >= 0)
            _ = r.contains(x: values.randomElement(using: &rng)!, y: values.randomElement(using: &rng)!)
            _ = r.description
        }
    }
}
