public import Foundation

/// UIKit's `UIScrollViewDelegate`: an `NSObjectProtocol` (so its conformers are `NSObject` subclasses, as UIKit
/// requires) whose methods are all optional (each has an empty default below), with UIKit's names and signatures,
/// so a delegate written for iOS compiles unchanged and one that would not compile for iOS does not compile here.
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// The content offset changed: by a drag, a deceleration, a bounce, an animation, or the app setting it
    /// (called at once, re-entrantly, from inside the setter).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A finger starts dragging the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifts; `targetContentOffset` is where the deceleration will end, and a new value written
    /// there is where it ends instead. `velocity` is in points per millisecond, as UIKit's.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The finger lifted; `decelerate` tells whether the content moves on.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts decelerating (or springing back) after the lift.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The deceleration (or spring) came to rest.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animation of `setContentOffset(_:animated: true)` or `scrollRectToVisible(_:animated: true)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing (the method is optional).
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing (the method is optional).
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing, leaving `targetContentOffset` as it is (the method is optional).
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    /// Does nothing (the method is optional).
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing (the method is optional).
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing (the method is optional).
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing (the method is optional).
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
