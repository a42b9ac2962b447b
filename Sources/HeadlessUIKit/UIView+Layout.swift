import Foundation

extension UIView {
    /// How deep layout passes may nest: a `layoutSubviews()` that calls `layoutIfNeeded()` on a view that needs
    /// layout starts a pass inside the running one. Past this depth the innermost call does nothing, and the
    /// player's pass throws naming the view, instead of recursing until the stack overflows.
    public static let maxLayoutDepth = 64

    /// How deep layout passes are nested now, and the view whose pass went past `maxLayoutDepth`, if one did.
    static var layoutDepth = 0
    static var layoutOverflow: String?

    /// The layout pass the player runs once per frame on its root view: every view of the tree that needs layout
    /// has its `layoutSubviews()` run, top-down (a view before its subviews, subviews in order), once. A view that
    /// asks for layout again during the pass is laid out in the next one. Hidden views are laid out too, as in
    /// UIKit.
    ///
    /// - Parameter maxViews: views visited at most (`ViewLimits.maxViewsPerFrame`).
    /// - Throws: `HeadlessUIKitError` when the tree holds more views than that (the views visited so far are laid
    ///   out), or when passes nested deeper than `maxLayoutDepth` (thrown by the outermost pass).
    package func layoutPass(maxViews: Int = ViewLimits.maxViewsPerFrame) throws(HeadlessUIKitError) {
        guard UIView.layoutDepth < UIView.maxLayoutDepth else {
            UIView.layoutOverflow = UIView.layoutOverflow ?? "\(type(of: self))"
            return
        }
        if UIView.layoutDepth == 0 { UIView.layoutOverflow = nil }
        UIView.layoutDepth += 1
        defer { UIView.layoutDepth -= 1 }
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
        if UIView.layoutDepth == 1, let name = UIView.layoutOverflow {
            UIView.layoutOverflow = nil
            throw HeadlessUIKitError(
                "layoutSubviews of \(name) started layout inside layout \(UIView.maxLayoutDepth) levels deep "
                    + "(setNeedsLayout then layoutIfNeeded inside layoutSubviews); set the frames in layoutSubviews "
                    + "without calling layoutIfNeeded on a view that needs layout",
                limit: UIView.maxLayoutDepth)
        }
    }
}
