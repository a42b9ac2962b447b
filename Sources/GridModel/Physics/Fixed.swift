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

/// A position in content coordinates, in fixed units: a content offset, a tile's origin, a page origin.
///
/// Positions move by a `FixedShift`; two positions differ by one. A size or a page index is a
/// different type, so passing one where a position belongs does not compile.
///
/// ```swift
/// let offset = FixedPoint(x: 0, y: 26_880)           // one point down
/// let moved = offset + FixedShift(x: 26_880, y: 0)   // and one to the right
/// ```
package struct FixedPoint: Sendable, Hashable {
    package var x: Int64
    package var y: Int64
    package init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }
    package static let zero = FixedPoint(x: 0, y: 0)
    package static func + (a: FixedPoint, b: FixedShift) -> FixedPoint { FixedPoint(x: a.x + b.x, y: a.y + b.y) }
    package static func - (a: FixedPoint, b: FixedPoint) -> FixedShift { FixedShift(x: a.x - b.x, y: a.y - b.y) }
    package var points: Vector { Vector(x: Fixed.points(x), y: Fixed.points(y)) }
    package init(points: Vector) { self.init(x: Fixed.from(points: points.x), y: Fixed.from(points: points.y)) }
}

/// A displacement in fixed units: a recenter shift, a drag's travel.
package struct FixedShift: Sendable, Hashable {
    package var x: Int64
    package var y: Int64
    package init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }
    package static let zero = FixedShift(x: 0, y: 0)
    package static func + (a: FixedShift, b: FixedShift) -> FixedShift { FixedShift(x: a.x + b.x, y: a.y + b.y) }
    package var points: Vector { Vector(x: Fixed.points(x), y: Fixed.points(y)) }
}

/// A size in fixed units: a viewport, a tile, a page. `Scenario.validate` keeps the model's sizes
/// positive (the debug invariant checks assert it).
package struct FixedSize: Sendable, Hashable {
    package var width: Int64
    package var height: Int64
    package init(width: Int64, height: Int64) {
        self.width = width
        self.height = height
    }
    package init(points: Size) {
        self.init(width: Fixed.from(points: points.width), height: Fixed.from(points: points.height))
    }
    package var points: Size { Size(width: Fixed.points(width), height: Fixed.points(height)) }
}

/// Which page a paging scroll view shows: a count of pages per axis, not fixed units.
package struct PageIndex: Sendable, Hashable {
    package var column: Int64
    package var row: Int64
    package init(column: Int64, row: Int64) {
        self.column = column
        self.row = row
    }
    package static let zero = PageIndex(column: 0, row: 0)
    /// The page as the frame reports it (`FrameState.page`).
    package var coordinate: TileCoordinate { TileCoordinate(x: column, y: row) }
}
