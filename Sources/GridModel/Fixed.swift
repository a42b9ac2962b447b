/// Model positions are fixed-point integers: `Fixed.unitsPerPoint` units to a point.
///
/// Integers make recentering exact: shifting the offset and every tile by the same whole number
/// of device pixels changes no drawn pixel, on any frame, at any distance from the origin.
/// 26880 = 2^8·3·5·7 is divisible by every supported scale (1…8), so a device pixel is a whole
/// number of units. The range is ±3.4·10^14 points.
package enum Fixed {
    package static let unitsPerPoint: Int64 = 26_880

    /// The nearest fixed value to `points` (which the caller has range-checked).
    @inlinable package static func from(points: Double) -> Int64 {
        Int64((points * Double(unitsPerPoint)).rounded())
    }

    @inlinable package static func points(_ units: Int64) -> Double {
        Double(units) / Double(unitsPerPoint)
    }

    /// Units in one device pixel at `scale`.
    @inlinable package static func pixel(scale: Int) -> Int64 { unitsPerPoint / Int64(scale) }

    /// ⌊a / b⌋ for b > 0.
    @inlinable package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && a < 0) ? q - 1 : q
    }

    /// ⌈a / b⌉ for b > 0.
    @inlinable package static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }

    /// `value` rounded to the nearest multiple of `step` (halves round up), for step > 0.
    @inlinable package static func round(_ value: Int64, toMultipleOf step: Int64) -> Int64 {
        floorDiv(value + step / 2, step) * step
    }
}

/// A point in fixed units.
package struct FixedPoint: Sendable, Hashable {
    package var x: Int64
    package var y: Int64
    package init(x: Int64, y: Int64) { self.x = x; self.y = y }
    package static let zero = FixedPoint(x: 0, y: 0)
    package static func + (a: FixedPoint, b: FixedPoint) -> FixedPoint { FixedPoint(x: a.x + b.x, y: a.y + b.y) }
    package static func - (a: FixedPoint, b: FixedPoint) -> FixedPoint { FixedPoint(x: a.x - b.x, y: a.y - b.y) }
    package var points: Vector { Vector(x: Fixed.points(x), y: Fixed.points(y)) }
    package init(points: Vector) { self.init(x: Fixed.from(points: points.x), y: Fixed.from(points: points.y)) }
}
