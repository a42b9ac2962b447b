public import Foundation

/// A font: a point size and a weight. The default font stands in for every family and name; bold weights
/// (semibold and heavier) draw bold.
///
/// Hostile sizes: NaN, infinite and negative sizes are taken as 0; sizes are clamped to `maxPointSize`.
open class UIFont: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The largest point size kept (larger sizes are clamped to it).
    public static let maxPointSize: CGFloat = 10_000

    /// The size in points (the height of the em), after the clamping above.
    public let pointSize: CGFloat
    /// The font's name: the name asked for, or for the system font `.SFUI-Regular`, `.SFUI-Semibold` or `.SFUI-Italic`
    /// (what UIKit reports; the glyphs drawn are the default font's whatever the name).
    public let fontName: String
    /// The family's name: the name asked for, or `.AppleSystemUIFont` for the system font, as UIKit reports it.
    public let familyName: String
    let weight: Weight

    init(name: String, family: String, size: CGFloat, weight: Weight) {
        pointSize = size.isFinite ? min(max(size, 0), UIFont.maxPointSize) : 0
        fontName = name
        familyName = family
        self.weight = weight
    }

    /// A font of any name: the default font stands in (UIKit returns nil for a font it does not have; here every
    /// name is "had" so that an app with custom fonts still draws its text).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(name: fontName, family: fontName, size: fontSize, weight: .regular)
    }

    /// Whether the text draws bold.
    var isBold: Bool { weight.rawValue >= Weight.semibold.rawValue }

    /// The system font at `fontSize` points, regular weight (UIKit's `systemFont(ofSize:)`).
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    /// The system font at `fontSize` points, bold weight (UIKit's `boldSystemFont(ofSize:)`).
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    /// The italic system font at `fontSize` points (UIKit's `italicSystemFont(ofSize:)`): named `.SFUI-Italic` as in
    /// UIKit, but drawn upright and regular (the stand-in font has no italic).
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(name: ".SFUI-Italic", family: ".AppleSystemUIFont", size: fontSize, weight: .regular)
    }
    /// The system font at `fontSize` points and `weight` (UIKit's `systemFont(ofSize:weight:)`); `semibold` and
    /// heavier draw bold, lighter weights regular.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(
            name: weight.rawValue >= Weight.semibold.rawValue ? ".SFUI-Semibold" : ".SFUI-Regular",
            family: ".AppleSystemUIFont", size: fontSize, weight: weight)
    }
    /// UIKit's system font with digits of equal width; here the same font as `systemFont(ofSize:weight:)`.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(name: fontName, family: familyName, size: fontSize, weight: weight)
    }

    /// UIKit's standard size for labels: 17 points.
    open class var labelFontSize: CGFloat { 17 }
    /// UIKit's standard size for buttons: 18 points.
    open class var buttonFontSize: CGFloat { 18 }
    /// UIKit's small system font size: 12 points.
    open class var smallSystemFontSize: CGFloat { 12 }
    /// UIKit's standard system font size: 14 points.
    open class var systemFontSize: CGFloat { 14 }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.pointSize == rhs.pointSize && lhs.fontName == rhs.fontName && lhs.weight == rhs.weight
    }
    /// Hashes the size and name, so equal fonts hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointSize)
        hasher.combine(fontName)
    }
    /// The name and size, as `UIFont(.SFUI-Regular, 17.0 pt)`.
    open var description: String { "UIFont(\(fontName), \(pointSize) pt)" }

    /// UIKit's font weights (the values of `UIFontWeight…`).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight: -1 (lightest) … 1 (heaviest), 0 regular, as UIKit's.
        public var rawValue: CGFloat
        /// A weight of `rawValue` (NaN is taken as 0, regular).
        public init(rawValue: CGFloat) { self.rawValue = rawValue.isNaN ? 0 : rawValue }
        /// A weight of `rawValue`, as `init(rawValue:)`.
        public init(_ rawValue: CGFloat) { self.init(rawValue: rawValue) }
        /// UIKit's ultra-light weight, -0.8.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// UIKit's thin weight, -0.6.
        public static let thin = Weight(rawValue: -0.6)
        /// UIKit's light weight, -0.4.
        public static let light = Weight(rawValue: -0.4)
        /// UIKit's regular weight, 0: the system font's default.
        public static let regular = Weight(rawValue: 0)
        /// UIKit's medium weight, 0.23 (drawn regular here).
        public static let medium = Weight(rawValue: 0.23)
        /// UIKit's semibold weight, 0.3: the lightest drawn bold here.
        public static let semibold = Weight(rawValue: 0.3)
        /// UIKit's bold weight, 0.4 (`boldSystemFont(ofSize:)`).
        public static let bold = Weight(rawValue: 0.4)
        /// UIKit's heavy weight, 0.56 (drawn bold here).
        public static let heavy = Weight(rawValue: 0.56)
        /// UIKit's black weight, 0.62, the heaviest (drawn bold here).
        public static let black = Weight(rawValue: 0.62)
    }
}
