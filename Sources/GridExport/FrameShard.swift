/// One of `count` contiguous, balanced parts of a scenario's frames: what `render --shard K/N` renders.
///
/// The frames are cut in order, and the first `total % count` shards take one frame more than the others, so
/// no two shards differ by more than one frame and together they cover every frame exactly once. `long-fling`'s
/// 218 frames in 3 shards are 0:72, 73:145 and 146:217.
///
/// ```swift
/// let shard = FrameShard(2, of: 3)!
/// var options = RenderOptions(outputDirectory: "output/split")
/// options.frames = try shard.frames(total: FrameExporter.countFrames(scenario, reference: false))  // 73...145
/// ```
public struct FrameShard: Sendable, Hashable, CustomStringConvertible {
    /// Which shard, 1-based: 1...`count`.
    public let index: Int
    /// How many shards the frames are cut into, at least 1.
    public let count: Int

    /// Shard `index` (1-based) of `count`, or nil unless 1 ≤ `index` ≤ `count`.
    ///
    /// ```swift
    /// FrameShard(3, of: 3)  // the last third
    /// FrameShard(4, of: 3)  // nil
    /// ```
    public init?(_ index: Int, of count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, as `--shard` takes it.
    public var description: String { "\(index)/\(count)" }

    /// The frames of this shard of a scenario of `total` frames (0-based, inclusive).
    ///
    /// ```swift
    /// try FrameShard(1, of: 3)!.frames(total: 218)  // 0...72
    /// try FrameShard(3, of: 3)!.frames(total: 218)  // 146...217
    /// ```
    /// - Throws: `ExportError(.frameRange)` when the shard would be empty: more shards than frames.
    /// - Complexity: O(1).
    public func frames(total: Int) throws(ExportError) -> ClosedRange<Int> {
        guard total >= count else {
            let frames = total < 1 ? "no frames" : total == 1 ? "1 frame" : "\(total) frames"
            var e = ExportError(
                .frameRange, "shard \(self) is empty: the scenario has \(frames), so at most \(max(total, 0)) shards")
            e.totalFrames = total
            throw e
        }
        // Every product is at most `total`: no overflow.
        let base = total / count
        let extra = total % count
        let start = (index - 1) * base + min(index - 1, extra)
        let size = base + (index <= extra ? 1 : 0)
        return start...(start + size - 1)
    }
}
