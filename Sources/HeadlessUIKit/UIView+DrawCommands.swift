import Foundation
import Rasterizer

extension UIView {
    /// What the frame draws for this view tree, back to front, in window points: for each view its fill
    /// (`backgroundColor`), then its border on top, then a label's text or an image view's image; then its
    /// subviews in order. The view with no superview (the receiver is taken as the root) stands in the window at
    /// its frame; a view's subviews are offset by `frame.origin − bounds.origin` (a scroll view's offset).
    ///
    /// Hidden views and views of alpha 0 are skipped with their subviews; `opacity` is the product of the alphas
    /// down the tree; `clip` starts as `window` and is intersected with the rectangle of every view that
    /// `clipsToBounds` (a label's text is always clipped to the label). Commands that would touch no pixel (empty
    /// rectangle, empty clip, transparent colour) are left out, and so are the subviews of a view whose clip is
    /// empty.
    ///
    /// - Parameters:
    ///   - window: the window's rectangle in points (the screen's bounds).
    ///   - maxViews: views drawn at most.
    /// - Throws: `HeadlessUIKitError` when more than `maxViews` views would be drawn.
    func drawCommands(
        window: CGRect, atOrigin: Bool = false,
        maxViews: Int = ViewLimits.maxViewsPerFrame
    ) throws(HeadlessUIKitError) -> [DrawCommand] {
        struct Pending {
            let view: UIView
            let offset: CGPoint
            let clip: CGRect
            let opacity: Double
        }
        var commands: [DrawCommand] = []
        // `atOrigin`: the view's own top-left corner is the window's (the player's root).
        let start = atOrigin ? CGPoint(x: -frameOrigin.x, y: -frameOrigin.y) : .zero
        var stack = [Pending(view: self, offset: start, clip: sanitizedRect(window) ?? .zero, opacity: 1)]
        var drawn = 0
        while let item = stack.popLast() {
            let view = item.view
            guard !view.isHidden, view.alpha > 0 else { continue }
            drawn += 1
            guard drawn <= maxViews else {
                throw HeadlessUIKitError(
                    "the view tree holds more than \(maxViews) visible views to draw; remove views you no longer "
                        + "show (removeFromSuperview) or hide them, so that fewer than \(maxViews) are drawn",
                    limit: maxViews)
            }
            let opacity = item.opacity * Double(view.alpha)
            let rect = CGRect(
                x: item.offset.x + view.frameOrigin.x, y: item.offset.y + view.frameOrigin.y,
                width: view.boundsStorage.width, height: view.boundsStorage.height)
            let clip = view.clipsToBounds ? item.clip.intersection(rect) : item.clip
            if clip.isEmpty { continue }
            view.appendContent(to: &commands, rect: rect, clip: clip, opacity: opacity)
            let childOffset = CGPoint(
                x: rect.origin.x - view.boundsStorage.origin.x,
                y: rect.origin.y - view.boundsStorage.origin.y)
            for child in view.subviewsStorage.reversed() {
                stack.append(Pending(view: child, offset: childOffset, clip: clip, opacity: opacity))
            }
        }
        return commands
    }

    /// The view's own commands: fill, border, then text or image.
    private func appendContent(to commands: inout [DrawCommand], rect: CGRect, clip: CGRect, opacity: Double) {
        let radius = min(Double(layer.cornerRadius), Double(min(rect.width, rect.height)) / 2)
        func add(_ content: DrawCommand.Content, in r: CGRect = rect, clip c: CGRect = clip) {
            guard r.width > 0, r.height > 0, r.intersects(c) else { return }
            commands.append(DrawCommand(rect: r, clip: c, opacity: opacity, cornerRadius: radius, content: content))
        }
        if let fill = layer.backgroundColor.map({ UIColor(cgColor: $0).rgba }), fill.a > 0 {
            add(.fill(fill))
        }
        if layer.borderWidth > 0, let color = layer.borderColor.map({ UIColor(cgColor: $0).rgba }), color.a > 0 {
            add(.border(width: Double(layer.borderWidth), color: color))
        }
        if let label = self as? UILabel, let text = label.text, !text.isEmpty {
            let color = label.textColor.rgba
            if color.a > 0 {
                let content = DrawCommand.TextContent(
                    text: text, pointSize: Double(label.font.pointSize), bold: label.font.isBold, color: color,
                    alignment: label.textAlignment.drawAlignment, numberOfLines: label.numberOfLines)
                add(.text(content), clip: clip.intersection(rect))
            }
        }
        if let imageView = self as? UIImageView, let image = imageView.image {
            let (mode, placed) = imageView.contentMode.placement(of: image.size, in: rect)
            add(.image(DrawCommand.ImageContent(pixels: image.pixmap, size: image.size, mode: mode)), in: placed)
        }
    }
}

extension NSTextAlignment {
    var drawAlignment: DrawCommand.TextContent.Alignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .natural: .natural
        case .justified: .justified
        }
    }
}

extension UIView.ContentMode {
    /// The draw mode and rectangle for an image of `size` in a view at `rect`: the four modes the rasterizer has
    /// are drawn in the view's rectangle (`redraw` as `scaleToFill`); the edge and corner modes become `center` in
    /// a rectangle of the image's size placed against that edge or corner, which is exactly UIKit's placement.
    func placement(of size: CGSize, in rect: CGRect) -> (DrawCommand.ImageContent.Mode, CGRect) {
        let w = size.width
        let h = size.height
        let left = rect.minX
        let right = rect.maxX - w
        let midX = rect.midX - w / 2
        let top = rect.minY
        let bottom = rect.maxY - h
        let midY = rect.midY - h / 2
        func at(_ x: CGFloat, _ y: CGFloat) -> (DrawCommand.ImageContent.Mode, CGRect) {
            (.center, CGRect(x: x, y: y, width: w, height: h))
        }
        switch self {
        case .scaleToFill, .redraw: return (.scaleToFill, rect)
        case .scaleAspectFit: return (.scaleAspectFit, rect)
        case .scaleAspectFill: return (.scaleAspectFill, rect)
        case .center: return (.center, rect)
        case .top: return at(midX, top)
        case .bottom: return at(midX, bottom)
        case .left: return at(left, midY)
        case .right: return at(right, midY)
        case .topLeft: return at(left, top)
        case .topRight: return at(right, top)
        case .bottomLeft: return at(left, bottom)
        case .bottomRight: return at(right, bottom)
        }
    }
}
