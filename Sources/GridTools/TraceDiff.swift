public import GridModel

// TEMPORARY (golden branch): the contract's API with a minimal body, replaced by tracediff's at merge.

/// The semantic difference of two traces: the first frame where phase, events or content offset differ.
///
/// ```swift
/// let diff = TraceDiff.compare(expected: golden, actual: now, scale: 2)
/// print(diff.findings.first ?? "traces agree")
/// ```
public struct TraceDiff: Sendable, Equatable {
    /// The first frame where the traces differ; nil when they agree.
    public var firstDifferingFrame: Int?
    /// Sentences, most important first.
    public var findings: [String]
    /// Per-quantity summaries.
    public var summary: [String]
    /// Whether the traces agree.
    public var isEmpty: Bool { firstDifferingFrame == nil }

    /// Compares two traces frame by frame; offsets differ when they are more than a device pixel apart.
    public static func compare(expected: [TraceFrame], actual: [TraceFrame], scale: Int) -> TraceDiff {
        var diff = TraceDiff(firstDifferingFrame: nil, findings: [], summary: [])
        let tolerance = 1 / Double(max(scale, 1))
        var offsetFrames = 0
        for (e, a) in zip(expected, actual) {
            var finding: String?
            if e.phase != a.phase {
                finding = "frame \(e.frame): expected phase \(e.phase), got \(a.phase)"
            } else if e.events != a.events {
                finding = "frame \(e.frame): expected events [\(e.events.map(\.rawValue).joined(separator: ", "))], got [\(a.events.map(\.rawValue).joined(separator: ", "))]"
            }
            let offsetDiffers = abs(e.offsetX - a.offsetX) > tolerance || abs(e.offsetY - a.offsetY) > tolerance
            if offsetDiffers {
                offsetFrames += 1
                if finding == nil { finding = "frame \(e.frame): expected offset (\(e.offsetX), \(e.offsetY)), got (\(a.offsetX), \(a.offsetY))" }
            }
            if let finding, diff.firstDifferingFrame == nil {
                diff.firstDifferingFrame = e.frame
                diff.findings.append(finding)
            }
        }
        if expected.count != actual.count {
            let first = min(expected.count, actual.count)
            if diff.firstDifferingFrame == nil { diff.firstDifferingFrame = first }
            diff.findings.append("expected \(expected.count) frames, got \(actual.count)")
        }
        if offsetFrames > 0 { diff.summary.append("offsets differ in \(offsetFrames) frames") }
        return diff
    }
}
