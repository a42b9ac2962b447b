/// One trace line that is not a render-grid trace line: the reason, with the column.
package struct TraceLineError: Error, Sendable {
    package var message: String
}

/// Reads the fields the tools use from one line of trace.jsonl (as `Trace.line(for:)` writes it) in a single pass. The line must be
/// one JSON object; every value the tools do not use (tile ids, visible pages, layers, stats other
/// than live and pool) is checked and skipped without being built, so the time is linear in the line's
/// length and the memory grows only with the tiles and events kept (at most `maxTiles` tiles). Nesting is
/// limited, numbers must be finite and short, tile coordinates whole numbers, kept strings are cut to
/// `maxNameBytes`. Keys are matched through `Trace.Key` and `Trace.Field`, events through
/// `ScrollEvent.Kind`; an event name that is not a kind is an error (the trace has one writer, so
/// an unknown name means the line is not ours or the file is damaged).
package struct TraceLineParser {
    static let maxDepth = 64
    /// Longest number text converted (the trace writer's are under 25 characters).
    static let maxNumberLength = 64
    /// Longest phase or event name kept; longer ones are cut.
    static let maxNameBytes = 64
    /// Most tiles kept from one line (the model's default bound on live tiles is 20,000).
    static let maxTiles = 1 << 20

    private let bytes: UnsafeBufferPointer<UInt8>
    private let start: Int
    private let end: Int
    private var index: Int

    private init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        start = range.lowerBound
        end = range.upperBound
        index = range.lowerBound
    }

    /// The frame in one line of text.
    ///
    /// ```swift
    /// let frame = try TraceLineParser.parse(Trace.line(for: state))
    /// ```
    /// - Throws: `TraceLineError` saying what is wrong and at which column.
    package static func parse(_ line: String) throws(TraceLineError) -> TraceFrame {
        let bytes = Array(line.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(TraceLineError) in try parse(buffer, 0..<buffer.count) }
    }

    /// The frame in `bytes[range]`; linear in the range's length.
    /// - Throws: `TraceLineError` saying what is wrong and at which column.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(TraceLineError) -> TraceFrame {
        var parser = TraceLineParser(bytes, range)
        parser.skipWhitespace()
        let frame = try parser.topLevel()
        parser.skipWhitespace()
        guard parser.index == parser.end else { throw parser.error("unexpected characters after the object") }
        return frame
    }

    /// The trace members this reader keeps (the others are checked and skipped), each with a bit
    /// for duplicate detection.
    private static let keptKeys: [Trace.Key] = [.frame, .t, .phase, .contentOffset, .recenter, .events, .stats, .edgeHit,
                                                .contentSize, .tiles, .viewport, .page]

    /// The text of a short key (longer ones are no key the trace has).
    private func name(_ range: Range<Int>) -> String? {
        guard range.upperBound - range.lowerBound <= 32 else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func key(for range: Range<Int>) -> Trace.Key? {
        name(range).flatMap(Trace.Key.init(rawValue:))
    }

    /// Each `Trace.Field`'s name as bytes: tiles and events have several members each, and matching
    /// bytes makes no string per member.
    private static let fieldNames: [(name: [UInt8], field: Trace.Field)] = Trace.Field.allCases.map { (Array($0.rawValue.utf8), $0) }

    private func field(_ range: Range<Int>) -> Trace.Field? {
        let count = range.upperBound - range.lowerBound
        for entry in Self.fieldNames where entry.name.count == count {
            var i = 0
            while i < count, bytes[range.lowerBound + i] == entry.name[i] { i += 1 }
            if i == count { return entry.field }
        }
        return nil
    }

    private func stat(_ range: Range<Int>) -> Trace.Stat? {
        name(range).flatMap(Trace.Stat.init(rawValue:))
    }

    /// Whether `bytes[range]` is `word` (plain loops: the generic algorithms are slow unoptimized).
    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        let count = range.upperBound - range.lowerBound
        guard count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        var i = 0
        while i < count {
            if bytes[range.lowerBound + i] != w[i] { return false }
            i += 1
        }
        return true
    }

    private mutating func topLevel() throws(TraceLineError) -> TraceFrame {
        guard peek == UInt8(ascii: "{") else { throw error("a trace line is one JSON object") }
        var frame: Int?, t: Double?, offset: (x: Double, y: Double)?, recenter: (x: Double, y: Double)?
        var phase: String?, events: [ScrollEvent.Kind] = [], live = 0, pool = 0, edgeHit = false
        var contentSize: Size?, viewport: Size?, page: TileCoordinate?, tiles: [TraceTile] = [], scrollEvents: [ScrollEvent] = []
        var seen: UInt32 = 0
        if try beginObject(depth: 1) {
            repeat {
                let name = try key()
                guard let key = key(for: name), let bit = Self.keptKeys.firstIndex(of: key) else {
                    try skipValue(depth: 1)
                    continue
                }
                guard seen & 1 << bit == 0 else { throw error("duplicate key \"\(key)\"") }
                seen |= 1 << bit
                switch key {
                case .frame: frame = try integer("frame", min: 0)
                case .t: t = try number("t")
                case .phase:
                    let name = try string("phase")
                    // The writer's phases only: another word means the line is not ours or is damaged.
                    guard Phase(rawValue: name) != nil else {
                        throw error("unknown phase \"\(name)\" (the phases are idle, dragging, decelerating, bouncing, animating)")
                    }
                    phase = name
                case .contentOffset: offset = try point("contentOffset")
                case .recenter:
                    if peek == UInt8(ascii: "n") { try literal("null") } else { recenter = try point("recenter") }
                case .events: (events, scrollEvents) = try eventList()
                case .stats: (live, pool) = try stats()
                case .edgeHit: edgeHit = try bool("edgeHit")
                case .contentSize: contentSize = try size("contentSize")
                case .viewport: viewport = try size("viewport")
                case .page: page = try coordinate("page", depth: 2)
                case .tiles: tiles = try tileList()
                case .visiblePages, .layers: try skipValue(depth: 1)
                }
            } while try nextMember()
        }
        guard let frame else { throw error("no \"frame\"") }
        guard let t else { throw error("no \"t\"") }
        guard let offset else { throw error("no \"contentOffset\"") }
        guard let phase else { throw error("no \"phase\"") }
        return TraceFrame(frame: frame, t: t, phase: phase, offsetX: offset.x, offsetY: offset.y,
                          recenterX: recenter?.x, recenterY: recenter?.y, events: events, live: live, pool: pool, edgeHit: edgeHit,
                          contentSize: contentSize, viewport: viewport, page: page, tiles: tiles, scrollEvents: scrollEvents)
    }

    /// {"x": number, "y": number, ...}
    private mutating func point(_ name: String, depth: Int = 2) throws(TraceLineError) -> (x: Double, y: Double) {
        guard peek == UInt8(ascii: "{") else { throw error("\(name) is not an object") }
        var x: Double?, y: Double?
        if try beginObject(depth: depth) {
            repeat {
                let k = field(try key())
                if k == .x {
                    guard x == nil else { throw error("duplicate key \"x\" in \(name)") }
                    x = try number(name + ".x")
                } else if k == .y {
                    guard y == nil else { throw error("duplicate key \"y\" in \(name)") }
                    y = try number(name + ".y")
                } else {
                    try skipValue(depth: depth)
                }
            } while try nextMember()
        }
        guard let x, let y else { throw error("\(name) needs \"x\" and \"y\"") }
        return (x, y)
    }

    private mutating func vector(_ name: String, depth: Int) throws(TraceLineError) -> Vector {
        let (x, y) = try point(name, depth: depth)
        return Vector(x: x, y: y)
    }

    /// {"x": whole number, "y": whole number, ...}
    private mutating func coordinate(_ name: String, depth: Int) throws(TraceLineError) -> TileCoordinate {
        guard peek == UInt8(ascii: "{") else { throw error("\(name) is not an object") }
        var x: Int64?, y: Int64?
        if try beginObject(depth: depth) {
            repeat {
                let k = field(try key())
                if k == .x {
                    guard x == nil else { throw error("duplicate key \"x\" in \(name)") }
                    x = try tileIndex(name + ".x")
                } else if k == .y {
                    guard y == nil else { throw error("duplicate key \"y\" in \(name)") }
                    y = try tileIndex(name + ".y")
                } else {
                    try skipValue(depth: depth)
                }
            } while try nextMember()
        }
        guard let x, let y else { throw error("\(name) needs \"x\" and \"y\"") }
        return TileCoordinate(x: x, y: y)
    }

    /// {"width": number, "height": number, ...}
    private mutating func size(_ name: String) throws(TraceLineError) -> Size {
        guard peek == UInt8(ascii: "{") else { throw error("\(name) is not an object") }
        var width: Double?, height: Double?
        if try beginObject(depth: 2) {
            repeat {
                let k = field(try key())
                if k == .width {
                    guard width == nil else { throw error("duplicate key \"width\" in \(name)") }
                    width = try number(name + ".width")
                } else if k == .height {
                    guard height == nil else { throw error("duplicate key \"height\" in \(name)") }
                    height = try number(name + ".height")
                } else {
                    try skipValue(depth: 2)
                }
            } while try nextMember()
        }
        guard let width, let height else { throw error("\(name) needs \"width\" and \"height\"") }
        return Size(width: width, height: height)
    }

    /// [{"x": n, "y": n, "id": n, "rect": [x, y, width, height], "item": {...}?, "loaded": false?}, ...]
    private mutating func tileList() throws(TraceLineError) -> [TraceTile] {
        guard peek == UInt8(ascii: "[") else { throw error("tiles is not an array") }
        var tiles: [TraceTile] = []
        if try beginArray(depth: 2) {
            repeat {
                guard tiles.count < Self.maxTiles else { throw error("over \(Self.maxTiles) tiles") }
                tiles.append(try tile())
            } while try nextElement()
        }
        return tiles
    }

    private mutating func tile() throws(TraceLineError) -> TraceTile {
        guard peek == UInt8(ascii: "{") else { throw error("a tile is not an object") }
        var x: Int64?, y: Int64?, rect: TraceTile.Rect?, item: TileCoordinate?, loaded: Bool?
        if try beginObject(depth: 3) {
            repeat {
                let k = field(try key())
                switch k {
                case .x?:
                    guard x == nil else { throw error("duplicate key \"x\" in a tile") }
                    x = try tileIndex("tile x")
                case .y?:
                    guard y == nil else { throw error("duplicate key \"y\" in a tile") }
                    y = try tileIndex("tile y")
                case .rect?:
                    guard rect == nil else { throw error("duplicate key \"rect\" in a tile") }
                    rect = try rectangle()
                case .item?:
                    guard item == nil else { throw error("duplicate key \"item\" in a tile") }
                    item = try coordinate("tile item", depth: 4)
                case .loaded?:
                    guard loaded == nil else { throw error("duplicate key \"loaded\" in a tile") }
                    loaded = try bool("tile loaded")
                default: try skipValue(depth: 3)
                }
            } while try nextMember()
        }
        guard let x, let y else { throw error("a tile needs \"x\" and \"y\"") }
        guard let rect else { throw error("tile (\(x), \(y)) has no \"rect\"") }
        return TraceTile(coordinate: TileCoordinate(x: x, y: y), rect: rect, item: item, loaded: loaded ?? true)
    }

    /// [x, y, width, height]
    private mutating func rectangle() throws(TraceLineError) -> TraceTile.Rect {
        guard peek == UInt8(ascii: "["), try beginArray(depth: 4) else { throw error("a tile rect is not [x, y, width, height]") }
        var values: [Double] = []
        repeat {
            guard values.count < 4 else { throw error("a tile rect has more than 4 numbers") }
            values.append(try number("tile rect"))
        } while try nextElement()
        guard values.count == 4 else { throw error("a tile rect has \(values.count) numbers, not 4") }
        return TraceTile.Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// A tile coordinate: a whole number in Int64 (digits read exactly), or a number with a whole value up to 2^53.
    private mutating func tileIndex(_ name: String) throws(TraceLineError) -> Int64 {
        let (double, text) = try numberAndText(name)
        if let value = Int64(text) { return value }
        guard double == double.rounded(), double.magnitude <= 0x1p53 else { throw error("\(name) \(text) is not a whole number") }
        return Int64(double)
    }

    /// [{"name": "...", payload...}, ...]: each name must be a `ScrollEvent.Kind`. The kinds, and the
    /// events with their payloads when every event has its payload (else none: the kinds still read).
    private mutating func eventList() throws(TraceLineError) -> (kinds: [ScrollEvent.Kind], events: [ScrollEvent]) {
        guard peek == UInt8(ascii: "[") else { throw error("events is not an array") }
        var kinds: [ScrollEvent.Kind] = [], events: [ScrollEvent] = [], complete = true
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
    private mutating func event() throws(TraceLineError) -> (ScrollEvent.Kind, ScrollEvent?) {
        guard peek == UInt8(ascii: "{") else { throw error("an event is not an object") }
        var name: String?, vectors: [Trace.Field: Vector] = [:], tile: TileCoordinate?, page: TileCoordinate?
        var willDecelerate: Bool?, width: Double?, height: Double?
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
            event = vectors[.velocity].flatMap { v in vectors[.targetContentOffset].map { .willEndDragging(velocity: v, targetContentOffset: $0) } }
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
    private mutating func stats() throws(TraceLineError) -> (live: Int, pool: Int) {
        guard peek == UInt8(ascii: "{") else { throw error("stats is not an object") }
        var live = 0, pool = 0
        if try beginObject(depth: 2) {
            repeat {
                let k = stat(try key())
                if k == .live { live = try integer("stats.live", min: 0) }
                else if k == .pool { pool = try integer("stats.pool", min: 0) }
                else { try skipValue(depth: 2) }
            } while try nextMember()
        }
        return (live, pool)
    }

    // MARK: Values

    private mutating func number(_ name: String) throws(TraceLineError) -> Double {
        try numberAndText(name).value
    }

    private mutating func numberAndText(_ name: String) throws(TraceLineError) -> (value: Double, text: String) {
        guard let c = peek, c == UInt8(ascii: "-") || isDigit(c) else { throw error("\(name) is not a number") }
        let text = try scanNumber()
        guard text.upperBound - text.lowerBound <= Self.maxNumberLength else { throw error("\(name) has over \(Self.maxNumberLength) characters") }
        let string = String(decoding: bytes[text], as: UTF8.self)
        guard let value = Double(string), value.isFinite else { throw error("\(name) \(string) is not a finite number") }
        return (value, string)
    }

    /// A whole number from `min` to 2^53: digits (read exactly), or a number with such a value (1e3).
    private mutating func integer(_ name: String, min: Int) throws(TraceLineError) -> Int {
        let (double, text) = try numberAndText(name)
        let value = Int(text) ?? (double == double.rounded() && double.magnitude <= 0x1p53 ? Int(double) : nil)
        guard let value, value >= min, value.magnitude <= 1 << 53 else {
            throw error("\(name) \(text) is not a whole number from \(min) to 2^53")
        }
        return value
    }

    private mutating func bool(_ name: String) throws(TraceLineError) -> Bool {
        switch peek {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw error("\(name) is not true or false")
        }
    }

    /// A string value, decoded and cut to `maxNameBytes` bytes (at a character boundary). Escaped
    /// control characters become spaces and escaped non-ASCII code points U+FFFD: names are labels.
    private mutating func string(_ name: String) throws(TraceLineError) -> String {
        guard peek == UInt8(ascii: "\"") else { throw error("\(name) is not a string") }
        let raw = try scanString()
        var out: [UInt8] = []
        var i = raw.lowerBound, cut = false
        while i < raw.upperBound {
            if out.count > Self.maxNameBytes + 4 { cut = true; break }
            guard bytes[i] == UInt8(ascii: "\\") else { out.append(bytes[i]); i += 1; continue }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): out.append(0x20)
            case UInt8(ascii: "u"):
                let code = hex4(i)
                i += 4
                out.append(contentsOf: code >= 0x20 && code < 0x7F ? [UInt8(code)] : [0xEF, 0xBF, 0xBD])
            default: out.append(e)  // \" \\ \/
            }
        }
        if !cut {
            guard let text = String(validating: out, as: UTF8.self) else { throw error("\(name) is not valid UTF-8") }
            if out.count <= Self.maxNameBytes { return text }
        }
        var text = String(decoding: out, as: UTF8.self)
        while text.utf8.count > Self.maxNameBytes { text.removeLast() }
        return text
    }

    // MARK: Scanning

    private var peek: UInt8? { index < end ? bytes[index] : nil }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private func error(_ message: String) -> TraceLineError {
        TraceLineError(message: "\(message) (column \(index - start + 1))")
    }

    private mutating func skipWhitespace() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A { index += 1 }
    }

    /// Consumes "{"; false for an empty object (its "}" consumed too).
    private mutating func beginObject(depth: Int) throws(TraceLineError) -> Bool {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return false }
        return true
    }

    private mutating func beginArray(depth: Int) throws(TraceLineError) -> Bool {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return false }
        return true
    }

    /// A member's key (the raw bytes between the quotes) and its ":", leaving the value next.
    private mutating func key() throws(TraceLineError) -> Range<Int> {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw error("expected a key string") }
        let raw = try scanString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw error("expected ':'") }
        index += 1
        skipWhitespace()
        return raw
    }

    /// After a member: true at ",", false at "}" (both consumed).
    private mutating func nextMember() throws(TraceLineError) -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): index += 1; return true
        case UInt8(ascii: "}"): index += 1; return false
        case nil: throw error("the line ends inside an object")
        default: throw error("expected ',' or '}'")
        }
    }

    /// After an array element: true at ",", false at "]" (both consumed).
    private mutating func nextElement() throws(TraceLineError) -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): index += 1; skipWhitespace(); return true
        case UInt8(ascii: "]"): index += 1; return false
        case nil: throw error("the line ends inside an array")
        default: throw error("expected ',' or ']'")
        }
    }

    /// Checks and skips any JSON value.
    private mutating func skipValue(depth: Int) throws(TraceLineError) {
        switch peek {
        case UInt8(ascii: "{"):
            if try beginObject(depth: depth + 1) {
                repeat { _ = try key(); try skipValue(depth: depth + 1) } while try nextMember()
            }
        case UInt8(ascii: "["):
            if try beginArray(depth: depth + 1) {
                repeat { try skipValue(depth: depth + 1) } while try nextElement()
            }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case let c? where c == UInt8(ascii: "-") || isDigit(c): _ = try scanNumber()
        case nil: throw error("the line ends where a value should be")
        default: throw error("unexpected character where a value should be (NaN and Infinity are not JSON)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(TraceLineError) {
        let count = word.utf8CodeUnitCount
        guard end - index >= count, matches(index..<index + count, word) else { throw error("invalid literal") }
        index += count
    }

    /// The raw bytes between a string's quotes, checked (escapes, no control characters).
    private mutating func scanString() throws(TraceLineError) -> Range<Int> {
        index += 1
        let from = index
        var ascii = true
        while true {
            guard let c = peek else { throw error("unterminated string") }
            if c == UInt8(ascii: "\"") {
                index += 1
                // Keys and values alike: JSON text is UTF-8 (checked only when a byte is not ASCII).
                guard ascii || String(validating: UnsafeBufferPointer(rebasing: bytes[from..<index - 1]), as: UTF8.self) != nil else {
                    index = from
                    throw error("a string is not valid UTF-8")
                }
                return from..<index - 1
            }
            if c >= 0x80 { ascii = false }
            if c < 0x20 { throw error("control character in a string") }
            if c == UInt8(ascii: "\\") {
                index += 1
                guard let e = peek else { throw error("unterminated escape") }
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    guard end - index >= 4, isHex(bytes[index]), isHex(bytes[index + 1]), isHex(bytes[index + 2]), isHex(bytes[index + 3]) else {
                        throw error("invalid \\u escape")
                    }
                    index += 4
                default: throw error("invalid escape")
                }
                continue
            }
            index += 1
        }
    }

    private func isHex(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
    }

    /// The value of four hex digits at `i` (checked by `scanString`).
    private func hex4(_ i: Int) -> UInt32 {
        var value: UInt32 = 0
        for c in [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]] {
            let digit = isDigit(c) ? c - UInt8(ascii: "0") : (c | 0x20) - UInt8(ascii: "a") + 10
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// The text of a JSON number, checked against the grammar.
    private mutating func scanNumber() throws(TraceLineError) -> Range<Int> {
        let from = index
        if peek == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout TraceLineParser) -> Int {
            let d = p.index
            while let c = p.peek, p.isDigit(c) { p.index += 1 }
            return p.index - d
        }
        let intStart = index
        let count = digits(&self)
        guard count > 0 else { throw error("invalid number") }
        guard count == 1 || bytes[intStart] != UInt8(ascii: "0") else { throw error("leading zero in a number") }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("invalid number") }
        }
        return from..<index
    }
}
