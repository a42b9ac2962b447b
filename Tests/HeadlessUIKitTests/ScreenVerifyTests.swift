import Foundation
import Testing
@testable import HeadlessUIKit
import GridModel
import GridTools

/// `ScreenContentVerifier` on hand-built frames: each check holds on good input and fails on the smallest bad one.
@Suite struct ScreenVerifyTests {
    static let viewport = CGRect(x: 0, y: 0, width: 300, height: 100)

    /// A row of `count` 100 × 100 tiles (distinct text) starting at screen x `x`, ids 1…count.
    static func row(at x: Double, count: Int = 5, ids: Int = 1) -> [ScreenItem] {
        (0..<count).map { i in
            let text = "t\(i + ids)"
            return ScreenItem(id: i + ids, signature: .init(text: text, width: 100, height: 100), name: "\"\(text)\"",
                              rect: CGRect(x: x + Double(i) * 100, y: 0, width: 100, height: 100))
        }
    }

    static func frame(_ index: Int, _ items: [ScreenItem], moved d: Double = 0, shift: Double = 0,
                      live: Int? = nil) -> ScreenFrame {
        let shown = items.filter { ScreenContentVerifier.overlaps($0.rect, viewport) }
        return ScreenFrame(index: index, viewport: viewport, displacement: CGPoint(x: d, y: 0),
                           appShift: CGPoint(x: shift, y: 0), items: shown, liveViews: live ?? items.count + 1)
    }

    static func run(_ frames: [ScreenFrame], period: CGSize? = nil) -> ScreenVerifyReport {
        var v = ScreenContentVerifier(scrollsHorizontally: true, scrollsVertically: false, period: period)
        for f in frames { v.feed(f) }
        return v.report
    }

    @Test func continuityHoldsWhenContentMovesWithTheDisplacement() {
        let report = Self.run([Self.frame(0, Self.row(at: -50)), Self.frame(1, Self.row(at: -62.5), moved: 12.5),
                               Self.frame(2, Self.row(at: -75), moved: 12.5)])
        #expect(report.passed, "\(report.lines)")
        #expect(report.lines.last?.hasSuffix("all checks hold") == true)
    }

    @Test func aRoundedShiftIsPattern9AndABigOneNamesNoPattern() {
        let small = Self.run([Self.frame(0, Self.row(at: -50)), Self.frame(1, Self.row(at: -62), moved: 12.5)])
        #expect(small.firstFrame[.continuity] == 1)
        #expect(small.patterns.map(\.pattern) == [.pixelGrid], "\(small.lines)")
        #expect(small.findings[0].detail.contains("\"t1\" jumps to (-62, 0) on screen, expected (-62.5, 0)"),
                "\(small.findings[0].detail)")
        let big = Self.run([Self.frame(0, Self.row(at: -50)), Self.frame(1, Self.row(at: -40), moved: 12.5)])
        #expect(big.firstFrame[.continuity] == 1 && big.patterns.isEmpty, "\(big.lines)")
        // A jump at a frame where the app moved the offset by whole pages is the carousel's seam.
        let wrap = Self.run([Self.frame(0, Self.row(at: -50)),
                             Self.frame(1, Self.row(at: -40), moved: 12.5, shift: 600)],
                            period: CGSize(width: 300, height: 100))
        #expect(wrap.patterns.map(\.pattern) == [.seamAtWrap], "\(wrap.lines)")
    }

    @Test func aSameLookingCopyAtTheExpectedPlaceIsSeamless() {
        // The carousel swaps to its duplicate: other objects, same look, same place.
        let copies = Self.row(at: -62.5).map { item -> ScreenItem in
            var copy = item
            copy.id += 100
            return copy
        }
        let report = Self.run([Self.frame(0, Self.row(at: -50)), Self.frame(1, copies, moved: 12.5)])
        #expect(report.passed, "\(report.lines)")
    }

    @Test func contentAppearsAndVanishesOnlyAtTheEdges() {
        // Entering at the right edge: its place before was outside the viewport.
        let entering = Self.run([Self.frame(0, Self.row(at: 0, count: 3)),
                                 Self.frame(1, Self.row(at: -10, count: 4), moved: 10)])
        #expect(entering.passed, "\(entering.lines)")
        // The fourth tile appears fully inside: it was missing a frame too long.
        let late = Self.run([Self.frame(0, Self.row(at: -50, count: 3)),
                             Self.frame(1, Self.row(at: -60, count: 4), moved: 10)])
        #expect(late.firstFrame[.popIn] == 1 && late.patterns.first?.pattern == .blankTiles, "\(late.lines)")
        #expect(late.findings.first?.detail.contains("\"t4\" appears at (240, 0)") == true, "\(late.lines)")
        // A tile removed while still on screen vanishes inside.
        var gone = Self.row(at: -10)
        gone.remove(at: 2)
        let vanish = Self.run([Self.frame(0, Self.row(at: 0)), Self.frame(1, gone, moved: 10)])
        #expect(vanish.firstFrame[.popIn] == 1, "\(vanish.lines)")
        let popIn = vanish.findings.first { $0.kind == .popIn }
        #expect(popIn?.detail.contains("\"t3\" vanishes at (190, 0)") == true, "\(vanish.lines)")
    }

    @Test func contentLeftBehindByTheAppsOffsetIsAJump() {
        // The app moved the offset by -515 and replaced every tile with new ones placed for the old offset.
        let replaced = Self.row(at: 37, ids: 50)
        let behind = Self.run([Self.frame(0, Self.row(at: 0)), Self.frame(1, replaced, moved: 10, shift: -515)])
        #expect(behind.firstFrame[.continuity] == 1 && behind.firstFrame[.popIn] == nil, "\(behind.lines)")
        let jump = behind.findings.first { $0.kind == .continuity }
        #expect(jump?.detail.contains("moved contentOffset by (-515, 0)") == true, "\(behind.lines)")
        // Without an offset write of the app's, the same frames are content popping in and out.
        let popped = Self.run([Self.frame(0, Self.row(at: 0)), Self.frame(1, replaced, moved: 10)])
        #expect(popped.firstFrame[.popIn] == 1 && popped.firstFrame[.continuity] == nil, "\(popped.lines)")
    }

    @Test func coverageFailsWhenABlankOpensInTheBand() {
        // A strip of 50-pt labels 20 pt high with 10-pt gaps: the band is y 40..<60, gaps are the start's blank.
        func strip(_ x: Double, skip: Int? = nil) -> [ScreenItem] {
            (0..<8).filter { $0 != skip }.map { i in
                ScreenItem(id: i, signature: .init(text: "s\(i)", width: 50, height: 20), name: "\"s\(i)\"",
                           rect: CGRect(x: x + Double(i) * 60, y: 40, width: 50, height: 20))
            }
        }
        let good = Self.run([Self.frame(0, strip(0)), Self.frame(1, strip(-30), moved: 30),
                             Self.frame(2, strip(-55), moved: 25)])
        #expect(good.passed, "\(good.lines)")
        // Label 1 gone at frame 2 (it vanishes too): a 50 × 20 blank, over the allowance of 300 pt (1 pt × 300).
        let bad = Self.run([Self.frame(0, strip(0)), Self.frame(1, strip(-30), moved: 30),
                            Self.frame(2, strip(-55, skip: 1), moved: 25)])
        #expect(bad.firstFrame[.coverage] == 2, "\(bad.lines)")
        #expect(bad.findings.contains { $0.kind == .coverage && $0.detail.contains("a blank of 1000 pt²") },
                "\(bad.lines)")
        // Exact union: overlapping rectangles count once.
        let u = ScreenContentVerifier.union(of: [CGRect(x: 0, y: 0, width: 10, height: 10),
                                                  CGRect(x: 5, y: 5, width: 10, height: 10)],
                                             in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(u?.covered == 175)
        #expect(u?.blank == CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func liveViewsStayBounded() {
        // 5 tiles, 6 live views at the start: the bound is 2 × 6 + 16 = 28; the leak passes it at frame 23.
        let frames = (0..<30).map { k in Self.frame(k, Self.row(at: -50), live: 6 + k) }
        let report = Self.run(frames)
        #expect(report.liveViewBound == 28)
        #expect(report.firstFrame[.liveBound] == 23, "\(report.lines)")
        #expect(report.findings.count == 1 && report.findings[0].throughFrame == 29,
                "a leak is one run: \(report.lines)")
        // Past the limit of findings, the first of a kind not listed yet is still listed.
        let jumpy = (0..<30).map { k in Self.frame(k, Self.row(at: -50 + Double(k % 2) * 10), live: 6 + k) }
        let full = Self.run(jumpy)
        #expect(full.findings.count == ScreenContentVerifier.maxFindings + 1 && full.droppedFindings > 0)
        #expect(full.findings.last?.kind == .liveBound && full.findings.last?.frame == 23, "\(full.lines)")
        let fine = Self.run((0..<30).map { k in Self.frame(k, Self.row(at: -50), live: 6 + k % 3) })
        #expect(fine.passed)
    }
}

/// A StreetScroller-style strip (WWDC 2011 #104): a `UIScrollView` subclass that recenters in `layoutSubviews`
/// when the offset is far from the centre (the offset back to the centre, every label moved by the same shift)
/// and tiles 50-pt labels over the visible bounds. `flaw` breaks it on purpose. It asks for layout again at the
/// end of each pass, so `layoutSubviews` runs once per frame and `layouts` counts frames (the player lays the
/// views out once before the first frame, so `layouts` starts at −1).
@MainActor
final class RecenteringStrip: UIScrollView {
    enum Flaw { case none, tilesNotMoved, roundedShift, lateTiles, neverRemoved }
    let flaw: Flaw
    let tileWidth: CGFloat = 50
    var labels: [UILabel] = []
    var layouts = -1
    var firstRecenter: Int?
    var firstLateTile: Int?
    /// Per frame: subviews + 1 (the scroll view, the root), and labels overlapping the bounds.
    var live: [Int] = []
    var visible: [Int] = []

    init(flaw: Flaw = .none) {
        self.flaw = flaw
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        contentSize = CGSize(width: 2000, height: 100)
        contentOffset = CGPoint(x: (contentSize.width - bounds.width) / 2, y: 0)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        recenterIfNecessary()
        tile(from: bounds.minX, to: bounds.maxX)
        if layouts >= 0 {
            live.append(subviews.count + 1)
            visible.append(labels.filter { $0.frame.maxX > bounds.minX + 0.01 && $0.frame.minX < bounds.maxX - 0.01 }.count)
        }
        layouts += 1
        setNeedsLayout()
    }

    func recenterIfNecessary() {
        let centre = (contentSize.width - bounds.width) / 2
        guard abs(contentOffset.x - centre) > contentSize.width / 4 else { return }
        var tileShift = centre - contentOffset.x
        var offsetShift = tileShift
        if flaw == .roundedShift {
            offsetShift += 0.3
            tileShift = offsetShift.rounded()
        }
        if firstRecenter == nil { firstRecenter = layouts }
        contentOffset = CGPoint(x: contentOffset.x + offsetShift, y: 0)
        guard flaw != .tilesNotMoved else { return }
        for label in labels { label.center.x += tileShift }
    }

    func makeLabel(at x: CGFloat) -> UILabel {
        let label = UILabel(frame: CGRect(x: x, y: 30, width: tileWidth, height: 40))
        label.text = "1024 Street"
        label.backgroundColor = UIColor.gray.withAlphaComponent(0.5)
        addSubview(label)
        if layouts > 0, flaw == .lateTiles, firstLateTile == nil { firstLateTile = layouts }
        return label
    }

    func tile(from minX: CGFloat, to maxX: CGFloat) {
        // The late flaw adds a label only once all of it is inside; the right way adds it as soon as it shows.
        let ahead: CGFloat = flaw == .lateTiles ? tileWidth : 0
        if labels.isEmpty { labels.append(makeLabel(at: (minX / tileWidth).rounded(.down) * tileWidth)) }
        while let last = labels.last, last.frame.maxX + ahead < maxX { labels.append(makeLabel(at: last.frame.maxX)) }
        while let first = labels.first, first.frame.minX - ahead > minX {
            labels.insert(makeLabel(at: first.frame.minX - tileWidth), at: 0)
        }
        guard flaw != .neverRemoved else { return }
        while let last = labels.last, last.frame.minX >= maxX { last.removeFromSuperview(); labels.removeLast() }
        while let first = labels.first, first.frame.maxX <= minX { first.removeFromSuperview(); labels.removeFirst() }
    }
}

/// `verify()` on played code: seed 000 and a recentering strip pass; each broken strip fails at the first frame
/// that shows the flaw.
@MainActor
@Suite struct ScreenVerifyPlayedTests {
    /// A drag of 600 pt to the left (590 pt of content after the slop) and a fling: the strip's offset passes
    /// centre + 500 during the drag, so it recenters, then goes on decelerating.
    static let flingLeft = #"[{"drag": {"by": {"x": -600}, "duration": 0.4, "release": "fling"}}, "#
        + #"{"wait": {"until": "idle", "max": 4}}]"#

    static func play(_ flaw: RecenteringStrip.Flaw) throws -> (RecenteringStrip, ScreenVerifyReport) {
        let strip = RecenteringStrip(flaw: flaw)
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(strip, steps: flingLeft)
        #expect(strip.layouts == recording.frames.count, "one layout per frame")
        if ProcessInfo.processInfo.environment["RENDER_GRID_PRINT_VERIFY"] != nil {
            print("\(flaw): first recenter \(strip.firstRecenter ?? -1), first late tile \(strip.firstLateTile ?? -1)")
            print(recording.verify().lines.joined(separator: "\n"))
        }
        return (strip, recording.verify())
    }

    @Test func seed000PassesOnDragAtRest() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let coordinator = SeedCoordinator()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        let steps = try PlayerTests.dragAtRestSteps()
        let report = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: steps).verify()
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
        #expect(report.frames == 374 && report.maxItems >= 40, "\(report.lines.last ?? "")")
    }

    @Test func aRecenteringStripPasses() throws {
        let (strip, report) = try Self.play(.none)
        #expect(strip.firstRecenter != nil, "the scroll recenters")
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
    }

    @Test func tilesNotMovedByTheShiftJumpAtTheRecenter() throws {
        let (strip, report) = try Self.play(.tilesNotMoved)
        let recenter = try #require(strip.firstRecenter)
        #expect(report.firstFrame[.continuity] == recenter, "\(report.lines.joined(separator: "\n"))")
        #expect(report.findings.map(\.frame).min() == recenter)
    }

    @Test func aRoundedShiftIsPattern9AtTheRecenter() throws {
        let (strip, report) = try Self.play(.roundedShift)
        let recenter = try #require(strip.firstRecenter)
        #expect(report.firstFrame[.continuity] == recenter, "\(report.lines.joined(separator: "\n"))")
        #expect(report.patterns.first?.pattern == .pixelGrid && report.patterns.first?.frame == recenter)
        #expect(report.findings.map(\.frame).min() == recenter)
    }

    @Test func lateTilesPopIn() throws {
        let (strip, report) = try Self.play(.lateTiles)
        let late = try #require(strip.firstLateTile)
        #expect(report.firstFrame[.popIn] == late, "\(report.lines.joined(separator: "\n"))")
        #expect(report.firstFrame[.continuity] == nil, "its recenter is right: \(report.lines.joined(separator: "\n"))")
        // The blank at the right edge opens before the late label fills it.
        #expect((report.firstFrame[.coverage] ?? .max) < late, "\(report.lines.joined(separator: "\n"))")
    }

    @Test func tilesNeverRemovedLeak() throws {
        let (strip, report) = try Self.play(.neverRemoved)
        // The verifier's bound, from the strip's own counts: 2 × max(live at the start, most visible so far) + 16.
        var most = 0
        let first = strip.live.indices.first { k in
            most = max(most, strip.visible[k])
            return strip.live[k] > 2 * max(strip.live[0], most) + ScreenContentVerifier.liveViewSlack
        }
        let leak = try #require(first, "the strip leaks past the bound: \(strip.live.last ?? 0) live")
        #expect(report.firstFrame[.liveBound] == leak, "\(report.lines.joined(separator: "\n"))")
        let bound = report.findings.first { $0.kind == .liveBound }
        #expect(bound?.detail.contains("\(strip.live[leak]) live views") == true)
    }
}
