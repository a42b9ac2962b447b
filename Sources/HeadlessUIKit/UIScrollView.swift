public import Foundation

/// UIKit's `UIScrollView` on Linux. Its content offset is its bounds' origin (subviews are drawn at their frame
/// less it); its motion under a finger comes from render-grid's scroll model (GridModel: the slop, the
/// deceleration, the rubber band, the springs and paging fitted to UIKit's traces), driven by `ScrollPlayer`.
/// Setting `contentOffset` calls `scrollViewDidScroll` at once, re-entrantly, and a motion in progress goes on from
/// the new offset, as in UIKit.
@MainActor
open class UIScrollView: UIView {
    /// UIKit's deceleration rates: the velocity factor per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The factor by which the velocity is multiplied each millisecond.
        public var rawValue: CGFloat
        /// A rate of `rawValue` per millisecond (UIKit's `init(rawValue:)`), kept as given. The player clamps it to
        /// 0.5…0.9999 and takes a non-finite one as `normal`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per millisecond.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// How the safe area adjusts the content inset (`adjustedContentInset`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// UIKit's behaviours, with its raw values 0…3: `automatic` (the default) adjusts as the view's controller
        /// and axes call for, `scrollableAxes` only along the axes that scroll, `never` never, `always` always. The
        /// player's window has no safe area, so every behaviour gives the same `adjustedContentInset` here.
        case automatic, scrollableAxes, never, always
    }

    /// How deep `scrollViewDidScroll` may call back into itself (a delegate that sets `contentOffset` inside it,
    /// which sets it again, …) before the player stops with an error naming the callback.
    public static let maxScrollCallbackDepth = 64

    /// The size of the scrolled content, in points.
    /// Changing it while the player plays moves the edges at once, as UIKit does (a feed that loads more).
    open var contentSize: CGSize = .zero {
        didSet {
            contentSize = Self.sane(contentSize)
            if contentSize != oldValue { driver?.scrollView(self, changedContentSizeTo: contentSize) }
        }
    }
    /// Extra room around the content, in points.
    open var contentInset: UIEdgeInsets = .zero
    /// `contentInset` plus the safe area the behaviour adds (the player's window has no safe area, so they are
    /// equal unless the app sets one through insets).
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// How the safe area adds to `contentInset`; `.automatic` by default, as UIKit's (no effect here: no safe area).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// Whether the content comes to rest on multiples of the bounds' size (pages); false by default, as UIKit's.
    open var isPagingEnabled = false
    /// Whether the content bounces past its edges and back (the rubber band); true by default, as UIKit's. With false
    /// it stops at the edges.
    open var bounces = true
    /// Whether a horizontal drag moves (and bounces) the content even when it fits the bounds' width; false by
    /// default, as UIKit's.
    open var alwaysBounceHorizontal = false
    /// Whether a vertical drag moves (and bounces) the content even when it fits the bounds' height; false by
    /// default, as UIKit's.
    open var alwaysBounceVertical = false
    /// Whether a finger scrolls the content; true by default, as UIKit's. With false the player moves neither axis.
    open var isScrollEnabled = true
    /// How fast the content slows after the finger lifts; `.normal` by default, as UIKit's (the player clamps it to
    /// 0.5…0.9999).
    open var decelerationRate: DecelerationRate = .normal
    /// Whether UIKit shows the horizontal scroll indicator while scrolling; true by default. Kept: no
    /// indicator is drawn here.
    open var showsHorizontalScrollIndicator = true
    /// Whether UIKit shows the vertical scroll indicator while scrolling; true by default. Kept: no
    /// indicator is drawn here.
    open var showsVerticalScrollIndicator = true
    /// Whether a tap on the status bar scrolls the content to the top; true by default, as UIKit's. Kept: there is no
    /// status bar here.
    open var scrollsToTop = true
    /// The delegate (weak, as UIKit's).
    open weak var delegate: UIScrollViewDelegate?

    /// A finger is down on the content (it may not have moved yet).
    open internal(set) var isTracking = false
    /// A finger is moving the content.
    open internal(set) var isDragging = false
    /// The content moves on after the finger lifted (decelerating or springing back).
    open internal(set) var isDecelerating = false

    /// The player driving this scroll view's motion, told when the app moves the content itself.
    weak var driver: ScrollDriver?
    /// How deep `scrollViewDidScroll` calls are nested now, and the deepest reached (the player reports it).
    var scrollCallbackDepth = 0
    var scrollCallbackOverflow = false

    /// A scroll view at `frame` with UIKit's defaults: content offset and size zero, bouncing, scroll indicators
    /// shown, `normal` deceleration, no paging, and clipping to its bounds (`clipsToBounds` is true).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// Archives are not supported: returns nil, as `UIView.init(coder:)` (UIKit would decode the view from a nib or
    /// storyboard).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
    }

    /// The point of the content at the view's top-left corner: the bounds' origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the content to `contentOffset` (NaN components are ignored, as a transform to nowhere would be); with
    /// `animated`, over UIKit's 0.3-second ease when a player drives the view (at once otherwise).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        let target = CGPoint(
            x: contentOffset.x.isFinite ? contentOffset.x : bounds.origin.x,
            y: contentOffset.y.isFinite ? contentOffset.y : bounds.origin.y)
        if animated, let driver {
            // Not animating when already there: no scrollViewDidEndScrollingAnimation (UIScrollView.h).
            guard target != bounds.origin else { return }
            driver.scrollViewRequestsAnimation(self, to: target)
            return
        }
        driver?.scrollView(self, appMovedContentTo: target)
        moveBounds(to: target)
    }

    /// Scrolls the least amount that shows `rect` (content coordinates), within the content's edges.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        var offset = contentOffset
        let size = bounds.size
        if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        let inset = adjustedContentInset
        let maxX = max(-inset.left, contentSize.width - size.width + inset.right)
        let maxY = max(-inset.top, contentSize.height - size.height + inset.bottom)
        offset.x = min(max(offset.x, -inset.left), maxX)
        offset.y = min(max(offset.y, -inset.top), maxY)
        setContentOffset(offset, animated: animated)
    }

    /// Sets the bounds' origin and tells the delegate, re-entrantly: a `scrollViewDidScroll` that sets the offset
    /// again is called again inside, up to `maxScrollCallbackDepth` deep.
    func moveBounds(to origin: CGPoint) {
        guard origin != bounds.origin else { return }
        var b = bounds
        b.origin = origin
        bounds = b
        setNeedsLayout()
        guard scrollCallbackDepth < Self.maxScrollCallbackDepth else {
            scrollCallbackOverflow = true
            return
        }
        scrollCallbackDepth += 1
        defer { scrollCallbackDepth -= 1 }
        delegate?.scrollViewDidScroll(self)
    }

    /// A size with no NaN, infinite or negative component (UIKit would draw nothing of such content).
    static func sane(_ size: CGSize) -> CGSize {
        func side(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? min(v, 1e12) : 0 }
        return CGSize(width: side(size.width), height: side(size.height))
    }
}

/// What drives a scroll view's motion (`ScrollPlayer`): told when the app moves the content itself, asks for an
/// animated scroll or changes the content's size.
@MainActor
protocol ScrollDriver: AnyObject {
    func scrollView(_ scrollView: UIScrollView, appMovedContentTo offset: CGPoint)
    func scrollViewRequestsAnimation(_ scrollView: UIScrollView, to offset: CGPoint)
    func scrollView(_ scrollView: UIScrollView, changedContentSizeTo size: CGSize)
}
