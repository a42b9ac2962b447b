/// The ffmpeg concat list (`frames.ffconcat`) a render writes beside its frames, so a GIF, MP4 or APNG
/// preview is one command for any scenario: every frame's real duration from the scenario's fps, and
/// the canvas every frame fits on (the largest width and the largest height over the sequence, which
/// differ from a frame's own size after a `resize` step).
///
/// The list always names *every* frame of the scenario, whichever frames the render wrote (`--frames`,
/// shards, `--resume`): it depends only on the scenario and the options that decide frame sizes, so
/// every shard writing one folder writes the same bytes, atomically (a temporary renamed into place),
/// and whichever rename lands last leaves the same complete list. ffmpeg reads it once all shards are
/// done; a frame still missing is ffmpeg's "Impossible to open 'frame_00073.png'". A range render also
/// writes `frames_AAAAA-BBBBB.ffconcat` (named like its trace shard), listing only its own frames with
/// the canvas of those frames, to preview just that range.
///
/// Each file line is followed by `option framerate FPS` (so ffmpeg's image reader stamps the frame in
/// units of 1/FPS, not its default 1/25, which would round 30 or 60 fps times) and `duration`: frame
/// `i` lasts from `i/FPS` to `(i+1)/FPS` rounded to the microsecond, so the durations add up to the
/// exact total. The last frame is not repeated: with the frame rate set, ffmpeg gives the last frame
/// its duration (a repeated last entry would add one frame). `option` lines need `-safe 0`.
package enum FrameList {
    /// The name of the list of every frame.
    package static let fileName = "frames.ffconcat"

    /// The name of a range render's own list: `frames_AAAAA-BBBBB.ffconcat`.
    ///
    /// ```swift
    /// FrameList.rangeFileName(0...72)  // "frames_00000-00072.ffconcat"
    /// ```
    package static func rangeFileName(_ range: ClosedRange<Int>) -> String {
        "frames_" + FrameExporter.frameNumber(range.lowerBound) + "-" + FrameExporter.frameNumber(range.upperBound)
            + ".ffconcat"
    }

    /// The list's text for `frames` of a scenario played at `fps`, centred on a `width`×`height` canvas.
    ///
    /// ```swift
    /// let text = FrameList.text(frames: 0...36, fps: 30, width: 844, height: 844)
    /// // "ffconcat version 1.0\n# canvas 844 844\n...file 'frame_00000.png'\noption framerate 30\nduration 0.033333\n..."
    /// ```
    package static func text(frames: ClosedRange<Int>, fps: Int, width: Int, height: Int) -> String {
        let fps = max(1, fps)
        var text = "ffconcat version 1.0\n"
        text += "# canvas \(width) \(height)\n"
        text +=
            "# \(frames.count) frames (\(FrameExporter.frameName(frames.lowerBound)) to "
            + "\(FrameExporter.frameName(frames.upperBound))) at \(fps) fps; read with: ffmpeg -f concat -safe 0 -i LIST\n"
        text.reserveCapacity(text.utf8.count + frames.count * 64)
        for index in frames {
            text += "file '\(FrameExporter.frameName(index))'\noption framerate \(fps)\nduration "
            text += seconds(microseconds: microsecondsAt(index + 1, fps: fps) - microsecondsAt(index, fps: fps)) + "\n"
        }
        return text
    }

    /// The time frame `index` starts, in microseconds, rounded to the nearest (`index` ≥ 0, `fps` ≥ 1;
    /// exact for any frame count a render can have).
    package static func microsecondsAt(_ index: Int, fps: Int) -> Int {
        let (whole, rest) = index.quotientAndRemainder(dividingBy: fps)
        return whole * 1_000_000 + (rest * 1_000_000 * 2 + fps) / (2 * fps)
    }

    /// Writes the list of every frame (and, for a range render, the range's own list) into `directory`,
    /// each whole under its name or not at all. Each is `fsync`ed before it gets its name: shards of one render
    /// rewrite the same `frames.ffconcat`, so a crash while one shard runs must not cut short the list another
    /// shard already reported.
    /// - Throws: `ExportError(.output)` when a list cannot be written.
    package static func write(
        in directory: String, sizes: FrameSizes, fps: Int, range: ClosedRange<Int>,
        partial: Bool
    ) throws(ExportError) {
        guard sizes.count > 0 else { return }
        let all = 0...(sizes.count - 1)
        var lists = [(fileName, all)]
        if partial { lists.append((rangeFileName(range), range)) }
        for (name, frames) in lists {
            let canvas = sizes.canvas(frames)
            let bytes = Array(text(frames: frames, fps: fps, width: canvas.width, height: canvas.height).utf8)
            try FileOutput.writeAtomically(bytes, to: FilePaths.join(directory, name))
        }
    }

    /// `0.033333` for 33,333 µs.
    private static func seconds(microseconds: Int) -> String {
        let fraction = String(microseconds % 1_000_000)
        return String(microseconds / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

/// The pixel sizes of a scenario's frames, as runs of frames of one size (a size changes only at a
/// `resize` step), so a long render keeps a few runs, not a size per frame.
package struct FrameSizes: Sendable, Equatable {
    /// Runs in frame order: the first frame of each run and the size of its frames.
    package private(set) var runs: [(start: Int, width: Int, height: Int)] = []
    /// The frames recorded.
    package private(set) var count = 0

    package init() {}

    /// Records the next frame's size.
    package mutating func append(width: Int, height: Int) {
        if let last = runs.last, last.width == width, last.height == height {
            count += 1
            return
        }
        runs.append((count, width, height))
        count += 1
    }

    /// The largest width and the largest height over `frames` (0×0 when none was recorded).
    package func canvas(_ frames: ClosedRange<Int>) -> (width: Int, height: Int) {
        var width = 0
        var height = 0
        for (i, run) in runs.enumerated() {
            let end = i + 1 < runs.count ? runs[i + 1].start : count  // exclusive
            guard run.start <= frames.upperBound, end > frames.lowerBound else { continue }
            width = max(width, run.width)
            height = max(height, run.height)
        }
        return (width, height)
    }

    package static func == (a: FrameSizes, b: FrameSizes) -> Bool {
        a.count == b.count && a.runs.elementsEqual(b.runs) { $0 == $1 }
    }
}
