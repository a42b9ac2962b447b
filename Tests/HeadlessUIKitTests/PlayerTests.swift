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

/// A recording written to a folder is a render's folder to render-grid's other commands.
@MainActor
@Suite struct RecordingFolderTests {
    /// render-grid beside the test binary (the package's debug build).
    static var executable: URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("render-grid")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        guard let binary = Self.executable else {
            Issue.record("render-grid is not built beside the tests")
            return (-1, "")
        }
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func diffTraceSheetAndPlotReadARecording() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        scrollView.contentSize = CGSize(width: 1200, height: 80)
        let label = UILabel(frame: CGRect(x: 20, y: 10, width: 80, height: 60))
        label.text = "tile"
        label.backgroundColor = .systemBlue
        scrollView.addSubview(label)
        let recording = try ScrollPlayer(scale: 2, fps: 30).play(scrollView, steps: #"[{"fling": {"velocity": {"x": 600}}}, {"wait": {"until": "idle"}}]"#)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rg-recording-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try recording.writeFrames(to: folder.path)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.filter { $0.hasSuffix(".png") }.count == recording.frames.count)
        #expect(names.contains("trace.jsonl") && names.contains("frames.ffconcat"))
        let list = try String(contentsOf: folder.appendingPathComponent("frames.ffconcat"), encoding: .utf8)
        #expect(list.contains("# canvas 240 160") && list.contains("option framerate 30"))
        #expect(list.components(separatedBy: "file 'frame_").count - 1 == recording.frames.count)
        let first = try PNGCodec.decode(recording.frames[0])
        #expect(first.width == recording.pixelWidth && first.height == recording.pixelHeight)
        let trace = folder.appendingPathComponent("trace.jsonl").path
        let same = try Self.run(["diff-trace", trace, trace])
        #expect(same.status == 0, "\(same.output)")
        let diff = try Self.run(["diff", folder.path, folder.path])
        #expect(diff.status == 0, "\(diff.output)")
        let plot = try Self.run(["plot", trace, "--out", folder.appendingPathComponent("plot.png").path])
        #expect(plot.status == 0, "\(plot.output)")
        let sheet = try Self.run(["sheet", folder.path, "--out", folder.appendingPathComponent("sheet.png").path])
        #expect(sheet.status == 0, "\(sheet.output)")
    }
}

/// The frames do not depend on how many threads draw them.
@MainActor
@Suite struct PlayerJobsTests {
    @Test func framesAreTheSameWithAnyJobs() throws {
        var recordings: [ScrollRecording] = []
        for jobs in [1, 2, 5] {
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let coordinator = SeedCoordinator()
            coordinator.setupScrollView(scrollView: scrollView)
            coordinator.populateTiles()
            let player = ScrollPlayer(scale: 1, fps: 60)
            player.jobs = jobs
            #expect(player.jobs == jobs)
            recordings.append(try player.play(scrollView, steps: #"[{"fling": {"velocity": {"x": -2000, "y": 900}}}, {"wait": {"duration": 0.4}}]"#))
        }
        #expect(recordings[0].frames.count == 25)
        #expect(recordings.allSatisfy { $0.frames == recordings[0].frames && $0.traceLines == recordings[0].traceLines })
        let player = ScrollPlayer()
        player.jobs = 0
        #expect(player.jobs == 1)
        player.jobs = 1000
        #expect(player.jobs == 64)
    }
}

/// A play that writes its frames as it goes writes what a held recording's `writeFrames` writes.
@MainActor
@Suite struct StreamedPlayTests {
    static func seedScrollView() -> (UIScrollView, SeedCoordinator) {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let coordinator = SeedCoordinator()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        return (scrollView, coordinator)
    }

    @Test func streamedFilesEqualWrittenOnes() throws {
        let steps = #"[{"drag": {"by": {"x": -120, "y": 40}, "duration": 0.2, "release": "fling"}}, {"wait": {"until": "idle"}}]"#
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("rg-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let (a, coordinatorA) = Self.seedScrollView()
        let held = try ScrollPlayer(scale: 1, fps: 60).play(a, steps: steps)
        try held.writeFrames(to: base.appendingPathComponent("held").path)
        let (b, coordinatorB) = Self.seedScrollView()
        let streamed = try ScrollPlayer(scale: 1, fps: 60).play(b, steps: steps, writingTo: base.appendingPathComponent("streamed").path)
        #expect(streamed.frames.isEmpty && streamed.traceLines.isEmpty)
        #expect(streamed.frameCount == held.frameCount && held.frameCount > 30)
        #expect(streamed.verify().passed == held.verify().passed && held.verify().passed)
        #expect(coordinatorA.calls == coordinatorB.calls)
        let names = try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("held").path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("streamed").path).sorted() == names)
        for name in names {
            let x = try Data(contentsOf: base.appendingPathComponent("held/\(name)"))
            let y = try Data(contentsOf: base.appendingPathComponent("streamed/\(name)"))
            #expect(x == y, "\(name) differs")
        }
        #expect(throws: HeadlessUIKitError.self) { try streamed.writeFrames(to: base.appendingPathComponent("again").path) }
        // A shorter recording written over it leaves none of the longer one's frames.
        let (c, _) = Self.seedScrollView()
        let short = try ScrollPlayer(scale: 1, fps: 60).play(c, steps: #"[{"wait": {"duration": 0.1}}]"#)
        try short.writeFrames(to: base.appendingPathComponent("held").path)
        let left = try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("held").path)
        #expect(left.filter { $0.hasSuffix(".png") }.count == short.frameCount && short.frameCount < held.frameCount)
    }
}
