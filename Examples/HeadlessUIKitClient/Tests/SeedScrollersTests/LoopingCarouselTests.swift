import Foundation
import Testing
import HeadlessUIKit
@testable import SeedScrollers

/// Seed 004's carousel, ["Three", "One", "Two", "Three", "One"] on 390-point pages.
@MainActor
@Suite struct LoopingCarouselTests {
    static let frame = CGRect(x: 0, y: 0, width: 390, height: 300)
    static let flickLeft = #"[{"drag": {"by": {"x": -150}, "duration": 0.1, "release": "fling"}}, "#
        + #"{"wait": {"until": "idle", "max": 10}}, {"wait": {"duration": 0.1}}]"#
    static let flickRight = flickLeft.replacingOccurrences(of: "-150", with: "150")
    /// System red, "One"'s colour; system blue is "Three"'s.
    static let red: [UInt8] = [255, 59, 48, 255], blue: [UInt8] = [0, 122, 255, 255]

    /// Flung past the last item ("Three", index 3) the carousel shows the copy of "One" (index 4), and at rest
    /// jumps to the real "One" (index 1): the frame of the jump equals the one before it pixel for pixel.
    @Test func flungPastTheLastShowsTheFirstAndJumpsBack() throws {
        let carousel = LoopingCarouselController(frame: Self.frame)
        carousel.scrollToItem(at: 3)
        let play = try Playback(carousel.scrollView, scale: 2, steps: Self.flickLeft, name: "carousel-past-last")
        let rest = try #require(play.firstFrame(with: "didEndDecelerating"))
        #expect(play.offsets[rest - 1].x == CGFloat(4 * 390), "frame \(rest - 1) shows the copy of One")
        #expect(play.offsets[rest].x == 390 && carousel.scrollView.contentOffset.x == 390)
        #expect(play.pixel(try play.image(rest - 1), x: 20, y: 20) == Self.red)
        #expect(try play.image(rest - 1).pixels == play.image(rest).pixels, "the jump at frame \(rest) shows")
        let verdict = play.verdict
        #expect(verdict.report.passed, "\(verdict.text)")
    }

    /// Flung before the first item, it shows the copy of "Three" (index 0) and jumps to the real one (index 3).
    @Test func flungBeforeTheFirstShowsTheLastAndJumpsBack() throws {
        let carousel = LoopingCarouselController(frame: Self.frame)
        let play = try Playback(carousel.scrollView, scale: 2, steps: Self.flickRight, name: "carousel-before-first")
        let rest = try #require(play.firstFrame(with: "didEndDecelerating"))
        #expect(play.offsets[rest - 1].x == 0)
        #expect(play.offsets[rest].x == CGFloat(3 * 390))
        #expect(play.pixel(try play.image(rest), x: 20, y: 20) == Self.blue)
        #expect(try play.image(rest - 1).pixels == play.image(rest).pixels, "the jump at frame \(rest) shows")
        let verdict = play.verdict
        #expect(verdict.report.passed, "\(verdict.text)")
    }

    /// Broken on purpose: the jump goes to the wrong item ("Three" for "One"), first visible at the frame of
    /// `scrollViewDidEndDecelerating`.
    @Test func wrongCopyJumpShows() throws {
        let carousel = LoopingCarouselWrongCopy(frame: Self.frame)
        carousel.scrollToItem(at: 3)
        let play = try Playback(carousel.scrollView, scale: 2, steps: Self.flickLeft, name: "carousel-wrong-copy")
        let rest = try #require(play.firstFrame(with: "didEndDecelerating"))
        #expect(play.offsets[rest].x == CGFloat(3 * 390))
        #expect(play.pixel(try play.image(rest), x: 20, y: 20) == Self.blue)
        #expect(try play.image(rest - 1).pixels != play.image(rest).pixels)
        // verify names the jump at the frame it shows, as the gallery's seam at the wrap (pattern 1).
        let verdict = play.verdict
        #expect(!verdict.report.passed && verdict.report.findings.map(\.frame).min() == rest, "\(verdict.text)")
        #expect(verdict.report.patterns.first?.pattern == .seamAtWrap, "\(verdict.text)")
        print("LoopingCarouselWrongCopy: first wrong frame \(rest) of \(play.recording.frames.count)")
    }
}
