import Foundation
import Testing
import HeadlessUIKit
@testable import SeedScrollers

/// `Seed000.makeScrollView`, what `seed-bench` plays, sets seed 000's Coordinator up as `Seed000Tests.make()` does.
@MainActor
@Suite struct Seed000SetupTests {
    @Test func setsUpTheArticlesFirstScreen() throws {
        let (scrollView, object) = Seed000.makeScrollView(size: CGSize(width: 390, height: 844))
        let coordinator = try #require(object as? InfiniteScrollView.Coordinator)
        #expect(scrollView.delegate === coordinator)
        #expect(coordinator.scrollView === scrollView)
        #expect(scrollView.contentOffset == coordinator.centerOffset)
        let (reference, referenceCoordinator) = Seed000Tests.make()
        #expect(Set(coordinator.tiles.keys) == Set(referenceCoordinator.tiles.keys))
        #expect(!coordinator.tiles.isEmpty)
        #expect(scrollView.subviews.map(\.frame) == reference.subviews.map(\.frame))
    }
}
