import GridModel
import Rasterizer

/// One verification in progress: the report so far and what the next frame is checked against. `Verifier.verify`
/// feeds it each frame of the strategy and of the ideal plane, one named check at a time.
struct VerifyRun {
    let scenario: Scenario
    let facts: PatternFacts
    let infinite: Bool
    let strictEdges: Bool
    var report = VerifyReport()
    var monitor: PatternMonitor
    /// Whether pixels are still compared with the ideal plane (until a content edge, unless strict).
    var comparing = true
    /// The previous frame's offset, for the speed a blank frame is moving at.
    var lastOffset: Vector?
    /// The last pair of frames drawn, to skip a pair that draws the same.
    var previous: (FrameState, FrameState)?

    init(scenario: Scenario, strictEdges: Bool) {
        self.scenario = scenario
        self.strictEdges = strictEdges
        facts = PatternFacts(scenario)
        infinite = PatternFacts.isInfinite(scenario)
        monitor = PatternMonitor(facts: facts)
    }

    /// A looping grid's uncovered or differing pixels: pattern 3 with few items, else pattern 1.
    func loopPattern(_ frame: FrameState) -> Pattern {
        guard facts.loops else { return .blankTiles }
        return Verifier.fewItems(scenario, viewport: frame.viewport) ? .blankTiles : .seamAtWrap
    }

    mutating func named(_ finding: PatternFinding) {
        if !report.patterns.contains(where: { $0.pattern == finding.pattern }) { report.patterns.append(finding) }
    }

    mutating func fail(_ failure: VerifyReport.Failure) {
        // A run of identical failures (a blank area that stays for several frames) is one entry.
        if let last = report.failures.last, last.kind == failure.kind, last.detail == failure.detail,
            (last.throughFrame ?? last.frame) + 1 == failure.frame
        {
            report.failures[report.failures.count - 1].throughFrame = failure.frame
            return
        }
        if report.failures.count < Verifier.maxReportedFailures { report.failures.append(failure) }
    }

    /// A pattern the monitor found: named, listed, and given to the pixel failures it explains (an animated
    /// scroll that rewinds across the loop is named when it ends, after its frames' pixels were compared).
    mutating func record(_ finding: PatternFinding) {
        named(finding)
        if finding.pattern == .rewindAtWrap {
            for i in report.failures.indices
            where report.failures[i].kind == .pixels && report.failures[i].finding == nil
                && report.failures[i].frame >= finding.frame
            {
                report.failures[i].finding = finding
            }
        }
        fail(.init(kind: .pattern, frame: finding.frame, detail: finding.line, finding: finding))
    }

    /// The frame's counts: recenters, tiles, edges (which stop the pixel comparison unless strict).
    mutating func count(_ frame: FrameState, ideal: FrameState?) {
        if ideal == nil, report.referenceEndFrame == nil { report.referenceEndFrame = frame.index }
        report.frames += 1
        if frame.recenterShift != nil {
            report.recenterFrames += 1
            report.recenters += frame.events.filter { $0.kind == .recenter }.count
        }
        report.tilesReused = frame.stats.reused
        report.tilesCreated = frame.stats.created
        report.maxLiveTiles = max(report.maxLiveTiles, frame.stats.live + frame.layers.reduce(0) { $0 + $1.tileCount })
        if frame.edgeHit {
            report.edgeHitFrames += 1
            if report.firstEdgeFrame == nil { report.firstEdgeFrame = frame.index }
            if !strictEdges { comparing = false }
        }
    }

    /// Live tiles within `Scenario.liveTileBound` ((⌈W/T⌉ + 1 + 2·buffer) × (⌈H/T⌉ + 1 + 2·buffer) for the visible
    /// range, freshcode's range for `grid.range: "freshcode"`, plus every linked layer's tiles), and every tile inside
    /// the kept set.
    mutating func checkInvariants(_ frame: FrameState, kept: (columns: ClosedRange<Int64>?, rows: ClosedRange<Int64>?))
    {
        let layerTiles = frame.layers.reduce(0) { $0 + $1.tileCount }
        if scenario.pager == nil {
            let limit = scenario.liveTileBound(forViewport: frame.viewport)
            report.liveTileBound = max(report.liveTileBound ?? 0, limit)
            if frame.stats.live + layerTiles > limit {
                let layers = layerTiles > 0 ? " and \(layerTiles) layer tiles" : ""
                fail(
                    .init(
                        kind: .liveBound, frame: frame.index,
                        detail: "\(frame.stats.live) live tiles\(layers), more than the bound \(limit)"))
            }
        }
        if let outside = frame.tiles.first(where: {
            !(kept.columns?.contains($0.coordinate.x) ?? false) || !(kept.rows?.contains($0.coordinate.y) ?? false)
        }) {
            fail(
                .init(kind: .keptSet, frame: frame.index, detail: "tile \(outside.coordinate) is outside the kept set"))
        }
    }

    /// Background inside the viewport: any on an infinite grid (pattern 3); on a finite or looping grid, more than
    /// the ideal plane shows. On a loop it is the seam (pattern 1), checked past a content edge too: the ideal loop
    /// is an endless strip, and a duplicate loop's strip running out is the seam itself. A loop whose items together
    /// are narrower than the viewport (1, 2 or 3 narrow items) shows every item and several wraps in each frame: its
    /// blank is pattern 3's "blank tiles with few items" (`Verifier.fewItems`).
    mutating func checkCoverage(_ frame: FrameState, ideal: FrameState?) {
        let speed = Verifier.speed(frame, after: lastOffset, fps: scenario.fps)
        lastOffset = frame.contentOffset
        let expected: String
        let pattern: Pattern
        let gap: (pixels: Int, box: (Int, Int, Int, Int), detail: String)
        if infinite, let found = Verifier.uncoveredArea(frame) {
            gap = found
            expected = "every viewport pixel covered by a tile"
            pattern = .blankTiles
        } else if !infinite, comparing || facts.loops, let ideal, let found = Verifier.uncoveredArea(frame),
            found.pixels > (Verifier.uncoveredArea(ideal)?.pixels ?? 0)
        {
            gap = found
            expected = "\(Verifier.uncoveredArea(ideal)?.pixels ?? 0) background pixels (the ideal plane's)"
            pattern = loopPattern(frame)
        } else {
            return
        }
        let box = IntRect(x: gap.box.0, y: gap.box.1, width: gap.box.2, height: gap.box.3)
        let finding = PatternFinding(
            pattern: pattern, frame: frame.index, expected: expected,
            actual:
                "\(gap.pixels) background pixels in x \(box.x)..<\(box.x + box.width), y \(box.y)..<\(box.y + box.height)\(speed)"
        )
        named(finding)
        fail(
            .init(
                kind: .coverage, frame: frame.index, detail: gap.detail, pixels: gap.pixels, box: box, finding: finding)
        )
    }

    /// The pattern invariants from model quantities (`PatternMonitor`).
    mutating func observePatterns(_ frame: FrameState, ideal: FrameState?) {
        let before = monitor.findings.count
        monitor.observe(frame, ideal: comparing ? ideal : nil)
        for finding in monitor.findings.dropFirst(before) { record(finding) }
    }

    /// The frame's pixels against the ideal plane's, drawn into `a` and `b` (a pair that draws what the last pair
    /// drew is not drawn again).
    mutating func comparePixels(
        _ frame: FrameState, _ ideal: FrameState, renderer: FrameRenderer,
        a: inout Pixmap, b: inout Pixmap
    ) throws {
        if let (p, q) = previous, frame.drawsSame(as: p), ideal.drawsSame(as: q) {
            report.comparedFrames += 1
            return
        }
        try renderer.render(frame, into: &a)
        try renderer.render(ideal, into: &b)
        report.comparedFrames += 1
        previous = (frame, ideal)
        if a.width != b.width || a.height != b.height {
            fail(
                .init(
                    kind: .pixels, frame: frame.index,
                    detail: "frame is \(a.width)×\(a.height), the reference \(b.width)×\(b.height)"))
            return
        }
        guard a != b else { return }  // Pixmap's ==: sizes and bytes (memcmp)
        fail(pixelFailure(frame, a, b))
    }

    /// The failure for frames `a` and `b` that differ: the differing pixels, their box, and the pattern they are.
    mutating func pixelFailure(_ frame: FrameState, _ a: Pixmap, _ b: Pixmap) -> VerifyReport.Failure {
        let (count, minX, minY, maxX, maxY) = Verifier.differingPixels(a, b)
        var failure = VerifyReport.Failure(
            kind: .pixels, frame: frame.index,
            detail: "\(count) pixels differ from the reference in \(minX),\(minY) to \(maxX),\(maxY)",
            pixels: count, box: IntRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1))
        let far = max(abs(frame.contentOffset.x), abs(frame.contentOffset.y)) > 1e7
        if frame.recenterShift != nil {
            failure.recenter = true
        } else if monitor.rewinding {
            // An animated scroll running the other way round the loop: pattern 11, which names these pixels when
            // the animation ends (`record`), not a seam.
        } else if facts.loops || far {
            // Items drawn outside [0, N) differ from the ideal's by their labels: pattern 5, not a seam.
            let pattern: Pattern =
                far ? .precision : Verifier.drawsItemOutOfRange(frame, facts) ? .indexOutOfRange : loopPattern(frame)
            let finding = PatternFinding(
                pattern: pattern, frame: frame.index, expected: "the ideal plane's pixels",
                actual: "\(count) pixels differing in x \(minX)..<\(maxX + 1), y \(minY)..<\(maxY + 1)")
            named(finding)
            failure.finding = finding
        }
        return failure
    }

    /// The report, once the monitor has named what only the end of the scroll shows.
    mutating func finish() -> VerifyReport {
        let before = monitor.findings.count
        monitor.finish()
        for finding in monitor.findings.dropFirst(before) { record(finding) }
        return report
    }
}

extension Verifier {
    /// How many pixels of `a` and `b` (the same size) differ, and the box of them (inclusive corners): rows that are
    /// the same are skipped with one comparison each.
    static func differingPixels(_ a: Pixmap, _ b: Pixmap) -> (count: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) {
        var count = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = 0
        var maxY = 0
        let width = a.width
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                let wa = pa.bindMemory(to: UInt32.self)
                let wb = pb.bindMemory(to: UInt32.self)
                for y in 0..<a.height {
                    let row = y * width
                    if a.sameRow(y, as: b) { continue }
                    for x in 0..<width where wa[row + x] != wb[row + x] {
                        count += 1
                        minX = min(minX, x)
                        minY = min(minY, y)
                        maxX = max(maxX, x)
                        maxY = max(maxY, y)
                    }
                }
            }
        }
        return (count, minX, minY, maxX, maxY)
    }
}
