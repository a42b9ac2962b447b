import Foundation
import GridTools

/// Coverage: the band content covers in the first frame, and how much of it stays uncovered.
extension ScreenContentVerifier {
    /// The first frame's band and its uncovered area.
    struct CoverageBaseline: Sendable {
        /// Window points: the covered extent across the moving axes, the viewport's along them.
        var band: CGRect
        /// Square points of the band no item covered in the first frame.
        var uncovered: Double
        /// Uncovered square points more than `uncovered` that fail a frame: max(1 pt × the band's length along
        /// the scroll, 0.5 % of the band's area).
        var allowance: Double
    }

    /// The union of `rects` inside `band`, exactly (coordinate compression: every rectangle's edges cut the band
    /// into cells, a 2-D difference array counts the rectangles over each cell): the covered area and the
    /// bounding box of the uncovered cells. Nil when the cells number more than `maxCoverageCells`.
    static func union(of rects: [CGRect], in band: CGRect) -> (covered: Double, blank: CGRect?)? {
        func snap(_ v: CGFloat) -> Double { (Double(v) * 4096).rounded() / 4096 }
        let clipped = rects.map { $0.intersection(band) }.filter { !$0.isNull && $0.width > 0 && $0.height > 0 }
        var xs = Set([snap(band.minX), snap(band.maxX)])
        var ys = Set([snap(band.minY), snap(band.maxY)])
        for r in clipped {
            xs.insert(snap(r.minX))
            xs.insert(snap(r.maxX))
            ys.insert(snap(r.minY))
            ys.insert(snap(r.maxY))
        }
        let ex = xs.sorted()
        let ey = ys.sorted()
        let nx = ex.count - 1
        let ny = ey.count - 1
        guard nx > 0, ny > 0, nx * ny <= maxCoverageCells else { return nx > 0 && ny > 0 ? nil : (0, nil) }
        let ix = Dictionary(uniqueKeysWithValues: ex.enumerated().map { ($1, $0) })
        let iy = Dictionary(uniqueKeysWithValues: ey.enumerated().map { ($1, $0) })
        let stride = ny + 1
        var count = [Int32](repeating: 0, count: (nx + 1) * stride)
        for r in clipped {
            guard let x0 = ix[snap(r.minX)], let x1 = ix[snap(r.maxX)], let y0 = iy[snap(r.minY)],
                let y1 = iy[snap(r.maxY)]
            else { continue }
            count[x0 * stride + y0] += 1
            count[x1 * stride + y0] -= 1
            count[x0 * stride + y1] -= 1
            count[x1 * stride + y1] += 1
        }
        var covered = 0.0
        var box: (Int, Int, Int, Int)?
        for i in 0..<nx {
            for j in 0..<ny {
                var c = count[i * stride + j]
                if i > 0 { c += count[(i - 1) * stride + j] }
                if j > 0 { c += count[i * stride + j - 1] }
                if i > 0, j > 0 { c -= count[(i - 1) * stride + j - 1] }
                count[i * stride + j] = c
                if c > 0 {
                    covered += (ex[i + 1] - ex[i]) * (ey[j + 1] - ey[j])
                } else if let b = box {
                    box = (min(b.0, i), min(b.1, j), max(b.2, i), max(b.3, j))
                } else {
                    box = (i, j, i, j)
                }
            }
        }
        let blank = box.map {
            CGRect(x: ex[$0.0], y: ey[$0.1], width: ex[$0.2 + 1] - ex[$0.0], height: ey[$0.3 + 1] - ey[$0.1])
        }
        return (covered, blank)
    }

    /// Fixes the band at the first frame with content, then fails a frame whose band is uncovered by more than
    /// the first frame's plus the allowance.
    mutating func checkCoverage(_ frame: ScreenFrame) {
        let rects = frame.items.map { $0.visible(in: frame.viewport) }
        guard let baseline = coverage else {
            let covered = rects.filter { !$0.isNull && $0.width > 0 && $0.height > 0 }
            guard let first = covered.first else { return }
            let extent = covered.dropFirst().reduce(first) { $0.union($1) }
            let v = frame.viewport
            let band = CGRect(
                x: scrollsHorizontally ? v.minX : extent.minX,
                y: scrollsVertically ? v.minY : extent.minY,
                width: scrollsHorizontally ? v.width : extent.width,
                height: scrollsVertically ? v.height : extent.height)
            guard let u = Self.union(of: rects, in: band) else {
                report.coverageSkipped += 1
                return
            }
            let length =
                scrollsHorizontally == scrollsVertically
                ? max(band.width, band.height)
                : (scrollsHorizontally ? band.width : band.height)
            let area = Double(band.width * band.height)
            coverage = CoverageBaseline(
                band: band, uncovered: area - u.covered,
                allowance: max(Double(length), 0.005 * area))
            return
        }
        // Only where there is content: pulled past an edge (a bounce, a pull to refresh), the band's part beyond
        // the content's edge shows the background in UIKit too.
        let band = frame.content.isNull ? baseline.band : baseline.band.intersection(frame.content)
        guard !band.isNull, band.width > 0, band.height > 0 else { return }
        guard let u = Self.union(of: rects, in: band) else {
            report.coverageSkipped += 1
            return
        }
        let uncovered = Double(band.width * band.height) - u.covered
        guard uncovered - baseline.uncovered > baseline.allowance, let blank = u.blank else { return }
        let grown = uncovered - baseline.uncovered
        let box =
            "x \(Self.text(Double(blank.minX)))..<\(Self.text(Double(blank.maxX))), "
            + "y \(Self.text(Double(blank.minY)))..<\(Self.text(Double(blank.maxY)))"
        let finding = PatternFinding(
            pattern: .blankTiles, frame: frame.index,
            expected: "at most \(Self.text(baseline.uncovered)) pt² blank in the band "
                + "(the first frame's)",
            actual: "\(Self.text(uncovered)) pt² blank in \(box)")
        add(
            .init(
                kind: .coverage, frame: frame.index, pattern: finding,
                detail: "a blank of \(Self.text(grown)) pt² opens in the content's band, within \(box) "
                    + "(\(Self.text(uncovered)) pt² uncovered, \(Self.text(baseline.uncovered)) at the start)"),
            merging: true)
    }
}
