import GridExport
import GridModel
import Rasterizer

/// A comparison's verdict in words: the options that make it incomparable, its details and its summary line.
extension GoldenComparison {
    /// The verdict when the golden was recorded with options that make every frame incomparable (scale,
    /// reference, fps), else nil.
    static func incomparable(
        _ manifest: GoldenManifest, _ identity: GoldenIdentity, drift: String?,
        result: GoldenComparison
    ) -> GoldenComparison? {
        var sequence: [String] = []
        if manifest.scale != identity.scale {
            sequence.append(
                "recorded with other options: scale \(manifest.scale), this run scale \(identity.scale) (--scale or viewport.scale)"
            )
        }
        if manifest.reference != identity.reference {
            sequence.append(
                "recorded with other options: reference \(manifest.reference), this run \(identity.reference)")
        }
        if manifest.fps != identity.fps { sequence.append("fps changed: \(manifest.fps) -> \(identity.fps)") }
        guard !sequence.isEmpty else { return nil }
        var result = result
        result.failed = true
        result.details += sequence
        result.frameCount = manifest.frameCount
        result.firstFailingFrame = 0
        result.failingFrameCount = manifest.frameCount
        result.summary = (drift.map { _ in "machine drift; " } ?? "") + sequence[0]
        return result
    }

    /// The comparison's verdict, details and summary from the tally of its frames.
    static func finish(
        _ result: GoldenComparison, tally: ComparisonTally, count: Int, manifest: GoldenManifest,
        drift: String?, expectedTrace: [TraceFrame], actualTrace: [TraceFrame], tileFrames: Set<Int>,
        identity: GoldenIdentity, name: String, store: GoldenStore, options: GoldenOptions
    ) throws -> GoldenComparison {
        var result = result
        var sequence: [String] = []
        if count != manifest.frameCount {
            sequence.append("frame count changed: \(manifest.frameCount) -> \(count)")
        }
        if let sizeLine = tally.sizeLine { sequence.append(sizeLine) }
        let countFails = count != manifest.frameCount
        let first = [tally.firstPixel, tally.firstTrace, countFails ? min(count, manifest.frameCount) : nil].compactMap
        { $0 }.min()
        result.failed = first != nil
        result.firstFailingFrame = first
        result.failingFrameCount = tally.failing + abs(count - manifest.frameCount)
        guard let first else {
            if let drift { result.details.removeAll { $0 == drift } }  // (said once, in the summary)
            result.summary =
                "\(grouped(count)) frame\(count == 1 ? " matches" : "s match")"
                + (tally.tolerated > 0 ? " (\(tally.tolerated) within tolerance of their key frames)" : "")
                + (drift != nil ? "; note: " + drift! : "")
            return result
        }
        // The golden's tiles of the frames whose line differs, read again now that they are known.
        let expectedFrames =
            tileFrames.isEmpty
            ? expectedTrace
            : try trace(manifest, name: name, store: store, tilesOf: tileFrames, limits: options.limits)
        let traceLines = traceFindings(
            expected: expectedFrames, actual: actualTrace, plain: expectedTrace,
            firstTrace: tally.firstTrace, countFails: countFails, scale: identity.scale)
        var pixelLines = tally.pixelLines
        if let firstHashOnly = tally.firstHashOnly {
            let why =
                drift != nil && tally.firstTrace == nil
                ? "the trace agrees, so the machine drift above explains them"
                : "the trace diff explains them"
            let n = tally.hashOnly
            pixelLines.append(
                "\(grouped(n)) frame\(n == 1 ? "" : "s") from frame \(firstHashOnly) differ\(n == 1 ? "s" : "") by hash with no key frame stored to compare with (\(why))"
            )
        }
        result.details += sequence + traceLines + pixelLines
        result.summary = summary(
            first: first, count: count, tally: tally, sequence: sequence, drift: drift,
            failingFrameCount: result.failingFrameCount)
        return result
    }

    /// The trace diff's findings for a failing comparison, led by why the first frame whose line differs fails when
    /// the diff (which compares offsets to a device pixel) names a later one.
    static func traceFindings(
        expected: [TraceFrame], actual: [TraceFrame], plain expectedTrace: [TraceFrame],
        firstTrace: Int?, countFails: Bool, scale: Int
    ) -> [String] {
        let diff = TraceDiff.compare(expected: expected, actual: actual, scale: scale)
        // The sequence verdict already says a changed frame count.
        var lines = diff.findings.filter { !(countFails && $0.hasPrefix("frame count ")) } + diff.summary
        guard let firstTrace, firstTrace < (diff.firstDifferingFrame ?? Int.max) else { return lines }
        let end = min(diff.firstDifferingFrame ?? Int.max, expectedTrace.count, actual.count)
        var largest = 0.0
        if firstTrace < end {
            for i in firstTrace..<end {
                largest = max(
                    largest, abs(expectedTrace[i].offsetX - actual[i].offsetX),
                    abs(expectedTrace[i].offsetY - actual[i].offsetY))
            }
        }
        if largest > 0 {
            let until = diff.firstDifferingFrame.map { " until frame \($0)" } ?? ""
            lines.insert(
                "frame \(firstTrace): the trace differs below a device pixel (content offsets differ by at most \(TraceText.number(largest)) pt\(until))",
                at: 0)
        } else {
            lines.insert(
                "frame \(firstTrace): the trace line differs from the golden's in a field the trace diff does not compare (tile ids, sizes or stats)",
                at: 0)
        }
        return lines
    }

    /// The one-line summary of a failing comparison whose first failing frame is `first`.
    static func summary(
        first: Int, count: Int, tally: ComparisonTally, sequence: [String], drift: String?,
        failingFrameCount: Int
    ) -> String {
        var summary = drift != nil ? "machine drift; " : ""
        if let firstPixel = tally.firstPixel, firstPixel == first {
            summary += "frame \(first) of \(count) differs"
            if let n = tally.firstPixelCount {
                summary += ": \(grouped(n)) pixel\(n == 1 ? "" : "s")"
            } else if tally.firstPixelResized {
                let prefix = "frame \(first) size changed: "
                let size = tally.sizeLine.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
                summary += ": its size changed (\(size ?? "see below"))"
            } else if drift != nil && tally.firstTrace == nil {
                summary += " (no key frame stored; the trace agrees, so the machine drift explains it)"
            } else {
                summary += " (no key frame stored; see the trace diff)"
            }
        } else if let firstTrace = tally.firstTrace, firstTrace == first {
            summary += "the trace differs from frame \(first) of \(count)"
        } else {
            summary += sequence.first ?? "frame \(first) differs"
        }
        // The count every report states (`ScenarioOutcome.failingFrameCount`), frames only one sequence has included.
        if failingFrameCount > 1, let text = ScenarioOutcome.failingFramesText(failingFrameCount) {
            summary += " (\(text))"
        }
        return summary
    }
}
