import Foundation
import GridModel

/// What the player gives `ScreenContentVerifier` each frame: the content views inside the scroll view, where
/// they are on screen, and how far the model moved the content. Holds the verifier and the previous frame's
/// final offset only.
@MainActor
struct ScreenCollector {
    var verifier: ScreenContentVerifier
    /// The scroll view's `contentOffset` at the end of the previous frame.
    var lastOffset: CGPoint
    /// The model's offset right after this frame's step.
    var modelOffset: CGPoint

    init(scrollView: UIScrollView) {
        let b = scrollView.bounds.size
        let c = scrollView.contentSize
        let i = scrollView.adjustedContentInset
        let on = scrollView.isScrollEnabled
        let x = on && (c.width + i.left + i.right > b.width || scrollView.alwaysBounceHorizontal)
        let y = on && (c.height + i.top + i.bottom > b.height || scrollView.alwaysBounceVertical)
        verifier = ScreenContentVerifier(
            scrollsHorizontally: x, scrollsVertically: y,
            period: scrollView.isPagingEnabled ? b : nil)
        lastOffset = scrollView.contentOffset
        modelOffset = lastOffset
    }

    /// Notes the model's offset after its step (before the delegate sees it).
    mutating func stepped(to offset: Vector) {
        modelOffset = CGPoint(x: offset.x, y: offset.y)
    }

    /// Collects frame `index` after layout and feeds it to the verifier.
    mutating func collect(frame index: Int, root: UIView, scrollView: UIScrollView, window: CGRect) {
        let final = scrollView.contentOffset
        let displacement = CGPoint(x: modelOffset.x - lastOffset.x, y: modelOffset.y - lastOffset.y)
        let shift = CGPoint(x: final.x - modelOffset.x, y: final.y - modelOffset.y)
        lastOffset = final
        let (viewport, items, content) = Self.items(root: root, scrollView: scrollView, window: window)
        var frame = ScreenFrame(
            index: index, viewport: viewport, displacement: displacement, appShift: shift,
            items: items, liveViews: Self.count(root))
        frame.content = content
        verifier.feed(frame)
    }

    /// Views under `root`, `root` included (at most `ViewLimits.maxViewsPerFrame`).
    static func count(_ root: UIView) -> Int {
        var stack = [root]
        var n = 0
        while let v = stack.popLast(), n < ViewLimits.maxViewsPerFrame {
            n += 1
            stack.append(contentsOf: v.subviewsStorage)
        }
        return n
    }

    /// The scroll view's visible rectangle and the drawing views inside it that intersect it, placed exactly as
    /// `drawCommands(window:)` places them (hidden and transparent views skipped with their subviews).
    static func items(root: UIView, scrollView: UIScrollView, window: CGRect) -> (CGRect, [ScreenItem], CGRect) {
        struct Pending {
            let view: UIView, offset: CGPoint, clip: CGRect, opacity: Double, inside: Bool
        }
        let screen = CGRect(origin: .zero, size: window.size)
        // The root's own origin is the window's top-left corner.
        let start = CGPoint(x: -root.frameOrigin.x, y: -root.frameOrigin.y)
        var stack = [Pending(view: root, offset: start, clip: screen, opacity: 1, inside: false)]
        var viewport = CGRect.zero
        var content = CGRect.null
        var found: [(ScreenItem, CGRect)] = []
        var visited = 0
        while let p = stack.popLast(), visited < ViewLimits.maxViewsPerFrame {
            let view = p.view
            guard !view.isHidden, view.alpha > 0 else { continue }
            visited += 1
            let opacity = p.opacity * Double(view.alpha)
            let rect = CGRect(
                x: p.offset.x + view.frameOrigin.x, y: p.offset.y + view.frameOrigin.y,
                width: view.boundsStorage.width, height: view.boundsStorage.height)
            let clip = view.clipsToBounds ? p.clip.intersection(rect) : p.clip
            if clip.isEmpty { continue }
            if view === scrollView {
                viewport = rect.intersection(screen)
                content = CGRect(
                    x: rect.minX - view.boundsStorage.minX, y: rect.minY - view.boundsStorage.minY,
                    width: scrollView.contentSize.width, height: scrollView.contentSize.height)
            }
            if p.inside, let signature = view.screenSignature(opacity: opacity) {
                let item = ScreenItem(
                    id: view.serial, signature: signature,
                    name: view.screenName(rect), rect: rect, clip: clip)
                found.append((item, rect))
            }
            let origin = CGPoint(x: rect.minX - view.boundsStorage.minX, y: rect.minY - view.boundsStorage.minY)
            // A scroll view inside the driven one scrolls its content by its own offset: not judged by this one's
            // motion (a synced header strip, a nested carousel).
            let inside = (p.inside || view === scrollView) && !(view is UIScrollView && view !== scrollView)
            for child in view.subviewsStorage.reversed() {
                stack.append(Pending(view: child, offset: origin, clip: clip, opacity: opacity, inside: inside))
            }
        }
        let items = found.filter { ScreenContentVerifier.overlaps($0.1, viewport) }.map(\.0)
        return (viewport.isNull ? .zero : viewport, items, content)
    }
}

extension UIView {
    /// What the view draws, as a signature; nil when it draws nothing (no fill, border, text or image).
    func screenSignature(opacity: Double) -> ScreenItem.Signature? {
        let fill = layer.backgroundColor.map { UIColor(cgColor: $0).rgba }.flatMap { $0.a > 0 ? $0 : nil }
        let stroke = layer.borderColor.map { UIColor(cgColor: $0).rgba }.flatMap { $0.a > 0 ? $0 : nil }
        let border = layer.borderWidth > 0 ? stroke : nil
        var text: String?
        var textColor: RGBA?
        if let label = self as? UILabel, let t = label.text, !t.isEmpty, label.textColor.rgba.a > 0 {
            text = t
            textColor = label.textColor.rgba
        }
        let image = (self as? UIImageView)?.image.map { ObjectIdentifier($0) }
        guard fill != nil || border != nil || text != nil || image != nil else { return nil }
        return ScreenItem.Signature(
            text: text, textColor: textColor, fill: fill, border: border,
            borderWidth: border == nil ? 0 : Double(layer.borderWidth), image: image,
            width: Double(boundsStorage.width), height: Double(boundsStorage.height),
            opacity: opacity)
    }

    /// A label's text in quotes, else the type's name and the frame.
    func screenName(_ rect: CGRect) -> String {
        if let label = self as? UILabel, let text = label.text, !text.isEmpty { return "\"\(text)\"" }
        let f = frame
        return "\(type(of: self)) (\(ScreenContentVerifier.text(Double(f.minX))), "
            + "\(ScreenContentVerifier.text(Double(f.minY))), \(ScreenContentVerifier.text(Double(f.width)))"
            + " × \(ScreenContentVerifier.text(Double(f.height))))"
    }
}
