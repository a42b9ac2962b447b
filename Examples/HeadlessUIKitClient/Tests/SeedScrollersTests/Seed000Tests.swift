import Foundation
import Testing
import HeadlessUIKit
@testable import SeedScrollers

/// Seed 000's Coordinator, as the article prints it, played on a 390 × 844 scroll view at 2x.
@MainActor
@Suite struct Seed000Tests {
    /// The Coordinator on a scroll view of the player's window, tiles laid out as the article's first screen.
    static func make() -> (UIScrollView, Probe) {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let coordinator = Probe()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        return (scrollView, coordinator)
    }

    /// Counts the tiles after every scroll callback (the article's code, untouched, runs in `super`).
    final class Probe: InfiniteScrollView.Coordinator {
        var mostTiles = 0
        override func scrollViewDidScroll(_ scrollView: UIScrollView) {
            super.scrollViewDidScroll(scrollView)
            mostTiles = max(mostTiles, tiles.count)
        }
    }

    /// Tiles the range `populateTiles` keeps can hold at most: the viewport's columns and rows, rounded out, plus
    /// one on each side.
    static let tileBound = (Int((390.0 / 100).rounded(.up)) + 2) * (Int((844.0 / 100).rounded(.up)) + 2)

    /// A drag whose finger rests 0.25 s before it lifts (no velocity, no deceleration):
    /// `didEndDragging(willDecelerate: false)` recenters, the offset is the centre again, the article's `offset`
    /// holds the 190 points the content moved (the drag less the pan's 10-point slop), and the frame of the recenter equals the one before it pixel for pixel.
    @Test func heldDragRecentersInvisibly() throws {
        let (scrollView, coordinator) = Self.make()
        let steps = #"[{"drag": {"by": {"x": -200}, "duration": 0.4, "then": "keep"}}, {"wait": {"duration": 0.2}}, "#
            + #"{"drag": {"by": {"x": 0}, "duration": 0.05, "release": "hold"}}, {"wait": {"duration": 0.1}}]"#
        let play = try Playback(scrollView, scale: 2, steps: steps, name: "seed000-held-drag")
        #expect(scrollView.contentOffset == coordinator.centerOffset)
        #expect(coordinator.offset == CGPoint(x: -190, y: 0), "\(coordinator.offset)")
        // Tile (0, 0) is on screen where the drag left it.
        let centre = try #require(coordinator.tiles[TileCoordinate(x: 0, y: 0)])
        let onScreen = scrollView.convert(centre.frame, to: nil)
        #expect(onScreen.origin == CGPoint(x: (390 - 100) / 2 - 190, y: (844 - 100) / 2), "\(onScreen)")
        #expect(centre.text == "(0, 0)")
        let lift = try #require(play.firstFrame(with: "didEndDragging"))
        #expect(play.offsets[lift - 1] != play.offsets[lift], "the recenter moves the offset at frame \(lift)")
        #expect(try play.image(lift - 1).pixels == play.image(lift).pixels, "frame \(lift) recenters visibly")
        let verdict = play.verdict
        #expect(verdict.report.passed, "\(verdict.text)")
    }

    /// A fling and a drag that catches it: at rest the offset is back at the centre, and the tiles stay bounded
    /// (those that leave are removed) at every scroll callback.
    @Test func flingRecentersAtRestAndKeepsTilesBounded() throws {
        let (scrollView, coordinator) = Self.make()
        let steps = #"[{"fling": {"velocity": {"x": -2500, "y": 1500}}}, {"wait": {"duration": 0.4}}, "#
            + #"{"drag": {"by": {"x": -150, "y": 0}, "duration": 0.2, "release": "fling"}}, "#
            + #"{"wait": {"until": "idle", "max": 10}}]"#
        let play = try Playback(scrollView, scale: 2, steps: steps, name: "seed000-fling")
        #expect(play.firstFrame(with: "didEndDecelerating") != nil)
        #expect(scrollView.contentOffset == coordinator.centerOffset)
        #expect(abs(coordinator.offset.x) > 1000, "the content moved \(coordinator.offset) in all")
        #expect(coordinator.mostTiles <= Self.tileBound, "\(coordinator.mostTiles) tiles at once")
        #expect(scrollView.subviews.count == coordinator.tiles.count)
        // Every tile kept touches the viewport or its one-tile margin.
        let viewport = scrollView.bounds.insetBy(dx: -100, dy: -100)
        #expect(coordinator.tiles.values.allSatisfy { $0.frame.intersects(viewport) })
        let verdict = play.verdict
        #expect(verdict.report.passed, "\(verdict.text)")
    }
}
