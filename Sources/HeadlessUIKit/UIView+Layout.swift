import Foundation

extension UIView {
    /// The layout pass the player runs once per frame on its root view: every view of the tree that needs layout
    /// has its `layoutSubviews()` run, top-down (a view before its subviews, subviews in order), once. A view that
    /// asks for layout again during the pass is laid out in the next one. Hidden views are laid out too, as in
    /// UIKit.
    ///
    /// - Parameter maxViews: views visited at most (`ViewLimits.maxViewsPerFrame`).
    /// - Throws: `HeadlessUIKitError` when the tree holds more views than that (the views visited so far are laid
    ///   out).
    package func layoutPass(maxViews: Int = ViewLimits.maxViewsPerFrame) throws(HeadlessUIKitError) {
        var stack: [UIView] = [self]
        var visited = 0
        while let v = stack.popLast() {
            visited += 1
            guard visited <= maxViews else {
                throw HeadlessUIKitError(
                    "the view tree holds more than \(maxViews) views to lay out; remove views you no longer show "
                        + "(removeFromSuperview) or reuse them, so that fewer than \(maxViews) are in the tree",
                    limit: maxViews)
            }
            if v.needsLayout {
                v.needsLayout = false
                v.layoutSubviews()
            }
            stack.append(contentsOf: v.subviewsStorage.reversed())
        }
    }
}
