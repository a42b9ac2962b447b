import Testing
@testable import GridModel
import TestSupport

/// The trace's writer and reader, which live together in GridModel, agree.
@Suite struct TraceFormatTests {
    /// One event of every kind, with payloads that need more than integers.
    static let events: [ScrollEvent] = [
        .willBeginDragging, .didScroll,
        .willEndDragging(velocity: Vector(x: -1250.5, y: 0.1), targetContentOffset: Vector(x: 3e20, y: -0.25)),
        .didEndDragging(willDecelerate: true), .willBeginDecelerating, .didEndDecelerating, .didEndScrollingAnimation,
        .recenter(shift: Vector(x: 512, y: -256)), .jump(tile: TileCoordinate(x: .max, y: .min)), .cancel,
        .pageChanged(page: TileCoordinate(x: 2, y: -3)), .loopJump(from: Vector(x: 1, y: 2), to: Vector(x: 3, y: 4)),
        .resize(width: 320.5, height: 480),
    ]

    static func frame(events: [ScrollEvent], index: Int = 7) -> FrameState {
        let tiles = [DrawnTile(coordinate: TileCoordinate(x: -1, y: 2), id: 4, pixelRect: PixelRect(x: -10.5, y: 0, width: 100, height: 100),
                               item: TileCoordinate(x: 0, y: 2), loaded: false)]
        return FrameState(index: index, time: 0.125, phase: .decelerating, contentOffset: Vector(x: 1.5, y: -2),
                          contentSize: Size(width: 1e6, height: 500), events: events, recenterShift: Vector(x: 0, y: 100),
                          tiles: tiles, stats: TileStats(), edgeHit: true, scale: 2, viewport: Size(width: 200, height: 150),
                          page: TileCoordinate(x: 1, y: 1), pageVisibility: [PageVisibility(page: .zero, fraction: 0.75)])
    }

    @Test func theSamplesCoverEveryKind() {
        #expect(Set(Self.events.map(\.kind)) == Set(ScrollEvent.Kind.allCases))
    }

    @Test(arguments: TraceFormatTests.events)
    func everyEventKindReadsBack(event: ScrollEvent) throws {
        let state = Self.frame(events: [event])
        let read = try TraceLineParser.parse(Trace.line(for: state))
        #expect(read.events == [event.kind])
        #expect(read.scrollEvents == [event], "the payload reads back")
        #expect(read == TraceFrame(state))
    }

    @Test func allEventsInOneFrameReadBackInOrder() throws {
        let state = Self.frame(events: Self.events)
        #expect(try TraceLineParser.parse(Trace.line(for: state)).events == Self.events.map(\.kind))
    }

    /// A real render's trace, every frame, reads back equal to the frames it was written from.
    @Test(arguments: ["long-fling", "pager-4way", "carousel-loop-seamless", "parallax", "lazy-load"])
    func aRealRenderReadsBack(name: String) throws {
        let scenario = try bundledScenario(name)
        let frames = try allFrames(scenario)
        #expect(!frames.isEmpty)
        for state in frames {
            let read = try TraceLineParser.parse(Trace.line(for: state))
            #expect(read == TraceFrame(state), "frame \(state.index)")
        }
    }

    /// Tiles (rect in points, item, loading), page, content size and viewport read back as written.
    @Test func tilesPageAndSizesReadBack() throws {
        let read = try TraceLineParser.parse(Trace.line(for: Self.frame(events: Self.events)))
        #expect(read.tiles == [TraceTile(coordinate: TileCoordinate(x: -1, y: 2), rect: .init(x: -5.25, y: 0, width: 50, height: 50),
                                         item: TileCoordinate(x: 0, y: 2), loaded: false)])
        #expect(read.page == TileCoordinate(x: 1, y: 1))
        #expect(read.contentSize == Size(width: 1e6, height: 500) && read.viewport == Size(width: 200, height: 150))
        #expect(read.scrollEvents == Self.events)
        // A tile showing itself, loaded: no item or loaded member is written, and the defaults read back.
        var state = Self.frame(events: [])
        state.tiles[0].item = state.tiles[0].coordinate
        state.tiles[0].loaded = true
        state.page = nil
        let line = Trace.line(for: state)
        #expect(!line.contains(#""item""#) && !line.contains(#""loaded""#) && !line.contains(#""page""#))
        let plain = try TraceLineParser.parse(line)
        #expect(plain.tiles.map(\.item) == [TileCoordinate(x: -1, y: 2)] && plain.tiles.map(\.loaded) == [true] && plain.page == nil)
    }

    /// A line whose events lack their payloads (or that has no tiles or sizes) still reads: kinds only.
    @Test func linesWithoutPayloadsReadKindsOnly() throws {
        let line = #"{"frame":0,"t":0,"phase":"idle","contentOffset":{"x":0,"y":0},"events":[{"name":"recenter"},{"name":"didScroll"}]}"#
        let read = try TraceLineParser.parse(line)
        #expect(read.events == [.recenter, .didScroll] && read.scrollEvents.isEmpty)
        #expect(read.tiles.isEmpty && read.page == nil && read.contentSize == nil && read.viewport == nil)
        let some = #"{"frame":0,"t":0,"phase":"idle","contentOffset":{"x":0,"y":0},"events":[{"name":"didScroll"},{"name":"resize","width":3}]}"#
        #expect(try TraceLineParser.parse(some).scrollEvents.isEmpty)
    }

    /// Tiles, pages, sizes and payloads that are not what the writer writes are refused, saying what is wrong.
    @Test(arguments: [
        (#""tiles":[{"x":1,"y":2,"rect":[0,0,1]}]"#, "a tile rect has 3 numbers, not 4"),
        (#""tiles":[{"x":1,"y":2,"rect":[0,0,1,1,1]}]"#, "a tile rect has more than 4 numbers"),
        (#""tiles":[{"x":1,"y":2,"rect":{}}]"#, "a tile rect is not [x, y, width, height]"),
        (#""tiles":[{"x":1,"y":2,"rect":[]}]"#, "a tile rect is not [x, y, width, height]"),
        (#""tiles":[{"x":1.5,"y":2,"rect":[0,0,1,1]}]"#, "tile x 1.5 is not a whole number"),
        (#""tiles":[{"x":1e300,"y":2,"rect":[0,0,1,1]}]"#, "tile x 1e300 is not a whole number"),
        (#""tiles":[{"x":1,"y":2}]"#, #"tile (1, 2) has no "rect""#),
        (#""tiles":[{"y":2,"rect":[0,0,1,1]}]"#, #"a tile needs "x" and "y""#),
        (#""tiles":[{"x":1,"x":1,"y":2,"rect":[0,0,1,1]}]"#, #"duplicate key "x" in a tile"#),
        (#""tiles":[{"x":1,"y":2,"rect":[0,0,1,1],"item":[1,2]}]"#, "tile item is not an object"),
        (#""tiles":[{"x":1,"y":2,"rect":[0,0,1,1],"loaded":0}]"#, "tile loaded is not true or false"),
        (#""tiles":{}"#, "tiles is not an array"),
        (#""page":{"x":1}"#, #"page needs "x" and "y""#),
        (#""contentSize":{"width":1}"#, #"contentSize needs "width" and "height""#),
        (#""viewport":{"width":1,"height":2,"height":2}"#, #"duplicate key "height" in viewport"#),
        (#""events":[{"name":"recenter","shift":5}]"#, "event shift is not an object"),
        (#""events":[{"name":"recenter","shift":{"x":1,"y":1},"shift":{"x":1,"y":1}}]"#, #"duplicate key "shift" in an event"#),
        (#""events":[{"name":"pageChanged","page":{"x":1,"y":0.5}}]"#, "event page.y 0.5 is not a whole number"),
        (#""events":[{"name":"didEndDragging","willDecelerate":"yes"}]"#, "event willDecelerate is not true or false"),
    ])
    func badTileAndPayloadMembersAreErrors(member: String, message: String) {
        let line = #"{"frame":0,"t":0,"contentOffset":{"x":0,"y":0},"# + member + "}"
        #expect { try TraceLineParser.parse(line) } throws: { error in
            (error as? TraceLineError)?.message.hasPrefix(message) == true
        }
    }

    /// An event name that is no `ScrollEvent.Kind` is refused, naming it.
    @Test func unknownEventNamesAreErrors() {
        let line = #"{"frame":0,"t":0,"contentOffset":{"x":0,"y":0},"events":[{"name":"recenterr"}]}"#
        #expect { try TraceLineParser.parse(line) } throws: { error in
            (error as? TraceLineError)?.message.hasPrefix(#"unknown event "recenterr""#) == true
        }
    }

    /// The writer uses only `Trace.Key` names at the top level, in their order.
    @Test func topLevelKeysAreTheKeyList() {
        let line = Trace.line(for: Self.frame(events: []))
        let positions = Trace.Key.allCases.filter { $0 != .layers }.map { key in
            line.utf8.indices(of: "\"\(key.rawValue)\":")
        }
        #expect(positions.allSatisfy { $0 != nil })
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted())
    }

    @Test func jsonWriterEscapesAndSeparates() {
        var json = JSONWriter()
        json.beginObject()
        json.member("a\"b", "line\nbreak\t\u{1}\u{7F}\\é")
        json.key("list")
        json.beginArray()
        json.value(1.5); json.value(2.0); json.value(Double.nan); json.null(); json.value(Int64.min)
        json.beginObject(); json.endObject()
        json.endArray()
        json.member("ok", true)
        json.endObject()
        #expect(json.text == #"{"a\"b":"line\nbreak\t\u0001\u007f\\é","list":[1.5,2,null,null,-9223372036854775808,{}],"ok":true}"#)
    }

    /// The writer formats numbers into bytes itself: every integer as `String(n)` writes it, every double as
    /// `JSONWriter.number` does (integers below 1e15 without a fraction, the rest in Swift's shortest form).
    @Test func jsonWriterNumbersAreStringsOwn() {
        var rng = SplitMix64(state: 0x15D1)
        var integers: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, Int64.min + 1, 999_999_999_999_999]
        var doubles: [Double] = [0, -0.0, 0.5, -3, 1e15 - 1, 1e15, -1e15, 1e300, .leastNonzeroMagnitude, .nan, .infinity, -.infinity, 123.25]
        for _ in 0..<2_000 {
            integers.append(Int64(bitPattern: rng.next()) >> (rng.next() % 64))
            doubles.append(Double(Int64(bitPattern: rng.next()) >> (rng.next() % 64)) / Double(1 << (rng.next() % 12)))
        }
        for n in integers {
            var json = JSONWriter()
            json.value(n)
            #expect(json.text == String(n))
        }
        var json = JSONWriter()
        json.value(UInt64.max)
        #expect(json.text == String(UInt64.max))
        for d in doubles {
            var json = JSONWriter()
            json.value(d)
            #expect(json.text == JSONWriter.number(d), "\(d)")
        }
    }
}

private extension String.UTF8View {
    /// The offset of the first occurrence of `word`, if any.
    func indices(of word: String) -> Int? {
        let haystack = Array(self), needle = Array(word.utf8)
        guard needle.count <= haystack.count else { return nil }
        for i in 0...(haystack.count - needle.count) where Array(haystack[i..<i + needle.count]) == needle { return i }
        return nil
    }
}
