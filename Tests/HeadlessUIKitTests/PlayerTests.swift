import Foundation
import Testing
@testable import HeadlessUIKit
import GridModel
import Rasterizer

/// Seed 000's `Coordinator` (the article's code; `TileCoordinate` is its own point type, and the `CGSize`
/// arithmetic it uses is written out): a UIScrollViewDelegate that lays UILabel tiles out around a 100000-point
/// content, and on every rest moves them and the offset back to the centre.
@MainActor
final class SeedCoordinator: NSObject, UIScrollViewDelegate {
    struct TileCoordinate: Hashable { var x: CGFloat; var y: CGFloat }
    var scrollView: UIScrollView!
    let contentSize = CGSize(width: 100000, height: 100000)
    var offset: CGPoint = .zero
    let tileSize = CGSize(width: 100, height: 100)
    var tiles: [TileCoordinate: UILabel] = [:]
    var calls: [String] = []

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
        let offset = CGPoint(x: (scrollView.contentSize.width - scrollView.frame.size.width) / 2,
                             y: (scrollView.contentSize.height - scrollView.frame.size.height) / 2)
        scrollView.setContentOffset(offset, animated: false)
        self.offset = .zero
    }

    func createTile(coordinate: TileCoordinate) {
        let origin = CGPoint(x: (scrollView.contentSize.width - tileSize.width) / 2 + offset.x + coordinate.x * tileSize.width,
                             y: (scrollView.contentSize.height - tileSize.height) / 2 + offset.y + coordinate.y * tileSize.height)
        let tile = UILabel(frame: CGRect(origin: origin, size: tileSize))
        tile.text = "(\(Int(coordinate.x).formatted()), \(Int(coordinate.y).formatted()))"
        tile.textAlignment = .center
        let isCenter = coordinate == TileCoordinate(x: 0, y: 0)
        tile.backgroundColor = UIColor.gray.withAlphaComponent(isCenter ? 1 : 0.5)
        tile.layer.borderWidth = 0.5
        tile.layer.borderColor = UIColor.black.withAlphaComponent(0.1).cgColor
        scrollView.addSubview(tile)
        tiles.updateValue(tile, forKey: coordinate)
    }

    var deltaOffset = CGPoint.zero
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        deltaOffset = CGPoint(x: (scrollView.contentSize.width - scrollView.frame.size.width) * 0.5 - scrollView.contentOffset.x,
                              y: (scrollView.contentSize.height - scrollView.frame.size.height) * 0.5 - scrollView.contentOffset.y)
        populateTiles()
    }

    var centerOffset: CGPoint {
        CGPoint(x: (scrollView.contentSize.width - scrollView.frame.size.width) / 2,
                y: (scrollView.contentSize.height - scrollView.frame.size.height) / 2)
    }

    func updateOffset() {
        if deltaOffset.equalTo(.zero) { return }
        offset = CGPoint(x: offset.x + deltaOffset.x, y: offset.y + deltaOffset.y)
        for tile in tiles {
            tile.value.frame.origin = CGPoint(x: tile.value.frame.origin.x + deltaOffset.x, y: tile.value.frame.origin.y + deltaOffset.y)
        }
        deltaOffset = .zero
        scrollView.setContentOffset(centerOffset, animated: false)
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging")
        if !decelerate { updateOffset() }
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        calls.append("didEndDecelerating")
        updateOffset()
    }

    func populateTiles() {
        let frame = scrollView.frame.size
        let left = Int(((-frame.width / 2 - offset.x - deltaOffset.x) / tileSize.width).rounded())
        let right = Int(((frame.width / 2 - offset.x - deltaOffset.x) / tileSize.width).rounded())
        let top = Int(((-frame.height / 2 - offset.y - deltaOffset.y) / tileSize.height).rounded())
        let bottom = Int(((frame.height / 2 - offset.y - deltaOffset.y) / tileSize.height).rounded())
        renderTiles(rows: top...bottom, cols: left...right)
    }

    func renderTiles(rows: ClosedRange<Int>, cols: ClosedRange<Int>) {
        for row in rows {
            for col in cols where !tiles.keys.contains(TileCoordinate(x: CGFloat(col), y: CGFloat(row))) {
                createTile(coordinate: TileCoordinate(x: CGFloat(col), y: CGFloat(row)))
            }
        }
        for coordinate in tiles.keys where !rows.contains(Int(coordinate.y)) || !cols.contains(Int(coordinate.x)) {
            tiles[coordinate]?.removeFromSuperview()
            tiles.removeValue(forKey: coordinate)
        }
    }
}

@MainActor
@Suite struct PlayerTests {
    static func dragAtRestSteps() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/drag-atRest.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return String(decoding: try JSONSerialization.data(withJSONObject: object["steps"]!), as: UTF8.self)
    }

    /// Seed 000's coordinator on drag-atRest's steps: UIKit's delegate calls in the model's order, the tiles kept
    /// around the viewport, the offset back at the centre at every rest, and one frame per model frame.
    @Test func seed000PlaysDragAtRest() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let coordinator = SeedCoordinator()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: try Self.dragAtRestSteps())
        #expect(recording.frames.count == 374, "drag-atRest renders 374 frames")
        #expect(coordinator.calls.first == "willBeginDragging" && coordinator.calls.last == "didEndDecelerating", "\(coordinator.calls)")
        #expect(coordinator.calls.filter { $0 == "willBeginDragging" }.count == 4, "\(coordinator.calls)")
        #expect(scrollView.contentOffset == coordinator.centerOffset, "at rest the seed moves the offset back to the centre")
        #expect(scrollView.subviews.count <= 60, "tiles are removed as they leave: \(scrollView.subviews.count)")
        let last = try PNGCodec.decode(recording.frames.last!)
        #expect(last.width == 780 && last.height == 1688)
        // The model's own trace names the same calls in the same order.
        let names = recording.traceLines.flatMap { line -> [String] in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (object["events"] as! [[String: Any]]).compactMap { $0["name"] as? String }
                .filter { ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"].contains($0) }
        }
        #expect(names == coordinator.calls)
        if let folder = ProcessInfo.processInfo.environment["RENDER_GRID_PLAYER_OUT"] { try recording.writeFrames(to: folder) }
    }

    /// Steps that name a tile mean nothing to an app's code: refused with the step's path.
    @Test func tileStepsAreRefused() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scrollView.contentSize = CGSize(width: 1000, height: 1000)
        #expect { _ = try ScrollPlayer().play(scrollView, steps: #"[{"wait": {"duration": 0.1}}, {"scrollTo": {"tile": {"x": 1, "y": 1}}}]"#) } throws: {
            "\($0)".hasPrefix("steps[1]")
        }
        #expect { _ = try ScrollPlayer().play(scrollView, steps: #"[{"drag": {"by": {"x": 1}, "duration": -1}}]"#) } throws: {
            "\($0)".contains("steps[0].drag.duration")
        }
    }

    /// A delegate that sets the offset inside scrollViewDidScroll forever is stopped with a message naming it.
    @Test func endlessDidScrollIsNamed() throws {
        @MainActor final class Looper: NSObject, UIScrollViewDelegate {
            var n = 0.0
            func scrollViewDidScroll(_ scrollView: UIScrollView) { n += 1; scrollView.contentOffset = CGPoint(x: n, y: 0) }
        }
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scrollView.contentSize = CGSize(width: 1000, height: 100)
        let looper = Looper()
        scrollView.delegate = looper
        #expect { _ = try ScrollPlayer().play(scrollView, steps: #"[{"drag": {"by": {"x": -50}, "duration": 0.2}}]"#) } throws: {
            "\($0)".contains("scrollViewDidScroll")
        }
    }
}
