import GridModel

/// The quantities two aligned frames are compared by, in the order their sentences come.
enum TraceQuantity: CaseIterable, Hashable {
    case time, phase, events, offset, page, viewport, contentSize, tiles
}

/// How many aligned frames differ in one quantity, the first of them and the one that differs most.
struct DifferenceTally {
    var frames = 0
    /// Indices of the first differing pair in the ordered expected and actual frames.
    var first: (expected: Int, actual: Int)?
    var largest = 0.0
    var largestFrame: Int?

    mutating func add(expected: Int, actual: Int, frame: Int, amount: Double) {
        frames += 1
        if first == nil { first = (expected, actual) }
        if largestFrame == nil || amount > largest || largest.isNaN {
            largest = amount
            largestFrame = frame
        }
    }
}

/// Frame numbers that only one trace has: how many, the first and the last.
struct FrameRun {
    var count = 0
    var first: Int?
    var last: Int?

    mutating func add(_ frame: Int) {
        count += 1
        if first == nil { first = frame }
        last = frame
    }
}

/// Where an event happened: its frame number and that frame's time.
struct Occurrence {
    var frame: Int
    var t: Double
}

/// One comparison: both traces ordered by frame number, walked together once, then put in words.
struct TraceComparison {
    /// The traces, sorted by frame number, the first of each frame number kept.
    let expected: [TraceFrame], actual: [TraceFrame]
    /// How many frames with an already seen frame number each trace had.
    let repeated: (expected: Int, actual: Int)
    /// Device pixels per point, at least 1.
    let scale: Int
    /// Differences below this many points are not differences (one device pixel, with rounding slack).
    let tolerance: Double
    /// Each event kind's occurrences in each trace, in order.
    let expectedEvents: [ScrollEvent.Kind: [Occurrence]], actualEvents: [ScrollEvent.Kind: [Occurrence]]

    /// When set, how much each frame's tiles differ (by frame number; a frame not listed agrees), found by
    /// `TraceDiff.compare(expectedFile:actualFile:)` while the frames' tiles were read and dropped: the
    /// tiles quantity then comes from here, and frames keep tiles only for the sentences.
    var tileDifferences: [Int: Double]?

    var tallies: [TraceQuantity: DifferenceTally] = [:]
    var onlyExpected = FrameRun(), onlyActual = FrameRun()

    init(expected: [TraceFrame], actual: [TraceFrame], scale: Int) {
        let e = Self.ordered(expected)
        let a = Self.ordered(actual)
        self.expected = e.frames
        self.actual = a.frames
        repeated = (e.repeated, a.repeated)
        self.scale = max(scale, 1)
        tolerance = 1 / Double(self.scale) * (1 - 1e-9)
        expectedEvents = Self.occurrences(e.frames)
        actualEvents = Self.occurrences(a.frames)
    }

    /// Sorted by frame number (stable), the first frame of each number kept.
    static func ordered(_ frames: [TraceFrame]) -> (frames: [TraceFrame], repeated: Int) {
        // Already in order without repeats (as TraceReader returns them): shared, not copied.
        if zip(frames.indices.dropLast(), frames.indices.dropFirst()).allSatisfy({ frames[$0].frame < frames[$1].frame }
        ) {
            return (frames, 0)
        }
        let sorted = frames.enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
        var out: [TraceFrame] = []
        out.reserveCapacity(sorted.count)
        for entry in sorted where out.last?.frame != entry.element.frame { out.append(entry.element) }
        return (out, frames.count - out.count)
    }

    static func occurrences(_ frames: [TraceFrame]) -> [ScrollEvent.Kind: [Occurrence]] {
        var out: [ScrollEvent.Kind: [Occurrence]] = [:]
        for frame in frames {
            for kind in frame.events { out[kind, default: []].append(Occurrence(frame: frame.frame, t: frame.t)) }
        }
        return out
    }

    /// Walks both traces by frame number, tallying every quantity's differences.
    mutating func walk() {
        var i = 0
        var j = 0
        while i < expected.count || j < actual.count {
            if j == actual.count || (i < expected.count && expected[i].frame < actual[j].frame) {
                onlyExpected.add(expected[i].frame)
                i += 1
            } else if i == expected.count || actual[j].frame < expected[i].frame {
                onlyActual.add(actual[j].frame)
                j += 1
            } else {
                for quantity in TraceQuantity.allCases {
                    if let amount = difference(quantity, expected[i], actual[j]) {
                        tallies[quantity, default: DifferenceTally()].add(
                            expected: i, actual: j, frame: expected[i].frame, amount: amount)
                    }
                }
                i += 1
                j += 1
            }
        }
    }

    /// The first frame number where the traces differ, nil when they agree.
    var firstDifference: Int? {
        let paired = tallies.values.compactMap { $0.first.map { expected[$0.expected].frame } }
        return (paired + [onlyExpected.first, onlyActual.first].compactMap { $0 }).min()
    }

    // MARK: Findings

    /// Every finding, most important first (not yet capped).
    func findings() -> [String] {
        guard let first = firstDifference else { return [] }
        var out: [String] = []
        // What differs at the first differing frame.
        if first == onlyExpected.first || first == onlyActual.first {
            out.append(onlyOneSide(first))
        }
        if let pair = pair(at: first) {
            for quantity in TraceQuantity.allCases {
                out += sentences(quantity, expected[pair.expected], actual[pair.actual])
            }
        }
        if expected.count != actual.count { out.append("frame count \(expected.count) -> \(actual.count)") }
        out += timing()
        // Each other quantity where it first differs, in frame order.
        let later = TraceQuantity.allCases.compactMap { q in tallies[q]?.first.map { (q, $0) } }
            .filter { expected[$0.1.expected].frame > first }
            .sorted { expected[$0.1.expected].frame < expected[$1.1.expected].frame }
        for (quantity, pair) in later { out += sentences(quantity, expected[pair.expected], actual[pair.actual]) }
        return out
    }

    /// The aligned pair with frame number `frame`, if both traces have it.
    func pair(at frame: Int) -> (expected: Int, actual: Int)? {
        guard let i = Self.index(of: frame, in: expected), let j = Self.index(of: frame, in: actual) else { return nil }
        return (i, j)
    }

    /// Binary search in frames sorted by frame number.
    static func index(of frame: Int, in frames: [TraceFrame]) -> Int? {
        var low = 0
        var high = frames.count
        while low < high {
            let mid = low + (high - low) / 2
            if frames[mid].frame < frame { low = mid + 1 } else { high = mid }
        }
        return low < frames.count && frames[low].frame == frame ? low : nil
    }

    func onlyOneSide(_ frame: Int) -> String {
        let inExpected = frame == onlyExpected.first
        let other = inExpected ? actual : expected
        let otherName = inExpected ? "actual" : "expected"
        let end = other.last.map { "\(otherName)'s last frame is \($0.frame)" } ?? "\(otherName) has no frames"
        return inExpected ? "frame \(frame): missing from actual (\(end))" : "frame \(frame): in actual only (\(end))"
    }

    /// The occurrences of one kind that moved to another frame (those in a frame the other trace has none
    /// left for, after pairing equal frames, paired in order), and those left over: removed or added.
    static func moved(
        _ e: [Occurrence], _ a: [Occurrence]
    )
        -> (pairs: [(Occurrence, Occurrence)], removed: ArraySlice<Occurrence>, added: ArraySlice<Occurrence>)
    {
        var i = 0
        var j = 0
        var lostE: [Occurrence] = []
        var lostA: [Occurrence] = []
        while i < e.count || j < a.count {
            if j == a.count || (i < e.count && e[i].frame < a[j].frame) {
                lostE.append(e[i])
                i += 1
            } else if i == e.count || a[j].frame < e[i].frame {
                lostA.append(a[j])
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        let paired = min(lostE.count, lostA.count)
        return (Array(zip(lostE, lostA)), lostE[paired...], lostA[paired...])
    }

    /// "didEndDecelerating: 2.850 s -> 3.117 s (frame 171 -> 187)" for each kind (but didScroll) with an
    /// occurrence that moved to another frame: the first such, with how many more moved; then "recenter at
    /// 0.100 s (frame 6) removed" for one only expected has, "... added" for one only actual has.
    func timing() -> [String] {
        var out: [String] = []
        for kind in ScrollEvent.Kind.allCases where kind != .didScroll {
            let (moved, removed, added) = Self.moved(expectedEvents[kind] ?? [], actualEvents[kind] ?? [])
            if let (from, to) = moved.first {
                var line =
                    "\(kind.rawValue): \(TraceText.seconds(from.t)) -> \(TraceText.seconds(to.t)) (frame \(from.frame) -> \(to.frame))"
                if moved.count > 1 { line += "; \(moved.count - 1) more moved" }
                out.append(line)
            }
            for (left, what) in [(removed, "removed"), (added, "added")] {
                guard let first = left.first else { continue }
                var line = "\(kind.rawValue) at \(TraceText.seconds(first.t)) (frame \(first.frame)) \(what)"
                if left.count > 1 { line += "; \(left.count - 1) more \(what)" }
                out.append(line)
            }
        }
        return out
    }

    // MARK: Summary

    /// One line per quantity that differs.
    func summary() -> [String] {
        var out: [String] = []
        for (run, side) in [(onlyExpected, "expected"), (onlyActual, "actual")] {
            guard let first = run.first, let last = run.last else { continue }
            out.append("frames only in \(side): \(run.count) (\(first == last ? "\(first)" : "\(first) to \(last)"))")
        }
        func line(_ quantity: TraceQuantity, _ what: String, _ verb: String) {
            guard let tally = tallies[quantity], let pair = tally.first else { return }
            out.append(
                "\(what) \(verb) in \(TraceText.count(tally.frames, "frame")), first at frame \(expected[pair.expected].frame)"
            )
        }
        line(.time, "times", "differ")
        line(.phase, "phases", "differ")
        line(.events, "events", "differ")
        out += eventCounts()
        if let tally = tallies[.offset], let frame = tally.largestFrame {
            out.append(
                "offsets differ in \(TraceText.count(tally.frames, "frame")), largest \(TraceText.difference(tally.largest)) pt at frame \(frame)"
            )
        }
        if let tally = tallies[.page], let pair = tally.first {
            let e = expected[pair.expected]
            let a = actual[pair.actual]
            out.append(
                "pages differ in \(TraceText.count(tally.frames, "frame")), first at frame \(e.frame): "
                    + "\(TraceText.coordinate(e.page)) -> \(TraceText.coordinate(a.page))")
        }
        line(.viewport, "viewports", "differ")
        line(.contentSize, "content sizes", "differ")
        if let tally = tallies[.tiles], let pair = tally.first {
            var text =
                "tile placement differs in \(TraceText.count(tally.frames, "frame")), first at frame \(expected[pair.expected].frame)"
            if tally.largest > 0, let frame = tally.largestFrame {
                text += "; largest rect difference \(TraceText.difference(tally.largest)) pt at frame \(frame)"
            }
            out.append(text)
        }
        if repeated.expected > 0 || repeated.actual > 0 {
            out.append(
                "repeated frame numbers ignored: \(repeated.expected) in expected, \(repeated.actual) in actual (the first of each counts)"
            )
        }
        return out
    }

    /// "events added: 2 recenter", "events removed: 1 didEndDecelerating", "event timing moved: 3 recenter".
    func eventCounts() -> [String] {
        var added: [String] = []
        var removed: [String] = []
        var moved: [String] = []
        for kind in ScrollEvent.Kind.allCases {
            let e = expectedEvents[kind] ?? []
            let a = actualEvents[kind] ?? []
            if a.count > e.count { added.append("\(a.count - e.count) \(kind.rawValue)") }
            if e.count > a.count { removed.append("\(e.count - a.count) \(kind.rawValue)") }
            let shifted = Self.moved(e, a).pairs.count
            if shifted > 0, kind != .didScroll { moved.append("\(shifted) \(kind.rawValue)") }
        }
        var out: [String] = []
        if !added.isEmpty { out.append("events added: " + added.joined(separator: ", ")) }
        if !removed.isEmpty { out.append("events removed: " + removed.joined(separator: ", ")) }
        if !moved.isEmpty { out.append("events moved to other frames: " + moved.joined(separator: ", ")) }
        return out
    }
}
