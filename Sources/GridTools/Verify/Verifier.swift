public import GridModel
public import Rasterizer

/// What `verify` found.
public struct VerifyReport: Sendable {
    /// One check that failed, on one frame or a run of frames.
    public struct Failure: Sendable {
        /// Which check: pixels against the reference, viewport coverage, the kept set, the live-tile bound,
        /// or one of the pattern invariants (`PatternMonitor`).
        public enum Kind: String, Sendable { case pixels, coverage, keptSet, liveBound, pattern }
        /// Which check failed.
        public internal(set) var kind: Kind
        /// The (first) frame that failed.
        public internal(set) var frame: Int
        /// One line saying what was found.
        public internal(set) var detail: String
        /// The last frame of a run of consecutive frames that failed in exactly the same way
        /// (`frame` is the first); nil for a single frame.
        public internal(set) var throughFrame: Int?
        /// For pixel and coverage failures: the differing (or uncovered) pixels.
        public internal(set) var pixels = 0
        /// For pixel and coverage failures: the bounding box of those pixels, in device pixels.
        public internal(set) var box: IntRect?
        /// The pattern this failure is (pattern checks, coverage as pattern 3, pixels on a loop as
        /// pattern 1, or 11 while an animated scroll rewinds across it, or far from the origin as pattern 8),
        /// with the quantity expected and shown.
        public internal(set) var finding: PatternFinding?

        /// The failure's name: the pattern's (`multi-page-flick`), `recenter-visible` for pixels that
        /// differ at a recenter, else nil.
        public var name: String? {
            if let finding { return finding.pattern.name }
            return recenter ? "recenter-visible" : nil
        }
        /// True for a pixel failure on a frame that recentered: the recenter is visible.
        public internal(set) var recenter = false
    }

    /// Frames simulated.
    public internal(set) var frames = 0
    /// Frames compared with the reference (all of them until a content edge, without `strictEdges`).
    public internal(set) var comparedFrames = 0
    /// Recenters in all frames.
    public internal(set) var recenters = 0
    /// Frames with at least one recenter.
    public internal(set) var recenterFrames = 0
    /// Tile reuses over the whole run.
    public internal(set) var tilesReused = 0
    /// Tile objects created over the whole run.
    public internal(set) var tilesCreated = 0
    /// Frames where a content edge stopped the scroll.
    public internal(set) var edgeHitFrames = 0
    /// The first frame where a content edge stopped the scroll; the reference comparison ends there.
    public internal(set) var firstEdgeFrame: Int?
    /// The first frame the reference plane does not have: its timeline ended sooner (a `wait until idle`
    /// that ended sooner there than in a naive scroll); the reference comparison ends there too.
    public internal(set) var referenceEndFrame: Int?
    /// The most tiles live in one frame, layer tiles included.
    public internal(set) var maxLiveTiles = 0
    /// The bound live tiles must stay under (nil when it does not apply, as in the pager).
    public internal(set) var liveTileBound: Int?
    /// The failures, at most `Verifier.maxReportedFailures`, runs of identical ones merged.
    public internal(set) var failures: [Failure] = []
    /// The first failure of each pattern, in the order found: verify's pattern lines.
    public internal(set) var patterns: [PatternFinding] = []
    /// Whether every check passed.
    public var passed: Bool { failures.isEmpty }
}

/// Renders a scenario and its ideal reference plane in memory, frame by frame, and checks that
/// every frame matches the reference pixel for pixel (until a content edge is reached), that an
/// infinite grid covers every viewport pixel, that no tile lies outside the kept set, that
/// live tiles stay within the bound for the viewport, tile size and buffer, and the pattern
/// invariants of `PatternMonitor`; failures that are one of the twelve patterns carry a
/// `PatternFinding` and are listed once per pattern in `VerifyReport.patterns`.
public enum Verifier {
    /// The most failures a report lists.
    public static let maxReportedFailures = 20

    /// Runs `scenario` and its ideal reference plane (the same scenario with `reference: true`)
    /// and checks every frame; `strictEdges` keeps comparing pixels past the first content edge.
    ///
    /// ```swift
    /// let loaded = try ScenarioFile.load(path: "Scenarios/drag-atRest.json", needsFont: true)
    /// let report = try Verifier.verify(loaded.scenario, font: loaded.font!)
    /// print(report.passed, report.failures.first?.detail ?? "ok")
    /// ```
    /// - Throws: `ScenarioError` when the scenario does not validate within `limits` or cannot be
    ///   simulated; `RasterError` when a frame cannot be drawn.
    public static func verify(
        _ scenario: Scenario, font: FontRenderer, strictEdges: Bool = false,
        limits: Limits = Limits()
    ) throws -> VerifyReport {
        try verify(
            scenario, font: font, strategy: Simulation(scenario: scenario, limits: limits),
            reference: Simulation(scenario: scenario, reference: true, limits: limits), strictEdges: strictEdges)
    }

    /// Checks the frames of `strategy` against those of `reference`, two simulations of
    /// `scenario` made by the caller (with raised limits, or a reference of another strategy).
    ///
    /// ```swift
    /// let report = try Verifier.verify(scenario, font: font, strategy: Simulation(scenario: scenario),
    ///                                  reference: Simulation(scenario: scenario, reference: true))
    /// ```
    /// - Throws: `ScenarioError` when a simulation cannot continue; `RasterError` when a frame
    ///   cannot be drawn.
    public static func verify(
        _ scenario: Scenario, font: FontRenderer, strategy: Simulation, reference: Simulation,
        strictEdges: Bool = false
    ) throws -> VerifyReport {
        var strategy = strategy
        var reference = reference
        var run = VerifyRun(scenario: scenario, strictEdges: strictEdges)
        let renderer = FrameRenderer(scenario: scenario, font: font)
        var a = try renderer.makeCanvas()
        var b = try renderer.makeCanvas()
        while let frame = try strategy.next() {
            let ideal = try reference.next()
            run.count(frame, ideal: ideal)
            run.checkInvariants(frame, kept: strategy.keptRange)
            run.checkCoverage(frame, ideal: ideal)
            run.observePatterns(frame, ideal: ideal)
            guard run.comparing, let ideal else { continue }
            try run.comparePixels(frame, ideal, renderer: renderer, a: &a, b: &b)
        }
        return run.finish()
    }

    /// Whether `frame` draws a tile whose item lies outside [0, N) on a finite or looping axis (pattern 5).
    ///
    /// ```swift
    /// Verifier.drawsItemOutOfRange(frame, PatternFacts(scenario))  // true for item -1 of 5
    /// ```
    static func drawsItemOutOfRange(_ frame: FrameState, _ facts: PatternFacts) -> Bool {
        PatternMonitor.firstItemOutOfRange(frame, facts) != nil
    }

    /// The part of the viewport no tile covers, if any: its area in device pixels (partly covered
    /// pixels count by their uncovered fraction, rounded up), the bounding box (x, y, width, height)
    /// of the uncovered pixels, and a sentence for the report. Exact for tiles at any positions: the
    /// viewport is cut along every tile edge and each cell is covered or not.
    static func uncoveredArea(_ frame: FrameState) -> (pixels: Int, box: (Int, Int, Int, Int), detail: String)? {
        let w = Double(frame.pixelWidth)
        let h = Double(frame.pixelHeight)
        guard w > 0, h > 0 else { return nil }
        let rects: [PixelRect] = frame.tiles.map(\.pixelRect).filter { (r: PixelRect) -> Bool in
            let inX = r.x < w && r.x + r.width > 0
            return inX && r.y < h && r.y + r.height > 0
        }
        // Edges snap to 1/4096 pixel: a tile's right edge computed as x + width and its
        // neighbour's x may differ in the last bits of a Double, which is no gap.
        func snap(_ v: Double) -> Double { (v * 4096).rounded() / 4096 }
        func edges(_ spans: [(Double, Double)], _ limit: Double) -> [Double] {
            var all: Set<Double> = [0, limit]
            for (start, length) in spans {
                all.insert(min(max(snap(start), 0), limit))
                all.insert(min(max(snap(start + length), 0), limit))
            }
            return all.sorted()
        }
        let xs = edges(rects.map { ($0.x, $0.width) }, w)
        let ys = edges(rects.map { ($0.y, $0.height) }, h)
        func index(_ edges: [Double], _ v: Double) -> Int {
            var lo = 0
            var hi = edges.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if edges[mid] < v { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let columns = xs.count - 1
        let rows = ys.count - 1
        var covered = [Bool](repeating: false, count: columns * rows)
        for r in rects {
            let x0 = index(xs, max(snap(r.x), 0))
            let x1 = index(xs, min(snap(r.x + r.width), w))
            let y0 = index(ys, max(snap(r.y), 0))
            let y1 = index(ys, min(snap(r.y + r.height), h))
            for row in y0..<y1 { for column in x0..<x1 { covered[row * columns + column] = true } }
        }
        var area = 0.0
        var minX = w
        var minY = h
        var maxX = 0.0
        var maxY = 0.0
        for row in 0..<rows {
            for column in 0..<columns where !covered[row * columns + column] {
                area += (xs[column + 1] - xs[column]) * (ys[row + 1] - ys[row])
                minX = min(minX, xs[column])
                maxX = max(maxX, xs[column + 1])
                minY = min(minY, ys[row])
                maxY = max(maxY, ys[row + 1])
            }
        }
        guard area > 0 else { return nil }
        let box = (
            Int(minX.rounded(.down)), Int(minY.rounded(.down)),
            Int(maxX.rounded(.up)) - Int(minX.rounded(.down)), Int(maxY.rounded(.up)) - Int(minY.rounded(.down))
        )
        let pixels = Int(area.rounded(.up))
        let total = frame.pixelWidth * frame.pixelHeight
        let what = frame.tiles.isEmpty ? "no tile at all: the whole viewport" : "\(pixels) of its \(total) pixels"
        return (
            pixels, box,
            "the viewport is not fully covered by tiles: \(what) uncovered, within x \(box.0)..<\(box.0 + box.2), y \(box.1)..<\(box.1 + box.3) (\(frame.tiles.count) tiles)"
        )
    }

    /// The first viewport pixel (x, y) no tile covers, if any.
    static func uncovered(_ frame: FrameState) -> (Int, Int)? {
        let w = Double(frame.pixelWidth)
        let h = Double(frame.pixelHeight)
        guard let first = frame.tiles.first else { return (0, 0) }
        let xs = Set(frame.tiles.map(\.pixelRect.x)).sorted()
        let ys = Set(frame.tiles.map(\.pixelRect.y)).sorted()
        let tw = first.pixelRect.width
        let th = first.pixelRect.height
        if xs[0] > 0 { return (0, 0) }
        if ys[0] > 0 { return (0, 0) }
        if xs.last! + tw < w { return (Int(xs.last! + tw), 0) }
        if ys.last! + th < h { return (0, Int(ys.last! + th)) }
        for (l, r) in zip(xs, xs.dropFirst()) where r - l > tw { return (Int(l + tw), 0) }
        for (t, u) in zip(ys, ys.dropFirst()) where u - t > th { return (0, Int(t + th)) }
        if frame.tiles.count < xs.count * ys.count { return (Int(max(0, xs[0])), Int(max(0, ys[0]))) }
        return nil
    }
}

extension VerifyReport {
    /// The report as one JSON object (verify's `--json`), written by `JSONWriter`, so failure
    /// details with quotes or newlines stay valid JSON.
    ///
    /// ```swift
    /// print(try Verifier.verify(scenario, font: font).json())
    /// ```
    public func json() -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("passed", passed)
        for (key, value) in [
            ("frames", frames), ("comparedFrames", comparedFrames), ("recenters", recenters),
            ("recenterFrames", recenterFrames), ("tilesCreated", tilesCreated),
            ("tilesReused", tilesReused), ("edgeHitFrames", edgeHitFrames),
        ] {
            json.member(key, value)
        }
        json.key("firstEdgeFrame")
        if let firstEdgeFrame { json.value(firstEdgeFrame) } else { json.null() }
        json.key("referenceEndFrame")
        if let referenceEndFrame { json.value(referenceEndFrame) } else { json.null() }
        json.member("maxLiveTiles", maxLiveTiles)
        json.key("liveTileBound")
        if let liveTileBound { json.value(liveTileBound) } else { json.null() }
        json.key("failures")
        json.beginArray()
        for f in failures {
            json.beginObject()
            json.member("kind", f.kind.rawValue)
            json.member("frame", f.frame)
            json.member("detail", f.detail)
            if let name = f.name { json.member("name", name) }
            if let finding = f.finding { Self.members(of: finding, into: &json, name: false) }
            if let last = f.throughFrame { json.member("throughFrame", last) }
            if f.kind == .pixels || f.kind == .coverage, let b = f.box {
                json.member("pixels", f.pixels)
                json.key("box")
                json.beginArray()
                for v in [b.x, b.y, b.width, b.height] { json.value(v) }
                json.endArray()
            }
            json.endObject()
        }
        json.endArray()
        json.key("patterns")
        json.beginArray()
        for finding in patterns {
            json.beginObject()
            Self.members(of: finding, into: &json, name: true)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }

    /// A finding's members: pattern, (name,) frame, expected, actual, fix.
    private static func members(of finding: PatternFinding, into json: inout JSONWriter, name: Bool) {
        json.member("pattern", finding.pattern.rawValue)
        if name { json.member("name", finding.pattern.name) }
        if name { json.member("frame", finding.frame) }
        json.member("expected", finding.expected)
        json.member("actual", finding.actual)
        json.member("fix", finding.fix)
    }
}
