import Foundation
import GridModel
import Rasterizer

extension Pixmap {
    /// Samples per pixel side where a rounded corner's arc crosses a pixel (16 per pixel).
    static let cornerSamples = 4

    /// The straight parts of `fillRounded`'s shape, outside its `corner`-sided corner boxes: the four border bands,
    /// or the cross of a filled shape.
    mutating func fillStraightParts(_ r: PixelRect, corner k: Double, border b: Double?, _ color: RGBA, clip: PixelRect)
    {
        let x0 = r.x
        let y0 = r.y
        let x1 = r.x + r.width
        let y1 = r.y + r.height
        func band(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
            if let cut = PixelRect(x: x, y: y, width: w, height: h).intersection(clip) { fill(cut, color) }
        }
        if let b {
            band(x0 + k, y0, r.width - 2 * k, b)
            band(x0 + k, y1 - b, r.width - 2 * k, b)
            band(x0, y0 + k, b, r.height - 2 * k)
            band(x1 - b, y0 + k, b, r.height - 2 * k)
        } else {
            band(x0, y0 + k, r.width, r.height - 2 * k)
            band(x0 + k, y0, r.width - 2 * k, k)
            band(x0 + k, y1 - k, r.width - 2 * k, k)
        }
    }

    /// A rectangle with corners rounded by `radius` pixels (at most half its shorter side), filled
    /// (`border` nil) or only its border, `border` pixels wide inside it (the inner edge rounded by
    /// `radius - border`, as Core Animation draws `cornerRadius` with `borderWidth`), cut to `clip`.
    ///
    /// The straight parts are `fill`s (exact coverage); the corner boxes are blended pixel by pixel
    /// with coverage from 4×4 samples where an arc or an edge crosses the pixel (one sample elsewhere):
    /// an approximation of exact coverage to 1/16, deterministic. Where a corner box meets a straight
    /// part inside one pixel (fractional edges), the pixel is blended twice, as where a tile's border
    /// bands meet.
    mutating func fillRounded(_ r: PixelRect, radius: Double, border: Double?, _ color: RGBA, clip: PixelRect) {
        guard color.a > 0, r.width > 0, r.height > 0, radius > 0 else { return }
        let half = min(r.width, r.height) / 2
        let rad = min(radius, half)
        let b = border.map { min($0, half) }
        if let b, !(b > 0) { return }
        let k = b.map { max(rad, $0) } ?? rad  // the corner box's side
        let x0 = r.x
        let y0 = r.y
        let x1 = r.x + r.width
        let y1 = r.y + r.height
        fillStraightParts(r, corner: k, border: b, color, clip: clip)
        let inner = b.map { (width: $0, radius: max(rad - $0, 0)) }
        for (flipX, flipY) in [(false, false), (true, false), (false, true), (true, true)] {
            let box = PixelRect(x: flipX ? x1 - k : x0, y: flipY ? y1 - k : y0, width: k, height: k)
            guard let area = box.intersection(clip) else { continue }
            /// Whether a point (canvas pixels) is in the shape: u, v measure from the corner inward.
            func inside(_ px: Double, _ py: Double) -> Bool {
                guard px >= area.x, px < area.x + area.width, py >= area.y, py < area.y + area.height else {
                    return false
                }
                let u = flipX ? x1 - px : px - x0
                let v = flipY ? y1 - py : py - y0
                if u < rad && v < rad && hypot(rad - u, rad - v) > rad { return false }
                guard let inner else { return true }
                guard u >= inner.width && v >= inner.width else { return true }
                if inner.radius > 0 && u < k && v < k { return hypot(k - u, k - v) > inner.radius }
                return false
            }
            // Inside the canvas (the clip is), so the conversions cannot trap.
            let px0 = Int(area.x.rounded(.down))
            let px1 = Int((area.x + area.width).rounded(.up))
            let py0 = Int(area.y.rounded(.down))
            let py1 = Int((area.y + area.height).rounded(.up))
            let n = Pixmap.cornerSamples
            for py in py0..<py1 {
                for px in px0..<px1 {
                    let cx = Double(px) + 0.5
                    let cy = Double(py) + 0.5
                    let u = flipX ? x1 - cx : cx - x0
                    let v = flipY ? y1 - cy : cy - y0
                    // One sample when no edge or arc comes within the pixel's half-diagonal.
                    let whole =
                        Double(px) >= area.x && Double(px + 1) <= area.x + area.width
                        && Double(py) >= area.y && Double(py + 1) <= area.y + area.height
                    var near = abs(hypot(rad - u, rad - v) - rad) <= 0.75
                    if let inner {
                        near =
                            near || abs(u - inner.width) <= 0.75 || abs(v - inner.width) <= 0.75
                            || abs(hypot(k - u, k - v) - inner.radius) <= 0.75
                    }
                    var alpha: Double
                    if whole && !near {
                        alpha = inside(cx, cy) ? 1 : 0
                    } else {
                        var hits = 0
                        for sy in 0..<n {
                            for sx in 0..<n
                            where inside(
                                Double(px) + (Double(sx) + 0.5) / Double(n),
                                Double(py) + (Double(sy) + 0.5) / Double(n))
                            {
                                hits += 1
                            }
                        }
                        alpha = Double(hits) / Double(n * n)
                    }
                    alpha = (Double(color.a) * alpha).rounded()
                    guard alpha > 0 else { continue }
                    fill(
                        PixelRect(x: Double(px), y: Double(py), width: 1, height: 1),
                        RGBA(color.r, color.g, color.b, UInt8(alpha)))
                }
            }
        }
    }
}
