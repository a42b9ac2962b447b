extension Trace {
    /// One frame as a single line of JSON (no trailing newline), keys in `Trace.Key` order.
    ///
    /// ```swift
    /// var simulation = try Simulation(scenario: scenario)
    /// while let frame = try simulation.next() { print(Trace.line(for: frame)) }
    /// ```
    package static func line(for frame: FrameState) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member(Key.frame.rawValue, frame.index)
        json.member(Key.t.rawValue, frame.time)
        json.member(Key.phase.rawValue, frame.phase.rawValue)
        json.key(Key.contentOffset.rawValue)
        point(frame.contentOffset, &json)
        json.key(Key.contentSize.rawValue)
        size(frame.contentSize.width, frame.contentSize.height, &json)
        json.key(Key.events.rawValue)
        json.beginArray()
        for e in frame.events { event(e, &json) }
        json.endArray()
        json.key(Key.recenter.rawValue)
        if let shift = frame.recenterShift { point(shift, &json) } else { json.null() }
        json.key(Key.tiles.rawValue)
        json.beginArray()
        let scale = Double(frame.scale)
        for tile in frame.tiles { self.tile(tile, scale: scale, &json) }
        json.endArray()
        let s = frame.stats
        json.key(Key.stats.rawValue)
        json.beginObject()
        for (stat, value) in [
            (Stat.live, s.live), (.created, s.created), (.reused, s.reused), (.removed, s.removed),
            (.pool, s.pool), (.loads, s.loads),
        ] {
            json.member(stat.rawValue, value)
        }
        json.endObject()
        json.member(Key.edgeHit.rawValue, frame.edgeHit)
        json.key(Key.viewport.rawValue)
        size(frame.viewport.width, frame.viewport.height, &json)
        if let page = frame.page {
            json.key(Key.page.rawValue)
            coordinate(page, &json)
        }
        pagesAndLayers(frame, &json)
        json.endObject()
        return json.text
    }

    /// One drawn tile: its coordinate, id, rectangle in points, item (when it differs) and load state.
    static func tile(_ tile: DrawnTile, scale: Double, _ json: inout JSONWriter) {
        let r = tile.pixelRect
        json.beginObject()
        json.member(Field.x.rawValue, tile.coordinate.x)
        json.member(Field.y.rawValue, tile.coordinate.y)
        json.member(Field.id.rawValue, tile.id)
        json.key(Field.rect.rawValue)
        json.beginArray()
        json.value(r.x / scale)
        json.value(r.y / scale)
        json.value(r.width / scale)
        json.value(r.height / scale)
        json.endArray()
        if tile.item != tile.coordinate {
            json.key(Field.item.rawValue)
            coordinate(tile.item, &json)
        }
        if !tile.loaded { json.member(Field.loaded.rawValue, false) }
        json.endObject()
    }

    /// The visible pages (in the pager) and the linked layers, when the frame has them.
    static func pagesAndLayers(_ frame: FrameState, _ json: inout JSONWriter) {
        if !frame.pageVisibility.isEmpty {
            json.key(Key.visiblePages.rawValue)
            json.beginArray()
            for visible in frame.pageVisibility {
                json.beginObject()
                json.member(Field.x.rawValue, visible.page.x)
                json.member(Field.y.rawValue, visible.page.y)
                json.member(Field.fraction.rawValue, visible.fraction)
                json.endObject()
            }
            json.endArray()
        }
        if !frame.layers.isEmpty {
            json.key(Key.layers.rawValue)
            json.beginArray()
            for layer in frame.layers {
                json.beginObject()
                json.key(Field.offset.rawValue)
                point(layer.offset, &json)
                json.key(Field.tile.rawValue)
                coordinate(layer.firstTile, &json)
                json.endObject()
            }
            json.endArray()
        }
    }

    /// One event: its name, then its payload's members.
    static func event(_ e: ScrollEvent, _ json: inout JSONWriter) {
        json.beginObject()
        json.member(Field.name.rawValue, e.kind.rawValue)
        switch e {
        case .willEndDragging(let velocity, let target):
            json.key(Field.velocity.rawValue)
            point(velocity, &json)
            json.key(Field.targetContentOffset.rawValue)
            point(target, &json)
        case .didEndDragging(let willDecelerate):
            json.member(Field.willDecelerate.rawValue, willDecelerate)
        case .recenter(let shift):
            json.key(Field.shift.rawValue)
            point(shift, &json)
        case .jump(let tile):
            json.key(Field.tile.rawValue)
            coordinate(tile, &json)
        case .pageChanged(let page):
            json.key(Key.page.rawValue)
            coordinate(page, &json)
        case .loopJump(let from, let to):
            json.key(Field.from.rawValue)
            point(from, &json)
            json.key(Field.to.rawValue)
            point(to, &json)
        case .resize(let width, let height):
            json.member(Field.width.rawValue, width)
            json.member(Field.height.rawValue, height)
        case .willBeginDragging, .didScroll, .willBeginDecelerating, .didEndDecelerating, .didEndScrollingAnimation,
            .cancel:
            break
        }
        json.endObject()
    }

    static func point(_ v: Vector, _ json: inout JSONWriter) {
        json.beginObject()
        json.member(Field.x.rawValue, v.x)
        json.member(Field.y.rawValue, v.y)
        json.endObject()
    }

    static func coordinate(_ c: TileCoordinate, _ json: inout JSONWriter) {
        json.beginObject()
        json.member(Field.x.rawValue, c.x)
        json.member(Field.y.rawValue, c.y)
        json.endObject()
    }

    static func size(_ width: Double, _ height: Double, _ json: inout JSONWriter) {
        json.beginObject()
        json.member(Field.width.rawValue, width)
        json.member(Field.height.rawValue, height)
        json.endObject()
    }
}
