import Foundation
import HeadlessUIKit
import Testing

/// The static type of `value` is exactly `expected`.
private func exactly<T>(_ value: T, _ expected: Any.Type) -> Bool { T.self == expected }

/// A UIView subclass as an app writes one (compiles only if these are `open`).
private final class AppView: UIView {
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override var frame: CGRect { get { super.frame } set { super.frame = newValue } }
    override var bounds: CGRect { get { super.bounds } set { super.bounds = newValue } }
    override var center: CGPoint { get { super.center } set { super.center = newValue } }
    override var backgroundColor: UIColor? { get { super.backgroundColor } set { super.backgroundColor = newValue } }
    override var alpha: CGFloat { didSet {} }
    override var isHidden: Bool { didSet {} }
    override func layoutSubviews() { super.layoutSubviews() }
    override func insertSubview(_ view: UIView, at index: Int) { super.insertSubview(view, at: index) }
    override func removeFromSuperview() { super.removeFromSuperview() }
    override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { super.convert(point, to: view) }
    override func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { super.convert(point, from: view) }
    override func convert(_ rect: CGRect, to view: UIView?) -> CGRect { super.convert(rect, to: view) }
    override func convert(_ rect: CGRect, from view: UIView?) -> CGRect { super.convert(rect, from: view) }
}

extension UIKitNamesTests {
    @Test func viewNamesTypesAndDefaults() {
        let v = AppView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(exactly(v.center, CGPoint.self) && exactly(v.alpha, CGFloat.self) && exactly(v.tag, Int.self))
        #expect(exactly(v.backgroundColor, Optional<UIColor>.self) && exactly(v.layer, CALayer.self))
        #expect(exactly(v.subviews, [UIView].self) && exactly(v.superview, Optional<UIView>.self))
        #expect(exactly(v.layer.borderWidth, CGFloat.self) && exactly(v.layer.cornerRadius, CGFloat.self))
        #expect(exactly(v.layer.borderColor, Optional<CGColor>.self))
        // UIView/backgroundColor: "The default value is nil".
        #expect(v.backgroundColor == nil)
        // UIView/alpha: 0.0 … 1.0 (1, opaque, for a new view).
        #expect(v.alpha == 1 && !v.isHidden && v.tag == 0)
        // UIView/clipsToBounds: "The default value is false".
        #expect(!v.clipsToBounds)
        // UIView/isUserInteractionEnabled: true for a plain view (UILabel and UIImageView change it).
        #expect(v.isUserInteractionEnabled)
        // UIView/contentMode-swift.property: "The default value … is UIView.ContentMode.scaleToFill".
        #expect(v.contentMode == .scaleToFill)
        #expect([UIView.ContentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill, .redraw, .center].map(\.rawValue)
            == [0, 1, 2, 3, 4])
        // CALayer/borderWidth and cornerRadius: "The default value of this property is 0.0"; borderColor: opaque
        // black.
        #expect(v.layer.borderWidth == 0 && v.layer.cornerRadius == 0 && v.layer.borderColor == CGColor.black)
        #expect(v.center == CGPoint(x: 25, y: 40) && v.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        let child = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        v.addSubview(child)
        v.insertSubview(UIView(), at: 0)
        #expect(child.superview === v && v.subviews.count == 2)
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 11, y: 22))
        #expect(child.convert(CGPoint(x: 11, y: 22), from: nil) == .zero)
        let square = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(child.convert(square, to: v) == CGRect(x: 1, y: 2, width: 5, height: 5))
        #expect(v.convert(CGRect(x: 1, y: 2, width: 5, height: 5), from: child).origin == CGPoint(x: 2, y: 4))
        child.removeFromSuperview()
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(child.superview == nil && v.subviews.count == 1)
    }

    @Test func labelNamesTypesAndDefaults() {
        final class Labelled: UILabel {}
        let label = AppLabelProbe.make()
        #expect(exactly(label.text, Optional<String>.self) && exactly(label.textColor, Optional<UIColor>.self))
        #expect(exactly(label.font, Optional<UIFont>.self) && exactly(label.numberOfLines, Int.self))
        #expect(exactly(label.textAlignment, NSTextAlignment.self))
        #expect(exactly(label.lineBreakMode, NSLineBreakMode.self))
        // UILabel/numberOfLines: "The default value for this property is 1".
        #expect(label.numberOfLines == 1)
        // UILabel/textAlignment: "In iOS 9 and later, the default value … is NSTextAlignment.natural".
        #expect(label.textAlignment == .natural)
        // UILabel/lineBreakMode: byTruncatingTail by default.
        #expect(label.lineBreakMode == .byTruncatingTail)
        // UILabel/font: "the system font at a size of 17 points"; nil resets it.
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        label.font = nil
        #expect(label.font.pointSize == 17)
        // UILabel/textColor: "the system's label color"; "Setting this property to nil causes it to be reset".
        label.textColor = .red
        label.textColor = nil
        #expect(label.textColor == UIColor.label)
        // UILabel/isUserInteractionEnabled: "This class changes the default value of this property to false".
        #expect(!label.isUserInteractionEnabled && Labelled(frame: .zero).isUserInteractionEnabled == false)
        // UILabel-clipsToBounds: "This class changes the default value of this property to true".
        #expect(label.clipsToBounds)
        #expect(label.text == nil)
        // NSTextAlignment's raw values on iOS: left 0, center 1, right 2, justified 3, natural 4.
        #expect([NSTextAlignment.left, .center, .right, .justified, .natural].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(NSLineBreakMode.byTruncatingTail.rawValue == 4 && NSLineBreakMode.byWordWrapping.rawValue == 0)
        let bold: UIFont = .boldSystemFont(ofSize: 12)
        #expect(exactly(bold.pointSize, CGFloat.self) && bold.pointSize == 12)
    }
}

/// Makes a label through UIKit's `init(frame:)`.
@MainActor private enum AppLabelProbe {
    static func make() -> UILabel { UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20)) }
}
