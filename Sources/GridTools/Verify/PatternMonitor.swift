public import GridModel

/// The pattern invariants of `verify`, checked frame by frame from model quantities (offsets,
/// phases, events, pages, tile items and pixel rectangles), never from rendered pixels.
///
/// Feed it every frame in order; `findings` holds the first failure of each pattern. It is a pure
/// function of the frames and the scenario's `PatternFacts`, so tests can hand-build frames.
///
/// ```swift
/// var monitor = PatternMonitor(facts: PatternFacts(scenario))
/// var simulation = try Simulation(scenario: scenario)
/// while let frame = try simulation.next() { monitor.observe(frame) }
/// for f in monitor.findings { print(f.line) }
/// ```
///
/// The checks (pattern numbers as in `Pattern`):
/// - 2: an infinite grid never hits a content edge.
/// - 4: under paging a motion that began with a drag or fling rests within one page of where it
///   began (or of the page it was released on; when the next touch begins in the frame it rests, on
///   its last frame) and, away from the edges, on a multiple of the page size (a scrollTo or jump
///   rests where it was sent: UIKit does not snap it); under `"viewport"` and
///   `"target"` paging no frame after the release shows a page beyond those (the ideal plane's page is
///   the expected one). A release whose target differs from the ideal plane's moves differently by
///   design: from then on 8 and 9 stop comparing with it.
/// - 5: on a looping or finite axis every tile's item lies in [0, N), and on a loop the item at the
///   viewport's centre at rest is the ideal plane's.
/// - 6: a resize keeps the page (offset = page × new page size; on an endless axis, infinite or a
///   seamless loop, the new page multiple nearest the offset) or, without paging, the centre (at
///   rest). During a motion the page is the one showing at the resize (the motion stops there).
/// - 7: with insets, paging rests on the grid counted from the adjusted inset, and an axis no step
///   moves keeps its offset.
/// - 8 and 9: the offset follows the ideal plane's within half a device pixel (8 far from the origin,
///   9 near it), at the same model offset tiles are displayed where the ideal plane displays them, and tiles whose size is a whole number of device pixels sit on whole device pixels.
/// - 10: a flick on moving content leaves at the ideal plane's release velocity (the finger's, not the old one
///   added); a free deceleration follows v0·d^(1000t) (each frame d^(1000·Δt) × the last, also after a paging
///   target of its own), its speed never rises, it ends once below 10 pt/s, and while both planes decelerate
///   freely the model's offset stays on the ideal's (a drift there is 10, not 9); after a touch-down on
///   decelerating content each dragging frame moves as the ideal plane's (without one: the displacement does
///   not keep changing the same way for three frames). From a finding on, the motion differs from the ideal's
///   by design: 8 and 9 stop comparing with it.
/// - 11: an animated scroll on a loop moves as the ideal plane's (a duplicate loop's scroll from the last item to
///   the first must not run back through every item); named when the animation ends, at its first frame.
/// - 12: while a gesture moves the content, an axis the carousel does not scroll (disabled, a loop of one item, a
///   finite axis with no room to scroll) keeps its offset.
public struct PatternMonitor: Sendable {
    /// The scenario's facts.
    public let facts: PatternFacts
    /// The first finding of each pattern, in the order found.
    public private(set) var findings: [PatternFinding] = []

    var previous: FrameState?
    var beforePrevious: FrameState?
    /// Recenter shifts and loop jumps so far: the absolute offset is `contentOffset - shift`.
    var shift = Vector.zero
    /// Recenter shifts since the page grid was last re-based (a resize re-bases it when pages are the viewport).
    var gridShift = Vector.zero
    /// `strategy - ideal` absolute offset at the last re-baselining (jumps and resizes move both).
    var idealBaseline: Vector?
    var idealShift = Vector.zero
    /// The page a drag or fling began on, and the page it was released on.
    var startPage: TileCoordinate?
    var releasePage: TileCoordinate?
    var programmatic = false
    /// The page showing before a resize (and, for a resize during a motion, the page one frame on at the
    /// same speed), waiting for the next rest; `at`: the absolute offsets those pages were taken from.
    var resizePage: ResizedPage?
    /// The page a resize must keep: the one showing (and, during a motion, the one a frame on), whether it came
    /// during a motion, and the offsets it may land near.
    typealias ResizedPage = (page: TileCoordinate, alternative: TileCoordinate?, moving: Bool, at: [Vector])
    /// The tile followed by the device-pixel check, and the range of its position less the offset.
    var pixelTrack: (tile: TileCoordinate, low: Vector, high: Vector, since: Int)?
    /// The absolute offset of the first frame, for the cross-axis drift check.
    var firstOffset: Vector?
    /// A release left at another velocity than the ideal's (pattern 10): offsets no longer comparable.
    var diverged = false
    /// Pattern 10: the ideal plane's previous frame; whether the last frame moved as the ideal's did; the
    /// frame of a touch-down on decelerating content compared with the ideal; the peak of a paging settle.
    var previousIdeal: FrameState?
    var followedIdeal: Bool?
    var touchIdeal: Int?
    var settlePeak: (x: (frame: Int, speed: Double)?, y: (frame: Int, speed: Double)?)?
    /// Pattern 10 without an ideal plane: after a touch-down on decelerating content, the touch frame, the last
    /// displacement, its last change, and how many frames in a row it changed the same way.
    var touchDrift: (touch: Int, last: Vector?, change: Vector?, run: Int)?
    /// Patterns 9 and 10: the ideal plane's phase in the previous frame (nil without one).
    var previousIdealPhase: Phase?
    /// Pattern 11: the animated scroll on a loop being followed, if any.
    var loopAnimation: LoopAnimation?
    /// Pattern 12: the absolute offset at the last frame no gesture moved.
    var axisRest: Vector?

    /// Whether the last frame observed is part of an animated scroll that runs another way round the loop than
    /// the ideal plane's (pattern 11, named when it ends): its pixels differ from the ideal's by that, not by a
    /// seam.
    var rewinding: Bool { loopAnimation?.diverged != nil || rewoundFrame }
    /// Whether the last frame observed ended such an animation.
    var rewoundFrame = false

    /// A monitor for a scenario with `facts`.
    public init(facts: PatternFacts) { self.facts = facts }

    /// The findings for `frames` (and, when given, the ideal plane's frames at the same indices).
    ///
    /// ```swift
    /// let findings = PatternMonitor.findings(in: frames, facts: PatternFacts(scenario))
    /// ```
    public static func findings(
        in frames: [FrameState], ideal: [FrameState]? = nil, facts: PatternFacts
    ) -> [PatternFinding] {
        var monitor = PatternMonitor(facts: facts)
        for (i, frame) in frames.enumerated() {
            monitor.observe(frame, ideal: ideal.flatMap { i < $0.count ? $0[i] : nil })
        }
        monitor.finish()
        return monitor.findings
    }

    /// Ends the run: names what the last frames began and did not finish (an animated scroll that rewinds
    /// across the loop, still running when the timeline ends). Call it after the last `observe`.
    ///
    /// ```swift
    /// while let frame = try simulation.next() { monitor.observe(frame) }
    /// monitor.finish()
    /// ```
    public mutating func finish() { finishRewind() }

    mutating func found(_ pattern: Pattern, _ frame: Int, expected: String, actual: String) {
        guard !findings.contains(where: { $0.pattern == pattern }) else { return }
        findings.append(PatternFinding(pattern: pattern, frame: frame, expected: expected, actual: actual))
    }

    /// Checks one frame; `ideal` is the reference plane's frame at the same index (nil past a content
    /// edge or when there is none).
    public mutating func observe(_ frame: FrameState, ideal: FrameState? = nil) {
        defer {
            beforePrevious = previous
            previous = frame
            previousIdealPhase = ideal?.phase
        }
        let tol = 0.5 / Double(max(1, frame.scale)) + 1e-9
        var resized = false
        var jumped = false
        var touched = false
        var looped = false
        for event in frame.events {
            switch event {
            case .recenter(let s):
                shift.x += s.x
                shift.y += s.y
                gridShift.x += s.x
                gridShift.y += s.y
            case .loopJump(let from, let to):
                shift.x += to.x - from.x
                shift.y += to.y - from.y
                // The view jumps to the real item: the page number jumps with it.
                let size = facts.pageSize ?? frame.viewport
                func moved(_ p: TileCoordinate?) -> TileCoordinate? {
                    p.map {
                        TileCoordinate(
                            x: $0.x + Int64(((to.x - from.x) / max(size.width, 1)).rounded()),
                            y: $0.y + Int64(((to.y - from.y) / max(size.height, 1)).rounded()))
                    }
                }
                startPage = moved(startPage)
                releasePage = moved(releasePage)
                looped = true
            case .resize: resized = true
            case .jump: jumped = true
            case .willBeginDragging: touched = true
            default: break
            }
        }
        let absolute = Vector(x: frame.contentOffset.x - shift.x, y: frame.contentOffset.y - shift.y)
        if firstOffset == nil { firstOffset = absolute }
        let gridBefore = gridShift
        if resized && facts.pageSize == nil { gridShift = .zero }

        // 2: an infinite grid reaches its content edge.
        if facts.infinite && frame.edgeHit {
            found(
                .edgeReached, frame.index, expected: "no content edge on an infinite grid",
                actual: "the content edge at offset \(pt(frame.contentOffset))")
        }
        checkIndices(frame)
        checkItemAtRest(frame, ideal)
        checkPagingTarget(frame, ideal)
        checkPixelGrid(frame, reset: resized || jumped || looped || frame.recenterShift != nil)
        checkRelease(frame, ideal)
        let rewinds = checkRewind(frame, ideal, absolute: absolute)
        rewoundFrame = rewinds && loopAnimation == nil
        checkLockedAxes(frame, absolute: absolute, rebase: resized || jumped)
        checkCurve(frame, ideal, absolute: absolute, touched: touched, resized: resized || jumped || looped)
        if !diverged && !rewinds {
            checkDisplayed(frame, ideal)
            checkIdeal(frame, ideal, absolute: absolute, tol: tol, rebase: resized || jumped || looped || frame.edgeHit)
        }
        checkDeceleration(frame, absolute: absolute, touched: touched, resized: resized || jumped || looped)
        checkPaging(
            frame, ideal, absolute: absolute, tol: tol, resized: resized, jumped: jumped, touched: touched,
            gridBefore: gridBefore)
        if facts.hasInsets, !facts.resizes, let first = firstOffset {
            if !facts.movesY, abs(absolute.y - first.y) > tol {
                found(
                    .insetPageGrid, frame.index, expected: "cross-axis offset y \(num(first.y)) pt (no step moves y)",
                    actual: "offset y \(num(absolute.y)) pt")
            }
            if !facts.movesX, abs(absolute.x - first.x) > tol {
                found(
                    .insetPageGrid, frame.index, expected: "cross-axis offset x \(num(first.x)) pt (no step moves x)",
                    actual: "offset x \(num(absolute.x)) pt")
            }
        }
    }

    /// The absolute offset of an earlier frame: `shift` less what `later` frames added since.
    func absoluteOffset(_ f: FrameState, before later: FrameState...) -> Vector { absoluteOffset(f, later) }

    func absoluteOffset(_ f: FrameState, _ later: [FrameState]) -> Vector {
        var s = shift
        for l in later {
            for event in l.events {
                switch event {
                case .recenter(let v):
                    s.x -= v.x
                    s.y -= v.y
                case .loopJump(let from, let to):
                    s.x -= to.x - from.x
                    s.y -= to.y - from.y
                default: break
                }
            }
        }
        return Vector(x: f.contentOffset.x - s.x, y: f.contentOffset.y - s.y)
    }
}

/// A number for a report line: whole numbers without decimals, else up to 3 decimals (8.9995 is "9", not "9.0").
func num(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    let r = (v * 1000).rounded() / 1000
    if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
    return "\(r)"
}

/// A point vector for a report line: "(x, y) pt".
func pt(_ v: Vector) -> String { "(\(num(v.x)), \(num(v.y))) pt" }
