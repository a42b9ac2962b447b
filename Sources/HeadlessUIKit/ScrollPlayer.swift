import Foundation
import GridModel
import Rasterizer
import GridExport

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
    /// Frames one play may draw at most (a recording holds them as PNG bytes).
    public static let maxFrames = 20_000

    /// A player drawing `scale` device pixels per point (1…8) at `fps` frames per second (1…240); out-of-range
    /// values are clamped.
    public init(scale: Int = 2, fps: Int = 60) {
        self.scale = min(max(scale, 1), Limits.maxScale)
        self.fps = min(max(fps, 1), Limits.maxFPS)
    }

    /// Plays `steps` (a JSON array of scenario steps) on `view`: a `UIScrollView`, or a root view with one inside
    /// it (the window is the root view's bounds).
    ///
    /// - Throws: `HeadlessUIKitError` naming the step (`steps[2].scrollTo`) or what the code did (a
    ///   `scrollViewDidScroll` that sets the offset forever, too many views, a frame too large).
    public func play(_ view: UIView, steps json: String) throws(HeadlessUIKitError) -> ScrollRecording {
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
        let run = try PlayRun(player: self, root: view, scrollView: scrollView, steps: steps, window: window)
        return try run.play()
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

    /// Writes `frame_00000.png` … and `trace.jsonl` into `folder` (created if missing).
    public func writeFrames(to folder: String) throws {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (index, png) in frames.enumerated() {
            let name = "frame_" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index) + ".png"
            try Data(png).write(to: url.appendingPathComponent(name), options: .atomic)
        }
        try Data(traceLines.map { $0 + "\n" }.joined().utf8).write(to: url.appendingPathComponent("trace.jsonl"), options: .atomic)
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
    /// True while the player itself moves the bounds (the model's own motion), so the setter does not tell the
    /// model what it already knows.
    var applyingModel = false

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
        font = try? FontFile.loadDefault()
        scrollView.driver = self
        simulation.moveContent(to: Vector(x: Double(scrollView.contentOffset.x), y: Double(scrollView.contentOffset.y)))
    }

    /// The scenario that gives the model the scroll view's geometry and settings: its bounds as the viewport, its
    /// content size and insets, paging, bounces and rate; an axis whose content fits the bounds (and does not
    /// always bounce) does not scroll, as in UIKit. The model's own tiles are never drawn.
    static func scenario(for view: UIScrollView, steps: [Step], scale: Int, fps: Int) -> Scenario {
        func points(_ v: CGFloat, _ range: ClosedRange<Double>) -> Double {
            let d = Double(v)
            return d.isFinite ? min(max(d, range.lowerBound), range.upperBound) : range.lowerBound
        }
        let width = points(view.bounds.width, 1...Limits.maxViewportPoints)
        let height = points(view.bounds.height, 1...Limits.maxViewportPoints)
        let inset = view.adjustedContentInset
        let insets = EdgeInsets(top: points(inset.top, 0...Limits.maxInsetPoints), left: points(inset.left, 0...Limits.maxInsetPoints),
                                bottom: points(inset.bottom, 0...Limits.maxInsetPoints), right: points(inset.right, 0...Limits.maxInsetPoints))
        let content = Size(width: points(view.contentSize.width, 1...Limits.maxContentPoints),
                           height: points(view.contentSize.height, 1...Limits.maxContentPoints))
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

    func play() throws(HeadlessUIKitError) -> ScrollRecording {
        var frames: [[UInt8]] = []
        var lines: [String] = []
        var screen = ScreenCollector(scrollView: scrollView)
        while true {
            let next: FrameState?
            do { next = try simulation.next() } catch { throw HeadlessUIKitError("\(error.path): \(error.message)") }
            guard var frame = next else { break }
            screen.stepped(to: simulation.displayedContentOffset)
            guard frames.count < ScrollPlayer.maxFrames else {
                throw HeadlessUIKitError("the steps run past \(ScrollPlayer.maxFrames) frames; play fewer or shorter steps", limit: ScrollPlayer.maxFrames)
            }
            try deliver(frame.events)
            if scrollView.scrollCallbackOverflow {
                throw HeadlessUIKitError("scrollViewDidScroll set contentOffset inside itself \(UIScrollView.maxScrollCallbackDepth) times deep at frame \(frame.index); set it once, or only when it differs")
            }
            try root.layoutPass()
            screen.collect(frame: frame.index, root: root, scrollView: scrollView, window: window)
            let commands = try root.drawCommands(window: CGRect(origin: .zero, size: window.size))
            do {
                frames.append(try ViewRasterizer.png(commands: commands, size: window.size, scale: player.scale,
                                                     background: player.background.rgba, font: font))
            } catch {
                throw HeadlessUIKitError("frame \(frame.index): \(error.message)")
            }
            frame.contentOffset = Vector(x: Double(scrollView.contentOffset.x), y: Double(scrollView.contentOffset.y))
            frame.tiles = []
            lines.append(Trace.line(for: frame))
        }
        scrollView.driver = nil
        return ScrollRecording(frames: frames, traceLines: lines, screenReport: screen.verifier.report)
    }

    /// The frame's scroll events as delegate calls, in the model's order; the offset is the model's when the first
    /// `didScroll` is delivered.
    func deliver(_ events: [ScrollEvent]) throws(HeadlessUIKitError) {
        var moved = false
        for event in events {
            switch event {
            case .willBeginDragging:
                scrollView.isTracking = true
                scrollView.isDragging = true
                scrollView.isDecelerating = false
                scrollView.delegate?.scrollViewWillBeginDragging(scrollView)
            case .didScroll:
                guard !moved else { continue }
                moved = true
                applyModelOffset()
            case let .willEndDragging(velocity, target):
                applyModelOffset()
                var point = CGPoint(x: target.x, y: target.y)
                let chosen = point
                scrollView.delegate?.scrollViewWillEndDragging(scrollView, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                                               targetContentOffset: &point)
                if point != chosen {
                    do { try simulation.retargetRelease(to: Vector(x: Double(point.x), y: Double(point.y))) } catch {
                        throw HeadlessUIKitError("scrollViewWillEndDragging: \(error.message)")
                    }
                    applyModelOffset()
                }
            case .didEndDragging(let decelerate):
                scrollView.isTracking = false
                scrollView.isDragging = false
                scrollView.delegate?.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
            case .willBeginDecelerating:
                scrollView.isDecelerating = true
                scrollView.delegate?.scrollViewWillBeginDecelerating(scrollView)
            case .didEndDecelerating:
                applyModelOffset()
                scrollView.isDecelerating = false
                scrollView.delegate?.scrollViewDidEndDecelerating(scrollView)
            case .didEndScrollingAnimation:
                applyModelOffset()
                scrollView.delegate?.scrollViewDidEndScrollingAnimation(scrollView)
            case .cancel:
                scrollView.isTracking = false
                scrollView.isDragging = false
            default:
                break
            }
        }
        if !moved { applyModelOffset() }
    }

    /// Shows the model's offset in the scroll view's bounds (calling `scrollViewDidScroll` if it moved), on the
    /// device-pixel grid as UIKit keeps it (UIKit's recorded offsets are multiples of 1/3 pt at 3x).
    func applyModelOffset() {
        let o = simulation.displayedContentOffset
        applyingModel = true
        defer { applyingModel = false }
        scrollView.moveBounds(to: CGPoint(x: o.x, y: o.y))
    }

    func scrollView(_ scrollView: UIScrollView, appMovedContentTo offset: CGPoint) {
        guard !applyingModel else { return }
        simulation.moveContent(to: Vector(x: Double(offset.x), y: Double(offset.y)))
    }

    func scrollViewRequestsAnimation(_ scrollView: UIScrollView, to offset: CGPoint) {
        simulation.animateContent(to: Vector(x: Double(offset.x), y: Double(offset.y)))
    }
}
