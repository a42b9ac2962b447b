import Foundation
import GridExport
import GridModel
import GridTools
import Rasterizer

/// Plays scenario steps (`drag`, `touches`, `fling`, `wait`, `cancel`) on an app's own `UIScrollView` through
/// render-grid's scroll model, calls its delegate as UIKit would, lays its views out once per frame and draws them.
///
/// ```swift
/// let player = ScrollPlayer(scale: 2, fps: 60)
/// let recording = try player.play(scrollView, steps: #"[{"drag": {"by": {"x": -300}, "duration": 0.5}}, {"wait": {"until": "idle"}}]"#)
/// try recording.writeFrames(to: "output/mine")
/// ```
@MainActor
public final class ScrollPlayer {
    /// Device pixels per point of the frames.
    public let scale: Int
    /// Frames per second; the model steps by 1/fps.
    public let fps: Int
    /// The colour behind the views (the window's).
    public var background = UIColor.white
    /// Threads that draw and encode frames while the views of the next ones are laid out, 1 to 64 (default: the
    /// machine's cores). The frames do not depend on it.
    public var jobs = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 64) {
        didSet { jobs = min(max(jobs, 1), 64) }
    }
    /// Frames one play may draw at most (a recording holds them as PNG bytes).
    public static let maxFrames = 20_000
    /// The most PNG bytes one recording holds (2 GiB): a long play of large frames stops with an error instead of
    /// eating memory.
    public static let maxRecordingBytes = 1 << 31

    /// A player drawing `scale` device pixels per point (1…8) at `fps` frames per second (1…240); out-of-range
    /// values are clamped.
    public init(scale: Int = 2, fps: Int = 60) {
        self.scale = min(max(scale, 1), Limits.maxScale)
        self.fps = min(max(fps, 1), Limits.maxFPS)
    }

    /// Plays `steps` (a JSON array of scenario steps) on `view`: a `UIScrollView`, or a root view with one inside
    /// it (the window is the root view's bounds). Work the code defers with `DispatchQueue.main.async` cannot run
    /// inside this call (it is on the main queue); play with `await` for that.
    ///
    /// - Throws: `HeadlessUIKitError` naming the step (`steps[2].scrollTo`) or what the code did (a
    ///   `scrollViewDidScroll` that sets the offset forever, too many views, a frame too large).
    public func play(_ view: UIView, steps json: String) throws(HeadlessUIKitError) -> ScrollRecording {
        try prepare(view, steps: json).play()
    }

    /// Plays as the synchronous `play` does, and lets the main queue run after each frame's delegate calls, so work
    /// the code defers with `DispatchQueue.main.async` (a recenter, a reload) runs before the frame is laid out and
    /// drawn, as on a device; what `layoutSubviews` defers runs before the next frame's delegate calls. Plays must
    /// not overlap: they share `UIScreen.main`.
    ///
    /// ```swift
    /// let recording = try await ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: json)
    /// ```
    ///
    /// - Throws: `HeadlessUIKitError`, as the synchronous `play(_:steps:)`.
    public func play(_ view: UIView, steps json: String) async throws(HeadlessUIKitError) -> ScrollRecording {
        try await prepare(view, steps: json).playLettingMainQueueRun()
    }

    /// Plays as `play(_:steps:)` does and writes each frame into `folder` as it is drawn (`frame_00000.png` …,
    /// `trace.jsonl`, `frames.ffconcat`, as `writeFrames(to:)` writes them), holding none: memory does not grow with
    /// the frame count. The recording's `frames` and `traceLines` are empty; `frameCount` and `verify()` hold.
    ///
    /// - Throws: `HeadlessUIKitError`, as `play(_:steps:)`, or naming the folder or file that could not be created
    ///   or written.
    public func play(
        _ view: UIView, steps json: String, writingTo folder: String
    ) throws(HeadlessUIKitError) -> ScrollRecording {
        let run = try prepare(view, steps: json)
        try run.stream(to: folder)
        return try run.play()
    }

    /// The awaited `play(_:steps:writingTo:)`: the main queue runs between frames as in `play(_:steps:) async`.
    ///
    /// - Throws: `HeadlessUIKitError`, as the synchronous `play(_:steps:writingTo:)`.
    public func play(
        _ view: UIView, steps json: String, writingTo folder: String
    ) async throws(HeadlessUIKitError) -> ScrollRecording {
        let run = try prepare(view, steps: json)
        try run.stream(to: folder)
        return try await run.playLettingMainQueueRun()
    }

    /// The run of `steps` on `view`'s scroll view, checked: steps decoded, tile steps refused, the screen set.
    func prepare(_ view: UIView, steps json: String) throws(HeadlessUIKitError) -> PlayRun {
        guard let scrollView = Self.firstScrollView(in: view) else {
            throw HeadlessUIKitError("play needs a UIScrollView: \(type(of: view)) holds none")
        }
        let steps: [Step]
        do { steps = try ScenarioDecoder.decodeSteps(Array(json.utf8)) } catch {
            throw HeadlessUIKitError("\(error.path): \(error.message)")
        }
        for (index, step) in steps.enumerated() {
            switch step {
            case .scrollTo, .jump:
                throw HeadlessUIKitError(
                    "steps[\(index)]: a step that names a tile means nothing to your scroll view's code; move it with drag, touches or fling steps, or call setContentOffset in your code"
                )
            case .resize:
                throw HeadlessUIKitError(
                    "steps[\(index)].resize: resizing your views is your code's to do; the player keeps the window's size"
                )
            default: break
            }
        }
        let window = view.superview == nil ? CGRect(origin: .zero, size: view.frame.size) : view.frame
        UIScreen.main.configure(size: window.size, scale: CGFloat(scale))
        // Apps set contentSize and insets in layoutSubviews: lay out once before the model reads them.
        scrollView.scrollCallbackOverflow = false
        try view.layoutPass()
        let run = try PlayRun(player: self, root: view, scrollView: scrollView, steps: steps, window: window)
        run.steps = json
        return run
    }

    /// The scroll view `view` is or holds (breadth-first).
    static func firstScrollView(in view: UIView) -> UIScrollView? {
        var queue = [view]
        var index = 0
        while index < queue.count, index < ViewLimits.maxViewsPerFrame {
            if let scroll = queue[index] as? UIScrollView { return scroll }
            queue.append(contentsOf: queue[index].subviews)
            index += 1
        }
        return nil
    }
}
