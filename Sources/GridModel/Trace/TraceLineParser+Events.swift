/// The trace line's events and stats.
extension TraceLineParser {

    /// [{"name": "...", payload...}, ...]: each name must be a `ScrollEvent.Kind`. The kinds, and the
    /// events with their payloads when every event has its payload (else none: the kinds still read).
    mutating func eventList() throws(TraceLineError) -> (kinds: [ScrollEvent.Kind], events: [ScrollEvent]) {
        guard peek == UInt8(ascii: "[") else { throw error("events is not an array") }
        var kinds: [ScrollEvent.Kind] = []
        var events: [ScrollEvent] = []
        var complete = true
        if try beginArray(depth: 2) {
            repeat {
                let (kind, event) = try event()
                kinds.append(kind)
                if let event, complete { events.append(event) } else { complete = false }
            } while try nextElement()
        }
        return (kinds, complete ? events : [])
    }

    /// One event: its kind, and the event with its payload when the payload is there.
    mutating func event() throws(TraceLineError) -> (ScrollEvent.Kind, ScrollEvent?) {
        guard peek == UInt8(ascii: "{") else { throw error("an event is not an object") }
        var name: String?
        var vectors: [Trace.Field: Vector] = [:]
        var tile: TileCoordinate?
        var page: TileCoordinate?
        var willDecelerate: Bool?
        var width: Double?
        var height: Double?
        if try beginObject(depth: 3) {
            repeat {
                let raw = try key()
                let k = field(raw)
                func once(_ present: Bool) throws(TraceLineError) {
                    guard !present else { throw error("duplicate key \"\(k.map(\.rawValue) ?? "page")\" in an event") }
                }
                switch k {
                case .name?:
                    try once(name != nil)
                    name = try string("event name")
                case let field? where [.velocity, .targetContentOffset, .shift, .from, .to].contains(field):
                    try once(vectors[field] != nil)
                    vectors[field] = try vector("event " + field.rawValue, depth: 4)
                case .tile?:
                    try once(tile != nil)
                    tile = try coordinate("event tile", depth: 4)
                case .willDecelerate?:
                    try once(willDecelerate != nil)
                    willDecelerate = try bool("event willDecelerate")
                case .width?:
                    try once(width != nil)
                    width = try number("event width")
                case .height?:
                    try once(height != nil)
                    height = try number("event height")
                default:
                    if key(for: raw) == .page {
                        try once(page != nil)
                        page = try coordinate("event page", depth: 4)
                    } else {
                        try skipValue(depth: 3)
                    }
                }
            } while try nextMember()
        }
        guard let name else { throw error("an event has no \"name\"") }
        guard let kind = ScrollEvent.Kind(rawValue: name) else { throw error("unknown event \"\(name)\"") }
        let event: ScrollEvent?
        switch kind {
        case .willBeginDragging: event = .willBeginDragging
        case .didScroll: event = .didScroll
        case .willEndDragging:
            event = vectors[.velocity].flatMap { v in
                vectors[.targetContentOffset].map { .willEndDragging(velocity: v, targetContentOffset: $0) }
            }
        case .didEndDragging: event = willDecelerate.map { .didEndDragging(willDecelerate: $0) }
        case .willBeginDecelerating: event = .willBeginDecelerating
        case .didEndDecelerating: event = .didEndDecelerating
        case .didEndScrollingAnimation: event = .didEndScrollingAnimation
        case .recenter: event = vectors[.shift].map { .recenter(shift: $0) }
        case .jump: event = tile.map { .jump(tile: $0) }
        case .cancel: event = .cancel
        case .pageChanged: event = page.map { .pageChanged(page: $0) }
        case .loopJump: event = vectors[.from].flatMap { from in vectors[.to].map { .loopJump(from: from, to: $0) } }
        case .resize: event = width.flatMap { w in height.map { .resize(width: w, height: $0) } }
        }
        return (kind, event)
    }

    /// {"live": n, "pool": n, ...}; missing counts are 0.
    mutating func stats() throws(TraceLineError) -> (live: Int, pool: Int) {
        guard peek == UInt8(ascii: "{") else { throw error("stats is not an object") }
        var live = 0
        var pool = 0
        if try beginObject(depth: 2) {
            repeat {
                let k = stat(try key())
                if k == .live {
                    live = try integer("stats.live", min: 0)
                } else if k == .pool {
                    pool = try integer("stats.pool", min: 0)
                } else {
                    try skipValue(depth: 2)
                }
            } while try nextMember()
        }
        return (live, pool)
    }
}
