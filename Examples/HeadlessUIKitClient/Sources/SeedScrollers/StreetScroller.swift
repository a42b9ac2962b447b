#if canImport(UIKit)
import UIKit
#else
import Foundation
import HeadlessUIKit
#endif

/// An endless horizontal street of address labels in the style of Apple's StreetScroller (WWDC 2011 session 104,
/// "InfiniteScrollView"), written anew: a scroll view with a finite content 5000 points wide that, in
/// `layoutSubviews`, moves its offset back to the centre once it strays more than a quarter of the content from it,
/// and moves every label by the same amount so that nothing appears to move; then it tiles labels along a strip
/// (the lower half of a container as wide as the content) so that they cover what is visible, adding them at the
/// edge they are missing from and removing those that fell off.
///
/// Each label shows its house number, counted from 0 to the right and −1 to the left, so frames show which label is
/// where.
class StreetScroller: UIScrollView {
    /// The labels' parent: the whole width of the content, its lower half.
    let labelContainerView = UIView()
    /// The labels in the container, left to right.
    private(set) var visibleLabels: [UILabel] = []
    /// The size of one label.
    let labelSize = CGSize(width: 150, height: 80)
    /// The house number of the next label added on the right, and on the left.
    private var nextNumberOnRight = 0
    private var nextNumberOnLeft = -1

    override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        contentSize = CGSize(width: 5000, height: frame.size.height)
        labelContainerView.frame = CGRect(x: 0, y: contentSize.height / 2, width: contentSize.width,
                                          height: contentSize.height / 2)
        addSubview(labelContainerView)
        labelContainerView.isUserInteractionEnabled = false
        showsHorizontalScrollIndicator = false
    }

    // MARK: Recentering

    /// Moves the offset back to the centre when it is more than a quarter of the content away from it, and the
    /// labels by the same amount (`shiftLabels(by:)`), so the street seems not to move.
    func recenterIfNecessary() {
        let currentOffset = contentOffset
        let contentWidth = contentSize.width
        let centerOffsetX = (contentWidth - bounds.size.width) / 2
        let distanceFromCenter = abs(currentOffset.x - centerOffsetX)
        if distanceFromCenter > contentWidth / 4 {
            contentOffset = CGPoint(x: centerOffsetX, y: currentOffset.y)
            shiftLabels(by: centerOffsetX - currentOffset.x)
        }
    }

    /// Moves every label `shift` points along the street (in the scroll view's coordinates).
    func shiftLabels(by shift: CGFloat) {
        for label in visibleLabels {
            var center = labelContainerView.convert(label.center, to: self)
            center.x += shift
            label.center = convert(center, to: labelContainerView)
        }
    }

    // MARK: Layout

    override func layoutSubviews() {
        super.layoutSubviews()
        recenterIfNecessary()
        let visibleBounds = convert(bounds, to: labelContainerView)
        tileLabels(fromMinX: visibleBounds.minX, toMaxX: visibleBounds.maxX)
    }

    // MARK: Tiling

    private func insertLabel(number: Int) -> UILabel {
        let label = UILabel(frame: CGRect(origin: .zero, size: labelSize))
        label.numberOfLines = 2
        label.text = "\(number) Block Street\nCupertino"
        label.textAlignment = .center
        label.backgroundColor = number % 2 == 0 ? .systemYellow : .systemTeal
        labelContainerView.addSubview(label)
        return label
    }

    /// Adds a label whose left edge is `rightEdge`; returns its right edge.
    private func placeNewLabel(onRight rightEdge: CGFloat) -> CGFloat {
        let label = insertLabel(number: nextNumberOnRight)
        nextNumberOnRight += 1
        visibleLabels.append(label)
        label.frame.origin = CGPoint(x: rightEdge, y: labelContainerView.bounds.size.height - labelSize.height)
        return label.frame.maxX
    }

    /// Adds a label whose right edge is `leftEdge`; returns its left edge.
    private func placeNewLabel(onLeft leftEdge: CGFloat) -> CGFloat {
        let label = insertLabel(number: nextNumberOnLeft)
        nextNumberOnLeft -= 1
        visibleLabels.insert(label, at: 0)
        label.frame.origin = CGPoint(x: leftEdge - labelSize.width,
                                     y: labelContainerView.bounds.size.height - labelSize.height)
        return label.frame.minX
    }

    /// Makes the labels cover `minimumVisibleX…maximumVisibleX` (the container's coordinates) and no more than the
    /// labels that touch it.
    private func tileLabels(fromMinX minimumVisibleX: CGFloat, toMaxX maximumVisibleX: CGFloat) {
        // Labels that fell off either edge go first (all of them, if the visible part moved past them all).
        while let last = visibleLabels.last, last.frame.minX > maximumVisibleX {
            last.removeFromSuperview()
            visibleLabels.removeLast()
        }
        while let first = visibleLabels.first, first.frame.maxX < minimumVisibleX {
            first.removeFromSuperview()
            visibleLabels.removeFirst()
        }
        // Tiling grows from a label that is there: the first one starts at the visible left edge.
        if visibleLabels.isEmpty {
            _ = placeNewLabel(onRight: minimumVisibleX)
        }
        var rightEdge = visibleLabels[visibleLabels.count - 1].frame.maxX
        while rightEdge < maximumVisibleX {
            rightEdge = placeNewLabel(onRight: rightEdge)
        }
        var leftEdge = visibleLabels[0].frame.minX
        while leftEdge > minimumVisibleX {
            leftEdge = placeNewLabel(onLeft: leftEdge)
        }
    }
}

// MARK: - Broken on purpose

/// StreetScroller whose recenter moves the offset but not the labels: at the frame of the first recenter with
/// labels on screen, the street jumps by the whole shift (over 1250 points), and the labels it jumped to are tiled
/// anew from the visible left edge.
class StreetScrollerUnshifted: StreetScroller {
    override func shiftLabels(by shift: CGFloat) {}
}

/// StreetScroller whose recenter moves the labels by the shift rounded to whole points, while the offset moves by
/// the exact shift (a multiple of a device pixel): at a recenter whose shift has a fraction of a point, the labels
/// jump by that fraction on screen (a device pixel at 2x or 3x).
class StreetScrollerRoundedShift: StreetScroller {
    override func shiftLabels(by shift: CGFloat) {
        super.shiftLabels(by: shift.rounded())
    }
}
