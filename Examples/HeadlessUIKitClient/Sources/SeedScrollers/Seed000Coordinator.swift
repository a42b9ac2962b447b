#if canImport(UIKit)
import UIKit
#else
import Foundation
import HeadlessUIKit
#endif
import Observation

// Seed 000 (Tz-george/InfiniteScrollView, ../shared/seeds/000_c58cfb6442e98a4e.txt): the article's Coordinator as it
// prints it, method for method. What is not the article's text:
// - The SwiftUI wrapper (`struct InfiniteScrollView: UIViewRepresentable` with makeCoordinator, makeUIView,
//   updateUIView and sizeThatFits) is dropped: the tests give the Coordinator a UIScrollView and play it with
//   ScrollPlayer. The struct stays, without SwiftUI, as the namespace `InfiniteScrollView.Coordinator` is named in.
// - `import Observation`: the article's file imports SwiftUI, which brings `@Observable`; UIKit alone does not.
// - `TileCoordinate` and the CGSize/CGPoint arithmetic are used by the article but not printed; they are written
//   below (at the end of the file) so that the article's expressions compile as printed.
// - `populateTiles()` called at the end of scrollViewDidScroll (see there).
// - Line breaks in backCenter's long line (the article's tokens, split to fit 120 columns).
// - `@MainActor` on InfiniteScrollViewManager: as printed, its nonisolated `backCenter()` reads the main-actor
//   Coordinator's scroll view, which Swift 6 refuses on iOS too.

struct InfiniteScrollView {
    class Coordinator: NSObject, UIScrollViewDelegate {
        var scrollView: UIScrollView!
        let contentSize = CGSize(width: 100000, height: 100000)

        // 用于记录 scrollView 的相对偏移量
        var offset: CGPoint = .zero

        func setupScrollView(scrollView: UIScrollView) {
            self.scrollView = scrollView
            scrollView.delegate = self
            scrollView.scrollsToTop = false
            scrollView.showsVerticalScrollIndicator = false
            scrollView.showsHorizontalScrollIndicator = false
            resetOffset()
        }

        func resetOffset() {
            scrollView.contentSize = contentSize
            let offset = CGPoint(
                x: (scrollView.contentSize.width - scrollView.frame.size.width) / 2,
                y: (scrollView.contentSize.height - scrollView.frame.size.height) / 2
            )
            scrollView.setContentOffset(offset, animated: false)
            self.offset = .zero
        }

        let tileSize = CGSize(width: 100, height: 100)
        // 记录tiles
        var tiles: [TileCoordinate:UILabel] = [:]

        func createTile(coordinate: TileCoordinate) {
            // 计算tile的origin
            let origin = CGPoint(
                x: (scrollView.contentSize.width - tileSize.width) / 2 + offset.x + coordinate.x * tileSize.width,
                y: (scrollView.contentSize.height - tileSize.height) / 2 + offset.y + coordinate.y * tileSize.height
            )

            // 设置基本属性
            let tile = UILabel(frame: CGRect(origin: origin, size: tileSize))
            tile.text = "(\(coordinate.x.formatted()), \(coordinate.y.formatted()))"
            tile.textAlignment = .center
            let isCenter = coordinate.equalTo(.zero)
            tile.backgroundColor = UIColor.gray.withAlphaComponent(isCenter ? 1 : 0.5)
            tile.layer.borderWidth = 0.5
            tile.layer.borderColor = UIColor.black.withAlphaComponent(0.1).cgColor
            // 加入渲染
            scrollView.addSubview(tile)
            // 加入记录
            tiles.updateValue(tile, forKey: coordinate)
        }

        var deltaOffset = CGPoint.zero
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            deltaOffset = (scrollView.contentSize - scrollView.frame.size) * 0.5 - scrollView.contentOffset
            // Not in the article's listing: the article tiles during scrolling from deltaOffset
            // ("deltaOffset则记录了滚动时的偏移量") but prints no caller of populateTiles(); without this line no
            // tile is ever added.
            populateTiles()
        }

        var centerOffset: CGPoint {
            CGPoint(
                x: (scrollView.contentSize.width - scrollView.frame.size.width) / 2,
                y: (scrollView.contentSize.height - scrollView.frame.size.height) / 2
            )
        }

        func updateOffset() {
            if deltaOffset.equalTo(.zero) { return }
            offset = CGPoint(
                x: offset.x + deltaOffset.x,
                y: offset.y + deltaOffset.y
            )
            for tile in tiles {
                tile.value.frame.origin = CGPoint(
                    x: tile.value.frame.origin.x + deltaOffset.x,
                    y: tile.value.frame.origin.y + deltaOffset.y
                )
            }
            deltaOffset = .zero
            scrollView.setContentOffset(centerOffset, animated: false)
        }

        // 停止拖拽
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            if (!decelerate) {
                updateOffset()
            }
        }

        // 停止减速(scroll停止)
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            updateOffset()
        }

        // 计算需要渲染的tile
        func populateTiles() {
            let frame = scrollView.frame.size
            let left = Int(round((-frame.width / 2 - offset.x - deltaOffset.x) / tileSize.width))
            let right = Int(round((frame.width / 2 - offset.x - deltaOffset.x) / tileSize.width))
            let top = Int(round((-frame.height / 2 - offset.y - deltaOffset.y) / tileSize.height))
            let bottom = Int(round((frame.height / 2 - offset.y - deltaOffset.y) / tileSize.height))
            renderTiles(rows: top...bottom, cols: left...right)
        }

        // 处理绘制
        func renderTiles(rows: ClosedRange<Int>, cols: ClosedRange<Int>) {
            for row in rows {
                for col in cols {
                    if !tiles.keys.contains(TileCoordinate(x: col, y: row)) {
                        createTile(coordinate: TileCoordinate(x: col, y: row))
                    }
                }
            }
            removeTiles(rows: rows, cols: cols)
        }

        // 删除不在范围内的tile
        func removeTiles(rows: ClosedRange<Int>, cols: ClosedRange<Int>) {
            for coordinate in tiles.keys {
                if !rows.contains(Int(coordinate.y)) || !cols.contains(Int(coordinate.x)) {
                    let tile = tiles[coordinate]
                    tile?.removeFromSuperview()
                    tiles.removeValue(forKey: coordinate)
                    continue
                }
            }
        }
    }
}

@MainActor
@Observable
final class InfiniteScrollViewManager {
    weak var coordinator: InfiniteScrollView.Coordinator!

    func backCenter() {
        guard let coordinator, let scrollView = coordinator.scrollView else { return }
        scrollView.setContentOffset((scrollView.contentSize - scrollView.frame.size) * 0.5
            + (coordinator.offset + coordinator.deltaOffset), animated: true)
    }
}

// What the article uses without printing it.

/// A tile's column and row, (0, 0) the centre tile. The article prints no definition; its uses fix the shape: made
/// from `renderTiles`' `Int`s (`TileCoordinate(x: col, y: row)`), `x` and `y` multiply CGFloats and call
/// `formatted()` like CGFloats, `Int(coordinate.y)`, `equalTo(.zero)` as CGPoint has, and a dictionary key (a
/// struct of our own rather than CGPoint, whose Hashable conformance UIKit does not document).
struct TileCoordinate: Hashable {
    var x: CGFloat
    var y: CGFloat

    init(x: Int, y: Int) {
        self.x = CGFloat(x)
        self.y = CGFloat(y)
    }

    init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    static let zero = TileCoordinate(x: 0, y: 0)

    func equalTo(_ other: TileCoordinate) -> Bool { self == other }
}

/// The article's CGSize arithmetic: `(contentSize - frame.size) * 0.5 - contentOffset`, and
/// `(contentSize - frame.size) * 0.5 + (offset + deltaOffset)` in backCenter.
func - (lhs: CGSize, rhs: CGSize) -> CGSize { CGSize(width: lhs.width - rhs.width, height: lhs.height - rhs.height) }
func * (lhs: CGSize, rhs: CGFloat) -> CGSize { CGSize(width: lhs.width * rhs, height: lhs.height * rhs) }
func - (lhs: CGSize, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.width - rhs.x, y: lhs.height - rhs.y) }
func + (lhs: CGSize, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.width + rhs.x, y: lhs.height + rhs.y) }
func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
