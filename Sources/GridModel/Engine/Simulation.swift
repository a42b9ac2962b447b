/// Runs a scenario's steps on a fixed time step and yields one `FrameState` per frame,
/// frame k showing the state at t = k / fps. Frames are produced one at a time, so memory does
/// not grow with the frame count.
///
/// ```swift
/// var simulation = try Simulation(scenario: scenario)
/// while let frame = try simulation.next() { print(frame.index, frame.phase) }
/// ```
public struct Simulation: Sendable {
    /// The scenario being run.
    public let scenario: Scenario
    /// True renders the ideal infinite plane: no content edges and no recentering.
    public let reference: Bool

    private var model: any ScrollEngine
    /// The steps as run: `scenario.timeline` (a last `fling` is followed by a wait until idle).
    private let timeline: [Step]
    private var nextStep = 0
    /// The step in progress and when it started.
    private var current: (index: Int, start: Double)?
    /// Time of the last step boundary.
    private var clock = 0.0
    private var frameIndex = 0
    private var finished = false

    /// Checks the scenario with `Scenario.validate(limits:)` first, so a value built in code that a
    /// scenario file could not express (a NaN duration, a zero fps, a huge viewport) is a
    /// `ScenarioError`, never a trap or an endless run. Pass the limits the scenario was decoded
    /// with when they were raised (`--max-frames`, `--max-pixels`).
    ///
    /// ```swift
    /// let scenario = try ScenarioDecoder.decode(bytes)
    /// var simulation = try Simulation(scenario: scenario, reference: true)  // the ideal plane
    /// ```
    ///
    /// - Throws: `ScenarioError`: what `Scenario.validate(limits:)` throws, or `.limitExceeded` /
    ///   `.simulation` if the first frame's tiles cannot be laid out.
    public init(scenario: Scenario, reference: Bool = false, limits: Limits = Limits()) throws(ScenarioError) {
        try self.init(scenario: scenario, reference: reference, limits: limits, faults: Faults())
    }

    /// With deliberately broken behaviour, for proving that checks catch it (tests only).
    init(scenario: Scenario, reference: Bool, limits: Limits = Limits(), faults: Faults) throws(ScenarioError) {
        try scenario.validate(limits: limits)
        self.scenario = scenario
        self.reference = reference
        timeline = scenario.timeline
        if scenario.pager != nil {
            model = try PagerModel(scenario: scenario, maxLiveTiles: limits.maxLiveTiles)
        } else {
            model = try ScrollModel(
                scenario: scenario, reference: reference, maxLiveTiles: limits.maxLiveTiles, faults: faults)
        }
    }

    /// When the scenario's last step ended, once it has.
    private(set) var endTime: Double?

    /// The next frame, or nil after the frame that shows the end of the last step.
    ///
    /// ```swift
    /// while let frame = try simulation.next() { frames.append(frame) }
    /// ```
    ///
    /// - Throws: `ScenarioError` of kind `.simulation` (a step that cannot be carried out, such as a
    ///   `scrollTo` more than 10^10 points away; its path names the step) or `.limitExceeded` (a frame
    ///   would keep more tiles than `Limits.maxLiveTiles`).
    public mutating func next() throws(ScenarioError) -> FrameState? {
        guard !finished else { return nil }
        let fps = Double(scenario.fps)
        let t = Double(frameIndex) / fps
        try advance(to: t)
        if frameIndex > 0, let end = endTime, Double(frameIndex - 1) / fps >= end {
            finished = true
            return nil
        }
        try model.sample(at: t)
        var frame = model.takeFrame(index: frameIndex, time: t)
        if !scenario.layers.isEmpty { frame.layers = try model.layerStates(scenario.layers) }
        frameIndex += 1
        return frame
    }

    /// The scroll view's content offset now (after what `moveContent` and `retargetRelease` did since the frame).
    package var contentOffset: Vector { model.contentOffsetPoints }
    /// The content offset as frames show it: on the device-pixel grid, as UIKit keeps a scroll view's offset.
    package var displayedContentOffset: Vector { model.displayedOffsetPoints }

    /// HeadlessUIKit: the app set `contentOffset` after the last frame; the motion goes on from there.
    package mutating func moveContent(to offset: Vector) {
        model.moveContent(to: offset, at: Double(max(frameIndex - 1, 0)) / Double(scenario.fps))
    }

    /// HeadlessUIKit: the app called `setContentOffset(_:animated: true)` after the last frame.
    package mutating func animateContent(to offset: Vector) {
        model.animateContent(to: offset, at: Double(max(frameIndex - 1, 0)) / Double(scenario.fps))
    }

    /// HeadlessUIKit: the app changed `targetContentOffset` in `scrollViewWillEndDragging` (reported in the last
    /// frame); the release decelerates onto it from its lift, and the offset is brought to the last frame's time.
    package mutating func retargetRelease(to target: Vector) throws(ScenarioError) {
        model.retargetRelease(to: target)
        try model.sample(at: Double(max(frameIndex - 1, 0)) / Double(scenario.fps))
    }

    /// HeadlessUIKit: the app changed `contentSize` after the last frame; the edges move from then on.
    package mutating func changeContentSize(to size: Size) {
        model.changeContentSize(to: size, at: Double(max(frameIndex - 1, 0)) / Double(scenario.fps))
    }

    /// The kept tile range of the last frame (nil on an axis where no tile is kept).
    package var keptRange: (columns: ClosedRange<Int64>?, rows: ClosedRange<Int64>?) { model.keptRange }

    /// Processes step boundaries and motion ends up to time t, in time order; a motion that ends
    /// exactly at a step boundary ends first.
    private mutating func advance(to t: Double) throws(ScenarioError) {
        let steps = timeline
        while true {
            if current == nil {
                guard nextStep < steps.count else {
                    endTime = clock
                    if let end = model.motionEnd, end <= t { try model.finishMotion(at: end) }
                    return
                }
                current = (nextStep, clock)
                nextStep += 1
                do {
                    try begin(step: current!.index, at: clock)
                } catch {
                    var located = error
                    located.path = "steps[\(current!.index)]" + (located.path.isEmpty ? "" : "." + located.path)
                    throw located
                }
            }
            let (index, start) = current!
            let stepEnd = end(of: steps[index], startedAt: start)
            if let motionEnd = model.motionEnd, motionEnd <= t, motionEnd <= stepEnd {
                try model.finishMotion(at: motionEnd)
                continue
            }
            guard stepEnd <= t else { return }
            clock = stepEnd
            switch steps[index] {
            case .drag, .touches: model.endDrag(at: stepEnd)
            default: break
            }
            current = nil
        }
    }

    private mutating func begin(step index: Int, at t: Double) throws(ScenarioError) {
        switch timeline[index] {
        case .drag(let by, let duration, let release, let then):
            model.beginDrag(at: t, by: by, duration: duration, release: release, then: then)
        case .touches(let touches):
            model.beginTouches(at: t, touches)
        case .cancel:
            model.cancel(at: t)
        case .resize(let width, let height):
            try model.resize(at: t, width: width, height: height)
        case .wait, .waitUntilIdle:
            break
        case .fling(let velocity):
            model.fling(at: t, finger: velocity)
        case .scrollTo(let tile, let animated, let duration):
            do { try model.scrollTo(at: t, tile: tile, animated: animated, duration: duration) } catch {
                throw ScenarioError(kind: error.kind, path: "scrollTo.tile", message: error.message)
            }
        case .jump(let tile):
            do { try model.jump(at: t, tile: tile) } catch {
                throw ScenarioError(kind: error.kind, path: "jump.tile", message: error.message)
            }
        }
    }

    private func end(of step: Step, startedAt start: Double) -> Double {
        if case .waitUntilIdle(let max) = step {
            if model.motionEnd == nil, !model.isFingerDown {
                return min(start + max, Swift.max(start, model.idleSince))
            }
            return start + max
        }
        return start + (step.fixedDuration ?? 0)
    }
}
