import Foundation
import HeadlessUIKit
import Testing

/// The static type of `value` is exactly `expected`.
private func exactly<T>(_ value: T, _ expected: Any.Type) -> Bool { T.self == expected }

/// 0…255 components of a colour.
private func bytes(_ c: UIColor) -> [Int] {
    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
    c.getRed(&r, green: &g, blue: &b, alpha: &a)
    return [r, g, b].map { Int(($0 * 255).rounded()) } + [Int((a * 100).rounded())]
}

extension UIKitNamesTests {
    @Test func imagesAndImageViews() {
        // UIImage/init(contentsOfFile:) and init(data:) are failable: nil for data they cannot decode.
        let fromFile: UIImage? = UIImage(contentsOfFile: "/nonexistent.png")
        let fromData: UIImage? = UIImage(data: Data([1, 2, 3]))
        #expect(fromFile == nil && fromData == nil)
        // UIImageView/init(image:): "This method disables user interactions … isUserInteractionEnabled … false".
        let view = UIImageView(image: nil)
        #expect(!view.isUserInteractionEnabled && view.image == nil && exactly(view.image, Optional<UIImage>.self))
        // UIImageView/isUserInteractionEnabled: "This class changes the default value of this property to false".
        #expect(!UIImageView(frame: .zero).isUserInteractionEnabled)
        view.contentMode = .scaleAspectFill
        for mode in [UIView.ContentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center] {
            view.contentMode = mode
        }
    }

    @Test func colours() {
        let c = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(exactly(c.cgColor, CGColor.self) && exactly(c.withAlphaComponent(0.5), UIColor.self))
        #expect(UIColor(white: 0.5, alpha: 0.25) == UIColor.gray.withAlphaComponent(0.25))
        // UIColor/lightGray: "grayscale value of 2/3"; darkGray 1/3; gray 0.5; orange 1.0, 0.5, 0.0; purple 0.5, 0,
        // 0.5; brown 0.6, 0.4, 0.2; clear: grayscale and alpha 0.
        #expect(bytes(.lightGray) == [170, 170, 170, 100] && bytes(.darkGray) == [85, 85, 85, 100])
        #expect(bytes(.gray) == [128, 128, 128, 100] && bytes(.orange) == [255, 128, 0, 100])
        #expect(bytes(.purple) == [128, 0, 128, 100] && bytes(.brown) == [153, 102, 51, 100])
        #expect(bytes(.clear) == [0, 0, 0, 0] && bytes(.black) == [0, 0, 0, 100])
        #expect(bytes(.white) == [255, 255, 255, 100])
        // UIColor/systemGray and the UI element colours have no values on Apple's pages; these are the light
        // appearance's published values (HIG, iOS 13–18).
        #expect(bytes(.systemGray) == [142, 142, 147, 100] && bytes(.systemGray6) == [242, 242, 247, 100])
        #expect(bytes(.systemBlue) == [0, 122, 255, 100] && bytes(.systemRed) == [255, 59, 48, 100])
        #expect(bytes(.label) == [0, 0, 0, 100] && bytes(.secondaryLabel) == [60, 60, 67, 60])
        #expect(bytes(.systemBackground) == [255, 255, 255, 100])
    }

    @Test func insetsScreenAndCoreGraphics() {
        // UIEdgeInsets: `init(top:left:bottom:right:)`, `.zero`.
        let i = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(exactly(i.top, CGFloat.self) && UIEdgeInsets.zero == UIEdgeInsets())
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: i) == CGRect(x: 2, y: 1, width: 4, height: 6))
        // UIScreen/main, bounds, scale.
        let screen: UIScreen = UIScreen.main
        #expect(exactly(screen.bounds, CGRect.self) && exactly(screen.scale, CGFloat.self))
        // CGPointEqualToPoint as `equalTo(_:)`; CGColor(red:green:blue:alpha:), CGColor(gray:alpha:), components.
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(CGColor(gray: 0, alpha: 1).components == [0, 1])
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1).numberOfComponents == 4)
        // UIFont/systemFont(ofSize:), boldSystemFont(ofSize:), init(name:size:) (failable).
        let font: UIFont? = UIFont(name: "Helvetica", size: 12)
        #expect(font?.pointSize == 12 && UIFont.systemFont(ofSize: 9).pointSize == 9)
    }
}
