import Foundation
import GridModel
import Testing
import TestSupport
@testable import HeadlessUIKit

/// What a play did with hostile input: its recording or the error it threw, and how long it took.
@MainActor
struct HostilePlay {
    var recording: ScrollRecording?
    var error: HeadlessUIKitError?
    var seconds: Double

    /// A drag that flings, then a wait: about 25 frames at 30 fps.
    static let dragFling = #"[{"drag": {"by": {"x": -300, "y": -200}, "duration": 0.3, "release": "fling"}}, "#
        + #"{"wait": {"duration": 0.5}}]"#

    /// Plays `steps` on `view` at scale 1 and 30 fps (or the given ones), timing it.
    init(_ view: UIView, steps: String = dragFling, scale: Int = 1, fps: Int = 30) {
        let start = ContinuousClock.now
        do {
            recording = try ScrollPlayer(scale: scale, fps: fps).play(view, steps: steps)
        } catch {
            self.error = error
        }
        let d = ContinuousClock.now - start
        seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}

/// A 390 × 844 scroll view over 4000 × 4000 points of content.
@MainActor
func hostileScrollView() -> UIScrollView {
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    scrollView.contentSize = CGSize(width: 4000, height: 4000)
    return scrollView
}

/// Issue 24's hostile inputs: nothing a caller's code sets may trap, hang or eat memory; what cannot be honoured
/// is a thrown `HeadlessUIKitError` saying what to fix. Each test plays or draws, and bounds the time.
@MainActor
@Suite(.serialized) struct HostileInputTests {
    /// Seconds a hostile play may take: a guard against hangs and quadratic work (which took minutes before their
    /// fixes), not a speed test. These plays take 1–2 s on a quiet machine and went past 5 s on a loaded one, so
    /// the budget is 20; `HOSTILE_BUDGET` sets another (for a build with the address sanitizer, several times slower).
    static let budget = ProcessInfo.processInfo.environment["HOSTILE_BUDGET"].flatMap(Double.init) ?? 20

    static let nasty: [CGFloat] = [.nan, .infinity, -.infinity, -1e300, 1e300, -1, 0, .greatestFiniteMagnitude,
                                   .leastNonzeroMagnitude, -.greatestFiniteMagnitude]

    /// Subviews with NaN, infinite, negative and 1e300 frames, bounds and centres draw without trapping.
    @Test func hostileFramesSizesAndCentres() {
        let scrollView = hostileScrollView()
        for a in Self.nasty {
            for b in Self.nasty {
                let v = UILabel(frame: CGRect(x: a, y: b, width: b, height: a))
                v.text = "x"
                v.backgroundColor = .red
                v.center = CGPoint(x: b, y: a)
                v.bounds = CGRect(x: a, y: a, width: a, height: b)
                scrollView.addSubview(v)
            }
        }
        let play = HostilePlay(scrollView)
        #expect(play.error == nil)
        #expect(play.recording?.frames.isEmpty == false)
        #expect(play.seconds < Self.budget)
        for v in scrollView.subviews {
            let f = v.frame
            #expect(f.origin.x.isFinite && f.origin.y.isFinite && f.width.isFinite && f.height.isFinite)
            #expect(f.width >= 0 && f.height >= 0)
        }
    }

    /// contentOffset, contentSize, contentInset and decelerationRate set to NaN, ±∞, negative or 1e300, before
    /// and during the play (from every delegate callback), never trap.
    @Test func hostileScrollViewProperties() {
        final class Hostile: NSObject, UIScrollViewDelegate {
            var i = 0
            func next() -> CGFloat { i += 1; return HostileInputTests.nasty[i % HostileInputTests.nasty.count] }
            func scrollViewDidScroll(_ scrollView: UIScrollView) {
                guard i < 400 else { return }
                scrollView.contentSize = CGSize(width: next(), height: next())
                scrollView.contentInset = UIEdgeInsets(top: next(), left: next(), bottom: next(), right: next())
                scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: next())
                scrollView.setContentOffset(CGPoint(x: next(), y: next()), animated: i % 2 == 0)
                scrollView.scrollRectToVisible(CGRect(x: next(), y: next(), width: next(), height: next()),
                                               animated: i % 3 == 0)
            }
            func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                           targetContentOffset: UnsafeMutablePointer<CGPoint>) {
                targetContentOffset.pointee = CGPoint(x: next(), y: next())
            }
            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
                scrollView.contentOffset = CGPoint(x: 1e300, y: -.infinity)
            }
        }
        for start in Self.nasty {
            let scrollView = hostileScrollView()
            scrollView.contentSize = CGSize(width: 1e300, height: start)
            scrollView.contentSize.height = 1e300
            scrollView.contentInset = UIEdgeInsets(top: start, left: 1e300, bottom: .nan, right: -start)
            scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: start)
            scrollView.contentOffset = CGPoint(x: start, y: -start)
            let delegate = Hostile()
            scrollView.delegate = delegate
            let play = HostilePlay(scrollView)
            #expect(play.error == nil, "start \(start): \(String(describing: play.error))")
            #expect(play.seconds < Self.budget)
            let o = scrollView.contentOffset
            #expect(o.x.isFinite && o.y.isFinite)
        }
    }

    /// A contentSize of 1e300 plays a long fling to the far edge and back without trapping.
    @Test func contentSizeOf1e300() {
        let scrollView = hostileScrollView()
        scrollView.contentSize = CGSize(width: 1e300, height: 1e300)
        scrollView.contentOffset = CGPoint(x: 1e300, y: 1e300)
        let steps = #"[{"fling": {"velocity": {"x": -100000, "y": 100000}}}, {"wait": {"until": "idle", "max": 3}}]"#
        let play = HostilePlay(scrollView, steps: steps)
        #expect(play.error == nil)
        #expect(play.seconds < Self.budget)
    }

    /// A window (the root view) of 1e300 or 10⁷ points is refused with a message naming its size in pixels; one
    /// of zero width with an error.
    @Test func hostileWindowIsRefused() {
        let sizes = [CGSize(width: 1e300, height: 1e300), CGSize(width: 1e7, height: 1e7), CGSize(width: 0, height: 844)]
        for size in sizes {
            let scrollView = UIScrollView(frame: CGRect(origin: .zero, size: size))
            scrollView.contentSize = CGSize(width: 1e12, height: 1e12)
            let play = HostilePlay(scrollView)
            #expect(play.error != nil, "\(size)")
            if size.width > 0 {
                #expect(play.error?.message.contains("pixels") == true, "\(String(describing: play.error))")
            }
            #expect(play.seconds < Self.budget)
        }
        // NaN is ignored and a negative size standardized, as Core Animation does: these play.
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        scrollView.contentSize = CGSize(width: 1000, height: 1000)
        scrollView.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
        scrollView.frame = CGRect(x: 200, y: 300, width: -200, height: -300)
        #expect(scrollView.frame == CGRect(x: 0, y: 0, width: 200, height: 300))
        #expect(HostilePlay(scrollView).error == nil)
    }

    /// Content smaller than the bounds (UIKit's default contentSize is zero) does not scroll, and plays: UIKit
    /// allows it.
    @Test func contentSmallerThanTheBoundsPlays() {
        for size in [CGSize.zero, CGSize(width: 100, height: 5000), CGSize(width: CGFloat.nan, height: -1)] {
            let scrollView = hostileScrollView()
            scrollView.contentSize = size
            let play = HostilePlay(scrollView)
            #expect(play.error == nil, "\(size): \(String(describing: play.error))")
            #expect(play.seconds < Self.budget)
        }
    }

    /// The player's scale and fps are clamped to 1…8 and 1…240; the screen keeps a finite, positive scale.
    @Test func scaleAndFPSOutOfRange() {
        for (scale, fps) in [(0, 0), (-5, -5), (Int.max, Int.max), (Int.min, Int.min), (9, 241)] {
            let player = ScrollPlayer(scale: scale, fps: fps)
            #expect((1...8).contains(player.scale) && (1...240).contains(player.fps))
        }
        UIScreen.main.configure(size: CGSize(width: CGFloat.nan, height: -1), scale: .infinity)
        UIScreen.main.configure(size: CGSize(width: 100, height: 100), scale: -3)
        #expect(UIScreen.main.scale.isFinite && UIScreen.main.scale >= 1)
        #expect(UIScreen.main.bounds.width.isFinite && UIScreen.main.bounds.width >= 0)
    }
}
