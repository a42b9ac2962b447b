/// The names of the trace files in a render folder, in one place: `FrameExporter` writes them, GridTools'
/// `TraceReader.read(folder:)` finds them again, and `check` keeps a golden's trace under `gzipped`.
///
/// ```swift
/// TraceFileName.whole                           // "trace.jsonl"
/// TraceFileName.range(5...12)                   // "trace_00005-00012.jsonl"
/// TraceFileName.isTrace("trace_00005-00012.jsonl")  // true
/// ```
public enum TraceFileName {
    /// The trace of a whole run.
    public static let whole = "trace.jsonl"

    /// A golden's trace, gzip-compressed.
    public static let gzipped = whole + ".gz"

    /// The trace of a range render (`--frames A:B`, `--shard K/N`): `trace_AAAAA-BBBBB.jsonl`, numbered as the
    /// frames are (`FrameExporter.frameName`).
    public static func range(_ frames: ClosedRange<Int>) -> String {
        "trace_" + FrameExporter.frameNumber(frames.lowerBound) + "-" + FrameExporter.frameNumber(frames.upperBound)
            + ".jsonl"
    }

    /// The trace a render of `frames` writes: `whole` when it renders every frame (nil).
    public static func written(frames: ClosedRange<Int>?) -> String {
        frames.map(range) ?? whole
    }

    /// Whether `name`, a file name in a render folder, is a trace a render wrote: `whole`, or any `trace_*.jsonl`
    /// (a range render's, whatever its numbers).
    public static func isTrace(_ name: String) -> Bool {
        name == whole || (name.hasPrefix("trace_") && name.hasSuffix(".jsonl"))
    }
}
