import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
final class Recorder {
    var order: [String] = []
}

@MainActor
final class LoggingView: UIView {
    var name = ""
    var recorder: Recorder?
    var onLayout: (() -> Void)?
    override func layoutSubviews() {
        recorder?.order.append(name)
        onLayout?()
    }
}

@MainActor
@Suite struct LayoutTests {
    func tree(_ r: Recorder) -> (LoggingView, LoggingView, LoggingView, LoggingView) {
        func make(_ n: String) -> LoggingView { let v = LoggingView(frame: .zero); v.name = n; v.recorder = r; return v }
        let root = make("root"), a = make("a"), a1 = make("a1"), b = make("b")
        root.addSubview(a)
        a.addSubview(a1)
        root.addSubview(b)
        return (root, a, a1, b)
    }

    @Test func layoutRunsTopDownOnceAndOnlyWhenNeeded() throws {
        let r = Recorder()
        let (root, a, a1, b) = tree(r)
        try root.layoutPass()
        #expect(r.order == ["root", "a", "a1", "b"])

        r.order = []
        try root.layoutPass()
        #expect(r.order.isEmpty)

        b.setNeedsLayout()
        a1.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(r.order == ["a1", "b"])

        // A size change asks the view and its superview for layout; a move does not.
        r.order = []
        a1.frame.origin = CGPoint(x: 3, y: 3)
        try root.layoutPass()
        #expect(r.order.isEmpty)
        a1.frame.size = CGSize(width: 5, height: 5)
        try root.layoutPass()
        #expect(r.order == ["a", "a1"])
        _ = a
    }

    @Test func viewsAddedDuringLayoutAreLaidOutInTheSamePass() throws {
        let r = Recorder()
        let (root, a, _, _) = tree(r)
        try root.layoutPass()
        r.order = []
        let late = LoggingView(frame: .zero)
        late.name = "late"
        late.recorder = r
        a.onLayout = { a.addSubview(late) }
        a.setNeedsLayout()
        try root.layoutPass()
        #expect(r.order == ["a", "late"])
    }

    @Test func theLayoutPassIsBounded() {
        let root = UIView()
        for _ in 0..<20 { root.addSubview(UIView()) }
        #expect(throws: HeadlessUIKitError.self) { try root.layoutPass(maxViews: 10) }
        do {
            try root.layoutPass(maxViews: 10)
        } catch {
            #expect(error.limit == 10)
            #expect(error.message.contains("removeFromSuperview"))
        }
        // A view that asks for layout from its own layoutSubviews does not loop: it runs again next pass.
        let r = Recorder()
        let v = LoggingView(frame: .zero)
        v.recorder = r
        v.onLayout = { v.setNeedsLayout() }
        v.layoutIfNeeded()
        v.layoutIfNeeded()
        #expect(r.order.count == 2)
    }
}
