import Foundation
import GridModel
public import Rasterizer

public struct PlotOptions: Sendable {
    public var width = 1200
    public var height = 900
    public init() {}
}

/// A PNG chart of a trace: content offset x/y with recenter and event markers, velocity x/y, and
/// live and pooled tiles, each panel with axes, ticks, labels and a legend.
public enum TracePlot {
    struct Series {
        var name: String
        var color: RGBA
        var points: [(Double, Double)]
    }

    public static func render(_ frames: [TraceFrame], options: PlotOptions, font: FontRenderer, title: String) throws -> Canvas {
        guard frames.count >= 2 else { throw DiffInputError(message: "a plot needs at least two trace frames") }
        var canvas = try Canvas(width: options.width, height: options.height, fill: RGBA(255, 255, 255))
        let times = frames.map(\.t)
        // Velocity from consecutive offsets, with each frame's recenter shift taken out.
        var vx: [(Double, Double)] = [], vy: [(Double, Double)] = []
        for (a, b) in zip(frames, frames.dropFirst()) where b.t > a.t {
            let dt = b.t - a.t
            vx.append((b.t, (b.offsetX - (b.recenterX ?? 0) - a.offsetX) / dt))
            vy.append((b.t, (b.offsetY - (b.recenterY ?? 0) - a.offsetY) / dt))
        }
        let blue = RGBA(31, 119, 180), orange = RGBA(255, 127, 14), green = RGBA(44, 160, 44), grey = RGBA(120, 120, 120)
        let panels: [(String, [Series])] = [
            ("content offset (pt)", [Series(name: "x", color: blue, points: frames.map { ($0.t, $0.offsetX) }),
                                     Series(name: "y", color: orange, points: frames.map { ($0.t, $0.offsetY) })]),
            ("velocity (pt/s, recenters removed)", [Series(name: "vx", color: blue, points: vx), Series(name: "vy", color: orange, points: vy)]),
            ("tiles", [Series(name: "live", color: green, points: frames.map { ($0.t, Double($0.live)) }),
                       Series(name: "pool", color: grey, points: frames.map { ($0.t, Double($0.pool)) })]),
        ]
        let titleLine = font.layout(title, pixelSize: 16)
        canvas.draw(titleLine, x: 16, baseline: 24, color: RGBA(0, 0, 0), clip: canvas.bounds)
        let top = 36.0, bottomMargin = 40.0, left = 80.0, right = 20.0, spacing = 30.0
        let panelHeight = (Double(options.height) - top - bottomMargin - spacing * 2) / 3
        let t0 = times.first!, t1 = max(times.last!, t0 + 1e-9)
        for (i, panel) in panels.enumerated() {
            let frame = PixelRect(x: left, y: top + Double(i) * (panelHeight + spacing), width: Double(options.width) - left - right, height: panelHeight)
            let values = panel.1.flatMap { $0.points.map(\.1) }
            var lo = values.min() ?? 0, hi = values.max() ?? 1
            if hi - lo < 1e-9 { lo -= 1; hi += 1 }
            let pad = (hi - lo) * 0.05
            lo -= pad; hi += pad
            func px(_ t: Double) -> Double { frame.x + (t - t0) / (t1 - t0) * frame.width }
            func py(_ v: Double) -> Double { frame.y + frame.height - (v - lo) / (hi - lo) * frame.height }
            canvas.fill(frame, RGBA(248, 248, 248))
            // Grid lines, ticks and labels.
            for v in ticks(lo, hi) {
                canvas.fill(PixelRect(x: frame.x, y: py(v), width: frame.width, height: 1), RGBA(225, 225, 225))
                let label = font.layout(format(v), pixelSize: 11)
                canvas.draw(label, x: Int(frame.x) - 6 - label.width, baseline: Int(py(v)) + 4, color: RGBA(60, 60, 60), clip: canvas.bounds)
            }
            for t in ticks(t0, t1) {
                canvas.fill(PixelRect(x: px(t), y: frame.y, width: 1, height: frame.height), RGBA(225, 225, 225))
                if i == panels.count - 1 {
                    let label = font.layout(format(t) + " s", pixelSize: 11)
                    canvas.draw(label, x: Int(px(t)) - label.width / 2, baseline: Int(frame.y + frame.height) + 16, color: RGBA(60, 60, 60), clip: canvas.bounds)
                }
            }
            // Recenters (red) and gesture events (ticks along the top) on every panel.
            for f in frames where f.recenterX != nil {
                var y = frame.y
                while y < frame.y + frame.height { canvas.fill(PixelRect(x: px(f.t), y: y, width: 1.5, height: 4), RGBA(220, 30, 30)); y += 8 }
            }
            if i == 0 {
                for f in frames {
                    for e in f.events {
                        let color: RGBA
                        switch e {
                        case "willBeginDragging": color = RGBA(31, 119, 180)
                        case "didEndDragging": color = RGBA(255, 127, 14)
                        case "didEndDecelerating": color = RGBA(44, 160, 44)
                        case "didEndScrollingAnimation": color = RGBA(148, 103, 189)
                        case "loopJump", "pageChanged", "jump", "resize", "cancel": color = RGBA(90, 90, 90)
                        default: continue
                        }
                        canvas.fill(PixelRect(x: px(f.t) - 1.5, y: frame.y, width: 3, height: 8), color)
                    }
                }
            }
            for series in panel.1 { polyline(series.points.map { (px($0.0), py($0.1)) }, color: series.color, into: &canvas, clip: frame) }
            // Axes.
            canvas.fill(PixelRect(x: frame.x, y: frame.y + frame.height, width: frame.width, height: 1), RGBA(0, 0, 0))
            canvas.fill(PixelRect(x: frame.x - 1, y: frame.y, width: 1, height: frame.height), RGBA(0, 0, 0))
            let heading = font.layout(panel.0, pixelSize: 12)
            canvas.draw(heading, x: Int(frame.x) + 6, baseline: Int(frame.y) + 22, color: RGBA(0, 0, 0), clip: canvas.bounds)
            // Legend.
            var names = panel.1.map { ($0.name, $0.color) }
            if frames.contains(where: { $0.recenterX != nil }) { names.append(("recenter", RGBA(220, 30, 30))) }
            var lx = Int(frame.x + frame.width) - 10
            for (name, color) in names.reversed() {
                let label = font.layout(name, pixelSize: 11)
                lx -= label.width
                canvas.draw(label, x: lx, baseline: Int(frame.y) + 20, color: RGBA(30, 30, 30), clip: canvas.bounds)
                lx -= 20
                canvas.fill(PixelRect(x: Double(lx), y: frame.y + 13, width: 14, height: 3), color)
                lx -= 12
            }
        }
        if frames.contains(where: { !$0.events.isEmpty }) {
            let key = font.layout("event ticks: blue drag begins, orange drag ends, green deceleration ends, purple animation ends, grey jumps/pages", pixelSize: 10)
            canvas.draw(key, x: Int(left), baseline: options.height - 8, color: RGBA(90, 90, 90), clip: canvas.bounds)
        }
        return canvas
    }

    /// "Nice" tick values (1, 2, 5 × 10^k) covering [lo, hi].
    static func ticks(_ lo: Double, _ hi: Double) -> [Double] {
        let raw = (hi - lo) / 6
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var v = ceil(lo / step) * step
        var out: [Double] = []
        while v <= hi && out.count < 20 { out.append(v); v += step }
        return out
    }

    static func format(_ v: Double) -> String {
        if abs(v) < 1e-9 { return "0" }
        if abs(v) >= 10000 { return String(format: "%.0fk", v / 1000) }
        if v == v.rounded() { return String(format: "%.0f", v) }
        return String(format: "%.2g", v)
    }

    /// A 2-pixel polyline for time series (x increasing): each pixel column gets the span the
    /// segment crosses in it.
    static func polyline(_ points: [(Double, Double)], color: RGBA, into canvas: inout Canvas, clip: PixelRect) {
        let area = ClipRect(x0: Int(clip.x), y0: Int(clip.y), x1: Int(clip.x + clip.width), y1: Int(clip.y + clip.height))
        for (a, b) in zip(points, points.dropFirst()) {
            let (x0, y0) = a, (x1, y1) = b
            guard x1 >= x0 else { continue }
            var c = floor(x0)
            repeat {
                let s0 = max(x0, c), s1 = min(x1, c + 1)
                func y(_ x: Double) -> Double { x1 == x0 ? y1 : y0 + (y1 - y0) * (x - x0) / (x1 - x0) }
                let ya = y(s0), yb = y(s1)
                canvas.fill(PixelRect(x: c, y: min(ya, yb) - 1, width: 1, height: abs(yb - ya) + 2), color, clip: area)
                c += 1
            } while c < x1
        }
    }
}
