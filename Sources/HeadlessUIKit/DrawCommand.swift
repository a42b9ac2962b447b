import Foundation
import GridModel
import Rasterizer

/// One thing a frame draws, in window points, produced by walking the view tree back to front
/// (`UIView` and its subclasses) and consumed by `ViewRasterizer`. The contract between the views and the
/// pixels: views never touch a `Pixmap`, the rasterizer never sees a view.
struct DrawCommand: Sendable, Equatable {
    enum Content: Sendable, Equatable {
        /// The view's rectangle filled with `backgroundColor` (straight alpha).
        case fill(RGBA)
        /// The layer's border: `width` points inside the rectangle, in `color`.
        case border(width: Double, color: RGBA)
        /// A label's text laid out in the rectangle.
        case text(TextContent)
        /// An image view's image, placed in the rectangle by its content mode.
        case image(ImageContent)
    }

    struct TextContent: Sendable, Equatable {
        var text: String
        /// The font's point size (the default font stands in for every family).
        var pointSize: Double
        var bold: Bool
        var color: RGBA
        var alignment: Alignment
        /// 0: as many lines as fit; n: at most n lines.
        var numberOfLines: Int
        enum Alignment: Sendable, Equatable { case left, center, right, natural, justified }
    }

    struct ImageContent: Sendable, Equatable {
        var pixels: Pixmap
        /// The image's size in points (pixels / its scale).
        var size: CGSize
        var mode: Mode
        enum Mode: Sendable, Equatable { case scaleToFill, scaleAspectFit, scaleAspectFill, center }
    }

    /// Where, in window points.
    var rect: CGRect
    /// The part of the window it may touch: the intersection of every clipping ancestor's bounds (and the
    /// window's), in window points.
    var clip: CGRect
    /// The product of the view's and its ancestors' `alpha` (0…1).
    var opacity: Double
    /// The layer's corner radius in points (0: square corners).
    var cornerRadius: Double
    var content: Content
}
