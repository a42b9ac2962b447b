import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct GeometryTests {
    @Test func frameBoundsCenterRoundTrip() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))

        // Setting the frame moves the centre and sets the bounds' size, keeping the bounds' origin.
        v.bounds.origin = CGPoint(x: 7, y: 8)
        v.frame = CGRect(x: 0.1, y: 0.2, width: 30, height: 40)
        #expect(v.center == CGPoint(x: 15.1, y: 20.2))
        #expect(v.bounds == CGRect(x: 7, y: 8, width: 30, height: 40))
        #expect(v.frame == CGRect(x: 0.1, y: 0.2, width: 30, height: 40))  // exact, as the seed moves origins

        // Setting the centre moves the frame; the bounds' size changing keeps the centre.
        v.center = CGPoint(x: 100, y: 100)
        #expect(v.frame == CGRect(x: 85, y: 80, width: 30, height: 40))
        v.bounds.size = CGSize(width: 10, height: 20)
        #expect(v.center == CGPoint(x: 100, y: 100))
        #expect(v.frame == CGRect(x: 95, y: 90, width: 10, height: 20))

        // The bounds' origin (a scroll offset) does not move the frame.
        v.bounds.origin = CGPoint(x: 500, y: -3)
        #expect(v.frame == CGRect(x: 95, y: 90, width: 10, height: 20))

        // The seed's move: frame.origin += delta.
        v.frame.origin = CGPoint(x: v.frame.origin.x + 12.5, y: v.frame.origin.y - 2)
        #expect(v.frame.origin == CGPoint(x: 107.5, y: 88))

        #expect(UIView().frame == .zero)
        #expect(UIView(coder: NSCoder()) == nil)
    }

    @Test func convertBetweenNestedViewsWithABoundsOrigin() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scroller = UIView(frame: CGRect(x: 10, y: 20, width: 300, height: 400))
        scroller.bounds.origin = CGPoint(x: 1000, y: 2000)  // a scroll view's content offset
        let tile = UIView(frame: CGRect(x: 1100, y: 2150, width: 100, height: 100))
        let dot = UIView(frame: CGRect(x: 5, y: 6, width: 1, height: 1))
        root.addSubview(scroller)
        scroller.addSubview(tile)
        tile.addSubview(dot)

        // tile's origin in root: 10 + 1100 − 1000, 20 + 2150 − 2000.
        #expect(tile.convert(CGPoint.zero, to: root) == CGPoint(x: 110, y: 170))
        #expect(tile.convert(CGPoint.zero, to: nil) == CGPoint(x: 110, y: 170))
        #expect(dot.convert(CGPoint(x: 1, y: 1), to: scroller) == CGPoint(x: 1106, y: 2157))
        #expect(scroller.convert(CGPoint(x: 1106, y: 2157), to: dot) == CGPoint(x: 1, y: 1))
        #expect(dot.convert(CGPoint(x: 116, y: 177), from: nil) == CGPoint(x: 1, y: 1))
        #expect(root.convert(CGPoint(x: 110, y: 170), to: tile) == .zero)
        #expect(tile.convert(tile.bounds, to: root) == CGRect(x: 110, y: 170, width: 100, height: 100))
        #expect(root.convert(CGRect(x: 110, y: 170, width: 3, height: 4), to: tile) == CGRect(x: 0, y: 0, width: 3, height: 4))
        #expect(tile.convert(CGRect(x: 0, y: 0, width: 3, height: 4), from: scroller) == CGRect(x: -1100, y: -2150, width: 3, height: 4))
        #expect(tile.convert(CGRect.null, to: root).isNull)

        // Scrolling (moving the bounds' origin) moves the subviews in the window.
        scroller.bounds.origin.x += 50
        #expect(tile.convert(CGPoint.zero, to: nil) == CGPoint(x: 60, y: 170))
    }

    @Test func hostileGeometryNeverTraps() {
        let v = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            v.frame = CGRect(x: bad, y: 0, width: 1, height: 1)
            v.frame = CGRect(x: 0, y: 0, width: bad, height: 1)
            v.bounds = CGRect(x: 0, y: bad, width: 1, height: 1)
            v.center = CGPoint(x: bad, y: 0)
            v.alpha = bad.isNaN ? bad : 0.5
        }
        // NaN and infinities are ignored (UIKit raises).
        #expect(v.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(v.alpha == 0.5)  // NaN ignored, the later 0.5s kept

        // A negative frame is standardized, as Core Animation does.
        v.frame = CGRect(x: 10, y: 10, width: -4, height: -6)
        #expect(v.frame == CGRect(x: 6, y: 4, width: 4, height: 6))
        // A negative bounds' size is 0; its origin (the scroll offset) is kept.
        v.bounds = CGRect(x: -3, y: 5, width: -1, height: 2)
        #expect(v.bounds == CGRect(x: -3, y: 5, width: 0, height: 2))

        // Huge values are clamped so that sums stay finite.
        v.frame = CGRect(x: 1e300, y: -1e300, width: 1e300, height: 1e300)
        #expect(v.frame == CGRect(x: 1e15, y: -1e15, width: 1e15, height: 1e15))
        #expect(v.center.x.isFinite && v.center.y.isFinite)
        let child = UIView(frame: CGRect(x: 1e300, y: 1e300, width: 1e300, height: 1e300))
        v.addSubview(child)
        let p = child.convert(CGPoint(x: 1e300, y: 0), to: nil)
        #expect(p.x.isFinite && p.y.isFinite)

        v.alpha = 7
        #expect(v.alpha == 1)
        v.alpha = -2
        #expect(v.alpha == 0)

        v.layer.borderWidth = .nan
        v.layer.cornerRadius = -3
        #expect(v.layer.borderWidth == 0 && v.layer.cornerRadius == 0)
    }

    @Test func coreGraphicsAdditions() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGPoint.zero.equalTo(CGPoint(x: 0, y: 1)))
        #expect(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
        #expect(CGRect(x: 2, y: 2, width: -1, height: -1).equalTo(CGRect(x: 1, y: 1, width: 1, height: 1)))
        #expect(UIEdgeInsets.zero == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        #expect(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4) != .zero)
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                    == CGRect(x: 2, y: 1, width: 4, height: 6))
    }

    @Test func screenIsThePlayersWindow() {
        let screen = UIScreen.main
        let (oldSize, oldScale) = (screen.bounds.size, screen.scale)
        defer { screen.configure(size: oldSize, scale: oldScale) }
        screen.configure(size: CGSize(width: 300, height: 200), scale: 2)
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(UIScreen.main.scale == 2)
        screen.configure(size: CGSize(width: CGFloat.nan, height: -1), scale: .infinity)
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(UIScreen.main.scale == 2)
    }
}
