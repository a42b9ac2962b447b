/// The one check of a whole `Scenario` value, however it was made: every range in the README's
/// table, finiteness, the rules that tie values together, and every limit for every frame of the
/// timeline (the initial viewport and each `resize`, at the scenario's current `viewport.scale`).
/// The JSON decoder runs it on what it decoded, `Simulation` runs it before it starts, and the CLI
/// runs it again after `--scale` changes the scale. Errors name the JSON path of the offending value.
extension Scenario {
    /// Checks every value and every limit of the scenario, for every frame of its timeline.
    ///
    /// ```swift
    /// var scenario = Scenario(name: "demo", viewport: Viewport(width: 320, height: 480, scale: 2), steps: [])
    /// scenario.viewport.scale = 3
    /// try scenario.validate()   // before simulating a value built or changed in code
    /// ```
    ///
    /// - Parameter limits: the limits the scenario was decoded with.
    /// - Throws: `ScenarioError` with the offending value's JSON path: `.outOfRange` or
    ///   `.invalidValue` for a value outside the README's table or rules that do not fit together,
    ///   `.limitExceeded` when a frame would be too large or the timeline too long.
    public func validate(limits: Limits = Limits()) throws(ScenarioError) {
        try checkNameAndViewport(limits: limits)
        try checkGrid(limits: limits)
        try checkScroll()
        try checkPagerAndStyle()
        try checkLayers(limits: limits)
        try checkSteps(limits: limits)
    }

    /// An upper bound on the tiles the model keeps live with a viewport of `size` points: per axis,
    /// ⌈viewport / tile⌉ + 1 visible (a viewport not aligned to the tiles shows part of one more)
    /// plus `grid.buffer` on each side, at most N on a finite axis that does not loop. The pager's
    /// tiles are its pages (one viewport each, no buffer): at most 2 × 2. Computed in the model's
    /// fixed-point units, so it holds exactly. `Int.max` when the values are out of range.
    ///
    /// With `grid.range: "freshcode"` a column count is 2·Int(width / tile) + 1 (and rows alike),
    /// for the largest viewport of the timeline: that policy keeps the range it computed until the
    /// centre tile changes, even across a resize. Each linked layer adds the tiles it draws, per
    /// axis ⌈viewport / layer tile⌉ + 1.
    public func liveTileBound(forViewport size: Size) -> Int {
        liveTileBound(forViewport: size, withLayers: true)
    }

    func liveTileBound(forViewport size: Size, withLayers: Bool) -> Int {
        guard let (columns, rows) = liveTileBoundPerAxis(forViewport: size) else { return .max }
        var total = columns * rows
        for layer in withLayers ? layers : [] {
            guard let tiles = layer.tileBound(forViewport: size) else { return .max }
            total += tiles
        }
        return total
    }

    /// How long the steps last at most (an idle wait counts its `max`), the implicit idle wait after a
    /// last `fling` included.
    var maxSeconds: Double {
        timeline.reduce(0.0) { total, step in
            if case .waitUntilIdle(let max) = step { return total + max }
            return total + (step.fixedDuration ?? 0)
        }
    }

    /// The frames `Simulation` produces at most: `maxSeconds` at `fps`, plus the frame at t = 0 and
    /// the first at or after the end.
    var frameBound: Double { maxSeconds * Double(fps) + 2 }

    /// The steps as `Simulation` runs them: a `fling` as the last step is followed by a `wait` until idle
    /// (at most `Step.idleWaitDefault` seconds), so the scroll it starts is shown to its end rather than
    /// cut at the fling's first frame (a fling itself lasts no time).
    var timeline: [Step] {
        if case .fling? = steps.last { return steps + [.waitUntilIdle(max: Step.idleWaitDefault)] }
        return steps
    }
}

extension Step {
    /// The `max` of a `wait` until idle that does not give one, in seconds.
    static let idleWaitDefault = 10.0
}

// MARK: The checks, in document order (so the first error is the first a reader meets)

extension Scenario {
    private func checkNameAndViewport(limits: Limits) throws(ScenarioError) {
        // Unicode scalars, as JSON Schema's maxLength counts them (not Characters: "👍🏽" is two).
        if !Allowed.name.contains(name.unicodeScalars.count) {
            throw ScenarioError(kind: .outOfRange, path: "name", message: "must be 1 to 100 Unicode code points")
        }
        try Check.number(viewport.width, in: Allowed.viewportPoints, "viewport.width")
        try Check.number(viewport.height, in: Allowed.viewportPoints, "viewport.height")
        try Check.integer(viewport.scale, in: Allowed.scale, "viewport.scale")
        try checkPixels(Size(width: viewport.width, height: viewport.height), limits: limits, path: "viewport")
        try Check.integer(fps, in: Allowed.fps, "fps")
    }

    private func checkGrid(limits: Limits) throws(ScenarioError) {
        try Check.number(grid.tileSize.width, in: Allowed.tilePoints, "grid.tileSize.width")
        try Check.number(grid.tileSize.height, in: Allowed.tilePoints, "grid.tileSize.height")
        try Check.coordinate(grid.start.x, "grid.start.x")
        try Check.coordinate(grid.start.y, "grid.start.y")
        try Check.integer(grid.buffer, in: Allowed.buffer, "grid.buffer")
        if let columns = grid.columns { try Check.integer(columns, in: Allowed.axisCount, "grid.columns") }
        if let rows = grid.rows { try Check.integer(rows, in: Allowed.axisCount, "grid.rows") }
        if grid.loop != .none && !([grid.columns, grid.rows].contains { ($0 ?? 0) > 0 }) {
            throw ScenarioError(
                kind: .invalidValue, path: "grid.loop",
                message: "a loop needs a finite axis: set grid.columns or grid.rows to the item count")
        }
        try checkOneItemLoop()
        if let copies = grid.loopCopies {
            try Check.integer(copies, in: Allowed.loopCopies, "grid.loopCopies")
            if grid.loop != .duplicate {
                throw ScenarioError(
                    kind: .invalidValue, path: "grid.loopCopies",
                    message:
                        "copies belong to a duplicate loop: set grid.loop to \"duplicate\" or remove grid.loopCopies")
            }
        }
        let ends = grid.loop == .duplicate ? Double(2 * (grid.loopCopies ?? Limits.maxLoopCopies)) : 2
        for (key, count, tile) in [
            ("columns", grid.columns, grid.tileSize.width), ("rows", grid.rows, grid.tileSize.height),
        ] {
            if let count, (Double(count) + ends) * tile > Limits.maxContentPoints {
                throw ScenarioError(
                    kind: .limitExceeded, path: "grid.\(key)",
                    message:
                        "\(count) tiles of \(ScenarioDecoder.format(tile)) points exceed the largest content, 10^12 points"
                )
            }
        }
        if grid.range == .freshcode {
            if pager != nil {
                throw ScenarioError(
                    kind: .invalidValue, path: "grid.range",
                    message: "the pager keeps its own pages: grid.range must be \"visible\" with pager")
            }
            if grid.buffer != 0 {
                throw ScenarioError(
                    kind: .invalidValue, path: "grid.buffer",
                    message: "freshcode's range has no buffer: grid.buffer must be 0 with grid.range \"freshcode\"")
            }
        }
        try checkLoading()
        try checkLiveTiles(
            Size(width: viewport.width, height: viewport.height), limits: limits, path: nil, withLayers: false)
    }

    /// A loop over one item on an axis while the other axis scrolls too: `"rows": 1` beside `"columns": 5`
    /// reads as "one row", but a loop makes every finite axis endless, so the vertical axis would loop over
    /// that one row. One item loops only on the one axis that scrolls (the other 0).
    private func checkOneItemLoop() throws(ScenarioError) {
        guard grid.loop != .none else { return }
        let axes = [
            ("columns", grid.columns, "rows", grid.rows, "horizontal", "column", "up and down"),
            ("rows", grid.rows, "columns", grid.columns, "vertical", "row", "sideways"),
        ]
        for (key, count, otherKey, other, axis, unit, across) in axes where count == 1 && other != 0 {
            throw ScenarioError(
                kind: .invalidValue, path: "grid.\(key)",
                message:
                    "1 with grid.loop \"\(grid.loop.rawValue)\" loops the \(axis) axis over one \(unit) without end; "
                    + "for a one-\(unit) carousel that scrolls only \(across), use \"\(key)\": 0 (no \(axis) scrolling; "
                    + "the tiles still fill the viewport), or set grid.\(otherKey) to 0 to loop one item \(axis)ly")
        }
    }

    private func checkScroll() throws(ScenarioError) {
        // pageLimit bounds a "target" flick's landing page; with any other paging it would be accepted and do nothing.
        if scroll.pageLimit != .one && scroll.paging != .target && pager == nil {
            throw ScenarioError(
                kind: .invalidValue, path: "scroll.pageLimit",
                message:
                    "applies to \"target\" paging only (how far a flick's targetContentOffset may go), and scroll.paging is \"\(scroll.paging.rawValue)\": set scroll.paging to \"target\" or remove scroll.pageLimit"
            )
        }
        if let page = scroll.pageSize {
            try Check.number(page.width, in: Allowed.pagePoints, "scroll.pageSize.width")
            try Check.number(page.height, in: Allowed.pagePoints, "scroll.pageSize.height")
        }
        try Check.number(scroll.contentSize.width, in: Allowed.contentPoints, "scroll.contentSize.width")
        try Check.number(scroll.contentSize.height, in: Allowed.contentPoints, "scroll.contentSize.height")
        if scroll.contentSize.width < viewport.width || scroll.contentSize.height < viewport.height {
            throw ScenarioError(
                kind: .outOfRange, path: "scroll.contentSize",
                message:
                    "must be at least the viewport size (\(ScenarioDecoder.format(viewport.width))×\(ScenarioDecoder.format(viewport.height)))"
            )
        }
        try Check.number(scroll.decelerationRate, in: Allowed.decelerationRate, "scroll.deceleration")
        try Check.insets(scroll.contentInset, "scroll.contentInset")
        try Check.insets(scroll.safeArea, "scroll.safeArea")
        if grid.loop == .seamless && scroll.recenter == .none {
            throw ScenarioError(
                kind: .invalidValue, path: "grid.loop",
                message: "a seamless loop wraps by recentering; scroll.recenter must not be \"none\"")
        }
    }

    private func checkPagerAndStyle() throws(ScenarioError) {
        if let pager {
            try Check.number(pager.horizontalThreshold, in: Allowed.pagerThreshold, "pager.thresholds.horizontal")
            try Check.number(pager.verticalThreshold, in: Allowed.pagerThreshold, "pager.thresholds.vertical")
            try Check.number(pager.duration, in: Allowed.pagerDuration, "pager.duration")
            if grid.loop != .none {
                throw ScenarioError(
                    kind: .invalidValue, path: "pager", message: "the pager does not combine with grid.loop")
            }
            if scroll.contentInset != .zero || scroll.safeArea != .zero {
                throw ScenarioError(
                    kind: .invalidValue, path: scroll.contentInset != .zero ? "scroll.contentInset" : "scroll.safeArea",
                    message:
                        "the pager has no content insets: leave scroll.contentInset and scroll.safeArea at 0 with pager"
                )
            }
            try checkPagerIgnoresNaivePolicies()
        }
        try Check.number(style.borderWidth, in: Allowed.borderWidth, "style.borderWidth")
        try Check.number(style.fontSize, in: Allowed.fontSize, "style.fontSize")
        if let font = style.font, font.isEmpty {
            throw ScenarioError(kind: .invalidValue, path: "style.font", message: "must be a font file path")
        }
    }

    private func checkSteps(limits: Limits) throws(ScenarioError) {
        if steps.count > Limits.maxSteps {
            throw ScenarioError(
                kind: .limitExceeded, path: "steps",
                message: "\(steps.count) steps; the limit is \(Limits.maxSteps) steps")
        }
        var fingerDown = false
        for (index, step) in steps.enumerated() {
            let path = "steps[\(index)]"
            try step.checkValues(path)
            switch step {
            case .drag(_, _, _, let then): fingerDown = then == .keep
            case .wait, .waitUntilIdle: break
            case .cancel:
                if !fingerDown {
                    throw ScenarioError(
                        kind: .invalidValue, path: path,
                        message:
                            "cancel ends a drag in progress, and none is: put a drag with \"then\": \"keep\" before it")
                }
                fingerDown = false
            case .resize(let width, let height):
                let size = Size(width: width, height: height)
                try checkPixels(size, limits: limits, path: path)
                try checkLiveTiles(size, limits: limits, path: path)
                fingerDown = false
            case .touches:
                if pager != nil {
                    throw ScenarioError(
                        kind: .invalidValue, path: path + ".touches",
                        message:
                            "touches replay UIScrollView's pan; the pager is SwiftUI's DragGesture: give it drag steps")
                }
                fingerDown = false
            case .fling, .scrollTo, .jump: fingerDown = false
            }
        }
        let seconds = maxSeconds
        let frames = frameBound
        if frames > Double(limits.maxFrames) {
            throw ScenarioError(
                kind: .limitExceeded, path: "steps",
                message:
                    "the steps last up to \(ScenarioDecoder.format(seconds)) s, \(Int(frames.rounded())) frames at \(fps) fps; the limit is \(limits.maxFrames) frames",
                limit: .maxFrames)
        }
    }

    // MARK: Limits per viewport

    /// The frame for a viewport of `size` points at the scenario's scale fits `maxPixelsPerFrame`.
    private func checkPixels(_ size: Size, limits: Limits, path: String) throws(ScenarioError) {
        let frame = Viewport(width: size.width, height: size.height, scale: viewport.scale)
        let pixels = Double(frame.pixelWidth) * Double(frame.pixelHeight)
        if pixels > Double(limits.maxPixelsPerFrame) {
            throw ScenarioError(
                kind: .limitExceeded, path: path,
                message:
                    "frame would be \(frame.pixelWidth)×\(frame.pixelHeight) = \(Int(pixels)) pixels at scale \(frame.scale); the limit is \(limits.maxPixelsPerFrame) pixels",
                limit: .maxPixelsPerFrame)
        }
    }

    /// The live tiles for a viewport of `size` points fit `maxLiveTiles`. `path` nil: the initial
    /// viewport, where the error names `grid.buffer` when the buffer alone pushes it over the limit,
    /// else `grid.tileSize`.
    private func checkLiveTiles(
        _ size: Size, limits: Limits, path: String?, withLayers: Bool = true
    ) throws(ScenarioError) {
        guard let (columns, rows) = liveTileBoundPerAxis(forViewport: size) else { return }
        if columns * rows <= limits.maxLiveTiles {
            if withLayers { try checkLayerTiles(size, gridTiles: columns * rows, limits: limits, path: path) }
            return
        }
        var unbuffered = self
        unbuffered.grid.buffer = 0
        let bufferIsTheCause =
            pager == nil && grid.buffer > 0
            && unbuffered.liveTileBound(forViewport: size, withLayers: false) <= limits.maxLiveTiles
        let located = path ?? (bufferIsTheCause ? "grid.buffer" : "grid.tileSize")
        let buffer =
            pager == nil && grid.buffer > 0
            ? ", with grid.buffer's \(grid.buffer) extra rows and columns on each side" : ""
        let advice = bufferIsTheCause ? "use a smaller grid.buffer or larger tiles" : "use larger tiles"
        throw ScenarioError(
            kind: .limitExceeded, path: located,
            message:
                "up to \(columns)×\(rows) = \(columns * rows) tiles would be live at once at \(ScenarioDecoder.format(size.width))×\(ScenarioDecoder.format(size.height)) points\(buffer); the limit is \(limits.maxLiveTiles) tiles: \(advice)"
        )
    }

    /// Columns and rows of `liveTileBound`, or nil when a value is out of range.
    private func liveTileBoundPerAxis(forViewport size: Size) -> (Int, Int)? {
        let tile = pager == nil ? grid.tileSize : size
        let buffer = pager == nil ? grid.buffer : 0
        guard Allowed.viewportPoints.contains(size.width), Allowed.viewportPoints.contains(size.height),
            Allowed.tilePoints.contains(tile.width), Allowed.tilePoints.contains(tile.height),
            Allowed.buffer.contains(buffer)
        else { return nil }
        let freshcode = pager == nil && grid.range == .freshcode
        // freshcode's range may be the one computed for any viewport of the timeline so far.
        let viewports =
            [size, Size(width: viewport.width, height: viewport.height)]
            + steps.compactMap { step -> Size? in
                if case .resize(let width, let height) = step {
                    return Size(width: width, height: height)
                } else {
                    return nil
                }
            }.filter { Allowed.viewportPoints.contains($0.width) && Allowed.viewportPoints.contains($0.height) }
        func axis(_ points: (Size) -> Double, _ tilePoints: Double, _ count: Int?) -> Int {
            let t = Fixed.from(points: tilePoints)
            let n =
                freshcode
                ? viewports.map { 2 * Int(Fixed.from(points: points($0)) / t) + 1 }.max()!
                : Int(Fixed.ceilDiv(Fixed.from(points: points(size)), t)) + 1 + 2 * buffer
            // A finite axis keeps only its own tiles; a looping one may be endless (its reference is).
            if grid.loop == .none, let count, count > 0 { return min(n, count) }
            return n
        }
        return (axis(\.width, tile.width, grid.columns), axis(\.height, tile.height, grid.rows))
    }
}
