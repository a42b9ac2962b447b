import Foundation
import GridExport
import GridModel
import GridTools
import Rasterizer

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

    init(
        player: ScrollPlayer, root: UIView, scrollView: UIScrollView, steps: [Step], window: CGRect
    ) throws(HeadlessUIKitError) {
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
        let insets = EdgeInsets(
            top: points(inset.top, 0...Limits.maxInsetPoints), left: points(inset.left, 0...Limits.maxInsetPoints),
            bottom: points(inset.bottom, 0...Limits.maxInsetPoints),
            right: points(inset.right, 0...Limits.maxInsetPoints))
        let content = modelContentSize(view.contentSize, width: width, height: height)
        var grid = GridSpec()
        grid.tileSize = Size(width: width, height: height)
        let scrollsX =
            view.isScrollEnabled && (content.width + insets.left + insets.right > width || view.alwaysBounceHorizontal)
        let scrollsY =
            view.isScrollEnabled && (content.height + insets.top + insets.bottom > height || view.alwaysBounceVertical)
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
        return Scenario(
            name: "player", viewport: Viewport(width: width, height: height, scale: scale), fps: fps,
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
        Size(
            width: max(points(size.width, 1...Limits.maxContentPoints), width),
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
            throw HeadlessUIKitError(
                "the steps run past \(ScrollPlayer.maxFrames) frames; play fewer or shorter steps",
                limit: ScrollPlayer.maxFrames)
        }
        try deliver(frame)
        try checkCallbacks(frame)
        return frame
    }

    /// Throws when a `scrollViewDidScroll` set the offset inside itself past the re-entrancy limit.
    func checkCallbacks(_ frame: FrameState) throws(HeadlessUIKitError) {
        if scrollView.scrollCallbackOverflow {
            throw HeadlessUIKitError(
                "scrollViewDidScroll set contentOffset inside itself \(UIScrollView.maxScrollCallbackDepth) times deep at frame \(frame.index); set it once, or only when it differs"
            )
        }
    }

    /// Lays the views out, draws them and writes the frame's trace line.
    func draw(_ frame: inout FrameState) throws(HeadlessUIKitError) {
        try root.layoutPass()
        try checkCallbacks(frame)
        screen.collect(frame: frame.index, root: root, scrollView: scrollView, window: window)
        let commands = try root.drawCommands(window: CGRect(origin: .zero, size: window.size), atOrigin: true)
        pipeline.submit(
            ViewFramePipeline.Job(
                index: submitted, commands: commands, size: window.size, scale: player.scale,
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
                    throw HeadlessUIKitError(
                        "frame \(index): the recording passes \(ScrollPlayer.maxRecordingBytes) bytes of PNG frames; play fewer or shorter steps, or a smaller window or scale",
                        limit: ScrollPlayer.maxRecordingBytes)
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
        var recording = ScrollRecording(
            frames: frames, traceLines: lines, screenReport: screen.verifier.report,
            fps: player.fps, pixelWidth: devicePixels(window.width),
            pixelHeight: devicePixels(window.height))
        recording.streamedFrames = sink?.written
        recording.folder = sink?.directory
        recording.scale = player.scale
        recording.stepsSHA256 = SHA256.hex(Array(steps.utf8))
        recording.fontPath = font == nil ? nil : fontPath
        return recording
    }
}
