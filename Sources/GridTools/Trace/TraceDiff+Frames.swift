import GridModel

/// Comparing one aligned pair of frames, quantity by quantity, and saying what differs.
extension TraceComparison {
    /// Most tiles named one by one in a frame's sentences; the rest are counted.
    static let maxTileSentences = 4

    /// Whether two point values differ by a device pixel or more (equal infinities do not differ).
    func differs(_ x: Double, _ y: Double) -> Bool {
        x != y && !((x - y).magnitude < tolerance)
    }

    func differs(_ p: Vector, _ q: Vector) -> Bool { differs(p.x, q.x) || differs(p.y, q.y) }

    func differs(_ p: Size?, _ q: Size?) -> Bool {
        guard let p, let q else { return (p == nil) != (q == nil) }
        return differs(p.width, q.width) || differs(p.height, q.height)
    }

    /// How much `quantity` differs between `e` and `a` (points for offsets and tile rectangles, else 0),
    /// nil when it does not.
    func difference(_ quantity: TraceQuantity, _ e: TraceFrame, _ a: TraceFrame) -> Double? {
        switch quantity {
        case .time: return e.t != a.t && !((e.t - a.t).magnitude <= 1e-9) ? 0 : nil
        case .phase: return e.phase != a.phase ? 0 : nil
        case .events: return eventsDiffer(e, a) ? 0 : nil
        case .offset:
            guard differs(e.offsetX, a.offsetX) || differs(e.offsetY, a.offsetY) else { return nil }
            return max((e.offsetX - a.offsetX).magnitude, (e.offsetY - a.offsetY).magnitude)
        case .page: return e.page != a.page ? 0 : nil
        case .viewport: return differs(e.viewport, a.viewport) ? 0 : nil
        case .contentSize: return differs(e.contentSize, a.contentSize) ? 0 : nil
        case .tiles:
            if let tileDifferences { return tileDifferences[e.frame] }
            return tileDifference(e, a)
        }
    }

    /// The sentences saying how `quantity` differs at this pair of frames (none when it does not).
    func sentences(_ quantity: TraceQuantity, _ e: TraceFrame, _ a: TraceFrame) -> [String] {
        guard difference(quantity, e, a) != nil else { return [] }
        let at = "frame \(e.frame): "
        switch quantity {
        case .time: return [at + "t \(TraceText.seconds(e.t)) -> \(TraceText.seconds(a.t))"]
        case .phase: return [at + "phase \(e.phase) -> \(a.phase)"]
        case .events: return eventSentences(e, a).map { at + $0 }
        case .offset:
            return [
                at
                    + "content offset \(TraceText.point(e.offsetX, e.offsetY)) -> \(TraceText.point(a.offsetX, a.offsetY))"
            ]
        case .page: return [at + "page \(TraceText.coordinate(e.page)) -> \(TraceText.coordinate(a.page))"]
        case .viewport: return [at + "viewport \(TraceText.size(e.viewport)) -> \(TraceText.size(a.viewport))"]
        case .contentSize:
            return [at + "content size \(TraceText.size(e.contentSize)) -> \(TraceText.size(a.contentSize))"]
        case .tiles: return tileSentences(e, a).map { at + $0 }
        }
    }

    // MARK: Events

    /// The events with payloads, when the frame has them for every kind it lists.
    static func payloads(_ frame: TraceFrame) -> [ScrollEvent]? {
        frame.scrollEvents.count == frame.events.count && frame.scrollEvents.map(\.kind) == frame.events
            ? frame.scrollEvents : nil
    }

    func eventsDiffer(_ e: TraceFrame, _ a: TraceFrame) -> Bool {
        guard e.events == a.events else { return true }
        if e.scrollEvents == a.scrollEvents { return false }
        guard let p = Self.payloads(e), let q = Self.payloads(a) else { return false }
        return zip(p, q).contains { payloadChange($0, $1) != nil }
    }

    /// "recenter shift (0, -1004) -> (0, -1000)" when two events of one kind carry different payloads.
    func payloadChange(_ p: ScrollEvent, _ q: ScrollEvent) -> String? {
        switch (p, q) {
        case (.willEndDragging(_, let t1), .willEndDragging(_, let t2)):
            return differs(t1, t2) ? "willEndDragging target \(TraceText.point(t1)) -> \(TraceText.point(t2))" : nil
        case (.didEndDragging(let d1), .didEndDragging(let d2)):
            return d1 != d2 ? "didEndDragging willDecelerate \(d1) -> \(d2)" : nil
        case (.recenter(let s1), .recenter(let s2)):
            return differs(s1, s2) ? "recenter shift \(TraceText.point(s1)) -> \(TraceText.point(s2))" : nil
        case (.jump(let t1), .jump(let t2)):
            return t1 != t2 ? "jump tile \(t1) -> \(t2)" : nil
        case (.pageChanged(let p1), .pageChanged(let p2)):
            return p1 != p2 ? "pageChanged page \(p1) -> \(p2)" : nil
        case (.loopJump(let f1, let t1), .loopJump(let f2, let t2)):
            guard differs(f1, f2) || differs(t1, t2) else { return nil }
            return
                "loopJump from \(TraceText.point(f1)) to \(TraceText.point(t1)) -> from \(TraceText.point(f2)) to \(TraceText.point(t2))"
        case (.resize(let w1, let h1), .resize(let w2, let h2)):
            guard differs(w1, w2) || differs(h1, h2) else { return nil }
            return
                "resize \(TraceText.size(Size(width: w1, height: h1))) -> \(TraceText.size(Size(width: w2, height: h2)))"
        default: return nil
        }
    }

    /// What differs in the events of one frame: events missing or extra (with where that occurrence now
    /// is), payloads, or the order.
    func eventSentences(_ e: TraceFrame, _ a: TraceFrame) -> [String] {
        var kinds: [ScrollEvent.Kind] = []
        for kind in e.events + a.events where !kinds.contains(kind) { kinds.append(kind) }
        let pe = Self.payloads(e)
        let pa = Self.payloads(a)
        var said: [(kind: ScrollEvent.Kind, sentence: String)] = []
        for kind in kinds {
            let ie = e.events.indices.filter { e.events[$0] == kind }
            let ia = a.events.indices.filter { a.events[$0] == kind }
            if ie.count > ia.count {
                // The first of the missing occurrences: the n-th of its kind in expected.
                let n = Self.before(e.frame, expectedEvents[kind] ?? []) + ia.count
                let now = whereIs(kind, occurrence: n, in: actualEvents[kind] ?? [], side: "actual", verb: "now")
                if ia.isEmpty, ie.count == 1 {
                    said.append((kind, "expected \(kind.rawValue)\(TraceText.payload(pe?[ie[0]])), got none; \(now)"))
                } else {
                    said.append((kind, "expected \(ie.count) \(kind.rawValue), got \(ia.count); \(now)"))
                }
            } else if ia.count > ie.count {
                let n = Self.before(a.frame, actualEvents[kind] ?? []) + ie.count
                let was = whereIs(
                    kind, occurrence: n, in: expectedEvents[kind] ?? [], side: "expected", verb: "expected")
                if ie.isEmpty, ia.count == 1 {
                    said.append((kind, "got \(kind.rawValue)\(TraceText.payload(pa?[ia[0]])), expected none; \(was)"))
                } else {
                    said.append((kind, "got \(ia.count) \(kind.rawValue), expected \(ie.count); \(was)"))
                }
            } else if let pe, let pa {
                for (i, j) in zip(ie, ia) {
                    if let change = payloadChange(pe[i], pa[j]) { said.append((kind, change)) }
                }
            }
        }
        // One didScroll more or less is worth a sentence only when no other event differs.
        if said.contains(where: { $0.kind != .didScroll }) { said.removeAll { $0.kind == .didScroll } }
        var out = said.map(\.sentence)
        if out.isEmpty, e.events != a.events {
            out.append(
                "events in another order: \(TraceText.list(e.events.map(\.rawValue))) -> \(TraceText.list(a.events.map(\.rawValue)))"
            )
        }
        return out
    }

    /// How many occurrences lie in frames before `frame`.
    static func before(_ frame: Int, _ occurrences: [Occurrence]) -> Int {
        var low = 0
        var high = occurrences.count
        while low < high {
            let mid = low + (high - low) / 2
            if occurrences[mid].frame < frame { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// "first recenter now at frame 141", "third recenter expected at frame 139", "actual has no recenter",
    /// "actual has only 2 recenter".
    func whereIs(
        _ kind: ScrollEvent.Kind, occurrence n: Int, in occurrences: [Occurrence], side: String, verb: String
    ) -> String {
        guard n < occurrences.count else {
            return n == 0 ? "\(side) has no \(kind.rawValue)" : "\(side) has only \(n) \(kind.rawValue)"
        }
        return "\(TraceText.ordinal(n + 1)) \(kind.rawValue) \(verb) at frame \(occurrences[n].frame)"
    }

    // MARK: Tiles

    /// Nil when the tiles agree; else the largest rectangle difference in points (0 when only the set of
    /// coordinates, an item or loading differs).
    func tileDifference(_ e: TraceFrame, _ a: TraceFrame) -> Double? {
        if e.tiles == a.tiles { return nil }  // the common case, without hashing
        var differ = e.tiles.count != a.tiles.count
        var largest = 0.0
        let actualTiles = Self.byCoordinate(a.tiles)
        for tile in e.tiles {
            guard let other = actualTiles[tile.coordinate] else {
                differ = true
                continue
            }
            if tile.item != other.item || tile.loaded != other.loaded { differ = true }
            for (x, y) in Self.components(tile.rect, other.rect) where differs(x, y) {
                differ = true
                largest = max(largest, (x - y).magnitude)
            }
        }
        if !differ, Set(e.tiles.map(\.coordinate)) != Set(a.tiles.map(\.coordinate)) { differ = true }
        return differ ? largest : nil
    }

    /// The one offset by which every tile that differs moved (same size, same item, same loading), and how
    /// many moved; nil when they differ in other ways or by different offsets.
    func commonShift(
        _ tiles: [TraceTile], _ actualTiles: [TileCoordinate: TraceTile]
    ) -> (dx: Double, dy: Double, count: Int)? {
        var shift: (dx: Double, dy: Double)?
        var count = 0
        var seen = Set<TileCoordinate>()
        for tile in tiles where seen.insert(tile.coordinate).inserted {
            guard let other = actualTiles[tile.coordinate] else { continue }
            let dx = other.rect.x - tile.rect.x
            let dy = other.rect.y - tile.rect.y
            guard
                differs(tile.rect.x, other.rect.x) || differs(tile.rect.y, other.rect.y) || tile.item != other.item
                    || tile.loaded != other.loaded || differs(tile.rect.width, other.rect.width)
                    || differs(tile.rect.height, other.rect.height)
            else { continue }
            guard tile.item == other.item, tile.loaded == other.loaded, !differs(tile.rect.width, other.rect.width),
                !differs(tile.rect.height, other.rect.height)
            else { return nil }
            if let s = shift {
                guard (s.dx - dx).magnitude < 1e-9, (s.dy - dy).magnitude < 1e-9 else { return nil }
            } else {
                shift = (dx, dy)
            }
            count += 1
        }
        return shift.map { ($0.dx, $0.dy, count) }
    }

    static func byCoordinate(_ tiles: [TraceTile]) -> [TileCoordinate: TraceTile] {
        var out: [TileCoordinate: TraceTile] = [:]
        for tile in tiles where out[tile.coordinate] == nil { out[tile.coordinate] = tile }
        return out
    }

    static func components(_ p: TraceTile.Rect, _ q: TraceTile.Rect) -> [(Double, Double)] {
        [(p.x, q.x), (p.y, q.y), (p.width, q.width), (p.height, q.height)]
    }

    /// "tiles (3, -2), (4, -2) missing", "tile (5, -2) added", "tile (3, -2) rect x: 120.5 -> 121.0",
    /// "tile (3, -2) item (0, 2) -> (1, 2)", "tile (3, -2) placeholder -> loaded"; at most
    /// `maxTileSentences` tiles are named, the rest counted.
    func tileSentences(_ e: TraceFrame, _ a: TraceFrame) -> [String] {
        let expectedTiles = Self.byCoordinate(e.tiles)
        let actualTiles = Self.byCoordinate(a.tiles)
        var seen = Set<TileCoordinate>()
        let missing = e.tiles.map(\.coordinate).filter { actualTiles[$0] == nil && seen.insert($0).inserted }
        seen = []
        let added = a.tiles.map(\.coordinate).filter { expectedTiles[$0] == nil && seen.insert($0).inserted }
        var out: [String] = []
        for (coordinates, what) in [(missing, "missing"), (added, "added")] where !coordinates.isEmpty {
            let names = coordinates.map(\.description)
            out.append(
                "\(coordinates.count == 1 ? "tile" : "tiles") \(TraceText.list(names, max: Self.maxTileSentences)) \(what)"
            )
        }
        var changed: [String] = []
        seen = []
        for tile in e.tiles where seen.insert(tile.coordinate).inserted {
            guard let other = actualTiles[tile.coordinate] else { continue }
            var parts: [String] = []
            let names = ["x", "y", "width", "height"]
            let rect = zip(names, Self.components(tile.rect, other.rect)).filter { differs($1.0, $1.1) }
                .map { "\($0): \(TraceText.rectNumber($1.0)) -> \(TraceText.rectNumber($1.1))" }
            if !rect.isEmpty { parts.append("rect " + rect.joined(separator: ", ")) }
            if tile.item != other.item { parts.append("item \(tile.item) -> \(other.item)") }
            if tile.loaded != other.loaded {
                parts.append(tile.loaded ? "loaded -> placeholder" : "placeholder -> loaded")
            }
            if !parts.isEmpty { changed.append("tile \(tile.coordinate) " + parts.joined(separator: "; ")) }
        }
        if let shift = commonShift(e.tiles, actualTiles), shift.count > 1, let example = changed.first {
            // Tiles that all moved together (an offset change) in one sentence.
            let all = shift.count == e.tiles.count && shift.count == a.tiles.count ? "all " : ""
            out.append("\(all)\(shift.count) tiles moved by \(TraceText.point(shift.dx, shift.dy)) pt, as \(example)")
        } else if changed.count > Self.maxTileSentences {
            out += changed.prefix(Self.maxTileSentences)
            out.append("\(changed.count - Self.maxTileSentences) more tiles placed differently")
        } else {
            out += changed
        }
        if out.isEmpty {
            out.append("\(TraceText.count(e.tiles.count, "tile")) -> \(a.tiles.count) (a coordinate listed twice)")
        }
        return out
    }
}
