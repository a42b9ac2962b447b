/// Turns scenario JSON into a validated `Scenario`. Every value is checked before any
/// arithmetic can trap; errors name the JSON path, the value and what is allowed.
public enum ScenarioDecoder {
    public static func decode(_ bytes: [UInt8], limits: Limits = Limits()) throws(ScenarioError) -> Scenario {
        if bytes.count > limits.maxFileBytes {
            throw ScenarioError(kind: .limitExceeded, path: "",
                                message: "scenario is \(bytes.count) bytes; the limit is \(limits.maxFileBytes) bytes (--max-file-size raises it)")
        }
        let root = Node(value: try JSONParser.parse(bytes), path: "")
        return try decodeScenario(root, limits: limits)
    }

    /// Every key the decoder accepts, by object: the scenario schema must list exactly these
    /// (a test keeps Scenarios/scenario.schema.json honest).
    public static let keys: [String: [String]] = [
        "": ["$schema", "name", "description", "viewport", "fps", "grid", "scroll", "pager", "style", "steps"],
        "viewport": ["width", "height", "scale"],
        "grid": ["tileSize", "start", "buffer", "columns", "rows", "loop", "content"],
        "grid.tileSize": ["width", "height"],
        "grid.start": ["x", "y"],
        "scroll": ["recenter", "contentSize", "deceleration", "bounces", "paging", "pageSize"],
        "scroll.contentSize": ["width", "height"],
        "scroll.pageSize": ["width", "height"],
        "pager": ["thresholds", "duration"],
        "pager.thresholds": ["horizontal", "vertical"],
        "style": ["background", "tileColor", "originTileColor", "borderColor", "borderWidth", "labelColor", "fontSize",
                  "font", "placeholderColor"],
        "steps[]": ["drag", "wait", "fling", "scrollTo", "jump", "cancel", "resize"],
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
    ]

    static func keys(_ object: String) -> [String] { keys[object]! }


    static func decodeScenario(_ root: Node, limits: Limits) throws(ScenarioError) -> Scenario {
        let members = try root.object(allowed: keys(""))
        let name = try members.required("name").string()
        _ = try members.optional("description")?.string()
        if name.isEmpty || name.count > 100 {
            throw try members.required("name").failure(.outOfRange, "must be 1 to 100 characters")
        }
        let viewportNode = try members.required("viewport")
        let vp = try viewportNode.object(allowed: keys("viewport"))
        let scale = try vp.optional("scale")?.int(in: 1...Limits.maxScale) ?? 2
        let viewport = Viewport(
            width: try vp.required("width").double(in: 1...Limits.maxViewportPoints),
            height: try vp.required("height").double(in: 1...Limits.maxViewportPoints),
            scale: scale)
        let pixels = Double(viewport.pixelWidth) * Double(viewport.pixelHeight)
        if pixels > Double(limits.maxPixelsPerFrame) {
            throw viewportNode.failure(.limitExceeded,
                "frame would be \(viewport.pixelWidth)×\(viewport.pixelHeight) = \(Int(pixels)) pixels; the limit is \(limits.maxPixelsPerFrame) (--max-pixels raises it)")
        }
        let fps = try members.optional("fps")?.int(in: 1...Limits.maxFPS) ?? 60

        var grid = GridSpec()
        if let node = members.optional("grid") {
            let g = try node.object(allowed: keys("grid"))
            if let size = g.optional("tileSize") { grid.tileSize = try size.size(in: 1...Limits.maxTilePoints) }
            if let start = g.optional("start") { grid.start = try start.tile() }
            if let buffer = g.optional("buffer") { grid.buffer = try buffer.int(in: 0...Limits.maxBuffer) }
            if let n = g.optional("columns"), n.value != .null { grid.columns = try n.int(in: 0...Limits.maxAxisCount) }
            if let n = g.optional("rows"), n.value != .null { grid.rows = try n.int(in: 0...Limits.maxAxisCount) }
            if let loop = g.optional("loop") {
                grid.loop = try loop.enumeration(LoopMode.self)
                let finite = [grid.columns, grid.rows].contains { ($0 ?? 0) > 0 }
                if grid.loop != .none && !finite {
                    throw loop.failure(.invalidValue, "a loop needs a finite axis: set grid.columns or grid.rows to the item count")
                }
            }
            if let content = g.optional("content") { grid.content = try content.enumeration(ContentMode.self) }
            for (key, count, tile) in [("columns", grid.columns, grid.tileSize.width), ("rows", grid.rows, grid.tileSize.height)] {
                if let count, Double(count + 2) * tile > Limits.maxContentPoints {
                    throw try g.required(key).failure(.limitExceeded, "\(count) tiles of \(format(tile)) points exceed the largest content, 10^12 points")
                }
            }
        }
        let visible = (viewport.width / grid.tileSize.width + 2) * (viewport.height / grid.tileSize.height + 2)
        if visible > Double(limits.maxVisibleTiles) {
            throw Node(value: .null, path: "grid.tileSize").failure(.limitExceeded,
                "about \(Int(visible)) tiles would be visible at once; the limit is \(limits.maxVisibleTiles): use larger tiles")
        }

        var scroll = ScrollSpec()
        if let node = members.optional("scroll") {
            let s = try node.object(allowed: keys("scroll"))
            if let b = s.optional("bounces") { scroll.bounces = try b.bool() }
            if let p = s.optional("paging") { scroll.paging = try p.enumeration(PagingMode.self) }
            if let p = s.optional("pageSize") { scroll.pageSize = try p.size(in: 1...Limits.maxViewportPoints * 10) }
            if let r = s.optional("recenter") { scroll.recenter = try r.enumeration(RecenterStrategy.self) }
            if let c = s.optional("contentSize") {
                scroll.contentSize = try c.size(in: 1...Limits.maxContentPoints)
                if scroll.contentSize.width < viewport.width || scroll.contentSize.height < viewport.height {
                    throw c.failure(.outOfRange, "must be at least the viewport size (\(format(viewport.width))×\(format(viewport.height)))")
                }
            }
            if let d = s.optional("deceleration") { scroll.decelerationRate = try d.decelerationRate() }
        }

        if grid.loop == .seamless && scroll.recenter == .none {
            throw ScenarioError(kind: .invalidValue, path: "grid.loop",
                                message: "a seamless loop wraps by recentering; scroll.recenter must not be \"none\"")
        }
        var pager: PagerSpec?
        if let node = members.optional("pager") {
            let p = try node.object(allowed: keys("pager"))
            var spec = PagerSpec()
            if let t = p.optional("thresholds") {
                let m = try t.object(allowed: keys("pager.thresholds"))
                if let h = m.optional("horizontal") { spec.horizontalThreshold = try h.double(in: 0.01...1) }
                if let v = m.optional("vertical") { spec.verticalThreshold = try v.double(in: 0.01...1) }
            }
            if let d = p.optional("duration") { spec.duration = try d.double(in: 0.001...10) }
            pager = spec
            if grid.loop != .none { throw try members.required("pager").failure(.invalidValue, "the pager does not combine with grid.loop") }
        }

        var style = Style()
        if let node = members.optional("style") {
            let s = try node.object(allowed: keys("style"))
            if let v = s.optional("placeholderColor") { style.placeholderColor = try v.color() }
            if let v = s.optional("background") { style.background = try v.color() }
            if let v = s.optional("tileColor") { style.tileColor = try v.color() }
            if let v = s.optional("originTileColor") { style.originTileColor = try v.color() }
            if let v = s.optional("borderColor") { style.borderColor = try v.color() }
            if let v = s.optional("borderWidth") { style.borderWidth = try v.double(in: 0...1000) }
            if let v = s.optional("labelColor") { style.labelColor = try v.color() }
            if let v = s.optional("fontSize") { style.fontSize = try v.double(in: 0...500) }
            if let v = s.optional("font") {
                let path = try v.string()
                if path.isEmpty { throw v.failure(.invalidValue, "must be a font file path") }
                style.font = path
            }
        }

        let stepsNode = try members.required("steps")
        let stepNodes = try stepsNode.array()
        var steps: [Step] = []
        var seconds = 0.0
        var fingerDown = false
        for node in stepNodes {
            let step = try decodeStep(node)
            steps.append(step)
            switch step {
            case .drag(_, _, _, let then): fingerDown = then == .keep
            case .wait, .waitUntilIdle: break
            case .cancel:
                if !fingerDown {
                    throw node.failure(.invalidValue, "cancel ends a drag in progress, and none is: put a drag with \"then\": \"keep\" before it")
                }
                fingerDown = false
            case .resize(let width, let height):
                let pixels = width * height * Double(viewport.scale * viewport.scale)
                if pixels > Double(limits.maxPixelsPerFrame) {
                    throw node.failure(.limitExceeded, "frame would be \(Int(pixels)) pixels; the limit is \(limits.maxPixelsPerFrame) (--max-pixels raises it)")
                }
                fingerDown = false
            default: fingerDown = false
            }
            switch step {
            case .waitUntilIdle(let max): seconds += max
            default: seconds += step.fixedDuration ?? 0
            }
        }
        let frames = seconds * Double(fps) + 2
        if frames > Double(limits.maxFrames) {
            throw stepsNode.failure(.limitExceeded,
                "the steps last up to \(format(seconds)) s, \(Int(frames.rounded())) frames at \(fps) fps; the limit is \(limits.maxFrames) frames (--max-frames raises it)")
        }
        return Scenario(name: name, viewport: viewport, fps: fps, grid: grid, scroll: scroll, pager: pager, style: style, steps: steps)
    }

    static var stepNames: [String] { keys("steps[]") }

    static func decodeStep(_ node: Node) throws(ScenarioError) -> Step {
        let members = try node.object(allowed: stepNames, unknownKind: .unknownStep, noun: "step")
        guard members.entries.count == 1, let (name, body) = members.entries.first.map({ ($0.0, $0.1) }) else {
            throw node.failure(.invalidValue, "a step is an object with exactly one key, one of: \(stepNames.joined(separator: ", "))")
        }
        switch name {
        case "drag":
            let d = try body.object(allowed: keys("drag"))
            let duration = try d.required("duration").double(in: 0.001...Limits.maxStepSeconds)
            var release = Release.fling
            if let r = d.optional("release") { release = try r.enumeration(Release.self) }
            var then = DragEnd.release
            if let t = d.optional("then") {
                then = try t.enumeration(DragEnd.self)
                if then != .release, d.optional("release") != nil {
                    throw t.failure(.invalidValue, "\"release\" goes with \"then\": \"release\" only")
                }
            }
            return .drag(by: try d.required("by").vector(limit: Limits.maxDistance), duration: duration, release: release, then: then)
        case "cancel":
            _ = try body.object(allowed: keys("cancel"))
            return .cancel
        case "resize":
            let r = try body.object(allowed: keys("resize"))
            return .resize(width: try r.required("width").double(in: 1...Limits.maxViewportPoints),
                           height: try r.required("height").double(in: 1...Limits.maxViewportPoints))
        case "wait":
            let w = try body.object(allowed: keys("wait"))
            if let until = w.optional("until") {
                guard try until.string() == "idle" else { throw until.failure(.invalidValue, "must be \"idle\"") }
                if w.optional("duration") != nil {
                    throw body.failure(.invalidValue, "give either \"duration\" or \"until\", not both")
                }
                let max = try w.optional("max")?.double(in: 0...Limits.maxStepSeconds) ?? 10
                return .waitUntilIdle(max: max)
            }
            if let max = w.optional("max") { throw max.failure(.invalidValue, "\"max\" goes with \"until\": \"idle\"") }
            return .wait(duration: try w.required("duration").double(in: 0...Limits.maxStepSeconds))
        case "fling":
            let f = try body.object(allowed: keys("fling"))
            return .fling(velocity: try f.required("velocity").vector(limit: Limits.maxVelocity))
        case "scrollTo":
            let s = try body.object(allowed: keys("scrollTo"))
            let animated = try s.optional("animated")?.bool() ?? true
            let duration = try s.optional("duration")?.double(in: 0.001...Limits.maxStepSeconds) ?? 0.3
            return .scrollTo(tile: try s.required("tile").tile(), animated: animated, duration: duration)
        default:
            let j = try body.object(allowed: keys("jump"))
            return .jump(tile: try j.required("tile").tile())
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension ScenarioDecoder {
    /// Re-checks the frame size after the scale is overridden on the command line.
    public static func checkFrameSize(_ scenario: Scenario, limits: Limits) -> Result<Void, ScenarioError> {
        let vp = scenario.viewport
        let pixels = Double(vp.pixelWidth) * Double(vp.pixelHeight)
        guard pixels <= Double(limits.maxPixelsPerFrame) else {
            return .failure(ScenarioError(kind: .limitExceeded, path: "viewport",
                message: "frame would be \(vp.pixelWidth)×\(vp.pixelHeight) = \(Int(pixels)) pixels at scale \(vp.scale); the limit is \(limits.maxPixelsPerFrame) (--max-pixels raises it)"))
        }
        return .success(())
    }
}
