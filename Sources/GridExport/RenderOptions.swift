public import GridModel
public import Rasterizer
import Synchronization

/// What to render to files, and where.
public struct RenderOptions: Sendable {
    /// Where the frames and trace.jsonl go (made if missing).
    public var outputDirectory: String
    /// 0-based inclusive frame range; nil renders every frame, and an upper bound of `Int.max`
    /// means "to the last frame".
    public var frames: ClosedRange<Int>?
    /// Render the ideal infinite plane instead of the scenario's scroll view.
    public var reference = false
    /// Frames rendered in parallel, 1...`maxJobs` (other values are clamped). Output bytes do not
    /// depend on it.
    public var jobs = 1
    /// The most frames rendered in parallel.
    public static let maxJobs = 256
    /// How hard to compress the frames.
    public var compression = Compression.fast
    /// Which encoder writes opaque frames at `.fast` compression (`.libpng` is the reference);
    /// the decoded pixels do not depend on it.
    public var encoder = PNGEncoder.fast
    /// Draw the HUD overlay (see `FrameRenderer.hud`).
    public var hud = false
    /// Tint tiles by reuse (see `FrameRenderer.showReuse`).
    public var showReuse = false
    /// Store a run of identical frames (an idle wait) as hard links to one file instead of a file
    /// each: an idle frame then costs a link instead of a new file. Off by default, because a tool
    /// that edits one frame in place (rather than writing a new file) would change them all.
    public var linkRepeats = false
    /// Keep frames that already exist and decode as valid PNGs of the right size; render the rest.
    public var resume = false
    /// Checked between frames: once set, the render stops cleanly.
    public var cancellation: Cancellation?
    /// Called on the calling thread after each batch with (frames done, frames to do).
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// The limits the scenario was checked with.
    public var limits = Limits()

    /// Options for a render into `outputDirectory` (made if missing), every other choice its default.
    ///
    /// ```swift
    /// var options = RenderOptions(outputDirectory: "output/fling")
    /// options.jobs = 4
    /// ```
    public init(outputDirectory: String) { self.outputDirectory = outputDirectory }
}

/// What to render in memory (`FrameExporter.frames`): the same choices as `RenderOptions`, without files.
public struct ImageOptions: Sendable {
    /// Render the ideal infinite plane instead of the scenario's scroll view.
    public var reference = false
    /// Frames rendered in parallel, 1...`RenderOptions.maxJobs`; the pixels do not depend on it.
    public var jobs = 1
    /// Draw the HUD overlay (see `FrameRenderer.hud`).
    public var hud = false
    /// Tint tiles by reuse (see `FrameRenderer.showReuse`).
    public var showReuse = false
    /// Also hand back each frame's PNG bytes (the bytes a file export writes with `compression`).
    public var includePNG = false
    /// How hard to compress the PNG bytes of `includePNG`.
    public var compression = Compression.fast
    /// Which encoder writes opaque frames at `.fast` compression, as in `RenderOptions.encoder`.
    public var encoder = PNGEncoder.fast
    /// The limits the scenario is checked with.
    public var limits = Limits()
    /// Checked between frames: once set, the render stops with `ExportError(.stopped)`.
    public var cancellation: Cancellation?

    /// The defaults: the scroll view (not the reference plane), one job, no overlays, no PNG bytes.
    ///
    /// ```swift
    /// var options = ImageOptions()
    /// options.includePNG = true
    /// ```
    public init() {}
}

/// A flag a signal handler sets to stop a render between frames.
///
/// ```swift
/// let cancellation = Cancellation()
/// options.cancellation = cancellation
/// // from a signal handler or another task:
/// cancellation.cancel(signal: SIGINT)  // the render throws ExportError(.stopped) between frames
/// ```
public final class Cancellation: Sendable {
    private let signal = Atomic<Int32>(0)
    /// A flag not yet set.
    public init() {}
    /// Stops renders using this flag, recording the signal number (any non-zero value).
    public func cancel(signal number: Int32) { signal.store(number, ordering: .relaxed) }
    /// The signal that cancelled, or nil.
    public var signalNumber: Int32? {
        let n = signal.load(ordering: .relaxed)
        return n == 0 ? nil : n
    }
}

/// What a file export did.
public struct RenderSummary: Sendable {
    /// Frames in the whole scenario.
    public internal(set) var totalFrames: Int
    /// Frames written by this run.
    public internal(set) var framesWritten: Int
    /// Frames rasterized and encoded (the rest repeated an identical previous frame).
    public internal(set) var framesRasterized: Int
    /// Frames kept from an earlier run (`resume`).
    public internal(set) var framesKept: Int
    /// Wall-clock time of the export in seconds.
    public internal(set) var seconds: Double
    /// Recenters in the rendered frames.
    public internal(set) var recenters: Int
    /// Rendered frames where a content edge stopped the scroll.
    public internal(set) var edgeHitFrames: Int
    /// The trace file written.
    public internal(set) var tracePath: String
    /// The ffmpeg concat list of this run's frames, in the output folder: `frames.ffconcat` (every frame of the
    /// scenario), or `frames_AAAAA-BBBBB.ffconcat` for a `frames` range.
    public internal(set) var frameList: String = FrameList.fileName
    /// Milliseconds per written frame (0 when none was written).
    public var msPerFrame: Double { framesWritten > 0 ? seconds * 1000 / Double(framesWritten) : 0 }
}

/// One frame rendered in memory: its state (tiles, offsets, phase), its pixels, and its PNG bytes
/// when `ImageOptions.includePNG` is set.
public struct RenderedFrame: Sendable {
    /// The frame's model state.
    public var state: FrameState
    /// The frame's pixels.
    public var image: Pixmap
    /// The frame's PNG bytes, with `ImageOptions.includePNG`; else nil.
    public var png: [UInt8]?
    /// Whether this frame shares the drawing of the frame delivered just before it: the pipeline draws a run of
    /// identical frames (an idle wait) once, so `image` is that same picture. A caller hashing or comparing frames
    /// can reuse its result for the previous frame.
    public var repeatsPrevious: Bool = false
}
