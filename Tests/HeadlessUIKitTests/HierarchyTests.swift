import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct HierarchyTests {
    @Test func addInsertRemove() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        #expect(parent.subviews == [a, b])
        #expect(a.superview === parent)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews == [c, a, b])
        b.removeFromSuperview()
        #expect(parent.subviews == [c, a])
        #expect(b.superview == nil)
        b.removeFromSuperview()  // twice: nothing

        // Out-of-range indices are clamped.
        parent.insertSubview(b, at: 99)
        #expect(parent.subviews == [c, a, b])
        parent.insertSubview(b, at: -5)
        #expect(parent.subviews == [b, c, a])

        // Adding a subview again moves it to the front, without duplicating it.
        parent.addSubview(b)
        #expect(parent.subviews == [c, a, b])
        parent.insertSubview(c, aboveSubview: b)
        #expect(parent.subviews == [a, b, c])
        parent.insertSubview(c, belowSubview: a)
        #expect(parent.subviews == [c, a, b])
        parent.bringSubviewToFront(c)
        parent.sendSubviewToBack(b)
        #expect(parent.subviews == [b, a, c])
        parent.exchangeSubview(at: 0, withSubviewAt: 7)
        #expect(parent.subviews == [b, a, c])
    }

    @Test func reparentingRemovesFromTheOldSuperview() {
        let old = UIView(), new = UIView(), v = UIView()
        old.addSubview(v)
        new.addSubview(v)
        #expect(old.subviews.isEmpty)
        #expect(new.subviews == [v])
        #expect(v.superview === new)
        #expect(v.isDescendant(of: new) && !v.isDescendant(of: old))
    }

    @Test func cyclesDoNothing() {
        let a = UIView(), b = UIView(), c = UIView()
        a.addSubview(b)
        b.addSubview(c)
        a.addSubview(a)
        c.addSubview(a)
        c.insertSubview(b, at: 0)
        #expect(a.superview == nil)
        #expect(a.subviews == [b] && b.subviews == [c] && c.subviews.isEmpty)
        #expect(c.convert(CGPoint.zero, to: nil) == .zero)  // the chain still ends
    }

    @Test func tagsAndHooks() {
        final class Watcher: UIView {
            var log: [String] = []
            override func didAddSubview(_ subview: UIView) { log.append("add \(subview.tag)") }
            override func willRemoveSubview(_ subview: UIView) { log.append("remove \(subview.tag)") }
        }
        let w = Watcher(frame: .zero)
        let v = UIView()
        v.tag = 7
        w.addSubview(v)
        #expect(w.viewWithTag(7) === v)
        #expect(w.viewWithTag(8) == nil)
        v.removeFromSuperview()
        #expect(w.log == ["add 7", "remove 7"])
    }

    @Test func subclassesKeepUIKitDefaults() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(label.textColor == UIColor.black)
        #expect(label.font.pointSize == 17)
        #expect(label.numberOfLines == 1)
        #expect(label.textAlignment == .natural)
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(!label.isUserInteractionEnabled)
        label.textColor = nil
        label.font = nil
        label.numberOfLines = -4
        #expect(label.textColor == .black && label.font.pointSize == 17 && label.numberOfLines == 0)
        #expect(UILabel().frame == .zero)
        #expect(UIView().isUserInteractionEnabled)
        #expect(UIView().backgroundColor == nil)
        let v = UIView()
        v.clipsToBounds = true
        #expect(v.layer.masksToBounds)
        v.backgroundColor = .red
        #expect(v.layer.backgroundColor == UIColor.red.cgColor)
        #expect(v.backgroundColor == .red)
        #expect(UIFont.boldSystemFont(ofSize: 12).isBold && !UIFont.systemFont(ofSize: 12).isBold)
        #expect(UIFont.systemFont(ofSize: .nan).pointSize == 0)
        #expect(UIFont.systemFont(ofSize: 1e300).pointSize == UIFont.maxPointSize)
    }
}
