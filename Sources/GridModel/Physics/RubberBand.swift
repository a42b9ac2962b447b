/// UIScrollView's rubber band: content dragged x points past an edge moves b = (1 − 1/(x·c/d + 1))·d,
/// where d is the viewport's dimension on that axis. The band, its slope and its inverse live here
/// side by side, with the constant named once.
enum RubberBand {
    /// UIScrollView's coefficient c.
    static let coefficient = 0.55

    /// How far the content moves for a finger `x` points past the edge.
    static func offset(_ x: Double, dimension d: Double) -> Double {
        (1 - 1 / (x * coefficient / d + 1)) * d
    }

    /// db/dx, the ratio of content speed to finger speed past an edge.
    static func slope(_ x: Double, dimension d: Double) -> Double {
        let q = x * coefficient / d + 1
        return coefficient / (q * q)
    }

    /// The finger distance past the edge that moves the content `b` points (the inverse of
    /// `offset`); `b` is kept just under `d`, which the band only approaches.
    static func finger(_ b: Double, dimension d: Double) -> Double {
        let band = min(b, d * 0.999)
        return (d / coefficient) * (1 / (1 - band / d) - 1)
    }
}
