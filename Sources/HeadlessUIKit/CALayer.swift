public import Foundation

/// The part of Core Animation's layer a view's look reads: background, border, corner radius and masking.
/// Every `UIView` has one (`layer`); `UIView.backgroundColor` and `clipsToBounds` are this layer's
/// `backgroundColor` and `masksToBounds`, as in UIKit.
///
/// Hostile values: a NaN or infinite border width or corner radius is ignored (the old value stays); negative
/// ones are taken as 0.
open class CALayer {
    /// A layer with Core Animation's defaults: no background, no border (width 0, opaque black),
    /// square corners, not masking.
    public init() {}

    /// The fill behind the contents (the view's `backgroundColor`).
    open var backgroundColor: CGColor?
    /// The border's width in points, drawn inside the bounds, on top of the contents and background.
    open var borderWidth: CGFloat = 0 {
        didSet { borderWidth = Self.sanitized(borderWidth, old: oldValue) }
    }
    /// The border's colour; opaque black by default, as Core Animation's.
    open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)
    /// The radius of the rounded corners of the background and border.
    open var cornerRadius: CGFloat = 0 {
        didSet { cornerRadius = Self.sanitized(cornerRadius, old: oldValue) }
    }
    /// Whether sublayers (subviews) are clipped to the bounds (the view's `clipsToBounds`).
    open var masksToBounds = false

    private static func sanitized(_ value: CGFloat, old: CGFloat) -> CGFloat {
        guard value.isFinite else { return old }
        return min(max(value, 0), CGFloat(ViewLimits.maxCoordinate))
    }
}
