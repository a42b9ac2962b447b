import Foundation
import GridExport
import GridModel
import GridTools
import Rasterizer

/// The model's scroll events delivered to the app as UIKit's delegate calls, and what the app does back to the
/// scroll view (`ScrollDriver`): offsets it sets, animations it asks for, content sizes it changes.
extension PlayRun {
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
            case .willEndDragging(let velocity, let target):
                show(shown)
                // The model's release was planned before the app's writes of this frame; they moved it since.
                let chosen = CGPoint(x: target.x + appShift.x, y: target.y + appShift.y)
                var point = chosen
                scrollView.delegate?.scrollViewWillEndDragging(
                    scrollView, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
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
        let dx = Double(offset.x - scrollView.bounds.origin.x)
        let dy = Double(offset.y - scrollView.bounds.origin.y)
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
