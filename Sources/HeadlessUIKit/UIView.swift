public import Foundation

/// The root of the responder classes (events are not delivered yet; the class exists so that views have
/// UIKit's ancestry). Identity equality and hashing, as `NSObject`'s default.
@MainActor
open class UIResponder: Hashable {
    /// A responder (UIKit's `UIResponder.init()`).
    public init() {}

    /// The next responder: a view's superview.
    open var next: UIResponder? { nil }

    nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    /// Hashes the object's identity, as `NSObject`'s default.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A rectangle on screen and the views inside it, as UIKit's `UIView` (no transforms, no Auto Layout).
///
/// Geometry: `frame` is stored exactly (its origin in the superview's coordinates, its size the bounds' size);
/// `center` is derived from it. `bounds.origin` is the view's own scroll offset: subviews are drawn at
/// `frame.origin − bounds.origin` of their superview. A view with no superview stands in the window at its frame.
///
/// Hostile geometry: a rectangle or point with a NaN or infinite component is ignored (UIKit raises
/// `CALayerInvalidGeometry`); components are clamped to ±10¹⁵ points; a frame of negative size is standardized
/// (as Core Animation does) and a bounds of negative size has its size taken as 0 (its origin, the scroll offset,
/// is kept).
@MainActor
open class UIView: UIResponder {
    /// The view's Core Animation layer: background colour, border, corner radius, masking.
    public let layer: CALayer

    var frameOrigin: CGPoint = .zero
    var boundsStorage: CGRect = .zero
    weak var superviewStorage: UIView?
    /// The subviews, back to front, possibly still holding views removed from a large list (see
    /// `removedSubviews`); read and change them through `subviewsStorage`.
    var subviewList: [UIView] = []
    /// Views removed from a list of more than `ViewLimits.lazyRemovalCount` subviews but not yet taken out of
    /// `subviewList`: removing a million subviews one by one would otherwise move the array a million times.
    var removedSubviews: Set<ObjectIdentifier> = []
    /// The subviews, back to front (views removed lazily are taken out first).
    var subviewsStorage: [UIView] {
        get {
            compactSubviews()
            return subviewList
        }
        set {
            removedSubviews = []
            subviewList = newValue
        }
        _modify {
            compactSubviews()
            yield &subviewList
        }
    }
    var needsLayout = true
    /// A number no other view of this process has had: `verify` follows content by it (an address can be reused
    /// by a view made after another was freed).
    let serial: Int = UIView.nextSerial()
    private static var serialCounter = 0
    static func nextSerial() -> Int {
        serialCounter &+= 1
        return serialCounter
    }

    /// A view at `frame` (in its future superview's coordinates) with UIKit's defaults: bounds at the origin with the
    /// frame's size, no background, opaque (`alpha` 1), visible, taking touches, not clipping, `scaleToFill`.
    public init(frame: CGRect) {
        layer = CALayer()
        super.init()
        self.frame = frame
    }

    /// A view with a zero frame (UIKit's `init()`, which calls `init(frame: .zero)`).
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported: returns nil (UIKit would decode the view from a nib or storyboard).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Releases the subtree iteratively: a chain of 100k nested views would otherwise release each level from
    /// inside the release of the one above it, and overflow the stack.
    isolated deinit {
        var pending = subviewList
        subviewList = []
        while var view = pending.popLast() {
            if isKnownUniquelyReferenced(&view) {
                pending.append(contentsOf: view.subviewList)
                view.subviewList = []
            }
        }
    }

    /// The superview (UIKit's next responder for a view that no view controller manages); nil for a root view.
    override open var next: UIResponder? { superview }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates. Setting it moves `center` and sets `bounds.size`
    /// (`bounds.origin` is kept).
    open var frame: CGRect {
        get { CGRect(origin: frameOrigin, size: boundsStorage.size) }
        set {
            guard let r = sanitizedRect(newValue) else { return }
            let s = r.standardized
            let sizeChanged = s.size != boundsStorage.size
            frameOrigin = s.origin
            boundsStorage.size = s.size
            if sizeChanged { sizeDidChange() }
        }
    }

    /// The view's rectangle in its own coordinates: `origin` is the scroll offset of its content, `size` the
    /// frame's size. Changing the size keeps `center`.
    open var bounds: CGRect {
        get { boundsStorage }
        set {
            guard var r = sanitizedRect(newValue) else { return }
            r.size.width = max(r.size.width, 0)
            r.size.height = max(r.size.height, 0)
            let oldCenter = center
            let sizeChanged = r.size != boundsStorage.size
            boundsStorage = r
            if sizeChanged {
                frameOrigin = CGPoint(x: oldCenter.x - r.size.width / 2, y: oldCenter.y - r.size.height / 2)
                sizeDidChange()
            }
        }
    }

    /// The frame's centre, in the superview's coordinates.
    open var center: CGPoint {
        get {
            CGPoint(x: frameOrigin.x + boundsStorage.size.width / 2, y: frameOrigin.y + boundsStorage.size.height / 2)
        }
        set {
            guard let x = finiteCoordinate(Double(newValue.x)), let y = finiteCoordinate(Double(newValue.y)) else {
                return
            }
            frameOrigin = CGPoint(
                x: CGFloat(x) - boundsStorage.size.width / 2, y: CGFloat(y) - boundsStorage.size.height / 2)
        }
    }

    // MARK: Appearance

    /// The fill behind the view's content: its layer's `backgroundColor`. Nil (the default) draws nothing.
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map { UIColor(cgColor: $0) } }
        set { layer.backgroundColor = newValue?.cgColor }
    }

    /// The view's opacity, clamped to 0…1 as UIKit documents (NaN is ignored). A view at 0 is not drawn.
    open var alpha: CGFloat = 1 {
        didSet { alpha = alpha.isNaN ? oldValue : min(max(alpha, 0), 1) }
    }

    /// Whether the view and its subviews are not drawn.
    open var isHidden = false

    /// Whether subviews are clipped to the bounds: the layer's `masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// How the view's content (an image view's image) is placed in its bounds.
    open var contentMode: UIView.ContentMode = .scaleToFill

    /// An integer the app uses to find the view (`viewWithTag(_:)`).
    open var tag = 0

    /// Whether the view takes touches (kept; events are not delivered to plain views yet).
    open var isUserInteractionEnabled = true

    // MARK: Hierarchy

    /// The view that holds this one, if any.
    open var superview: UIView? { superviewStorage }

    /// The views this one holds, back to front.
    open var subviews: [UIView] { subviewsStorage }

    /// Adds `view` in front of the other subviews, removing it from its old superview first. Adding the view to
    /// itself or to one of its own descendants (a cycle) does nothing: UIKit raises an exception there, and no call
    /// here may trap.
    open func addSubview(_ view: UIView) {
        insert(view, at: subviewsStorage.count)
    }

    /// Inserts `view` at `index` of `subviews` (clamped to 0…count), removing it from its old superview first.
    /// A cycle does nothing, as in `addSubview(_:)`.
    open func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `siblingSubview` (at the front if that is not a subview).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let i = subviewsStorage.firstIndex(where: { $0 === siblingSubview }) else { return addSubview(view) }
        insert(view, at: i + 1, adjustingFor: true)
    }

    /// Inserts `view` just below `siblingSubview` (at the front if that is not a subview).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let i = subviewsStorage.firstIndex(where: { $0 === siblingSubview }) else { return addSubview(view) }
        insert(view, at: i, adjustingFor: true)
    }

    /// Removes the view from its superview (nothing when it has none).
    open func removeFromSuperview() {
        detachFromSuperview()
    }

    /// Moves `view` to the front of the subviews.
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviewsStorage.firstIndex(where: { $0 === view }) else { return }
        subviewsStorage.remove(at: i)
        subviewsStorage.append(view)
    }

    /// Moves `view` to the back of the subviews.
    open func sendSubviewToBack(_ view: UIView) {
        guard let i = subviewsStorage.firstIndex(where: { $0 === view }) else { return }
        subviewsStorage.remove(at: i)
        subviewsStorage.insert(view, at: 0)
    }

    /// Swaps the subviews at two indices (nothing when either is out of range).
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviewsStorage.indices.contains(index1), subviewsStorage.indices.contains(index2) else { return }
        subviewsStorage.swapAt(index1, index2)
    }

    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the superview changes.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the superview changed.
    open func didMoveToSuperview() {}

    // MARK: Layout

    /// Lays out the subviews; does nothing by default. Override it to set the subviews' frames; do not call it
    /// directly (call `setNeedsLayout()` or `layoutIfNeeded()`).
    open func layoutSubviews() {}

    /// Marks the view as needing layout: its `layoutSubviews()` runs in the next layout pass (once per frame) or
    /// at the next `layoutIfNeeded()` on it or an ancestor.
    open func setNeedsLayout() { needsLayout = true }

    /// Lays out, now, this view and its descendants that need it, top-down (a view before its subviews, in
    /// `subviews` order). Stops after `ViewLimits.maxViewsPerFrame` views, and a call nested `UIView.maxLayoutDepth`
    /// passes deep does nothing (the player's layout pass throws at either).
    open func layoutIfNeeded() {
        _ = try? layoutPass()
    }

    /// The size that best fits `size`: the current size by default.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`.
    open func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        frame.size = s
    }

    // MARK: Coordinates

    /// `point` (in this view's coordinates) in `view`'s coordinates; nil `view` is the window.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let w = pointInWindow(point)
        return view?.pointFromWindow(w) ?? w
    }

    /// `point` (in `view`'s coordinates; nil `view` is the window) in this view's coordinates.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let w = view?.pointInWindow(point) ?? point
        return pointFromWindow(w)
    }

    /// `rect` (in this view's coordinates) in `view`'s coordinates; nil `view` is the window. Sizes are kept
    /// (there are no transforms); the null rectangle stays null.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard !rect.isNull else { return rect }
        return CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// `rect` (in `view`'s coordinates; nil `view` is the window) in this view's coordinates.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        guard !rect.isNull else { return rect }
        return CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// UIKit's content modes. Image views draw `redraw` as `scaleToFill`; the edge and corner modes place the
    /// image at its size against that edge or corner.
    public enum ContentMode: Int, Sendable {
        /// UIKit's cases and raw values 0…12: `scaleToFill` (the default) stretches the content to the bounds,
        /// changing its aspect ratio if need be; `scaleAspectFit` scales it to fit, keeping the aspect ratio (the rest
        /// of the bounds is transparent); `scaleAspectFill` scales it to fill, keeping the aspect ratio (some of it
        /// may lie outside the bounds); `redraw` redraws on a bounds change in UIKit; `center` and the edge and corner
        /// modes keep the content's size and place it in the centre or against that edge or corner.
        case scaleToFill = 0
        /// The other modes, raw values 1…12 in this order, as UIKit's.
        case scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
            topLeft, topRight, bottomLeft, bottomRight
    }
}
