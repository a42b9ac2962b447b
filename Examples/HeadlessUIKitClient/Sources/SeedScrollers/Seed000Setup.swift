#if canImport(UIKit)
import UIKit
#else
import Foundation
import HeadlessUIKit
#endif

/// Seed 000's Coordinator for code outside this module: the `seed-bench` executable, a release build, cannot
/// `@testable import` the internal `InfiniteScrollView.Coordinator`. Not the article's code; the article's
/// SwiftUI wrapper does this in `makeUIView`.
public enum Seed000 {
    /// A scroll view of `size` points with seed 000's Coordinator as its delegate and the article's first screen of
    /// tiles laid out, as `Seed000Tests.make()` sets it up. Keep `coordinator` alive while playing: the scroll
    /// view's `delegate` is weak.
    @MainActor
    public static func makeScrollView(size: CGSize) -> (scrollView: UIScrollView, coordinator: AnyObject) {
        let scrollView = UIScrollView(frame: CGRect(origin: .zero, size: size))
        let coordinator = InfiniteScrollView.Coordinator()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        return (scrollView, coordinator)
    }
}
