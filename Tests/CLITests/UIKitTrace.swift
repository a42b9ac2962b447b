import Foundation

/// One contentOffset timeline recorded from real UIKit (Tests/Fixtures/uikit-traces, see its README.md): the
/// finger's touches, the offsets UIKit reported, its delegate callbacks and its own release velocity and target.
/// Times are seconds after the first touch (the `touches` step's time base, so frame times compare directly).
struct UIKitTrace: Sendable {
    struct Touch: Sendable {
        /// Seconds after the first touch.
        var t: Double
        /// The recorded time, as the fixture gives it (the scenario replays these verbatim).
        var recorded: Double
        var x: Double, y: Double, phase: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let folder = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/uikit-traces")
    static let names = ["decel_v750", "decel_v3000", "edge_impact", "rubberband_top", "touch_calib"]

    let name: String
    /// The first touch's time on the recording's clock.
    let t0: Double
    /// The touches, `t` relative to the first.
    let touches: [Touch]
    /// Deduped samples (t, offsetY): of a stale and a fresh value less than 1 ms apart only the later is kept.
    let samples: [(t: Double, y: Double)]
    /// The delegate log (name, t).
    let delegate: [(name: String, t: Double)]
    /// UIKit's willEndDragging velocity in points per millisecond and its target offset.
    let releaseVelocityY: Double, targetY: Double
    let startOffsetY: Double, finalOffsetY: Double

    /// The bottom edge's offset: 40,000 pt of content in an 852-pt viewport.
    static let contentHeight = 40_000.0, viewportHeight = 852.0
    static var bottomEdge: Double { contentHeight - viewportHeight }

    init(named name: String) throws {
        self.name = name
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".json"))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw Failure(description: "\(name): not an object") }
        func number(_ value: Any?, _ what: String) throws -> Double {
            guard let n = value as? NSNumber else { throw Failure(description: "\(name): \(what) is not a number") }
            return n.doubleValue
        }
        guard let input = root["input"] as? [[String: Any]], !input.isEmpty else { throw Failure(description: "\(name): no input") }
        let t0 = try number(input[0]["t"], "input[0].t")
        self.t0 = t0
        touches = try input.enumerated().map { i, touch in
            guard let phase = touch["phase"] as? String else { throw Failure(description: "\(name): input[\(i)].phase") }
            let recorded = try number(touch["t"], "input[\(i)].t")
            return Touch(t: recorded - t0, recorded: recorded, x: try number(touch["x"], "input[\(i)].x"),
                         y: try number(touch["y"], "input[\(i)].y"), phase: phase)
        }
        guard let rawSamples = root["samples"] as? [[Any]] else { throw Failure(description: "\(name): no samples") }
        let sorted = try rawSamples.enumerated().map { i, s -> (t: Double, y: Double) in
            guard s.count == 3 else { throw Failure(description: "\(name): samples[\(i)] has \(s.count) values") }
            return (try number(s[0], "samples[\(i)].t"), try number(s[2], "samples[\(i)].y"))
        }.sorted { $0.t < $1.t }
        var deduped: [(t: Double, y: Double)] = []
        for sample in sorted {
            if let last = deduped.last, sample.t - last.t < 0.001 { deduped[deduped.count - 1] = sample } else { deduped.append(sample) }
        }
        samples = deduped.map { ($0.t - t0, $0.y) }
        guard let log = root["delegate"] as? [[String: Any]] else { throw Failure(description: "\(name): no delegate log") }
        delegate = try log.enumerated().map { i, entry in
            guard let callback = entry["name"] as? String else { throw Failure(description: "\(name): delegate[\(i)].name") }
            return (callback, try number(entry["t"], "delegate[\(i)].t") - t0)
        }
        guard let willEnd = root["willEndDragging"] as? [String: Any] else { throw Failure(description: "\(name): no willEndDragging") }
        releaseVelocityY = try number(willEnd["vy"], "willEndDragging.vy")
        targetY = try number(willEnd["targetY"], "willEndDragging.targetY")
        startOffsetY = try number(root["startOffsetY"], "startOffsetY")
        finalOffsetY = try number(root["finalOffsetY"], "finalOffsetY")
    }

    /// The lift: the last touch's time (after the first).
    var lift: Double { touches.last!.t }

    /// UIKit's offset as a frame at time `t` shows it while the finger is down: the last deduped sample at or
    /// before `t`, where a sample taken less than 2 ms after a touch counts as taken at that touch's time
    /// (scrollViewDidScroll runs just after the event). Times compare exactly: a touch at 0.2000000001 is
    /// not applied at frame time 0.2.
    func draggingOffset(at t: Double) -> Double {
        var value = startOffsetY
        for sample in samples {
            var effective = sample.t
            for touch in touches where sample.t - touch.t >= 0 && sample.t - touch.t < 0.002 { effective = touch.t }
            if effective <= t { value = sample.y }
        }
        return value
    }

    /// UIKit's offset at time `t`, interpolated linearly between deduped samples (held before the first and
    /// after the last).
    func interpolatedOffset(at t: Double) -> Double {
        guard let first = samples.first, let last = samples.last else { return startOffsetY }
        if t <= first.t { return first.y }
        if t >= last.t { return last.y }
        var low = 0, high = samples.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if samples[mid].t <= t { low = mid } else { high = mid }
        }
        let a = samples[low], b = samples[high]
        return a.y + (b.y - a.y) * (t - a.t) / (b.t - a.t)
    }

    /// didEndDecelerating's time after the lift, or nil if UIKit did not decelerate.
    var settle: Double? { delegate.first { $0.name == "didEndDecelerating" }.map { $0.t - lift } }

    /// How far past the bottom edge UIKit went.
    var overshoot: Double { (samples.map(\.y).max() ?? startOffsetY) - Self.bottomEdge }

    // MARK: The replay scenario

    /// One column of tiles 393 wide: `rows` × `tileHeight` = 40,000 pt, and `startRow` chosen so the model's
    /// start offset (the start tile centred on a finite axis, clamped to the edges) is the trace's startOffsetY.
    struct Geometry: Sendable, Equatable {
        var tileHeight: Double, rows: Int, startRow: Int

        /// The model's start offset for this geometry: startRow·h − (852 − h)/2 clamped to the edges.
        var startOffset: Double {
            let centred = Double(startRow) * tileHeight - (UIKitTrace.viewportHeight - tileHeight) / 2
            return min(max(centred, 0), Double(rows) * tileHeight - UIKitTrace.viewportHeight)
        }
    }

    static let geometries: [String: Geometry] = [
        "decel_v750": Geometry(tileHeight: 4, rows: 10_000, startRow: 1356),
        "decel_v3000": Geometry(tileHeight: 4, rows: 10_000, startRow: 1356),
        "touch_calib": Geometry(tileHeight: 4, rows: 10_000, startRow: 1356),
        "edge_impact": Geometry(tileHeight: 16, rows: 2500, startRow: 2451),
        "rubberband_top": Geometry(tileHeight: 100, rows: 400, startRow: 0),
    ]

    /// The geometry for this trace; throws unless its content is 40,000 pt and its start offset is exactly
    /// the trace's.
    func geometry() throws -> Geometry {
        guard let geometry = Self.geometries[name] else { throw Failure(description: "\(name): no geometry tabled") }
        guard Double(geometry.rows) * geometry.tileHeight == Self.contentHeight, geometry.startOffset == startOffsetY else {
            throw Failure(description: "\(name): geometry \(geometry) gives content \(Double(geometry.rows) * geometry.tileHeight) "
                          + "and start offset \(geometry.startOffset), the trace starts at \(startOffsetY) in \(Self.contentHeight)")
        }
        return geometry
    }

    /// The scenario that replays this trace's finger: viewport 393×852 at 3x, 60 fps, no labels, the touches
    /// verbatim (absolute times: the step starts at the first touch), then a wait until idle.
    func scenarioJSON() throws -> String {
        let g = try geometry()
        let events = touches.map { touch in
            #"{"t": \#(touch.recorded), "x": \#(touch.x), "y": \#(touch.y), "phase": "\#(touch.phase)"}"#
        }
        return """
        {"name": "uikit-\(name)", "viewport": {"width": 393, "height": 852, "scale": 3}, "fps": 60,
         "style": {"fontSize": 0},
         "grid": {"tileSize": {"width": 393, "height": \(g.tileHeight)}, "columns": 1, "rows": \(g.rows), "start": {"x": 0, "y": \(g.startRow)}},
         "steps": [{"touches": {"events": [
          \(events.joined(separator: ",\n  "))
         ]}}, {"wait": {"until": "idle"}}]}
        """
    }
}
