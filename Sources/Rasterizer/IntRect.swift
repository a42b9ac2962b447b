/// An integer pixel rectangle: `width` × `height` pixels with its top-left corner at (`x`, `y`),
/// covering columns `x ..< maxX` and rows `y ..< maxY`.
///
/// Every value is allowed and every operation is total: a rectangle with no positive width or
/// height is empty, and `maxX` / `maxY` saturate at `Int.max` instead of overflowing, so
/// `IntRect(x: .max, y: .min, width: .max, height: .min)` is as safe to use as any other. The one
/// loss is past `Int.max`: an edge that would lie beyond it is taken to lie at it.
///
/// ```swift
/// let tile = IntRect(x: -10, y: 5, width: 40, height: 20)
/// let visible = tile.clipped(to: IntRect(x: 0, y: 0, width: 16, height: 16))
/// // visible == IntRect(x: 0, y: 5, width: 16, height: 11)
/// ```
public struct IntRect: Sendable, Hashable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns; 0 or less is empty.
    public var width: Int
    /// Rows; 0 or less is empty.
    public var height: Int

    /// A rectangle of `width` × `height` pixels at (`x`, `y`); any values are allowed.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle [`minX`, `maxX`) × [`minY`, `maxY`); empty when an edge pair is reversed.
    /// A side longer than `Int.max` saturates at `Int.max`.
    ///
    /// ```swift
    /// IntRect(minX: 2, minY: 1, maxX: 5, maxY: 3) == IntRect(x: 2, y: 1, width: 3, height: 2)
    /// ```
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: IntRect.span(minX, maxX), height: IntRect.span(minY, maxY))
    }

    /// The rectangle at the origin of a `width` × `height` image.
    public init(width: Int, height: Int) { self.init(x: 0, y: 0, width: width, height: height) }

    /// Whether the rectangle holds no pixel (a width or height of 0 or less).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The column just past the right edge, `x + width`, saturating at `Int.max` / `Int.min`.
    public var maxX: Int { x.clampedAdd(width) }
    /// The row just past the bottom edge, `y + height`, saturating at `Int.max` / `Int.min`.
    public var maxY: Int { y.clampedAdd(height) }

    /// Whether pixel (x, y) lies in the rectangle.
    public func contains(x px: Int, y py: Int) -> Bool {
        !isEmpty && px >= x && px < maxX && py >= y && py < maxY
    }

    /// The pixels in both rectangles; nil when they share none.
    ///
    /// ```swift
    /// let a = IntRect(x: 0, y: 0, width: 4, height: 4), b = IntRect(x: 2, y: 3, width: 9, height: 9)
    /// a.intersection(b) == IntRect(x: 2, y: 3, width: 2, height: 1)
    /// ```
    public func intersection(_ other: IntRect) -> IntRect? {
        guard !isEmpty, !other.isEmpty else { return nil }
        let x0 = max(x, other.x)
        let x1 = min(maxX, other.maxX)
        let y0 = max(y, other.y)
        let y1 = min(maxY, other.maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        return IntRect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    /// The part of the rectangle inside `bounds`, or an empty rectangle (of width and height 0,
    /// at the clamped origin) when they share no pixel. Never larger than either.
    public func clipped(to bounds: IntRect) -> IntRect {
        intersection(bounds)
            ?? IntRect(
                x: min(max(x, bounds.x), bounds.maxX), y: min(max(y, bounds.y), bounds.maxY),
                width: 0, height: 0)
    }

    /// "W×H at (x, y)".
    public var description: String { "\(width)×\(height) at (\(x), \(y))" }

    /// `b - a` for `a <= b` (saturating at `Int.max`), else 0.
    static func span(_ a: Int, _ b: Int) -> Int {
        guard b > a else { return 0 }
        let (d, overflow) = b.subtractingReportingOverflow(a)
        return overflow ? .max : d
    }
}

extension Int {
    /// `self + other`, saturating at `Int.min` / `Int.max` instead of trapping.
    func clampedAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
