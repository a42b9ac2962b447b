import Foundation

/// `rect` with each component clamped to ±`ViewLimits.maxCoordinate`; nil when any is NaN or infinite.
func sanitizedRect(_ rect: CGRect) -> CGRect? {
    guard let x = finiteCoordinate(Double(rect.origin.x)), let y = finiteCoordinate(Double(rect.origin.y)),
        let w = finiteCoordinate(Double(rect.size.width)), let h = finiteCoordinate(Double(rect.size.height))
    else { return nil }
    return CGRect(x: x, y: y, width: w, height: h)
}

extension UIView {
    /// `point` in this view's coordinates, in the window's: up the superview chain, each level adding
    /// `frame.origin − bounds.origin`. The root stands in the window at its frame.
    func pointInWindow(_ point: CGPoint) -> CGPoint {
        var x = Double(point.x)
        var y = Double(point.y)
        var view: UIView? = self
        while let v = view {
            x += Double(v.frameOrigin.x - v.boundsStorage.origin.x)
            y += Double(v.frameOrigin.y - v.boundsStorage.origin.y)
            view = v.superviewStorage
        }
        return CGPoint(x: x, y: y)
    }

    /// `point` in the window's coordinates, in this view's (the inverse of `pointInWindow`).
    func pointFromWindow(_ point: CGPoint) -> CGPoint {
        let zero = pointInWindow(.zero)
        return CGPoint(x: point.x - zero.x, y: point.y - zero.y)
    }

    /// The bounds' size changed: the view and its superview need layout, as in UIKit.
    func sizeDidChange() {
        setNeedsLayout()
        superviewStorage?.setNeedsLayout()
    }
}
