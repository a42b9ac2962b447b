public import Foundation

// What apps use from CoreGraphics that Linux's Foundation lacks. CGFloat, CGPoint, CGSize and CGRect themselves
// are Foundation's.

extension CGPoint {
    /// Whether the two points are equal (CoreGraphics' `CGPointEqualToPoint`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal (CoreGraphics' `CGSizeEqualToSize`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles are equal in origin and size (CoreGraphics' `CGRectEqualToRect`, which compares
    /// the standardized rectangles).
    public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }
}

/// A colour as CoreGraphics keeps it: its components in order (gray and alpha, or red, green, blue and alpha),
/// immutable. Only the device gray and sRGB colour spaces exist here.
public final class CGColor: Sendable, Hashable, CustomStringConvertible {
    /// The components, alpha last: 2 for a gray colour, 4 for an RGB one.
    public let components: [CGFloat]?
    /// The colour's opacity, 0…1.
    public var alpha: CGFloat { components?.last ?? 1 }
    /// How many components (alpha included).
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// An sRGB colour. NaN components are taken as 0; alpha is clamped to 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [colorComponent(red), colorComponent(green), colorComponent(blue), unitComponent(alpha)]
    }

    /// A gray colour. NaN components are taken as 0; alpha is clamped to 0…1.
    public init(gray: CGFloat, alpha: CGFloat) {
        components = [colorComponent(gray), unitComponent(alpha)]
    }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let c = components, c.count >= 2 else { return nil }
        if c.count == 2 { return CGColor(gray: c[0], alpha: alpha) }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
    }

    /// Opaque black, gray 0 (CoreGraphics' `CGColor.black`).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white, gray 1 (CoreGraphics' `CGColor.white`).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent, gray 0 and alpha 0 (CoreGraphics' `CGColor.clear`).
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }
    /// Hashes the components, so equal colours (the same components) hash alike.
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
    /// The components in order, as `CGColor(0.0, 1.0)` for opaque black.
    public var description: String { "CGColor(\((components ?? []).map { "\($0)" }.joined(separator: ", ")))" }

    /// The colour as red, green, blue, alpha (gray expanded).
    var rgbaComponents: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        guard let c = components else { return (0, 0, 0, 1) }
        if c.count == 2 { return (c[0], c[0], c[0], c[1]) }
        if c.count == 4 { return (c[0], c[1], c[2], c[3]) }
        return (0, 0, 0, 1)
    }
}

/// A colour component: NaN is 0, and the extended range is kept but bounded (±1000) so arithmetic stays finite.
func colorComponent(_ x: CGFloat) -> CGFloat {
    guard !x.isNaN else { return 0 }
    return min(max(x, -1000), 1000)
}

/// An alpha: NaN is 0, clamped to 0…1 as UIKit documents.
func unitComponent(_ x: CGFloat) -> CGFloat {
    guard !x.isNaN else { return 0 }
    return min(max(x, 0), 1)
}
