/// A point or a velocity in points (per second), x to the right and y down.
public struct Vector: Sendable, Equatable {
    /// The horizontal component.
    public var x: Double
    /// The vertical component.
    public var y: Double
    /// A vector of `x` and `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// (0, 0).
    public static let zero = Vector(x: 0, y: 0)
}

/// A size in points.
public struct Size: Sendable, Equatable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// This size in points as whole device pixels at `scale`, rounded as frames are (0 for NaN or a negative
    /// size, at most 2^62).
    ///
    /// ```swift
    /// Size(width: 390, height: 844).devicePixels(scale: 3)   // (1170, 2532)
    /// ```
    public func devicePixels(scale: Int) -> (width: Int, height: Int) {
        (GridModel.devicePixels(width, scale: scale), GridModel.devicePixels(height, scale: scale))
    }
}

/// A tile coordinate. Exact anywhere in ±2^53.
public struct TileCoordinate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The column.
    public var x: Int64
    /// The row.
    public var y: Int64
    /// The tile at column `x`, row `y`.
    public init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }
    /// Tile (0, 0).
    public static let zero = TileCoordinate(x: 0, y: 0)
    /// Row-major order: the order tiles are created, drawn and listed in.
    public static func < (a: TileCoordinate, b: TileCoordinate) -> Bool { a.y != b.y ? a.y < b.y : a.x < b.x }
    /// "(x, y)", as the labels write it in the plain format.
    public var description: String { "(\(x), \(y))" }
}
