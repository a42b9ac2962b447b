#if canImport(UIKit)
import UIKit
#else
import Foundation
import HeadlessUIKit
#endif

/// Seed 001's third way to page (../shared/seeds/001_52e6f51aee1622cd.txt, "2.3 修改 targetContentOffset"): a
/// horizontal row of bubbles that snaps to whole bubbles by rewriting `targetContentOffset` in
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`, so the deceleration itself ends on a page and
/// no snap follows it. The article's Objective-C `nearestTargetOffsetForOffset:` in Swift, line for line: the page
/// is `roundf(offset.x / pageSize)` of the offset UIKit would have stopped at, the page size a bubble and its
/// padding (several pages on one screen).
class SnapPagerController: NSObject, UIScrollViewDelegate {
    let BUBBLE_DIAMETER: CGFloat = 80
    let BUBBLE_PADDING: CGFloat = 20
    /// How many bubbles the row holds.
    let bubbleCount = 40
    let scrollView: UIScrollView

    init(frame: CGRect) {
        scrollView = UIScrollView(frame: frame)
        super.init()
        let pageSize = BUBBLE_DIAMETER + BUBBLE_PADDING
        scrollView.contentSize = CGSize(width: pageSize * CGFloat(bubbleCount) + BUBBLE_PADDING,
                                        height: frame.size.height)
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.delegate = self
        for index in 0..<bubbleCount {
            let bubble = UILabel(frame: CGRect(x: BUBBLE_PADDING + pageSize * CGFloat(index),
                                               y: (frame.size.height - BUBBLE_DIAMETER) / 2,
                                               width: BUBBLE_DIAMETER, height: BUBBLE_DIAMETER))
            bubble.text = "\(index)"
            bubble.textAlignment = .center
            bubble.backgroundColor = index % 5 == 0 ? .systemOrange : .systemBlue
            bubble.layer.cornerRadius = BUBBLE_DIAMETER / 2
            bubble.clipsToBounds = true
            scrollView.addSubview(bubble)
        }
    }

    func nearestTargetOffset(for offset: CGPoint) -> CGPoint {
        let pageSize = BUBBLE_DIAMETER + BUBBLE_PADDING
        let page = Int(roundf(Float(offset.x / pageSize)))
        let targetX = pageSize * CGFloat(page)
        return CGPoint(x: targetX, y: offset.y)
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let targetOffset = nearestTargetOffset(for: targetContentOffset.pointee)
        targetContentOffset.pointee.x = targetOffset.x
        targetContentOffset.pointee.y = targetOffset.y
    }
}
