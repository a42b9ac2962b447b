public import GridTools

/// What `ScrollRecording.verify()` found on the app's own views: continuity, coverage, pop-in and the bound on
/// live views, with the first frame of each and the pattern of the gallery a finding matches.
///
/// ```swift
/// let report = recording.verify()
/// if !report.passed { print(report.lines.joined(separator: "\n")) }
/// ```
public struct ScreenVerifyReport: Sendable {
    /// One thing a person would see go wrong.
    public struct Finding: Sendable, Equatable {
        /// Which check.
        public enum Kind: String, Sendable, CaseIterable {
            /// Content visible in two frames moved on screen by another amount than the finger or the physics.
            case continuity
            /// A blank opened inside the content's band.
            case coverage
            /// Content appeared or vanished inside the viewport.
            case popIn
            /// Live views grew past the bound (a leak).
            case liveBound
        }
        /// Which check failed.
        public internal(set) var kind: Kind
        /// The (first) frame that shows it.
        public internal(set) var frame: Int
        /// The last frame of a run of consecutive frames that failed the same check (coverage, bound); nil for one.
        public internal(set) var throughFrame: Int?
        /// The pattern of the gallery it matches, with the quantity expected and shown; nil when none does.
        public internal(set) var pattern: PatternFinding?
        /// One line saying what was found: the frame, the item, where it was expected and where it is.
        public internal(set) var detail: String
    }

    /// Frames checked.
    public internal(set) var frames = 0
    /// The most items visible in one frame.
    public internal(set) var maxItems = 0
    /// The most live views in one frame.
    public internal(set) var maxLiveViews = 0
    /// The bound live views had to stay under (the largest it reached), nil before any frame.
    public internal(set) var liveViewBound: Int?
    /// Frames whose coverage was not measured (more cells than `ScreenContentVerifier.maxCoverageCells`).
    public internal(set) var coverageSkipped = 0
    /// The findings, at most `ScreenContentVerifier.maxFindings` (and the first of each kind), consecutive
    /// coverage and bound failures merged.
    public internal(set) var findings: [Finding] = []
    /// Findings dropped past the limit.
    public internal(set) var droppedFindings = 0
    /// The first frame of each kind of finding.
    public internal(set) var firstFrame: [Finding.Kind: Int] = [:]
    /// The first finding of each pattern, in the order found.
    public internal(set) var patterns: [PatternFinding] = []

    /// Whether every check held.
    public var passed: Bool { findings.isEmpty }

    /// The report as `render-grid verify` prints it: a `FAIL` line per finding, a line per pattern found (its
    /// first frame, the quantity and the fix), and a summary line.
    public var lines: [String] {
        var out: [String] = []
        for f in findings {
            let frames = f.throughFrame.map { "frames \(f.frame)–\($0)" } ?? "frame \(f.frame)"
            let name = f.pattern.map { ", \($0.pattern.name)" } ?? ""
            out.append("FAIL \(frames) (\(f.kind.rawValue)\(name)): \(f.detail)")
        }
        for finding in patterns { out.append(finding.line) }
        var line =
            "verify (your scroll view): \(frames) frames; max \(maxItems) items visible; "
            + "max \(maxLiveViews) live views"
        if let bound = liveViewBound { line += " (bound \(bound))" }
        if coverageSkipped > 0 { line += "; coverage not measured in \(coverageSkipped) frames (too many edges)" }
        line += "; "
        if passed {
            line += "all checks hold"
        } else {
            let more = droppedFindings > 0 ? "+" : ""
            line += "FAILED (\(findings.count)\(more) failures, first at frame \(findings.map(\.frame).min() ?? 0))"
        }
        out.append(line)
        return out
    }
}
