/// The per-frame trace as JSON Lines: one object per frame, keys in a fixed order.
package enum Trace {
    /// One frame as a single line of JSON (no trailing newline).
    package static func line(for frame: FrameState) -> String {
        var out = "{\"frame\":\(frame.index),\"t\":\(number(frame.time)),\"phase\":\"\(frame.phase.rawValue)\""
        out += ",\"contentOffset\":\(point(frame.contentOffset))"
        out += ",\"contentSize\":{\"width\":\(number(frame.contentSize.width)),\"height\":\(number(frame.contentSize.height))}"
        out += ",\"events\":[" + frame.events.map(event).joined(separator: ",") + "]"
        out += ",\"recenter\":" + (frame.recenterShift.map(point) ?? "null")
        let scale = Double(frame.scale)
        out += ",\"tiles\":[" + frame.tiles.map { tile in
            let r = tile.pixelRect
            var text = "{\"x\":\(tile.coordinate.x),\"y\":\(tile.coordinate.y),\"id\":\(tile.id),\"rect\":[\(number(r.x / scale)),\(number(r.y / scale)),\(number(r.width / scale)),\(number(r.height / scale))]"
            if tile.item != tile.coordinate { text += ",\"item\":{\"x\":\(tile.item.x),\"y\":\(tile.item.y)}" }
            if !tile.loaded { text += ",\"loaded\":false" }
            return text + "}"
        }.joined(separator: ",") + "]"
        let s = frame.stats
        out += ",\"stats\":{\"live\":\(s.live),\"created\":\(s.created),\"reused\":\(s.reused),\"removed\":\(s.removed),\"pool\":\(s.pool),\"loads\":\(s.loads)}"
        out += ",\"edgeHit\":\(frame.edgeHit)"
        out += ",\"viewport\":{\"width\":\(number(frame.viewport.width)),\"height\":\(number(frame.viewport.height))}"
        if let page = frame.page { out += ",\"page\":{\"x\":\(page.x),\"y\":\(page.y)}" }
        if !frame.pageVisibility.isEmpty {
            out += ",\"visiblePages\":[" + frame.pageVisibility.map {
                "{\"x\":\($0.page.x),\"y\":\($0.page.y),\"fraction\":\(number($0.fraction))}"
            }.joined(separator: ",") + "]"
        }
        if !frame.layers.isEmpty {
            out += ",\"layers\":[" + frame.layers.map {
                "{\"offset\":\(point($0.offset)),\"tile\":{\"x\":\($0.firstTile.x),\"y\":\($0.firstTile.y)}}"
            }.joined(separator: ",") + "]"
        }
        return out + "}"
    }

    static func event(_ e: ScrollEvent) -> String {
        let name = "{\"name\":\"\(e.name)\""
        switch e {
        case let .willEndDragging(velocity, target):
            return name + ",\"velocity\":\(point(velocity)),\"targetContentOffset\":\(point(target))}"
        case .didEndDragging(let willDecelerate):
            return name + ",\"willDecelerate\":\(willDecelerate)}"
        case .recenter(let shift):
            return name + ",\"shift\":\(point(shift))}"
        case .jump(let tile):
            return name + ",\"tile\":{\"x\":\(tile.x),\"y\":\(tile.y)}}"
        case .pageChanged(let page):
            return name + ",\"page\":{\"x\":\(page.x),\"y\":\(page.y)}}"
        case let .loopJump(from, to):
            return name + ",\"from\":\(point(from)),\"to\":\(point(to))}"
        case let .resize(width, height):
            return name + ",\"width\":\(number(width)),\"height\":\(number(height))}"
        default:
            return name + "}"
        }
    }

    static func point(_ v: Vector) -> String { "{\"x\":\(number(v.x)),\"y\":\(number(v.y))}" }

    /// Integers without a fraction; other values in Swift's shortest round-trip form (valid JSON);
    /// `null` for NaN and infinities, which JSON cannot write (only a hand-made frame has them).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
