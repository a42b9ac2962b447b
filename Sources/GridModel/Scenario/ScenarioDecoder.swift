/// Turns scenario JSON into a validated `Scenario`. Every value is checked before any
/// arithmetic can trap; errors name the JSON path, the value and what is allowed.
public enum ScenarioDecoder {
    /// Decodes and validates one scenario file's bytes (UTF-8 JSON).
    ///
    /// ```swift
    /// let scenario = try ScenarioDecoder.decode(Array(#"{ "name": "demo", "viewport": { "width": 320, "height": 480, "scale": 2 }, "steps": [] }"#.utf8))
    /// ```
    ///
    /// - Parameter limits: the size limits to enforce (`--max-frames`, `--max-pixels` raise them).
    /// - Throws: `ScenarioError` naming the JSON path, the value and what is allowed (a hand-typed JSON
    ///   mistake and a value of the wrong type also give the line and column): `.malformedJSON`,
    ///   `.wrongType`, `.missingKey`, `.unknownKey`, `.unknownStep`, `.outOfRange`, `.invalidValue`,
    ///   or `.limitExceeded` (the file, a frame count or a frame's pixels is over `limits`).
    public static func decode(_ bytes: [UInt8], limits: Limits = Limits()) throws(ScenarioError) -> Scenario {
        if bytes.count > limits.maxFileBytes {
            throw ScenarioError(
                kind: .limitExceeded, path: "",
                message: "scenario is \(bytes.count) bytes; the limit is \(limits.maxFileBytes) bytes",
                limit: .maxFileBytes)
        }
        let root = Node(value: try JSONParser.parse(bytes), path: "")
        do {
            return try decodeScenario(root, limits: limits)
        } catch {
            // A value of the wrong type is easiest to find by its line (a path such as "steps[57]" takes counting).
            var located = error
            if error.kind == .wrongType, let place = JSONParser.location(of: error.path, in: bytes) {
                located.message += " (\(place))"
            }
            throw located
        }
    }

    /// Every key the decoder accepts, by object: the scenario schema must list exactly these
    /// (a test keeps Scenarios/scenario.schema.json honest).
    package static let keys: [String: [String]] = [
        "": [
            "$schema", "name", "description", "viewport", "fps", "grid", "scroll", "pager", "style", "layers", "steps",
        ],
        "viewport": ["width", "height", "scale"],
        "grid": [
            "tileSize", "start", "buffer", "columns", "rows", "loop", "content", "range", "loopCopies", "itemIndex",
            "loadLatency", "unloadedTile",
        ],
        "grid.tileSize": ["width", "height"],
        "grid.start": ["x", "y"],
        "scroll": [
            "recenter", "contentSize", "deceleration", "bounces", "paging", "pageSize", "pageGrid", "contentInset",
            "safeArea", "contentInsetAdjustment", "resize", "pageLimit", "offsetRounding",
            "flickAdds", "precision",
            "friction", "touchDown", "decelerationStop",
        ],
        "scroll.contentSize": ["width", "height"],
        "scroll.pageSize": ["width", "height"],
        "scroll.contentInset": ["top", "left", "bottom", "right"],
        "scroll.safeArea": ["top", "left", "bottom", "right"],
        "pager": ["thresholds", "duration"],
        "pager.thresholds": ["horizontal", "vertical"],
        "style": [
            "background", "tileColor", "originTileColor", "borderColor", "borderWidth", "labelColor", "fontSize",
            "font", "placeholderColor", "labelFormat",
        ],
        "layers": [
            "factor", "placement", "tileSize", "color", "alternateColor", "borderColor", "borderWidth",
            "labelColor", "fontSize",
        ],
        "layers.factor": ["x", "y"],
        "layers.tileSize": ["width", "height"],
        "steps[]": ["drag", "wait", "fling", "scrollTo", "jump", "cancel", "resize", "touches"],
        "drag": ["by", "duration", "release", "then"],
        "drag.by": ["x", "y"],
        "wait": ["duration", "until", "max"],
        "fling": ["velocity"],
        "fling.velocity": ["x", "y"],
        "scrollTo": ["tile", "animated", "duration"],
        "scrollTo.tile": ["x", "y"],
        "jump": ["tile"],
        "jump.tile": ["x", "y"],
        "cancel": [],
        "resize": ["width", "height"],
        "touches": ["events"],
        "touches.events[]": ["t", "x", "y", "phase"],
    ]

    static func keys(_ object: String) -> [String] { keys[object]! }

    /// Reads each value with its type and range (so errors quote the JSON text at its path), then
    /// checks the whole scenario with `Scenario.validate`: the rules that tie values together and
    /// every limit over the whole timeline.
    static func decodeScenario(_ root: Node, limits: Limits) throws(ScenarioError) -> Scenario {
        let members = try root.object("")
        let name = try members.required("name").string()
        _ = try members.optional("description")?.string()
        let vp = try members.required("viewport").object("viewport")
        let viewport = Viewport(
            width: try vp.required("width").double(in: Allowed.viewportPoints),
            height: try vp.required("height").double(in: Allowed.viewportPoints),
            scale: try vp.optional("scale")?.int(in: Allowed.scale) ?? 2)
        let fps = try members.optional("fps")?.int(in: Allowed.fps) ?? 60

        let grid = try decodeGrid(members.optional("grid"))

        let scroll = try decodeScroll(members.optional("scroll"))

        let pager = try decodePager(members.optional("pager"))

        let style = try decodeStyle(members.optional("style"))

        var layers: [Layer] = []
        if let node = members.optional("layers") { layers = try decodeLayers(node) }

        var steps: [Step] = []
        for node in try members.required("steps").array("steps") { steps.append(try decodeStep(node)) }
        let scenario = Scenario(
            name: name, viewport: viewport, fps: fps, grid: grid, scroll: scroll, pager: pager,
            style: style, layers: layers, steps: steps)
        try scenario.validate(limits: limits)
        return scenario
    }

    /// `grid`, or its defaults when the member is absent.
    static func decodeGrid(_ node: Node?) throws(ScenarioError) -> GridSpec {
        var grid = GridSpec()
        guard let node else { return grid }
        let g = try node.object("grid")
        if let size = g.optional("tileSize") { grid.tileSize = try size.size("grid.tileSize", in: Allowed.tilePoints) }
        if let start = g.optional("start") { grid.start = try start.tile("grid.start") }
        if let buffer = g.optional("buffer") { grid.buffer = try buffer.int(in: Allowed.buffer) }
        if let n = g.optional("columns"), n.value != .null {
            grid.columns = try n.int(in: Allowed.axisCount, orNull: true)
        }
        if let n = g.optional("rows"), n.value != .null { grid.rows = try n.int(in: Allowed.axisCount, orNull: true) }
        if let loop = g.optional("loop") { grid.loop = try loop.enumeration(LoopMode.self) }
        if let content = g.optional("content") { grid.content = try content.enumeration(ContentMode.self) }
        if let range = g.optional("range") { grid.range = try range.enumeration(TileRange.self) }
        if let c = g.optional("loopCopies") { grid.loopCopies = try c.int(in: Allowed.loopCopies) }
        if let i = g.optional("itemIndex") { grid.itemIndex = try i.enumeration(ItemIndexing.self) }
        if let l = g.optional("loadLatency") { grid.loadLatency = try l.double(in: Allowed.loadLatency) }
        if let u = g.optional("unloadedTile") { grid.unloadedTile = try u.enumeration(UnloadedTile.self) }
        return grid
    }

    /// `scroll`, or its defaults when the member is absent.
    static func decodeScroll(_ node: Node?) throws(ScenarioError) -> ScrollSpec {
        var scroll = ScrollSpec()
        guard let node else { return scroll }
        let s = try node.object("scroll")
        if let b = s.optional("bounces") { scroll.bounces = try b.bool() }
        if let p = s.optional("paging") { scroll.paging = try p.enumeration(PagingMode.self) }
        if let p = s.optional("pageSize") { scroll.pageSize = try p.size("scroll.pageSize", in: Allowed.pagePoints) }
        if let r = s.optional("recenter") { scroll.recenter = try r.enumeration(RecenterStrategy.self) }
        if let c = s.optional("contentSize") {
            scroll.contentSize = try c.size("scroll.contentSize", in: Allowed.contentPoints)
        }
        if let d = s.optional("deceleration") { scroll.decelerationRate = try d.decelerationRate() }
        if let g = s.optional("pageGrid") { scroll.pageGrid = try g.enumeration(PageGrid.self) }
        if let i = s.optional("contentInset") {
            scroll.contentInset = try i.insets("scroll.contentInset", in: Allowed.insetPoints)
        }
        if let i = s.optional("safeArea") { scroll.safeArea = try i.insets("scroll.safeArea", in: Allowed.insetPoints) }
        if let a = s.optional("contentInsetAdjustment") {
            scroll.contentInsetAdjustment = try a.enumeration(InsetAdjustment.self)
        }
        if let r = s.optional("resize") { scroll.resize = try r.enumeration(ResizePolicy.self) }
        if let l = s.optional("pageLimit") { scroll.pageLimit = try l.enumeration(PageLimit.self) }
        if let r = s.optional("offsetRounding") { scroll.offsetRounding = try r.enumeration(OffsetRounding.self) }
        if let f = s.optional("flickAdds") { scroll.flickAdds = try f.bool() }
        if let p = s.optional("precision") { scroll.precision = try p.enumeration(Precision.self) }
        if let f = s.optional("friction") { scroll.friction = try f.enumeration(Friction.self) }
        if let d = s.optional("touchDown") { scroll.touchDown = try d.enumeration(TouchDownPolicy.self) }
        if let d = s.optional("decelerationStop") { scroll.decelerationStop = try d.enumeration(DecelerationStop.self) }
        return scroll
    }

    /// `pager`, or nil when the member is absent (no four-way pager).
    static func decodePager(_ node: Node?) throws(ScenarioError) -> PagerSpec? {
        guard let node else { return nil }
        let p = try node.object("pager")
        var spec = PagerSpec()
        if let t = p.optional("thresholds") {
            let m = try t.object("pager.thresholds")
            if let h = m.optional("horizontal") { spec.horizontalThreshold = try h.double(in: Allowed.pagerThreshold) }
            if let v = m.optional("vertical") { spec.verticalThreshold = try v.double(in: Allowed.pagerThreshold) }
        }
        if let d = p.optional("duration") { spec.duration = try d.double(in: Allowed.pagerDuration) }
        return spec
    }

    /// `style`, or its defaults when the member is absent.
    static func decodeStyle(_ node: Node?) throws(ScenarioError) -> Style {
        var style = Style()
        guard let node else { return style }
        let s = try node.object("style")
        if let v = s.optional("placeholderColor") { style.placeholderColor = try v.color() }
        if let v = s.optional("background") { style.background = try v.color() }
        if let v = s.optional("tileColor") { style.tileColor = try v.color() }
        if let v = s.optional("originTileColor") { style.originTileColor = try v.color() }
        if let v = s.optional("borderColor") { style.borderColor = try v.color() }
        if let v = s.optional("borderWidth") { style.borderWidth = try v.double(in: Allowed.borderWidth) }
        if let v = s.optional("labelColor") { style.labelColor = try v.color() }
        if let v = s.optional("fontSize") { style.fontSize = try v.double(in: Allowed.fontSize) }
        if let v = s.optional("font") { style.font = try v.string() }
        if let v = s.optional("labelFormat") { style.labelFormat = try v.enumeration(LabelFormat.self) }
        return style
    }

    static var stepNames: [String] { keys("steps[]") }

    static func decodeStep(_ node: Node) throws(ScenarioError) -> Step {
        let members = try node.object("steps[]", unknownKind: .unknownStep, noun: "step")
        guard members.entries.count == 1, let (name, body) = members.entries.first.map({ ($0.0, $0.1) }) else {
            throw node.failure(
                .invalidValue, "a step is an object with exactly one key, one of: \(stepNames.joined(separator: ", "))")
        }
        switch name {
        case "drag":
            let d = try body.object("drag")
            let duration = try d.required("duration").double(in: Allowed.dragSeconds)
            var release = Release.fling
            if let r = d.optional("release") { release = try r.enumeration(Release.self) }
            var then = DragEnd.release
            if let t = d.optional("then") {
                then = try t.enumeration(DragEnd.self)
                if then != .release, d.optional("release") != nil {
                    throw t.failure(.invalidValue, "\"release\" goes with \"then\": \"release\" only")
                }
            }
            return .drag(
                by: try d.required("by").vector("drag.by", in: Allowed.distance), duration: duration, release: release,
                then: then)
        case "cancel":
            _ = try body.object("cancel")
            return .cancel
        case "touches":
            let members = try body.object("touches")
            var touches: [Touch] = []
            let events = try members.required("events").array("touches.events")
            try Touch.checkCount(events.count, members.node.child("events"))
            for event in events {
                let e = try event.object("touches.events[]")
                touches.append(
                    Touch(
                        time: try e.required("t").double(in: Allowed.touchTime),
                        location: Vector(
                            x: try e.required("x").double(in: Allowed.distance),
                            y: try e.required("y").double(in: Allowed.distance)),
                        phase: try e.required("phase").enumeration(Touch.Phase.self)))
            }
            return .touches(touches)
        case "resize":
            let r = try body.object("resize")
            return .resize(
                width: try r.required("width").double(in: Allowed.viewportPoints),
                height: try r.required("height").double(in: Allowed.viewportPoints))
        case "wait":
            let w = try body.object("wait")
            if let until = w.optional("until") {
                guard case .string(let text) = until.value else {
                    throw until.failure(.wrongType, "must be \"idle\", found \(until.found)")
                }
                guard text == "idle" else { throw until.failure(.invalidValue, "must be \"idle\"") }
                if w.optional("duration") != nil {
                    throw body.failure(.invalidValue, "give either \"duration\" or \"until\", not both")
                }
                let max = try w.optional("max")?.double(in: Allowed.waitSeconds) ?? Step.idleWaitDefault
                return .waitUntilIdle(max: max)
            }
            if let max = w.optional("max") { throw max.failure(.invalidValue, "\"max\" goes with \"until\": \"idle\"") }
            return .wait(duration: try w.required("duration").double(in: Allowed.waitSeconds))
        case "fling":
            let f = try body.object("fling")
            return .fling(velocity: try f.required("velocity").vector("fling.velocity", in: Allowed.velocity))
        case "scrollTo":
            let s = try body.object("scrollTo")
            let animated = try s.optional("animated")?.bool() ?? true
            let duration = try s.optional("duration")?.double(in: Allowed.scrollSeconds) ?? 0.3
            return .scrollTo(tile: try s.required("tile").tile("scrollTo.tile"), animated: animated, duration: duration)
        default:
            let j = try body.object("jump")
            return .jump(tile: try j.required("tile").tile("jump.tile"))
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension ScenarioDecoder {
    /// Re-checks a scenario after the command line changed it (`--scale`). This is now the whole
    /// check, `Scenario.validate(limits:)`: the pixel and tile limits of every resize too.
    @available(*, deprecated, message: "use Scenario.validate(limits:), which checks every viewport of the timeline")
    package static func checkFrameSize(_ scenario: Scenario, limits: Limits) -> Result<Void, ScenarioError> {
        Result { () throws(ScenarioError) in try scenario.validate(limits: limits) }
    }
}
