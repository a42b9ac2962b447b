public import GridModel

/// What differs between two traces of one scenario, in sentences a reader acts on: the first frame where
/// the motion differs and how, event timing that moved, and per-quantity summaries.
///
/// Frames are aligned by frame number. A frame differs when its phase, its events (kinds, order and
/// payloads: recenter shift, page, loop jump, resize, drag target, jump tile, willDecelerate), its content
/// offset (by a device pixel, 1/scale pt, or more), its page, its tile placement (the set of coordinates;
/// a rectangle by a device pixel or more; what a tile shows; loaded or placeholder), its viewport, content
/// size or time differ, or when only one trace has it.
///
/// ```swift
/// let diff = TraceDiff.compare(expected: try TraceReader.read("golden/trace.jsonl"),
///                              actual: try TraceReader.read("output/long-fling/trace.jsonl"), scale: 2)
/// for line in diff.findings + diff.summary { print(line) }
/// // frame 139: expected recenter (shift 0, -1004), got none; first recenter now at frame 141
/// ```
public struct TraceDiff: Sendable, Equatable {
    /// The first frame number where the traces differ; nil when the traces agree.
    public internal(set) var firstDifferingFrame: Int?
    /// Sentences, most important first: what differs at the first differing frame, the frame count,
    /// events that moved in time or that only one trace has, then the first difference of each other
    /// quantity. At most `maxFindings`.
    public internal(set) var findings: [String]
    /// Per-quantity summaries ("offsets differ in 12 frames, largest 3.5 pt at frame 141", "events added: 2
    /// recenter"), one line per quantity that differs; empty when the traces agree.
    public internal(set) var summary: [String]

    /// Whether the traces agree (`firstDifferingFrame == nil`).
    public var isEmpty: Bool { firstDifferingFrame == nil }

    /// Most findings listed; a last sentence counts the ones left out.
    public static let maxFindings = 24

    /// Compares two traces of one scenario rendered at `scale` device pixels per point.
    ///
    /// Pure and total: any two arrays give an answer (empty, of different lengths, unsorted, with
    /// repeated frame numbers, of which the first in array order counts; huge values). The same
    /// inputs give the same sentences.
    ///
    /// ```swift
    /// let diff = TraceDiff.compare(expected: golden, actual: frames.map(TraceFrame.init), scale: 2)
    /// if let frame = diff.firstDifferingFrame { print("differs from frame \(frame):", diff.findings[0]) }
    /// ```
    /// - Complexity: O(n log n) in the number of frames, plus linear in their tiles and events.
    public static func compare(expected: [TraceFrame], actual: [TraceFrame], scale: Int) -> TraceDiff {
        var comparison = TraceComparison(expected: expected, actual: actual, scale: scale)
        return compare(&comparison)
    }

    /// The diff of a comparison not yet walked.
    static func compare(_ comparison: inout TraceComparison) -> TraceDiff {
        comparison.walk()
        guard let first = comparison.firstDifference else {
            return TraceDiff(firstDifferingFrame: nil, findings: [], summary: [])
        }
        return TraceDiff(
            firstDifferingFrame: first, findings: capped(comparison.findings()), summary: comparison.summary())
    }

    /// `sentences` cut to `maxFindings`, the last one saying how many were left out.
    static func capped(_ sentences: [String]) -> [String] {
        guard sentences.count > maxFindings else { return sentences }
        let kept = maxFindings - 1
        return Array(sentences.prefix(kept)) + [
            "and \(sentences.count - kept) more findings (at most \(maxFindings) are listed)"
        ]
    }
}

extension TraceDiff {
    /// The device scale the traces were rendered at, as their tile rectangles show it: the smallest scale
    /// from 1 to `Limits.maxScale` at which every tile's top-left corner lies on the pixel grid (the model
    /// rounds tile positions to device pixels), else 1 (a trace without tiles, or off-grid positions).
    ///
    /// ```swift
    /// let frames = try TraceReader.read("output/rotate/trace.jsonl")
    /// let diff = TraceDiff.compare(expected: golden, actual: frames, scale: TraceDiff.inferredScale(of: frames))
    /// ```
    /// - Complexity: O(n) in the number of tiles.
    public static func inferredScale(of frames: [TraceFrame]) -> Int {
        var inference = ScaleInference()
        for frame in frames {
            for tile in frame.tiles {
                inference.add(tile)
                if inference.settled { return 1 }
            }
        }
        return inference.scale
    }
}

/// `TraceDiff.inferredScale` one tile at a time, so a trace read as a stream needs no tiles held.
struct ScaleInference {
    /// The scales every tile seen so far lies on the pixel grid of.
    var candidates = Array(1...Limits.maxScale)
    var sawTile = false

    /// Whether the answer is 1 whatever tiles come next.
    var settled: Bool { candidates.isEmpty || candidates == [1] }

    /// The smallest scale every tile seen lies on the pixel grid of, else 1.
    var scale: Int { sawTile && !candidates.isEmpty ? candidates[0] : 1 }

    mutating func add(_ tile: TraceTile) {
        sawTile = true
        guard !settled else { return }
        candidates.removeAll { scale in
            [tile.rect.x, tile.rect.y].contains { v in
                let pixels = v * Double(scale)
                return !(pixels.magnitude < 0x1p52) || (pixels - pixels.rounded()).magnitude > 1e-6
            }
        }
    }
}

extension TraceDiff {
    /// The diff as one JSON object: `firstDifferingFrame` (null when the traces agree), `findings` and
    /// `summary` (arrays of strings).
    ///
    /// ```swift
    /// print(TraceDiff.compare(expected: a, actual: b, scale: 2).json())
    /// // {"firstDifferingFrame":139,"findings":["frame 139: ..."],"summary":[...]}
    /// ```
    public func json() -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("firstDifferingFrame")
        if let firstDifferingFrame { json.value(firstDifferingFrame) } else { json.null() }
        for (key, lines) in [("findings", findings), ("summary", summary)] {
            json.key(key)
            json.beginArray()
            for line in lines { json.value(line) }
            json.endArray()
        }
        json.endObject()
        return json.text
    }
}
