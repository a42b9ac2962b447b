import GridModel
@testable import Rasterizer

extension Pixmap {
    /// The fill as it was before the span fill (per-pixel coverage arrays, `blend` on every
    /// pixel), kept verbatim as the reference the span fill must match byte for byte.
    mutating func referenceFill(_ rect: PixelRect, _ color: RGBA, clip: IntRect? = nil) {
        guard let area = clip.map({ bounds.intersection($0) }) ?? bounds else { return }
        let x0 = rect.x, x1 = rect.x + rect.width, y0 = rect.y, y1 = rect.y + rect.height
        guard color.a > 0, x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        func pixelIndex(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, -1), Double(limit) + 1)) }
        let cx0 = max(area.x, pixelIndex(x0.rounded(.down), width)), cx1 = min(area.maxX, pixelIndex(x1.rounded(.up), width))
        let cy0 = max(area.y, pixelIndex(y0.rounded(.down), height)), cy1 = min(area.maxY, pixelIndex(y1.rounded(.up), height))
        guard cx0 < cx1, cy0 < cy1 else { return }
        var columnAlpha = [UInt32](repeating: 0, count: cx1 - cx0)
        var columnCoverage = [Double](repeating: 0, count: cx1 - cx0)
        let a = Double(color.a)
        for x in cx0..<cx1 {
            let c = min(x1, Double(x + 1)) - max(x0, Double(x))
            columnCoverage[x - cx0] = c
            columnAlpha[x - cx0] = UInt32((a * c).rounded())
        }
        let width = self.width
        withUnsafeMutablePixels { buffer in
            let base = buffer.baseAddress!
            for y in cy0..<cy1 {
                let cy = min(y1, Double(y + 1)) - max(y0, Double(y))
                let row = base + (y * width + cx0) * 4
                if cy >= 1 {
                    for i in 0..<(cx1 - cx0) { Pixmap.blend(row + i * 4, color, columnAlpha[i]) }
                } else {
                    for i in 0..<(cx1 - cx0) {
                        Pixmap.blend(row + i * 4, color, UInt32((a * columnCoverage[i] * cy).rounded()))
                    }
                }
            }
        }
    }
}
