import Foundation
import Testing
@testable import HeadlessUIKit

/// A view the app keeps still on screen while the content scrolls (a sticky header) is not a jump; the rows
/// under it are still judged.
@MainActor
@Suite struct PinnedViewVerifyTests {
    /// A list of 60-pt rows with a header the delegate pins to the top of the visible area (UITableView's plain
    /// style section header), rows offset by `rowError` points on the frame after `brokenAt` (a broken row).
    final class StickyList: NSObject, UIScrollViewDelegate {
        let header = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        var rows: [UILabel] = []
        var brokenAt: CGFloat = .infinity
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            header.frame.origin.y = max(0, scrollView.contentOffset.y)
            if scrollView.contentOffset.y > brokenAt, let row = rows.last(where: { $0.frame.minY < scrollView.contentOffset.y + 200 }) {
                row.frame.origin.x += 3
                brokenAt = .infinity
            }
        }
    }

    static func play(brokenAt: CGFloat = .infinity) throws -> ScreenVerifyReport {
        let list = StickyList()
        list.brokenAt = brokenAt
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scrollView.contentSize = CGSize(width: 300, height: 3000)
        for i in 0..<50 {
            let row = UILabel(frame: CGRect(x: 0, y: 44 + CGFloat(i) * 60, width: 300, height: 60))
            row.text = "Row \(i)"
            row.backgroundColor = i % 2 == 0 ? .systemGray5 : .white
            scrollView.addSubview(row)
            list.rows.append(row)
        }
        list.header.text = "Section"
        list.header.backgroundColor = .systemBlue
        scrollView.addSubview(list.header)
        scrollView.delegate = list
        let steps = #"[{"drag": {"by": {"y": -500}, "duration": 0.3, "release": "fling"}}, {"wait": {"until": "idle", "max": 6}}]"#
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: steps)
        withExtendedLifetime(list) {}
        return recording.verify()
    }

    @Test func aStickyHeaderPasses() throws {
        let report = try Self.play()
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
    }

    @Test func aRowThatJumpsUnderTheHeaderStillFails() throws {
        let report = try Self.play(brokenAt: 150)
        #expect(!report.passed)
        #expect(report.lines.joined().contains("jumps"), "\(report.lines.joined(separator: "\n"))")
    }
}
