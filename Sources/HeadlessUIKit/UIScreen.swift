public import Foundation

/// The screen: the player's window. `bounds` and `scale` are what the player renders at (390 × 844 points at
/// scale 3 until the player sets them).
@MainActor
open class UIScreen {
    private static let shared = UIScreen()

    /// The screen the app draws on.
    open class var main: UIScreen { shared }

    /// The screen's rectangle in points, origin zero.
    public private(set) var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    /// Pixels per point.
    public private(set) var scale: CGFloat = 3

    init() {}

    /// Pixels per point of the physical screen (the same here).
    open var nativeScale: CGFloat { scale }
    /// The screen's rectangle in pixels.
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    /// How the player sets the window: `size` in points (NaN, infinite or negative sides are ignored, the old
    /// ones kept; clamped to ±10¹⁵) and `scale` (ignored unless finite and positive; clamped to 1…16).
    package func configure(size: CGSize, scale: CGFloat) {
        if let w = finiteCoordinate(Double(size.width)), let h = finiteCoordinate(Double(size.height)), w >= 0, h >= 0 {
            bounds = CGRect(x: 0, y: 0, width: w, height: h)
        }
        if scale.isFinite, scale > 0 {
            self.scale = min(max(scale, 1), 16)
        }
    }
}
