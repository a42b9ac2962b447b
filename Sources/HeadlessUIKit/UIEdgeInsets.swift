public import Foundation

/// Insets for each edge of a rectangle, in points (positive values shrink the rectangle).
public struct UIEdgeInsets: Sendable, Hashable, CustomStringConvertible {
    /// The inset of the top edge, in points.
    public var top: CGFloat
    /// The inset of the left edge, in points.
    public var left: CGFloat
    /// The inset of the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset of the right edge, in points.
    public var right: CGFloat

    /// Insets of 0 on every edge (`zero`).
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    /// Insets for each edge, in points, kept as given (the player reads a scroll view's negative or
    /// non-finite insets as 0).
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of 0 on every edge (UIKit's `UIEdgeInsets.zero`).
    public static let zero = UIEdgeInsets()

    /// The insets as UIKit's `NSStringFromUIEdgeInsets` writes them: `{top, left, bottom, right}`.
    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
    /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
