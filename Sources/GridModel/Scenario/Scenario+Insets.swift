/// Content insets in points on each side of the content: UIKit's `UIEdgeInsets`.
///
/// ```swift
/// var scroll = ScrollSpec(paging: .viewport)
/// scroll.contentInset = EdgeInsets(top: 0, left: 40, bottom: 0, right: 40)
/// ```
public struct EdgeInsets: Sendable, Equatable {
    /// Space above the content.
    public var top: Double
    /// Space to the left of the content.
    public var left: Double
    /// Space below the content.
    public var bottom: Double
    /// Space to the right of the content.
    public var right: Double
    /// Insets of `top`, `left`, `bottom` and `right` points.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// No inset on any side.
    public static let zero = EdgeInsets()
    /// Side by side sums (the adjusted inset is the content inset plus the safe area).
    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}

/// Whether the safe area adds to the content inset: UIKit's `contentInsetAdjustmentBehavior`.
public enum InsetAdjustment: String, Sendable, CaseIterable {
    /// `.never`: the adjusted content inset is `contentInset`.
    case never
    /// `.always`: the adjusted content inset is `contentInset` plus `safeArea`.
    case always
}

/// Where paging counts its pages from.
public enum PageGrid: String, Sendable, CaseIterable {
    /// UIKit's `isPagingEnabled`: pages are multiples of the page size counted from content offset 0, whatever the
    /// insets (so an inset shifts every page by the inset: pattern 7's naive side).
    case content
    /// The correct twin: page 0 is the lowest offset, −(adjusted inset), and pages are multiples of the page size
    /// from there, so every page shows the same part of the inset area.
    case adjustedInset
}

extension ScrollSpec {
    /// UIKit's `adjustedContentInset`: `contentInset`, plus `safeArea` when `contentInsetAdjustment` is `.always`.
    ///
    /// ```swift
    /// let scroll = ScrollSpec(contentInset: EdgeInsets(top: 10), safeArea: EdgeInsets(top: 47), contentInsetAdjustment: .always)
    /// // scroll.adjustedContentInset.top == 57
    /// ```
    public var adjustedContentInset: EdgeInsets {
        contentInsetAdjustment == .always ? contentInset + safeArea : contentInset
    }
}
