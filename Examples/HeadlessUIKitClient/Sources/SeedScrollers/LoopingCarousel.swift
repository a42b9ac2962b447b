#if canImport(UIKit)
import UIKit
#else
import Foundation
import HeadlessUIKit
#endif

/// Seed 004's endless carousel (../shared/seeds/004_ef37318c01c721e0.txt): the items with the last one copied in
/// front and the first one copied behind (`["Three", "One", "Two", "Three", "One"]`), one full-width page each
/// on a paging scroll view; when a deceleration ends on a copy, a jump without animation to the real item.
///
/// The article uses a UICollectionView (a UIScrollView subclass) and jumps with
/// `scrollToItem(at:at: .left, animated: false)`; here the pages are labels on a plain paging UIScrollView and
/// `scrollToItem(at:)` sets the same offset (the item's index times the page width) with
/// `setContentOffset(_:animated: false)`. `setupDataForCollectionView()` and `scrollViewDidEndDecelerating(_:)`
/// are the article's, with `collectionView` read as `scrollView`.
class LoopingCarouselController: NSObject, UIScrollViewDelegate {
    var items: [String] = []
    let scrollView: UIScrollView

    /// A carousel filling `frame`, showing the first real item ("One", at index 1).
    init(frame: CGRect) {
        scrollView = UIScrollView(frame: frame)
        super.init()
        setupDataForCollectionView()
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.contentSize = CGSize(width: frame.size.width * CGFloat(items.count), height: frame.size.height)
        for (index, item) in items.enumerated() {
            let page = UILabel(frame: CGRect(x: frame.size.width * CGFloat(index), y: 0,
                                             width: frame.size.width, height: frame.size.height))
            page.text = item
            page.textAlignment = .center
            page.font = .boldSystemFont(ofSize: 48)
            page.backgroundColor = Self.color(of: item)
            scrollView.addSubview(page)
        }
        scrollView.delegate = self
        scrollToItem(at: 1)
    }

    /// A colour per item, the same for an item and its copy.
    static func color(of item: String) -> UIColor {
        switch item {
        case "One": return .systemRed
        case "Two": return .systemGreen
        default: return .systemBlue
        }
    }

    private func setupDataForCollectionView() {
        let originalItems = ["One", "Two", "Three"]
        if let firstItem = originalItems.first, let lastItem = originalItems.last {
            var workItems = originalItems
            workItems.insert(lastItem, at: 0)
            workItems.append(firstItem)
            items = workItems
        }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        let contentOffsetX = scrollView.contentOffset.x
        let contentOffsetWhenFullyScrolledRight = (scrollView.frame.width) * CGFloat(items.count - 1)
        if contentOffsetX == contentOffsetWhenFullyScrolledRight {
            scrollToItem(at: 1)
        } else if contentOffsetX == 0 {
            scrollToItem(at: items.count - 2)
        }
    }

    /// The article's `collectionView?.scrollToItem(at: IndexPath(item: item, section: 0), at: .left,
    /// animated: false)` on the paging scroll view: the item's page at the left edge, at once.
    func scrollToItem(at item: Int) {
        scrollView.setContentOffset(CGPoint(x: scrollView.frame.width * CGFloat(item), y: 0), animated: false)
    }
}

// MARK: - Broken on purpose

/// The carousel with its two jumps swapped: resting on the copy of the first item (past the last) it jumps to the
/// real last item, and on the copy of the last (before the first) to the real first item. The frame of
/// `scrollViewDidEndDecelerating` shows another item than the frame before it ("Three" for "One").
final class LoopingCarouselWrongCopy: LoopingCarouselController {
    override func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        let contentOffsetX = scrollView.contentOffset.x
        let contentOffsetWhenFullyScrolledRight = (scrollView.frame.width) * CGFloat(items.count - 1)
        if contentOffsetX == contentOffsetWhenFullyScrolledRight {
            scrollToItem(at: items.count - 2)
        } else if contentOffsetX == 0 {
            scrollToItem(at: 1)
        }
    }
}
