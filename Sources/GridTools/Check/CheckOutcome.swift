/// What `render-grid check` found for one run: one `ScenarioOutcome` per scenario and per obsolete golden,
/// in the order they were checked. The report writers (HTML, JUnit XML, `--json`) read only this.
///
/// ```swift
/// let outcome = CheckOutcome(goldensPath: "Scenarios/Goldens", recordMode: .never, scenarios: [
///     ScenarioOutcome(name: "long-fling", scenarioPath: "Scenarios/long-fling.json", verdict: .passed,
///                     summary: "218 frames match", frameCount: 218)
/// ])
/// print(outcome.passed)   // true
/// ```
public struct CheckOutcome: Sendable, Equatable {
    /// How goldens are written, as swift-snapshot-testing names the modes.
    public enum RecordMode: String, Sendable, Equatable, CaseIterable {
        /// Write goldens that do not exist (and fail for them); compare the rest.
        case missing
        /// Re-record every golden (the scenarios pass as `recorded`).
        case all
        /// Re-record only the scenarios that fail.
        case failed
        /// Never write a golden; a missing golden fails.
        case never
    }

    /// The goldens folder as the user gave it.
    public internal(set) var goldensPath: String
    /// The record mode in effect.
    public internal(set) var recordMode: RecordMode
    /// One entry per scenario checked, then one per obsolete or pruned golden.
    public internal(set) var scenarios: [ScenarioOutcome]
    /// The pixel metric the frames were compared with, in words (`PixelMatchOptions.label`), as the text summary,
    /// report.html, JUnit and `--json` name it.
    public internal(set) var metric: String

    /// An outcome with each argument as its property.
    public init(
        goldensPath: String, recordMode: RecordMode, scenarios: [ScenarioOutcome],
        metric: String = PixelMatchOptions.exact.label
    ) {
        self.goldensPath = goldensPath
        self.recordMode = recordMode
        self.scenarios = scenarios
        self.metric = metric
    }

    /// Whether every scenario passed (`passed`, `recorded` by `--record all` or `failed`, or `pruned`).
    public var passed: Bool { scenarios.allSatisfy(\.verdict.isPass) }
}

/// One scenario's (or one obsolete golden's) verdict, its explanation and the images written for it.
public struct ScenarioOutcome: Sendable, Equatable {
    /// The scenario's result.
    public enum Verdict: String, Sendable, Equatable, CaseIterable {
        /// Every frame matches its golden (hash equal, or within tolerance of its key frame).
        case passed
        /// Frames, trace or sequence differ from the golden.
        case failed
        /// No golden existed; one was recorded (`--record missing`: still a failure) or not (`never`).
        case missing
        /// The golden was (re-)recorded by `--record all` or `--record failed`.
        case recorded
        /// A golden whose scenario no longer exists (a failure unless `--prune`).
        case obsolete
        /// An obsolete golden removed by `--prune`.
        case pruned
        /// The scenario could not be checked: a damaged golden or a scenario that does not load. The run stops
        /// there and exits 2; the reports still list it (`GoldenChecker.runReporting`).
        case error

        /// Whether this verdict lets the run exit 0.
        public var isPass: Bool {
            switch self {
            case .passed, .recorded, .pruned: return true
            case .failed, .missing, .obsolete, .error: return false
            }
        }
    }

    /// One image written for a failing scenario, as a path relative to the report folder.
    public struct Artifact: Sendable, Equatable {
        /// What the image shows.
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            /// The golden's key frame.
            case expected
            /// This run's frame.
            case actual
            /// The diff image of the two, under the run's metric (`CheckOutcome.metric`).
            case diff
            /// An animated PNG of expected | actual side by side over the failing frame range.
            case animation
        }

        /// What the image shows.
        public internal(set) var kind: Kind
        /// The frame it shows (the first frame of the range for `.animation`).
        public internal(set) var frame: Int
        /// The path relative to the report folder, with `/` separators.
        public internal(set) var path: String

        /// An artifact with each argument as its property.
        public init(kind: Kind, frame: Int, path: String) {
            self.kind = kind
            self.frame = frame
            self.path = path
        }
    }

    /// The scenario's name (its file name without `.json`), which names its golden.
    public internal(set) var name: String
    /// The scenario file as the user gave it, or nil for an obsolete golden.
    public internal(set) var scenarioPath: String?
    /// The result.
    public internal(set) var verdict: Verdict
    /// One line: what happened ("frame 139 of 218 differs: 52,113 pixels"), machine drift first when present.
    public internal(set) var summary: String
    /// The explanation, one sentence per line: rendering-identity drift first, then sequence verdicts (frame
    /// count, fps, options), then the semantic trace diff, then pixel counts per failing frame.
    public internal(set) var details: [String]
    /// Frames in the sequence.
    public internal(set) var frameCount: Int
    /// The first frame that fails, if any.
    public internal(set) var firstFailingFrame: Int?
    /// How many frames fail: frames both sequences have whose pixels differ beyond the tolerance or whose trace
    /// line differs, plus the frames only one of them has (a changed frame count). Every report (text, HTML,
    /// JUnit, `--json`) states this one number, through `failingFramesText`.
    public internal(set) var failingFrameCount: Int
    /// Images written to the report folder for this scenario.
    public internal(set) var artifacts: [Artifact]
    /// Wall-clock seconds spent on this scenario.
    public internal(set) var seconds: Double

    /// `failingFrameCount` as every report words it ("76 failing frames"), or nil when none fails.
    ///
    /// ```swift
    /// ScenarioOutcome.failingFramesText(76)   // "76 failing frames"
    /// ```
    public static func failingFramesText(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return "\(GoldenComparison.grouped(count)) failing frame\(count == 1 ? "" : "s")"
    }

    /// An outcome with each argument as its property.
    public init(
        name: String, scenarioPath: String?, verdict: Verdict, summary: String, details: [String] = [],
        frameCount: Int = 0, firstFailingFrame: Int? = nil, failingFrameCount: Int = 0,
        artifacts: [Artifact] = [], seconds: Double = 0
    ) {
        self.name = name
        self.scenarioPath = scenarioPath
        self.verdict = verdict
        self.summary = summary
        self.details = details
        self.frameCount = frameCount
        self.firstFailingFrame = firstFailingFrame
        self.failingFrameCount = failingFrameCount
        self.artifacts = artifacts
        self.seconds = seconds
    }
}
