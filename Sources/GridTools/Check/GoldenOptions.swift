public import GridExport
public import GridModel

/// Which frames a golden stores as PNG besides their hashes. Every policy stores the first and last frame and
/// every frame with a recenter, page change, loop jump or resize, and the frame where a content edge stops the
/// scroll (the first of a run of edge-hit frames); `every(n)` also every `n`th frame; `all` every frame. A
/// frame whose pixels equal a stored frame's is not stored twice.
///
/// ```swift
/// KeyFramePolicy("every:30")   // .every(30)
/// KeyFramePolicy.every(30).text   // "every:30"
/// ```
public enum KeyFramePolicy: Sendable, Equatable {
    /// The ends, the event frames and every Nth frame.
    case every(Int)
    /// The ends and the event frames.
    case events
    /// Every frame.
    case all

    /// The default: events, the ends, and every 120th frame (one each 2 s at 60 fps), which keeps the bundled
    /// scenarios' goldens under 1/20 of their frames' PNG bytes (README, "Regression-test your scroll behaviour").
    public static let `default` = KeyFramePolicy.every(120)
    /// The largest N of `every:N`.
    public static let maxInterval = 1_000_000

    /// The policy `--keyframes` names (`every:N` with N from 1 to `maxInterval`, `events`, `all`), or nil.
    public init?(_ text: String) {
        switch text {
        case "events": self = .events
        case "all": self = .all
        default:
            guard text.hasPrefix("every:"), let n = Int(text.dropFirst(6)), (1...Self.maxInterval).contains(n),
                String(n) == text.dropFirst(6)
            else { return nil }
            self = .every(n)
        }
    }

    /// How `--keyframes` and the manifest spell the policy.
    public var text: String {
        switch self {
        case .every(let n): return "every:\(n)"
        case .events: return "events"
        case .all: return "all"
        }
    }

    /// Whether frame `state` is a key frame, given whether the frame before it hit an edge. The last frame is
    /// added by the recorder once the sequence ends.
    ///
    /// ```swift
    /// KeyFramePolicy.events.isKeyFrame(state, previousEdgeHit: false)   // true at frame 0
    /// ```
    public func isKeyFrame(_ state: FrameState, previousEdgeHit: Bool) -> Bool {
        isKeyFrame(
            TraceFrame(frame: state.index, t: state.time, events: state.events.map(\.kind), edgeHit: state.edgeHit),
            previousEdgeHit: previousEdgeHit)
    }

    /// Whether the frame of trace line `line` is a key frame, given whether the frame before it hit an edge.
    func isKeyFrame(_ line: TraceFrame, previousEdgeHit: Bool) -> Bool {
        if line.frame == 0 || (line.edgeHit && !previousEdgeHit) { return true }
        switch self {
        case .all: return true
        case .every(let n) where line.frame % n == 0: return true
        default: break
        }
        return line.events.contains { kind in
            switch kind {
            case .recenter, .pageChanged, .loopJump, .resize: return true
            default: return false
            }
        }
    }
}

/// How `GoldenChecker` checks scenarios against their goldens: where goldens live, the record mode, the
/// rendering options that change pixels, the tolerance, and where failure reports go.
///
/// ```swift
/// var options = GoldenOptions()
/// options.record = .never
/// options.jobs = 4
/// let outcome = try GoldenChecker.run(["Scenarios"], options: options)
/// ```
public struct GoldenOptions: Sendable {
    /// The goldens folder; nil means a `Goldens/` folder beside each scenario (in a scenario folder given).
    public var goldens: String?
    /// How goldens are written.
    public var record = CheckOutcome.RecordMode.missing
    /// Remove goldens whose scenario no longer exists (else they fail as obsolete).
    public var prune = false
    /// Device scale overriding each scenario's `viewport.scale`.
    public var scale: Int?
    /// Frames rendered and hashed in parallel, 1...`RenderOptions.maxJobs`; results do not depend on it.
    public var jobs = 1
    /// Which frames a recording stores as PNG.
    public var keyFrames = KeyFramePolicy.default
    /// The metric a differing frame is compared with against its key frame: exact by default (any changed RGBA
    /// byte counts; goldens are deterministic, so a grid moved by one device pixel fails); `PixelMatchOptions()`
    /// for pixelmatch 7.2's metric and threshold.
    public var match = PixelMatchOptions.exact
    /// Differing pixels allowed per frame (with `maxDiffRatio`, the stricter wins; neither: 0).
    public var maxDiffPixels: Int?
    /// Fraction of a frame's pixels allowed to differ.
    public var maxDiffRatio: Double?
    /// Where failing scenarios' images go (`CheckArtifacts`); nil writes none.
    public var reportFolder: String?
    /// A font file used instead of `style.font` and DejaVu Sans.
    public var fontPath: String?
    /// The limits scenarios are checked with.
    public var limits = Limits()
    /// Checked between frames: once set (by a signal handler), the run stops with `ExportError(.stopped)`
    /// naming the signal and the scenario; a recording it stopped leaves the golden as it was and no temporary.
    public var cancellation: Cancellation?

    /// The defaults: goldens beside the scenarios, record missing, scale from the scenario, one job.
    public init() {}

    /// The record mode in effect: `flag` (`--record`), else `RENDER_GRID_RECORD`, else `never` when `CI` is set,
    /// else `missing`. An empty variable counts as unset, and so does `CI` of `false` or `0`.
    ///
    /// ```swift
    /// try GoldenOptions.recordMode(flag: nil, environment: ["CI": "true"])   // .never
    /// ```
    /// - Throws: `ToolError(.invalidOption)` when `RENDER_GRID_RECORD` is not a mode.
    public static func recordMode(
        flag: String?, environment: [String: String]
    ) throws(ToolError) -> CheckOutcome.RecordMode {
        if let flag, let mode = CheckOutcome.RecordMode(rawValue: flag) { return mode }
        // An empty variable is unset (`RENDER_GRID_RECORD= cmd`, `CI=` or `CI=false` in a shell or a CI file).
        if let text = environment["RENDER_GRID_RECORD"], !text.isEmpty {
            guard let mode = CheckOutcome.RecordMode(rawValue: text) else {
                throw ToolError(
                    .invalidOption,
                    "RENDER_GRID_RECORD is '\(OneLineName.cut(text))'; it takes missing, all, failed or never")
            }
            return mode
        }
        let ci = environment["CI"].map { $0.lowercased() }
        return ci == nil || ci == "" || ci == "false" || ci == "0" ? .missing : .never
    }

    /// The differing pixels allowed in a frame of `total` pixels.
    func allowedPixels(_ total: Int) -> Int {
        var diff = DiffOptions()
        diff.maxDiffPixels = maxDiffPixels
        diff.maxDiffRatio = maxDiffRatio
        return diff.limit(forPixels: total)
    }
}
