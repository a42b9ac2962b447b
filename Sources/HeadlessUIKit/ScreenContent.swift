public import Foundation
public import GridModel

/// One piece of content a frame shows inside the scroll view: a view that draws something (a fill, a border, a
/// label's text, an image), where it is on screen and what it looks like. `ScreenContentVerifier` compares the
/// items of consecutive frames.
///
/// ```swift
/// let item = ScreenItem(id: 7, signature: .init(text: "(0, 0)", width: 100, height: 100), name: "\"(0, 0)\"",
///                       rect: CGRect(x: 0, y: 0, width: 100, height: 100))
/// ```
public struct ScreenItem: Sendable {
    /// What makes two views look the same: two items with equal signatures at the same place draw the same pixels
    /// (a carousel's duplicate copy replacing the real item is seamless).
    public struct Signature: Sendable, Hashable {
        /// A label's text (nil for other views).
        public var text: String?
        /// The text's colour.
        public var textColor: RGBA?
        /// The background fill (nil: none).
        public var fill: RGBA?
        /// The border's colour (nil: none).
        public var border: RGBA?
        /// The border's width in points.
        public var borderWidth: Double
        /// The image drawn (its object's identity).
        public var image: ObjectIdentifier?
        /// The view's size in points.
        public var width: Double
        /// The view's height in points (`width` is its width).
        public var height: Double
        /// The product of the alphas down the tree.
        public var opacity: Double

        /// A signature; every part but the size is optional.
        public init(
            text: String? = nil, textColor: RGBA? = nil, fill: RGBA? = nil, border: RGBA? = nil,
            borderWidth: Double = 0, image: ObjectIdentifier? = nil, width: Double, height: Double,
            opacity: Double = 1
        ) {
            self.text = text
            self.textColor = textColor
            self.fill = fill
            self.border = border
            self.borderWidth = borderWidth
            self.image = image
            self.width = width
            self.height = height
            self.opacity = opacity
        }
    }

    /// The view's identity (`ObjectIdentifier` of the view, or any number in hand-built frames).
    public var id: Int
    /// What it looks like.
    public var signature: Signature
    /// A name a person recognises: a label's text in quotes, else the type name and its frame.
    public var name: String
    /// Its rectangle in window points, exact (as the draw commands place it, before clipping).
    public var rect: CGRect
    /// The part of the window it may touch (its clipping ancestors' bounds); nil: the whole window.
    public var clip: CGRect?

    /// An item `id` looking like `signature`, named `name`, at `rect` in window points.
    public init(id: Int, signature: Signature, name: String, rect: CGRect, clip: CGRect? = nil) {
        self.id = id
        self.signature = signature
        self.name = name
        self.rect = rect
        self.clip = clip
    }

    /// The part of it that can show inside `viewport`.
    func visible(in viewport: CGRect) -> CGRect {
        let r = rect.intersection(viewport)
        guard let clip else { return r }
        return r.intersection(clip)
    }
}

/// What one frame shows inside the scroll view, as `ScreenContentVerifier` takes it.
public struct ScreenFrame: Sendable {
    /// The frame's index.
    public var index: Int
    /// The scroll view's visible rectangle in window points (its frame ∩ the window).
    public var viewport: CGRect
    /// How far the finger or the physics moved the content this frame, in points (the model's offset after its
    /// step minus the scroll view's `contentOffset` at the end of the previous frame): content moves on screen by
    /// −displacement. The app's own `contentOffset` writes are not part of it.
    public var displacement: CGPoint
    /// How far the app's own writes moved `contentOffset` this frame (its final offset minus the model's offset
    /// after the step): a recenter or a carousel's wrap. Names the pattern of a jump.
    public var appShift: CGPoint
    /// The content views that intersect the viewport.
    public var items: [ScreenItem]
    /// Every view under the root, drawn or not.
    public var liveViews: Int
    /// The scroll view's content (0…contentSize) in window points, `.null` when unknown: coverage is judged only
    /// where there is content (a scroll pulled past its edge shows the background there, as UIKit does).
    public var content = CGRect.null

    /// A frame; `appShift` is zero unless given.
    public init(
        index: Int, viewport: CGRect, displacement: CGPoint, appShift: CGPoint = .zero,
        items: [ScreenItem], liveViews: Int
    ) {
        self.index = index
        self.viewport = viewport
        self.displacement = displacement
        self.appShift = appShift
        self.items = items
        self.liveViews = liveViews
    }
}
