import GridModel
import Rasterizer

/// Drawing a plot panel one pixel column at a time, so the work is bounded by the panel's width
/// however many points a trace has: lines collect, per column, the span of every segment that
/// crosses it; markers keep one per column.
struct PlotColumns {
    /// The panel's columns, [x0, x1).
    let x0: Int
    let x1: Int

    init(_ panel: PixelRect) {
        x0 = Int(panel.x.rounded(.down))
        x1 = max(x0, Int((panel.x + panel.width).rounded(.up)))
    }

    var count: Int { x1 - x0 }

    /// The column index (0..<count) that holds pixel position `x`.
    func index(_ x: Double) -> Int? {
        guard x.isFinite else { return nil }
        let c = x.rounded(.down)
        guard c >= Double(x0), c < Double(x1) else { return nil }
        return Int(c) - x0
    }

    /// A 2-pixel polyline through `points` (pixel positions, x in increasing order; nil breaks the
    /// line). A segment going back in x is skipped, so every column is visited at most once per
    /// point plus once per column.
    func polyline(_ points: [(x: Double, y: Double)?], color: RGBA, into canvas: inout Pixmap, clip: IntRect) {
        guard count > 0 else { return }
        var spans = [(lo: Double, hi: Double)?](repeating: nil, count: count)
        func add(_ c: Int, _ a: Double, _ b: Double) {
            let lo = min(a, b)
            let hi = max(a, b)
            spans[c] = spans[c].map { (min($0.lo, lo), max($0.hi, hi)) } ?? (lo, hi)
        }
        var reached = -Double.infinity
        for (a, b) in zip(points, points.dropFirst()) {
            guard let (ax, ay) = a, let (bx, by) = b, bx >= ax, ax >= reached else { continue }
            reached = bx
            guard let first = index(max(ax, Double(x0))), let last = index(min(bx, Double(x1) - 0.5)) else {
                continue  // the segment lies outside the panel
            }
            guard first <= last else { continue }
            if bx == ax {
                add(first, ay, by)
                continue
            }
            for c in first...last {
                let left = Double(x0 + c)
                let s0 = max(ax, left)
                let s1 = min(bx, left + 1)
                add(c, ay + (by - ay) * ((s0 - ax) / (bx - ax)), ay + (by - ay) * ((s1 - ax) / (bx - ax)))
            }
        }
        for (c, span) in spans.enumerated() {
            guard let span else { continue }
            canvas.fill(
                PixelRect(x: Double(x0 + c), y: span.lo - 1, width: 1, height: span.hi - span.lo + 2), color, clip: clip
            )
        }
    }

    /// The first marker position in each column, for markers at `positions`.
    func markers(_ positions: [Double]) -> [Double] {
        var first = [Double?](repeating: nil, count: count)
        for x in positions {
            if let c = index(x), first[c] == nil { first[c] = x }
        }
        return first.compactMap { $0 }
    }
}
