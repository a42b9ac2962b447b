public import Foundation
import GridModel

/// A colour: red, green, blue and alpha in the extended sRGB space (UIKit's default). Named and system colours
/// have UIKit's documented light-mode values (dynamic colours resolve to their light appearance). Immutable.
///
/// Hostile components: NaN is taken as 0; colour components are bounded to ±1000; alpha is clamped to 0…1 as
/// UIKit documents.
open class UIColor: @unchecked Sendable, Hashable, CustomStringConvertible {
    let r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat

    /// A colour from its red, green, blue and alpha components (UIKit's `init(red:green:blue:alpha:)`): the colour
    /// components in the extended sRGB space, 0…1 inside the sRGB gamut and not clamped to it, as UIKit since
    /// iOS 10; alpha 0 (transparent) … 1 (opaque), clamped. Unlike UIKit, NaN is taken as 0 and components are
    /// bounded to ±1000.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        r = colorComponent(red)
        g = colorComponent(green)
        b = colorComponent(blue)
        a = unitComponent(alpha)
    }

    /// A gray colour (UIKit's `init(white:alpha:)`): `white` 0 is black, 1 is white, not clamped (extended range);
    /// alpha clamped to 0…1. UIKit keeps it in a gray colour space; here it is the RGB colour with three equal
    /// components, which draws the same.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// UIKit's `init(displayP3Red:…)`; Display P3 is taken as sRGB here.
    public convenience init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: displayP3Red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour of a CoreGraphics colour (UIKit's `init(cgColor:)`): a gray one gives three equal components.
    public convenience init(cgColor: CGColor) {
        let c = cgColor.rgbaComponents
        self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a)
    }

    /// A colour from 0…255 components.
    convenience init(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) {
        self.init(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    /// The same colour with `alpha` (clamped to 0…1).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour as a CoreGraphics colour (gray when red, green and blue are equal, RGB otherwise).
    open var cgColor: CGColor {
        r == g && g == b
            ? CGColor(gray: r, alpha: a)
            : CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// UIKit's `getRed(_:green:blue:alpha:)`: always succeeds here.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = r
        green?.pointee = g
        blue?.pointee = b
        alpha?.pointee = a
        return true
    }

    /// UIKit's `getWhite(_:alpha:)`: succeeds for a gray colour (red, green and blue equal).
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard r == g, g == b else { return false }
        white?.pointee = r
        alpha?.pointee = a
        return true
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.r == rhs.r && lhs.g == rhs.g && lhs.b == rhs.b && lhs.a == rhs.a
    }
    /// Hashes the four components, so equal colours hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(r)
        hasher.combine(g)
        hasher.combine(b)
        hasher.combine(a)
    }
    /// The components, as `UIColor(red: 1.0, green: 0.0, blue: 0.0, alpha: 1.0)`.
    open var description: String { "UIColor(red: \(r), green: \(g), blue: \(b), alpha: \(a))" }

    /// The colour as 8-bit straight-alpha RGBA for the rasterizer (components clamped to 0…1, rounded).
    var rgba: RGBA {
        func byte(_ x: CGFloat) -> UInt8 { UInt8((min(max(x, 0), 1) * 255).rounded()) }
        return RGBA(byte(r), byte(g), byte(b), byte(a))
    }

    // MARK: Fixed colours (UIKit's documented values)

    /// UIKit's `black`: gray 0, opaque.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// UIKit's `darkGray`: gray 1/3, opaque.
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// UIKit's `lightGray`: gray 2/3, opaque.
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// UIKit's `white`: gray 1, opaque.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// UIKit's `gray`: gray 0.5, opaque.
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// UIKit's `red`: red 1, green 0, blue 0, opaque.
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// UIKit's `green`: red 0, green 1, blue 0, opaque.
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// UIKit's `blue`: red 0, green 0, blue 1, opaque.
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// UIKit's `cyan`: red 0, green 1, blue 1, opaque.
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// UIKit's `yellow`: red 1, green 1, blue 0, opaque.
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// UIKit's `magenta`: red 1, green 0, blue 1, opaque.
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// UIKit's `orange`: red 1, green 0.5, blue 0, opaque.
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// UIKit's `purple`: red 0.5, green 0, blue 0.5, opaque.
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// UIKit's `brown`: red 0.6, green 0.4, blue 0.2, opaque.
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// UIKit's `clear`: gray 0, alpha 0 (transparent).
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // MARK: System colours (light appearance)

    /// UIKit's `systemRed`, light appearance: RGB 255, 59, 48, opaque.
    open class var systemRed: UIColor { UIColor(255, 59, 48) }
    /// UIKit's `systemOrange`, light appearance: RGB 255, 149, 0, opaque.
    open class var systemOrange: UIColor { UIColor(255, 149, 0) }
    /// UIKit's `systemYellow`, light appearance: RGB 255, 204, 0, opaque.
    open class var systemYellow: UIColor { UIColor(255, 204, 0) }
    /// UIKit's `systemGreen`, light appearance: RGB 52, 199, 89, opaque.
    open class var systemGreen: UIColor { UIColor(52, 199, 89) }
    /// UIKit's `systemMint`, light appearance: RGB 0, 199, 190, opaque.
    open class var systemMint: UIColor { UIColor(0, 199, 190) }
    /// UIKit's `systemTeal`, light appearance: RGB 48, 176, 199, opaque.
    open class var systemTeal: UIColor { UIColor(48, 176, 199) }
    /// UIKit's `systemCyan`, light appearance: RGB 50, 173, 230, opaque.
    open class var systemCyan: UIColor { UIColor(50, 173, 230) }
    /// UIKit's `systemBlue`, light appearance: RGB 0, 122, 255, opaque.
    open class var systemBlue: UIColor { UIColor(0, 122, 255) }
    /// UIKit's `systemIndigo`, light appearance: RGB 88, 86, 214, opaque.
    open class var systemIndigo: UIColor { UIColor(88, 86, 214) }
    /// UIKit's `systemPurple`, light appearance: RGB 175, 82, 222, opaque.
    open class var systemPurple: UIColor { UIColor(175, 82, 222) }
    /// UIKit's `systemPink`, light appearance: RGB 255, 45, 85, opaque.
    open class var systemPink: UIColor { UIColor(255, 45, 85) }
    /// UIKit's `systemBrown`, light appearance: RGB 162, 132, 94, opaque.
    open class var systemBrown: UIColor { UIColor(162, 132, 94) }
    /// UIKit's `systemGray`, light appearance: RGB 142, 142, 147, opaque.
    open class var systemGray: UIColor { UIColor(142, 142, 147) }
    /// UIKit's `systemGray2`, light appearance: RGB 174, 174, 178, opaque.
    open class var systemGray2: UIColor { UIColor(174, 174, 178) }
    /// UIKit's `systemGray3`, light appearance: RGB 199, 199, 204, opaque.
    open class var systemGray3: UIColor { UIColor(199, 199, 204) }
    /// UIKit's `systemGray4`, light appearance: RGB 209, 209, 214, opaque.
    open class var systemGray4: UIColor { UIColor(209, 209, 214) }
    /// UIKit's `systemGray5`, light appearance: RGB 229, 229, 234, opaque.
    open class var systemGray5: UIColor { UIColor(229, 229, 234) }
    /// UIKit's `systemGray6`, light appearance: RGB 242, 242, 247, opaque.
    open class var systemGray6: UIColor { UIColor(242, 242, 247) }
    /// UIKit's `tintColor`, resolved here to `systemBlue` (UIKit resolves it to the tint of the view drawing it).
    open class var tintColor: UIColor { systemBlue }

    /// UIKit's `systemBackground`, light appearance: white, opaque.
    open class var systemBackground: UIColor { UIColor(white: 1, alpha: 1) }
    /// UIKit's `secondarySystemBackground`, light appearance: RGB 242, 242, 247, opaque.
    open class var secondarySystemBackground: UIColor { UIColor(242, 242, 247) }
    /// UIKit's `tertiarySystemBackground`, light appearance: white, opaque.
    open class var tertiarySystemBackground: UIColor { UIColor(white: 1, alpha: 1) }
    /// UIKit's `systemGroupedBackground`, light appearance: RGB 242, 242, 247, opaque.
    open class var systemGroupedBackground: UIColor { UIColor(242, 242, 247) }
    /// UIKit's `secondarySystemGroupedBackground`, light appearance: white, opaque.
    open class var secondarySystemGroupedBackground: UIColor { UIColor(white: 1, alpha: 1) }
    /// UIKit's `tertiarySystemGroupedBackground`, light appearance: RGB 242, 242, 247, opaque.
    open class var tertiarySystemGroupedBackground: UIColor { UIColor(242, 242, 247) }
    /// UIKit's `label`, light appearance: black, opaque.
    open class var label: UIColor { UIColor(white: 0, alpha: 1) }
    /// UIKit's `secondaryLabel`, light appearance: RGB 60, 60, 67 at alpha 0.6.
    open class var secondaryLabel: UIColor { UIColor(60, 60, 67, 0.6) }
    /// UIKit's `tertiaryLabel`, light appearance: RGB 60, 60, 67 at alpha 0.3.
    open class var tertiaryLabel: UIColor { UIColor(60, 60, 67, 0.3) }
    /// UIKit's `quaternaryLabel`, light appearance: RGB 60, 60, 67 at alpha 0.18.
    open class var quaternaryLabel: UIColor { UIColor(60, 60, 67, 0.18) }
    /// UIKit's `separator`, light appearance: RGB 60, 60, 67 at alpha 0.29.
    open class var separator: UIColor { UIColor(60, 60, 67, 0.29) }
    /// UIKit's `opaqueSeparator`, light appearance: RGB 198, 198, 200, opaque.
    open class var opaqueSeparator: UIColor { UIColor(198, 198, 200) }
    /// UIKit's `link`, light appearance: RGB 0, 122, 255, opaque.
    open class var link: UIColor { UIColor(0, 122, 255) }
}
