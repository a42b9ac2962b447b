/// What the simulation drives: the scroll view (`ScrollModel`) or the four-way pager (`PagerModel`).
protocol ScrollEngine: Sendable {
    var phase: Phase { get }
    /// When the current deceleration, bounce or animation ends by itself.
    var motionEnd: Double? { get }
    /// When the last motion came to rest (for `wait until idle`).
    var idleSince: Double { get }
    var isFingerDown: Bool { get }

    mutating func beginDrag(at t: Double, by finger: Vector, duration: Double, release: Release, then: DragEnd)
    /// A `touches` step begins: the finger touches down and follows the touches until `endDrag`.
    mutating func beginTouches(at t: Double, _ touches: [Touch])
    /// The drag or touches step's time is up.
    mutating func endDrag(at t: Double)
    mutating func cancel(at t: Double)
    mutating func fling(at t: Double, finger: Vector)
    mutating func scrollTo(at t: Double, tile: TileCoordinate, animated: Bool, duration: Double) throws(ScenarioError)
    mutating func jump(at t: Double, tile: TileCoordinate) throws(ScenarioError)
    mutating func resize(at t: Double, width: Double, height: Double) throws(ScenarioError)
    mutating func finishMotion(at t: Double) throws(ScenarioError)
    /// Brings the state to a displayed frame's time.
    mutating func sample(at t: Double) throws(ScenarioError)
    /// The frame's state; clears the per-frame events.
    mutating func takeFrame(index: Int, time: Double) -> FrameState

    /// The content offset now, in points (the model's, before display rounding).
    var contentOffsetPoints: Vector { get }
    /// The content offset as the frame shows it (rounded to device pixels, or as `scroll.offsetRounding` says).
    var displayedOffsetPoints: Vector { get }
    /// An app sets `contentOffset` at time `t` (see `ScrollModel.moveContent(to:at:)`).
    mutating func moveContent(to offset: Vector, at t: Double)
    /// An app calls `setContentOffset(_:animated: true)` at time `t`.
    mutating func animateContent(to offset: Vector, at t: Double)
    /// An app changed `targetContentOffset` in `scrollViewWillEndDragging`.
    mutating func retargetRelease(to target: Vector)
    /// An app changed `contentSize` at time `t` (see `ScrollModel.changeContentSize(to:at:)`).
    mutating func changeContentSize(to size: Size, at t: Double)

    /// The scenario's linked layers as this frame draws them (see `LayerState`).
    func layerStates(_ layers: [Layer]) throws(ScenarioError) -> [LayerState]

    var keptRange: (columns: ClosedRange<Int64>?, rows: ClosedRange<Int64>?) { get }
}
