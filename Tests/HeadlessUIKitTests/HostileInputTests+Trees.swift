import Foundation
import Testing
@testable import HeadlessUIKit

/// Hostile view trees: a million subviews, 100k levels of nesting, cycles, callbacks that never stop.
extension HostileInputTests {
    /// A million subviews: the play throws at `ViewLimits.maxViewsPerFrame`, naming the limit and the fix; removing
    /// them all afterwards (front to back, then back to front) is not quadratic.
    @Test func aMillionSubviews() {
        let scrollView = hostileScrollView()
        for i in 0..<1_000_000 {
            scrollView.addSubview(UIView(frame: CGRect(x: i % 4000, y: i / 4000, width: 1, height: 1)))
        }
        let play = HostilePlay(scrollView)
        #expect(play.error?.limit == ViewLimits.maxViewsPerFrame)
        #expect(play.error?.message.contains("removeFromSuperview") == true)
        #expect(play.seconds < Self.budget)
        let start = ContinuousClock.now
        let views = scrollView.subviews
        for v in views.prefix(500_000) { v.removeFromSuperview() }
        for v in views.suffix(500_000).reversed() { v.removeFromSuperview() }
        #expect(scrollView.subviews.isEmpty)
        // Linear: about a second in a debug build; quadratic took over 100 s.
        #expect(ContinuousClock.now - start < .seconds(3 * Self.budget))
    }

    /// 100k levels of nesting: drawing, layout, conversion and tag lookup are iterative (no stack overflow), the
    /// play throws at the view limit, and releasing the chain does not recurse either.
    @Test func deepNesting() {
        let scrollView = hostileScrollView()
        var leaf: UIView = scrollView
        for i in 0..<100_000 {
            let v = UIView(frame: CGRect(x: 0.5, y: 0.25, width: 300, height: 300))
            v.tag = i + 1
            leaf.addSubview(v)
            leaf = v
        }
        #expect(leaf.convert(CGPoint.zero, to: nil).x == 50_000)
        #expect(leaf.isDescendant(of: scrollView))
        #expect(scrollView.viewWithTag(-1) == nil)
        let play = HostilePlay(scrollView)
        #expect(play.error?.limit == ViewLimits.maxViewsPerFrame)
        #expect(play.seconds < Self.budget)
        // Cut to 50k levels it plays, the deepest view drawn.
        scrollView.viewWithTag(50_000)?.removeFromSuperview()
        scrollView.viewWithTag(49_999)?.backgroundColor = .blue
        let short = HostilePlay(scrollView)
        #expect(short.error == nil)
        #expect(short.seconds < Self.budget)
        // The scroll view, and with it the chain, is released here.
    }

    /// A view added to itself or to its own descendant (a cycle) is ignored, and the tree still plays.
    @Test func cyclesAreIgnored() {
        let scrollView = hostileScrollView()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        scrollView.addSubview(a)
        a.addSubview(b)
        a.addSubview(a)
        b.addSubview(a)
        b.insertSubview(scrollView, at: 0)
        b.insertSubview(a, aboveSubview: b)
        #expect(a.superview === scrollView && b.superview === a && b.subviews.isEmpty)
        #expect(HostilePlay(scrollView).error == nil)
    }

    /// layoutSubviews that removes views (itself included), adds views, and asks for layout again every pass.
    @Test func treeChangesDuringLayout() {
        final class Churn: UIView {
            var passes = 0
            override func layoutSubviews() {
                passes += 1
                subviews.first?.removeFromSuperview()
                addSubview(UIView(frame: CGRect(x: passes % 300, y: 0, width: 10, height: 10)))
                if passes % 7 == 0 { removeFromSuperview() }
                setNeedsLayout()
                superview?.setNeedsLayout()
            }
        }
        let scrollView = hostileScrollView()
        for _ in 0..<50 { scrollView.addSubview(Churn(frame: CGRect(x: 0, y: 0, width: 300, height: 300))) }
        let play = HostilePlay(scrollView)
        #expect(play.error == nil)
        #expect(play.seconds < Self.budget)
    }

    /// A layoutSubviews that adds ten thousand views every pass (a leak) is stopped at the view limit.
    @Test func leakingLayoutIsStopped() {
        final class Leaker: UIScrollView {
            override func layoutSubviews() {
                for i in 0..<10_000 { addSubview(UIView(frame: CGRect(x: i, y: 0, width: 1, height: 1))) }
            }
        }
        let scrollView = Leaker(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        scrollView.contentSize = CGSize(width: 4000, height: 4000)
        let play = HostilePlay(scrollView, steps: #"[{"wait": {"duration": 5}}]"#)
        #expect(play.error?.limit == ViewLimits.maxViewsPerFrame)
        #expect(play.seconds < Self.budget)
    }

    /// layoutSubviews that asks for layout and lays out at once, forever (`setNeedsLayout(); layoutIfNeeded()`),
    /// is stopped at `UIView.maxLayoutDepth` with an error naming layoutSubviews.
    @Test func endlessLayoutIfNeededIsNamed() {
        final class Recursive: UIView {
            override func layoutSubviews() {
                setNeedsLayout()
                layoutIfNeeded()
            }
        }
        let scrollView = hostileScrollView()
        scrollView.addSubview(Recursive(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        let play = HostilePlay(scrollView)
        #expect(play.error?.message.contains("layoutSubviews") == true, "\(String(describing: play.error))")
        #expect(play.error?.limit == UIView.maxLayoutDepth)
        #expect(play.seconds < Self.budget)
    }

    /// A delegate that sets contentOffset inside scrollViewDidScroll forever, reached from layoutSubviews or from a
    /// delegate callback, is stopped at `maxScrollCallbackDepth` and named.
    @Test func endlessDidScrollFromEveryEntry() {
        final class Looper: NSObject, UIScrollViewDelegate {
            var n = 0.0
            func scrollViewDidScroll(_ scrollView: UIScrollView) {
                n += 1
                scrollView.contentOffset = CGPoint(x: 100 + n.truncatingRemainder(dividingBy: 2), y: 0)
                scrollView.layoutIfNeeded()
            }
            func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { scrollView.contentOffset.y += 1 }
        }
        let scrollView = hostileScrollView()
        let looper = Looper()
        scrollView.delegate = looper
        let play = HostilePlay(scrollView)
        #expect(play.error?.message.contains("scrollViewDidScroll") == true, "\(String(describing: play.error))")
        #expect(play.seconds < Self.budget)
    }
}
