public import GridModel
public import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of a `TracePlot` chart.
///
/// ```swift
/// let options = PlotOptions(width: 1600, height: 1000)
/// ```
public struct PlotOptions: Sendable, Equatable {
    /// The sizes a plot may have, in pixels per side: below 200 the panels do not fit.
    public static let sizes = 200...8000

    /// Width in pixels, in `sizes`.
    public var width: Int
    /// Height in pixels, in `sizes`.
    public var height: Int

    /// A chart of `width` × `height` pixels (checked when it is drawn).
    public init(width: Int = 1200, height: Int = 900) {
        self.width = width
        self.height = height
    }

    func validate() throws(ToolError) {
        try ToolError.check(width, in: Self.sizes, "PlotOptions.width")
        try ToolError.check(height, in: Self.sizes, "PlotOptions.height")
    }
}

/// A PNG chart of a trace: content offset x/y with recenter and event markers, velocity x/y, and
/// live and pooled tiles, each panel with axes, ticks, labels and a legend.
///
/// Any frames give a chart in time bounded by their number plus the canvas size: frames are put in
/// time order, values that are not finite leave a gap, and lines and markers are drawn one pixel
/// column at a time.
public enum TracePlot {
    struct Series {
        var name: String
        var color: RGBA
        /// (t, value); a value that is not finite breaks the line.
        var points: [(Double, Double)]
    }

    /// Longest title drawn, in characters.
    static let maxTitleCharacters = 160

    static let eventColors: [(names: Set<ScrollEvent.Kind>, color: RGBA)] = [
        ([.willBeginDragging], RGBA(31, 119, 180)), ([.didEndDragging], RGBA(255, 127, 14)),
        ([.didEndDecelerating], RGBA(44, 160, 44)), ([.didEndScrollingAnimation], RGBA(148, 103, 189)),
        ([.loopJump, .pageChanged, .jump, .resize, .cancel], RGBA(90, 90, 90)),
    ]

    /// The series of a panel left out of its scale: a constant one far outside the moving ones' range
    /// (a cross axis resting at 49,843 pt while x moves around 8,000 would flatten x to a line). The
    /// legend names its value instead.
    ///
    /// ```swift
    /// TracePlot.offScale([x8000to8400, yAt49843])  // [1]
    /// ```
    static func offScale(_ series: [Series]) -> Set<Int> {
        func range(_ s: Series) -> (lo: Double, hi: Double)? {
            let values = s.points.map(\.1).filter(\.isFinite)
            guard let lo = values.min(), let hi = values.max() else { return nil }
            return (lo, hi)
        }
        let ranges = series.map(range)
        let moving = ranges.compactMap { $0 }.filter { $0.hi > $0.lo }
        guard let lo = moving.map(\.lo).min(), let hi = moving.map(\.hi).max() else { return [] }
        let span = hi - lo
        return Set(
            ranges.indices.filter { k in
                guard let r = ranges[k], r.hi == r.lo else { return false }
                return r.lo < lo - span || r.lo > hi + span
            })
    }

    /// Plots offset, velocity and tiles over time, one panel each, with recenters and events marked.
    ///
    /// ```swift
    /// let frames = try TraceReader.read("output/drag/trace.jsonl")
    /// let plot = try TracePlot.render(frames, options: PlotOptions(), font: font, title: "drag")
    /// ```
    /// - Throws: `ToolError` for options out of range or fewer than two frames with a finite time.
    public static func render(
        _ frames: [TraceFrame], options: PlotOptions, font: FontRenderer, title: String
    ) throws -> Pixmap {
        try options.validate()
        let frames = frames.filter { $0.t.isFinite }.sorted { ($0.t, $0.frame) < ($1.t, $1.frame) }
        guard frames.count >= 2 else {
            throw ToolError(
                .invalidInput, "a plot needs at least two trace frames with a finite time, not \(frames.count)")
        }
        var canvas = try Pixmap(width: options.width, height: options.height, fill: RGBA(255, 255, 255))
        // Velocity from consecutive offsets, with each frame's recenter shift taken out.
        var vx: [(Double, Double)] = []
        var vy: [(Double, Double)] = []
        for (a, b) in zip(frames, frames.dropFirst()) where b.t > a.t {
            let dt = b.t - a.t
            vx.append((b.t, (b.offsetX - (b.recenterX ?? 0) - a.offsetX) / dt))
            vy.append((b.t, (b.offsetY - (b.recenterY ?? 0) - a.offsetY) / dt))
        }
        let blue = RGBA(31, 119, 180)
        let orange = RGBA(255, 127, 14)
        let green = RGBA(44, 160, 44)
        let grey = RGBA(120, 120, 120)
        let panels: [(String, [Series])] = [
            (
                "content offset (pt)",
                [
                    Series(name: "x", color: blue, points: frames.map { ($0.t, $0.offsetX) }),
                    Series(name: "y", color: orange, points: frames.map { ($0.t, $0.offsetY) }),
                ]
            ),
            (
                "velocity (pt/s, recenters removed)",
                [Series(name: "vx", color: blue, points: vx), Series(name: "vy", color: orange, points: vy)]
            ),
            (
                "tiles",
                [
                    Series(name: "live", color: green, points: frames.map { ($0.t, Double($0.live)) }),
                    Series(name: "pool", color: grey, points: frames.map { ($0.t, Double($0.pool)) }),
                ]
            ),
        ]
        let shownTitle = title.count > maxTitleCharacters ? String(title.prefix(maxTitleCharacters - 1)) + "…" : title
        canvas.draw(
            font.layout(shownTitle, pixelSize: 16), x: 16, baseline: 24, color: RGBA(0, 0, 0), clip: canvas.bounds)
        let top = 36.0
        let bottomMargin = 40.0
        let left = 80.0
        let right = 20.0
        let spacing = 30.0
        let panelHeight = (Double(options.height) - top - bottomMargin - spacing * 2) / 3
        let recenterTimes = frames.filter { $0.recenterX != nil }.map(\.t)
        for (i, panel) in panels.enumerated() {
            let frame = PixelRect(
                x: left, y: top + Double(i) * (panelHeight + spacing), width: Double(options.width) - left - right,
                height: panelHeight)
            drawPanel(
                panel, index: i, last: i == panels.count - 1, frame: frame, frames: frames,
                recenterTimes: recenterTimes, font: font, into: &canvas)
        }
        if frames.contains(where: { !$0.events.isEmpty }) {
            let key = font.layout(
                "event ticks: blue drag begins, orange drag ends, green deceleration ends, purple animation ends, grey jumps/pages",
                pixelSize: 10)
            canvas.draw(key, x: Int(left), baseline: options.height - 8, color: RGBA(90, 90, 90), clip: canvas.bounds)
        }
        return canvas
    }

    /// One panel of the plot: its grid, recenter dashes, event ticks (on the first), series, axes, title and legend.
    static func drawPanel(
        _ panel: (String, [Series]), index i: Int, last: Bool, frame: PixelRect, frames: [TraceFrame],
        recenterTimes: [Double], font: FontRenderer, into canvas: inout Pixmap
    ) {
        let hasRecenters = !recenterTimes.isEmpty
        let time = PlotScale(
            lo: frames.first!.t, hi: max(frames.last!.t, frames.first!.t.nextUp), start: frame.x,
            length: frame.width)
        let hidden = offScale(panel.1)
        let value = PlotScale(
            values: panel.1.indices.filter { !hidden.contains($0) }.flatMap { panel.1[$0].points.map(\.1) },
            padding: 0.05,
            start: frame.y + frame.height, length: -frame.height)
        let columns = PlotColumns(frame)
        let area = IntRect(
            minX: Int(frame.x), minY: Int(frame.y), maxX: Int(frame.x + frame.width),
            maxY: Int(frame.y + frame.height))
        canvas.fill(frame, RGBA(248, 248, 248))
        drawGrid(
            value: value, time: time, frame: frame, timeLabels: last, font: font, into: &canvas)
        // Recenters (red dashes) on every panel, gesture events (ticks along the top) on the first.
        for x in columns.markers(recenterTimes.compactMap(time.position)) {
            var y = frame.y
            while y < frame.y + frame.height {
                canvas.fill(PixelRect(x: x, y: y, width: 1.5, height: 4), RGBA(220, 30, 30))
                y += 8
            }
        }
        if i == 0 {
            for (names, color) in eventColors {
                let times = frames.filter { $0.events.contains(where: names.contains) }.compactMap {
                    time.position($0.t)
                }
                for x in columns.markers(times) {
                    canvas.fill(PixelRect(x: x - 1.5, y: frame.y, width: 3, height: 8), color)
                }
            }
        }
        for (k, series) in panel.1.enumerated() where !hidden.contains(k) {
            let points = series.points.map { p in
                time.position(p.0).flatMap { x in value.position(p.1).map { (x: x, y: $0) } }
            }
            columns.polyline(points, color: series.color, into: &canvas, clip: area)
        }
        // Axes.
        canvas.fill(PixelRect(x: frame.x, y: frame.y + frame.height, width: frame.width, height: 1), RGBA(0, 0, 0))
        canvas.fill(PixelRect(x: frame.x - 1, y: frame.y, width: 1, height: frame.height), RGBA(0, 0, 0))
        canvas.draw(
            font.layout(panel.0, pixelSize: 12), x: Int(frame.x) + 6, baseline: Int(frame.y) + 22,
            color: RGBA(0, 0, 0), clip: canvas.bounds)
        // Legend.
        var names = panel.1.enumerated().map { k, series in
            (
                hidden.contains(k)
                    ? "\(series.name) \(num(series.points.first?.1 ?? 0)) (constant, not drawn)" : series.name,
                series.color
            )
        }
        if hasRecenters { names.append(("recenter", RGBA(220, 30, 30))) }
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

    /// Grid lines with value labels on the left and, on the last panel, time labels below.
    static func drawGrid(
        value: PlotScale, time: PlotScale, frame: PixelRect, timeLabels: Bool, font: FontRenderer,
        into canvas: inout Pixmap
    ) {
        let ticks = PlotScale.ticks(value.lo, value.hi)
        for (v, text) in zip(ticks, PlotScale.labels(ticks)) {
            guard let y = value.position(v) else { continue }
            canvas.fill(PixelRect(x: frame.x, y: y, width: frame.width, height: 1), RGBA(225, 225, 225))
            let label = font.layout(text, pixelSize: 11)
            canvas.draw(
                label, x: Int(frame.x) - 6 - label.width, baseline: Int(y) + 4, color: RGBA(60, 60, 60),
                clip: canvas.bounds)
        }
        for t in PlotScale.ticks(time.lo, time.hi) {
            guard let x = time.position(t) else { continue }
            canvas.fill(PixelRect(x: x, y: frame.y, width: 1, height: frame.height), RGBA(225, 225, 225))
            if timeLabels {
                let label = font.layout(PlotScale.format(t) + " s", pixelSize: 11)
                canvas.draw(
                    label, x: Int(x) - label.width / 2, baseline: Int(frame.y + frame.height) + 16,
                    color: RGBA(60, 60, 60), clip: canvas.bounds)
            }
        }
    }
}
