import Foundation
import HeadlessUIKit  // not @testable: only what an app's module sees, so a non-open member cannot be overridden
import Testing

// Issue 24: every name an app uses, with UIKit's exact signature (a rename or a changed label breaks compilation
// here), its type (checked exactly, as Swift converts CGFloat and Double silently), and UIKit's documented default.
// Each default cites the page of Apple's documentation it comes from (developer.apple.com/documentation/…).

/// The static type of `value` is exactly `expected` (no CGFloat ↔ Double conversion, no optional).
private func exactly<T>(_ value: T, _ expected: Any.Type) -> Bool { T.self == expected }

/// A subclass as an app writes one: overriding these compiles only if they are `open`.
private final class AppScrollView: UIScrollView {
    var laidOut = 0
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func layoutSubviews() { laidOut += 1 }
    override var contentOffset: CGPoint { get { super.contentOffset } set { super.contentOffset = newValue } }
    override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        super.setContentOffset(contentOffset, animated: animated)
    }
    override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        super.scrollRectToVisible(rect, animated: animated)
    }
    override var frame: CGRect { get { super.frame } set { super.frame = newValue } }
    override func addSubview(_ view: UIView) { super.addSubview(view) }
    override func setNeedsLayout() { super.setNeedsLayout() }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
}

private final class AppLabel: UILabel {
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override var text: String? { didSet {} }
}

private final class AppImageView: UIImageView {
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(frame: CGRect) { super.init(frame: frame) }
}

/// A delegate implementing every method with UIKit's signature; a mismatch would fall back to the protocol's empty
/// default, which the call count catches.
private final class EveryCallback: NSObject, UIScrollViewDelegate {
    var calls: [String] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) { calls.append("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) { calls.append("willEnd") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndAnimation") }
}

@MainActor
@Suite struct UIKitNamesTests {
    @Test func scrollViewNamesTypesAndDefaults() {
        let s = AppScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        #expect(exactly(s.frame, CGRect.self) && exactly(s.bounds, CGRect.self))
        #expect(exactly(s.contentSize, CGSize.self) && exactly(s.contentOffset, CGPoint.self))
        #expect(exactly(s.contentInset, UIEdgeInsets.self) && exactly(s.adjustedContentInset, UIEdgeInsets.self))
        #expect(exactly(s.decelerationRate.rawValue, CGFloat.self))
        // UIScrollView/contentSize, contentOffset, contentInset: zero by default.
        #expect(s.contentSize == .zero && s.contentOffset == .zero && s.contentInset == .zero)
        // UIScrollView/contentInsetAdjustmentBehavior-swift.property: "The default value … is automatic".
        #expect(s.contentInsetAdjustmentBehavior == .automatic)
        #expect([UIScrollView.ContentInsetAdjustmentBehavior.automatic, .scrollableAxes, .never, .always]
            .map(\.rawValue) == [0, 1, 2, 3])
        // UIScrollView/bounces: "The default value is true"; alwaysBounceVertical (and Horizontal): false.
        #expect(s.bounces && !s.alwaysBounceHorizontal && !s.alwaysBounceVertical)
        // UIScrollView/isPagingEnabled: false; isScrollEnabled: true; scrollsToTop: true.
        #expect(!s.isPagingEnabled && s.isScrollEnabled && s.scrollsToTop)
        // UIScrollView/showsHorizontalScrollIndicator, showsVerticalScrollIndicator: true.
        #expect(s.showsHorizontalScrollIndicator && s.showsVerticalScrollIndicator)
        // UIScrollView/decelerationRate-swift.property: "The default rate is normal" (0.998; fast is 0.99).
        #expect(s.decelerationRate == .normal && UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate(rawValue: 0.99) == .fast)
        #expect(!s.isTracking && !s.isDragging && !s.isDecelerating)
        // UIView/clipsToBounds: "Some subclasses of UIView, like UIScrollView, override the default value to true".
        #expect(s.clipsToBounds)
        s.contentSize = CGSize(width: 1000, height: 1000)
        s.setContentOffset(CGPoint(x: 10, y: 20), animated: false)
        s.scrollRectToVisible(CGRect(x: 500, y: 0, width: 10, height: 10), animated: false)
        #expect(s.contentOffset == CGPoint(x: 410, y: 0) && s.bounds.origin == s.contentOffset)
        s.contentInsetAdjustmentBehavior = .never
        s.isPagingEnabled = true
        s.decelerationRate = .fast
        s.layoutIfNeeded()
        #expect(s.laidOut == 1)
        // UIScrollView/delegate: `weak var delegate: (any UIScrollViewDelegate)?`.
        var delegate: EveryCallback? = EveryCallback()
        s.delegate = delegate
        #expect(s.delegate === delegate)
        // `UIScrollViewDelegate : NSObjectProtocol`: NSObject's members on the existential (compiles only so).
        #expect(s.delegate?.isEqual(delegate) == true)
        #expect(s.delegate?.hash == delegate?.hash)
        delegate = nil
        #expect(s.delegate == nil)
    }

    /// UIScrollViewDelegate: `@MainActor protocol UIScrollViewDelegate : NSObjectProtocol`, every method optional.
    @Test func delegateSignatures() {
        final class Empty: NSObject, UIScrollViewDelegate {}
        let s = UIScrollView(frame: .zero)
        let every = EveryCallback()
        for d in [every, Empty()] as [any UIScrollViewDelegate] {
            var target = CGPoint.zero
            d.scrollViewDidScroll(s)
            d.scrollViewWillBeginDragging(s)
            d.scrollViewWillEndDragging(s, withVelocity: .zero, targetContentOffset: &target)
            d.scrollViewDidEndDragging(s, willDecelerate: true)
            d.scrollViewWillBeginDecelerating(s)
            d.scrollViewDidEndDecelerating(s)
            d.scrollViewDidEndScrollingAnimation(s)
        }
        #expect(every.calls.count == 7)
    }
}
