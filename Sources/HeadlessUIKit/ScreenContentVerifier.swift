public import Foundation
import GridTools

/// Checks what a person sees of a scroll view whose code render-grid did not write, one frame at a time (it keeps
/// only the previous frame, so its memory does not grow with the run):
/// - continuity: content visible in two consecutive frames moves on screen by exactly −displacement, whatever
///   offsets and frames the code rewrote in between (pattern 9 for a jump under a point, pattern 1 for a jump at
///   a frame where the app moved the offset by whole pages);
/// - no pop-in: content appears and vanishes only at the viewport's edges (pattern 3);
/// - coverage: the area content covered in the first frame's band stays covered (pattern 3);
/// - bounded: live views stay under 2 × max(live views in the first frame, most items visible so far) + 16.
///
/// ```swift
/// var verifier = ScreenContentVerifier(scrollsHorizontally: true, scrollsVertically: false)
/// for frame in frames { verifier.feed(frame) }
/// print(verifier.report.lines.joined(separator: "\n"))
/// ```
public struct ScreenContentVerifier: Sendable {
    /// Positions closer than this (points) are the same.
    public static let tolerance = 0.01
    /// The most findings a report lists (past it, only the first of each kind not listed yet).
    public static let maxFindings = 20
    /// The most cells (edges across × edges down) a frame's coverage is measured on; past it the frame is skipped
    /// and counted in `ScreenVerifyReport.coverageSkipped`.
    public static let maxCoverageCells = 1 << 22
    /// Views the bound allows besides twice the content: the root, the scroll view, containers.
    public static let liveViewSlack = 16

    /// Whether content moves horizontally (the band spans the viewport's width).
    public let scrollsHorizontally: Bool
    /// Whether content moves vertically (the band spans the viewport's height).
    public let scrollsVertically: Bool
    /// The page size when paging: an app shift by whole pages at a jump is a carousel's wrap (pattern 1).
    public let period: CGSize?
    /// What was found so far.
    public internal(set) var report = ScreenVerifyReport()

    var previous: ScreenFrame?
    var coverage: CoverageBaseline?
    var firstLiveViews: Int?

    /// A verifier for a scroll view that moves along the given axes; `period` is its page size when paging.
    public init(scrollsHorizontally: Bool, scrollsVertically: Bool, period: CGSize? = nil) {
        self.scrollsHorizontally = scrollsHorizontally
        self.scrollsVertically = scrollsVertically
        self.period = period
    }

    /// Checks `frame` against the previous one and the run so far.
    public mutating func feed(_ frame: ScreenFrame) {
        report.frames += 1
        report.maxItems = max(report.maxItems, frame.items.count)
        report.maxLiveViews = max(report.maxLiveViews, frame.liveViews)
        checkBound(frame)
        checkCoverage(frame)
        if let previous { checkMotion(from: previous, to: frame) }
        previous = frame
    }

    /// The live-view bound: twice the larger of the first frame's live views (the app's own buffer of views
    /// around what shows) and the most items visible so far (a view that starts nearly empty), plus
    /// `liveViewSlack`. Not the first second's maximum: a leak during the first second's drag would raise it.
    mutating func checkBound(_ frame: ScreenFrame) {
        let first = firstLiveViews ?? frame.liveViews
        firstLiveViews = first
        let bound = 2 * max(first, report.maxItems) + Self.liveViewSlack
        report.liveViewBound = max(report.liveViewBound ?? 0, bound)
        guard frame.liveViews > bound else { return }
        add(
            .init(
                kind: .liveBound, frame: frame.index, pattern: nil,
                detail: "\(frame.liveViews) live views, more than the bound \(bound) (2 × max(\(first) at the "
                    + "start, \(report.maxItems) visible) + \(Self.liveViewSlack)): views are added and never "
                    + "removed"),
            merging: true)
    }

    /// Records `finding`: merged into the last one when `merging` and it continues a run of the same kind.
    mutating func add(_ finding: ScreenVerifyReport.Finding, merging: Bool = false) {
        if report.firstFrame[finding.kind] == nil { report.firstFrame[finding.kind] = finding.frame }
        if let p = finding.pattern, !report.patterns.contains(where: { $0.pattern == p.pattern }) {
            report.patterns.append(p)
        }
        if merging, let i = report.findings.lastIndex(where: { $0.kind == finding.kind }),
            (report.findings[i].throughFrame ?? report.findings[i].frame) + 1 == finding.frame
        {
            report.findings[i].throughFrame = finding.frame
            return
        }
        // Past the limit, only the first finding of a kind not listed yet.
        guard report.findings.count < Self.maxFindings || !report.findings.contains(where: { $0.kind == finding.kind })
        else {
            report.droppedFindings += 1
            return
        }
        report.findings.append(finding)
    }
}

/// Formatting of points and positions in findings.
extension ScreenContentVerifier {
    static func text(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : String(r)
    }

    static func text(_ p: CGPoint) -> String { "(\(text(Double(p.x))), \(text(Double(p.y))))" }
}
