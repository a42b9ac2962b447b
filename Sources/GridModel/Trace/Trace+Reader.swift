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

    /// The lexer, over the line.
    var scanner: JSONScanner
    /// The line's first byte, column 1 of the errors.
    let start: Int

    private init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        scanner = JSONScanner(bytes, range)
        start = range.lowerBound
    }

    /// The buffer the line is in.
    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }
    /// The next byte to read.
    var index: Int {
        get { scanner.index }
        set { scanner.index = newValue }
    }
    /// The next byte, or nil at the end of the line.
    var peek: UInt8? { scanner.peek }

    /// The frame in one line of text.
    ///
    /// ```swift
    /// let frame = try TraceLineParser.parse(Trace.line(for: state))
    /// ```
    /// - Throws: `TraceLineError` saying what is wrong and at which column.
    package static func parse(_ line: String) throws(TraceLineError) -> TraceFrame {
        let bytes = Array(line.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(TraceLineError) in
            try parse(buffer, 0..<buffer.count)
        }
    }

    /// The frame in `bytes[range]`; linear in the range's length.
    /// - Throws: `TraceLineError` saying what is wrong and at which column.
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) throws(TraceLineError) -> TraceFrame {
        var parser = TraceLineParser(bytes, range)
        parser.skipWhitespace()
        let frame = try parser.topLevel()
        parser.skipWhitespace()
        guard parser.index == parser.scanner.end else { throw parser.error("unexpected characters after the object") }
        return frame
    }

    /// The trace members this reader keeps (the others are checked and skipped), each with a bit
    /// for duplicate detection.
    private static let keptKeys: [Trace.Key] = [
        .frame, .t, .phase, .contentOffset, .recenter, .events, .stats, .edgeHit,
        .contentSize, .tiles, .viewport, .page,
    ]

    /// The text of a short key (longer ones are no key the trace has).
    func name(_ range: Range<Int>) -> String? {
        guard range.upperBound - range.lowerBound <= 32 else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    func key(for range: Range<Int>) -> Trace.Key? {
        name(range).flatMap(Trace.Key.init(rawValue:))
    }

    /// Each `Trace.Field`'s name as bytes: tiles and events have several members each, and matching
    /// bytes makes no string per member.
    private static let fieldNames: [(name: [UInt8], field: Trace.Field)] = Trace.Field.allCases.map {
        (Array($0.rawValue.utf8), $0)
    }

    func field(_ range: Range<Int>) -> Trace.Field? {
        let count = range.upperBound - range.lowerBound
        for entry in Self.fieldNames where entry.name.count == count {
            var i = 0
            while i < count, bytes[range.lowerBound + i] == entry.name[i] { i += 1 }
            if i == count { return entry.field }
        }
        return nil
    }

    func stat(_ range: Range<Int>) -> Trace.Stat? {
        name(range).flatMap(Trace.Stat.init(rawValue:))
    }

    mutating func topLevel() throws(TraceLineError) -> TraceFrame {
        guard peek == UInt8(ascii: "{") else { throw error("a trace line is one JSON object") }
        var frame: Int?
        var t: Double?
        var offset: (x: Double, y: Double)?
        var recenter: (x: Double, y: Double)?
        var phase: String?
        var events: [ScrollEvent.Kind] = []
        var live = 0
        var pool = 0
        var edgeHit = false
        var contentSize: Size?
        var viewport: Size?
        var page: TileCoordinate?
        var tiles: [TraceTile] = []
        var scrollEvents: [ScrollEvent] = []
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
                        throw error(
                            "unknown phase \"\(name)\" (the phases are idle, dragging, decelerating, bouncing, animating)"
                        )
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
        return TraceFrame(
            frame: frame, t: t, phase: phase, offsetX: offset.x, offsetY: offset.y,
            recenterX: recenter?.x, recenterY: recenter?.y, events: events, live: live, pool: pool, edgeHit: edgeHit,
            contentSize: contentSize, viewport: viewport, page: page, tiles: tiles, scrollEvents: scrollEvents)
    }
}
