import Foundation
import GridModel
import Rasterizer
import GridExport
import GridTools

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
    public func play(_ view: UIView, steps json: String, writingTo folder: String) throws(HeadlessUIKitError) -> ScrollRecording {
        let run = try prepare(view, steps: json)
        try run.stream(to: folder)
        return try run.play()
    }

    /// The awaited `play(_:steps:writingTo:)`: the main queue runs between frames as in `play(_:steps:) async`.
    ///
    /// - Throws: `HeadlessUIKitError`, as the synchronous `play(_:steps:writingTo:)`.
    public func play(_ view: UIView, steps json: String, writingTo folder: String) async throws(HeadlessUIKitError) -> ScrollRecording {
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
                throw HeadlessUIKitError("steps[\(index)]: a step that names a tile means nothing to your scroll view's code; move it with drag, touches or fling steps, or call setContentOffset in your code")
            case .resize:
                throw HeadlessUIKitError("steps[\(index)].resize: resizing your views is your code's to do; the player keeps the window's size")
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

/// What a play drew: one PNG per frame and one trace line per frame (render's `trace.jsonl` format).
public struct ScrollRecording: Sendable {
    /// The frames, PNG-encoded.
    public let frames: [[UInt8]]
    /// One JSON object per frame, as `render` writes `trace.jsonl`.
    public let traceLines: [String]
    /// What `verify()` reports, checked frame by frame while the player played.
    public internal(set) var screenReport = ScreenVerifyReport()

    /// Frames per second of the play.
    public let fps: Int
    /// Frames drawn (also when they were streamed to a folder and `frames` is empty).
    public var frameCount: Int { streamedFrames ?? frames.count }
    /// Frames written to a folder while playing, nil when they are in `frames`.
    var streamedFrames: Int? = nil
    /// The folder a streamed play wrote its frames into (with a trailing `/`), nil when they are in `frames`.
    var folder: String? = nil
    /// Device pixels per point of the frames.
    var scale = 1
    /// The SHA-256 of the steps played, as given (a golden's input hash).
    var stepsSHA256 = ""
    /// The font file labels were drawn with, nil when none loaded.
    var fontPath: String? = nil
    /// The frames' size in device pixels.
    public let pixelWidth: Int, pixelHeight: Int

    /// Writes `frame_00000.png` …, `trace.jsonl` and `frames.ffconcat` into `folder` (created if missing), each
    /// file whole or not at all, as `render-grid render` writes them: `diff`, `diff-trace`, `sheet`, `plot` and the
    /// README's ffmpeg recipes read them as they read a render's.
    ///
    /// - Throws: `HeadlessUIKitError` naming the file that could not be written.
    public func writeFrames(to folder: String) throws(HeadlessUIKitError) {
        if streamedFrames != nil {
            throw HeadlessUIKitError("\(folder): this recording's frames were written to its folder while it played (play(_:steps:writingTo:)); it holds none to write again")
        }
        let sink = try RecordingSink(folder: folder)
        for png in frames { try sink.write(png: png) }
        for line in traceLines { try sink.append(line: line) }
        try sink.finish(fps: fps, width: pixelWidth, height: pixelHeight)
    }
}

/// One play: the scenario the model runs for the scroll view, the simulation, and the frames drawn.
@MainActor
final class PlayRun: ScrollDriver {
    let player: ScrollPlayer
    let root: UIView
    let scrollView: UIScrollView
    let window: CGRect
    var simulation: Simulation
    let font: FontRenderer?
    /// The file `font` was loaded from.
    let fontPath: String?
    /// The steps as given to `play`.
    var steps = ""
    /// What the app moved the content by during the frame's events so far.
    var appShift = Vector(x: 0, y: 0)
    /// What the app moved the content by since the last trace line (its events, deferred work and layout).
    var tracedShift = Vector(x: 0, y: 0)
    /// The app's last `contentOffset` write of this frame and the model's displayed offset right after it: while the
    /// model has not moved since, the scroll view keeps the app's exact value (UIKit does not round what an app
    /// sets).
    var appWrite: (offset: CGPoint, model: Vector)?

    init(player: ScrollPlayer, root: UIView, scrollView: UIScrollView, steps: [Step], window: CGRect) throws(HeadlessUIKitError) {
        self.player = player
        self.root = root
        self.scrollView = scrollView
        self.window = window
        let scenario = Self.scenario(for: scrollView, steps: steps, scale: player.scale, fps: player.fps)
        do {
            simulation = try Simulation(scenario: scenario)
        } catch {
            throw HeadlessUIKitError("\(error.path.isEmpty ? "the scroll view" : error.path): \(error.message)")
        }
        fontPath = try? FontFile.defaultPath()
        font = fontPath.flatMap { path in try? FontFile.load(path: path) }
        screen = ScreenCollector(scrollView: scrollView)
        scrollView.driver = self
        simulation.moveContent(to: Vector(x: Double(scrollView.contentOffset.x), y: Double(scrollView.contentOffset.y)))
    }

    /// The scenario that gives the model the scroll view's geometry and settings: its bounds as the viewport, its
    /// content size and insets, paging, bounces and rate; an axis whose content fits the bounds (and does not
    /// always bounce) does not scroll, as in UIKit. The model's own tiles are never drawn.
    static func scenario(for view: UIScrollView, steps: [Step], scale: Int, fps: Int) -> Scenario {
        let width = points(view.bounds.width, 1...Limits.maxViewportPoints)
        let height = points(view.bounds.height, 1...Limits.maxViewportPoints)
        let inset = view.adjustedContentInset
        let insets = EdgeInsets(top: points(inset.top, 0...Limits.maxInsetPoints), left: points(inset.left, 0...Limits.maxInsetPoints),
                                bottom: points(inset.bottom, 0...Limits.maxInsetPoints), right: points(inset.right, 0...Limits.maxInsetPoints))
        let content = modelContentSize(view.contentSize, width: width, height: height)
        var grid = GridSpec()
        grid.tileSize = Size(width: width, height: height)
        let scrollsX = view.isScrollEnabled && (content.width + insets.left + insets.right > width || view.alwaysBounceHorizontal)
        let scrollsY = view.isScrollEnabled && (content.height + insets.top + insets.bottom > height || view.alwaysBounceVertical)
        if !scrollsX { grid.columns = 0 }
        if !scrollsY { grid.rows = 0 }
        var scroll = ScrollSpec()
        scroll.recenter = .none
        scroll.contentSize = content
        scroll.bounces = view.bounces
        scroll.paging = view.isPagingEnabled ? .viewport : .none
        let rate = Double(view.decelerationRate.rawValue)
        scroll.decelerationRate = rate.isFinite ? min(max(rate, 0.5), 0.9999) : ScrollPhysics.normalDecelerationRate
        scroll.contentInset = insets
        scroll.contentInsetAdjustment = .never
        return Scenario(name: "player", viewport: Viewport(width: width, height: height, scale: scale), fps: fps,
                        grid: grid, scroll: scroll, steps: steps)
    }

    /// `v` in points within `range` (its lower end for NaN and infinities).
    static func points(_ v: CGFloat, _ range: ClosedRange<Double>) -> Double {
        let d = Double(v)
        return d.isFinite ? min(max(d, range.lowerBound), range.upperBound) : range.lowerBound
    }

    /// The model's content size for a scroll view's `contentSize` in a `width`×`height` viewport: UIKit allows
    /// content smaller than the bounds (contentSize is zero by default), which does not scroll.
    static func modelContentSize(_ size: CGSize, width: Double, height: Double) -> Size {
        Size(width: max(points(size.width, 1...Limits.maxContentPoints), width),
             height: max(points(size.height, 1...Limits.maxContentPoints), height))
    }

    /// The frames drawn so far and their trace lines.
    var frames: [[UInt8]] = []
    var lines: [String] = []
    /// The frames' PNG bytes so far.
    var bytes = 0
    /// Where a streamed play writes its frames and trace, nil when the recording holds them.
    var sink: RecordingSink?

    /// Writes the frames and trace into `folder` as they are drawn, instead of holding them.
    func stream(to folder: String) throws(HeadlessUIKitError) {
        sink = try RecordingSink(folder: folder)
    }

    /// Draws and encodes the frames off the main thread.
    lazy var pipeline = ViewFramePipeline(jobs: player.jobs)
    /// What `verify()` checks, fed once per frame.
    var screen: ScreenCollector

    func play() throws(HeadlessUIKitError) -> ScrollRecording {
        while var frame = try advance() { try draw(&frame) }
        return try finish()
    }

    /// Plays as `play()` does, and lets the main queue run after each frame's delegate calls: what the app
    /// deferred with `DispatchQueue.main.async` (or a main-actor `Task`) runs before the frame is laid out and
    /// drawn, as on a device.
    func playLettingMainQueueRun() async throws(HeadlessUIKitError) -> ScrollRecording {
        while var frame = try advance() {
            await Self.letMainQueueRun()
            try draw(&frame)
            // What layoutSubviews deferred runs before the next frame's delegate calls, as on a device.
            await Self.letMainQueueRun()
        }
        return try finish()
    }

    /// Runs the main queue's work enqueued so far (it is first in line; this resumes after it).
    static func letMainQueueRun() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }
    }

    /// The model's next frame with its delegate calls delivered, or nil after the last.
    func advance() throws(HeadlessUIKitError) -> FrameState? {
        let next: FrameState?
        do { next = try simulation.next() } catch { throw HeadlessUIKitError("\(error.path): \(error.message)") }
        guard let frame = next else { return nil }
        screen.stepped(to: simulation.displayedContentOffset)
        guard submitted < ScrollPlayer.maxFrames else {
            throw HeadlessUIKitError("the steps run past \(ScrollPlayer.maxFrames) frames; play fewer or shorter steps", limit: ScrollPlayer.maxFrames)
        }
        try deliver(frame)
        try checkCallbacks(frame)
        return frame
    }

    /// Throws when a `scrollViewDidScroll` set the offset inside itself past the re-entrancy limit.
    func checkCallbacks(_ frame: FrameState) throws(HeadlessUIKitError) {
        if scrollView.scrollCallbackOverflow {
            throw HeadlessUIKitError("scrollViewDidScroll set contentOffset inside itself \(UIScrollView.maxScrollCallbackDepth) times deep at frame \(frame.index); set it once, or only when it differs")
        }
    }

    /// Lays the views out, draws them and writes the frame's trace line.
    func draw(_ frame: inout FrameState) throws(HeadlessUIKitError) {
        try root.layoutPass()
        try checkCallbacks(frame)
        screen.collect(frame: frame.index, root: root, scrollView: scrollView, window: window)
        let commands = try root.drawCommands(window: CGRect(origin: .zero, size: window.size), atOrigin: true)
        pipeline.submit(ViewFramePipeline.Job(index: submitted, commands: commands, size: window.size, scale: player.scale,
                                          background: player.background.rgba, font: font))
        submitted += 1
        try takeFinished()
        frame.contentOffset = Vector(x: Double(scrollView.contentOffset.x), y: Double(scrollView.contentOffset.y))
        frame.tiles = []
        // The app moved its content itself (a recenter, a carousel's jump): the trace says so as a recenter, so
        // diff-trace, plot and a golden's key frames see it as they see the built-in model's.
        if tracedShift.x != 0 || tracedShift.y != 0 {
            frame.events.append(.recenter(shift: tracedShift))
            let model = frame.recenterShift ?? Vector(x: 0, y: 0)
            frame.recenterShift = Vector(x: model.x + tracedShift.x, y: model.y + tracedShift.y)
            tracedShift = Vector(x: 0, y: 0)
        }
        if let sink { try sink.append(line: Trace.line(for: frame)) } else { lines.append(Trace.line(for: frame)) }
    }

    /// `points` of the window in device pixels, as the frames are drawn.
    func devicePixels(_ points: CGFloat) -> Int {
        let v = (Double(points) * Double(player.scale)).rounded()
        return v.isFinite ? Int(min(max(v, 0), 1e9)) : 0
    }

    /// Frames handed to the pipeline.
    var submitted = 0

    /// Appends the frames the pipeline has finished, in order; throws the first error, naming its frame.
    func takeFinished() throws(HeadlessUIKitError) {
        for (index, result) in pipeline.takeFinished() {
            switch result {
            case .success(let png):
                bytes += png.count
                // A streamed play holds no frame: only a held recording is limited.
                guard sink != nil || bytes <= ScrollPlayer.maxRecordingBytes else {
                    pipeline.waitForAll()
                    throw HeadlessUIKitError("frame \(index): the recording passes \(ScrollPlayer.maxRecordingBytes) bytes of PNG frames; play fewer or shorter steps, or a smaller window or scale", limit: ScrollPlayer.maxRecordingBytes)
                }
                if let sink { try sink.write(png: png) } else { frames.append(png) }
            case .failure(let error):
                pipeline.waitForAll()
                throw HeadlessUIKitError("frame \(index): \(error.message)")
            }
        }
    }

    /// The recording, the scroll view released from the player.
    func finish() throws(HeadlessUIKitError) -> ScrollRecording {
        pipeline.waitForAll()
        try takeFinished()
        if let sink {
            try sink.finish(fps: player.fps, width: devicePixels(window.width), height: devicePixels(window.height))
        }
        scrollView.driver = nil
        var recording = ScrollRecording(frames: frames, traceLines: lines, screenReport: screen.verifier.report,
                                        fps: player.fps, pixelWidth: devicePixels(window.width),
                                        pixelHeight: devicePixels(window.height))
        recording.streamedFrames = sink?.written
        recording.folder = sink?.directory
        recording.scale = player.scale
        recording.stepsSHA256 = SHA256.hex(Array(steps.utf8))
        recording.fontPath = font == nil ? nil : fontPath
        return recording
    }

    /// The frame's scroll events as delegate calls, in the model's order, each with the scroll view at the offset
    /// the model had when it happened plus what the app moved it by since (a frame can end a deceleration, which
    /// the app answers by recentering, and start a fling: the fling goes on from the recentered offset).
    func deliver(_ frame: FrameState) throws(HeadlessUIKitError) {
        appShift = Vector(x: 0, y: 0)
        appWrite = nil
        for (index, event) in frame.events.enumerated() {
            let at = index < frame.eventOffsets.count ? frame.eventOffsets[index] : simulation.displayedContentOffset
            let shown = CGPoint(x: at.x + appShift.x, y: at.y + appShift.y)
            switch event {
            case .willBeginDragging:
                show(shown)
                scrollView.isTracking = true
                scrollView.isDragging = true
                scrollView.isDecelerating = false
                scrollView.delegate?.scrollViewWillBeginDragging(scrollView)
            case .didScroll:
                show(shown)
            case let .willEndDragging(velocity, target):
                show(shown)
                // The model's release was planned before the app's writes of this frame; they moved it since.
                let chosen = CGPoint(x: target.x + appShift.x, y: target.y + appShift.y)
                var point = chosen
                scrollView.delegate?.scrollViewWillEndDragging(scrollView, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                                               targetContentOffset: &point)
                // A paging scroll view keeps its page (UIKit logs "Stop offset can not be modified for paging
                // scroll views").
                if point != chosen && !scrollView.isPagingEnabled {
                    let model = Vector(x: Double(point.x), y: Double(point.y))
                    do { try simulation.retargetRelease(to: model) } catch {
                        throw HeadlessUIKitError("scrollViewWillEndDragging: \(error.message)")
                    }
                    // The new target is the physics' own: the content moves to it this frame, not by the app's hand.
                    let o = simulation.displayedContentOffset
                    screen.stepped(to: Vector(x: o.x - appShift.x, y: o.y - appShift.y))
                }
            case .didEndDragging(let decelerate):
                show(shown)
                scrollView.isTracking = false
                scrollView.isDragging = false
                scrollView.delegate?.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
            case .willBeginDecelerating:
                show(shown)
                scrollView.isDecelerating = true
                scrollView.delegate?.scrollViewWillBeginDecelerating(scrollView)
            case .didEndDecelerating:
                show(shown)
                scrollView.isDecelerating = false
                scrollView.delegate?.scrollViewDidEndDecelerating(scrollView)
            case .didEndScrollingAnimation:
                show(shown)
                scrollView.delegate?.scrollViewDidEndScrollingAnimation(scrollView)
            case .cancel:
                scrollView.isTracking = false
                scrollView.isDragging = false
            default:
                break
            }
        }
        applyModelOffset()
    }

    /// Shows `offset` in the scroll view's bounds as the model's own motion (calling `scrollViewDidScroll` if it
    /// moved).
    func show(_ offset: CGPoint) {
        scrollView.moveBounds(to: offset)
    }

    /// Shows the model's offset in the scroll view's bounds (calling `scrollViewDidScroll` if it moved), on the
    /// device-pixel grid as UIKit keeps it (UIKit's recorded offsets are multiples of 1/3 pt at 3x).
    func applyModelOffset() {
        let o = simulation.displayedContentOffset
        if let write = appWrite, write.model == o { return }
        show(CGPoint(x: o.x, y: o.y))
    }

    /// The app set `contentOffset` (from a callback, `layoutSubviews` or deferred work): the model's content
    /// moves by the same amount, so its motion goes on from there, and the rest of the frame's events are shown
    /// shifted by it.
    func scrollView(_ scrollView: UIScrollView, appMovedContentTo offset: CGPoint) {
        let dx = Double(offset.x - scrollView.bounds.origin.x), dy = Double(offset.y - scrollView.bounds.origin.y)
        guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return }
        appShift.x += dx
        appShift.y += dy
        tracedShift.x += dx
        tracedShift.y += dy
        let o = simulation.contentOffset
        simulation.moveContent(to: Vector(x: o.x + dx, y: o.y + dy))
        appWrite = (offset, simulation.displayedContentOffset)
    }

    /// The app changed `contentSize`: the model's edges follow from now on.
    func scrollView(_ scrollView: UIScrollView, changedContentSizeTo size: CGSize) {
        let viewport = simulation.scenario.viewport
        simulation.changeContentSize(to: Self.modelContentSize(size, width: viewport.width, height: viewport.height))
    }

    func scrollViewRequestsAnimation(_ scrollView: UIScrollView, to offset: CGPoint) {
        // The animation replaces a deceleration in progress.
        scrollView.isDecelerating = false
        simulation.animateContent(to: Vector(x: Double(offset.x), y: Double(offset.y)))
    }
}
