import Foundation
import Testing
@testable import HeadlessUIKit
import GridModel
import Rasterizer
import GridExport
import GridTools

/// A recording checked against goldens in `check`'s format: recorded when missing, passing when unchanged, failing
/// on a one-device-pixel move with `check`'s report, and hashing frames as `check` does for the equivalent scenario.
@MainActor
@Suite struct RecordingGoldenTests {
    static let steps = #"[{"drag": {"by": {"x": -120, "y": -60}, "duration": 0.25}}, {"wait": {"until": "idle"}}]"#

    /// A fresh empty folder under the system's temporary folder.
    static func folder(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "render-grid-golden-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Seed 000's coordinator in a 200×160 scroll view, its content moved by `nudge` points after setup, played on
    /// `steps` at `scale` (written into `folder` as it plays, when given).
    static func play(scale: Int, nudge: CGFloat = 0, steps: String = steps, writingTo folder: String? = nil) throws -> ScrollRecording {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 160))
        let coordinator = SeedCoordinator()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        if nudge != 0 {
            for view in scrollView.subviews { view.frame.origin.x += nudge }
        }
        let player = ScrollPlayer(scale: scale, fps: 60)
        let recording = try folder.map { try player.play(scrollView, steps: steps, writingTo: $0) } ?? player.play(scrollView, steps: steps)
        withExtendedLifetime(coordinator) {}
        return recording
    }

    static func options(_ record: CheckOutcome.RecordMode) -> GoldenOptions {
        var options = GoldenOptions()
        options.record = record
        return options
    }

    /// The manifest's frames as (pixels, trace, key), read as JSON.
    static func manifestFrames(_ folder: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return object["frames"] as! [[String: Any]]
    }

    @Test func missingIsRecordedThenPasses() throws {
        let goldens = try Self.folder("record")
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        let recording = try Self.play(scale: 2)
        let first = try recording.checkGolden("seed", in: goldens, options: Self.options(.missing))
        #expect(first.scenario.verdict == .missing)
        #expect(!first.passed, "a golden recorded because it was missing fails, as in check")
        #expect(first.lines[0].hasPrefix("FAIL 'seed' (missing): recorded a new golden at"))
        let files = try FileManager.default.contentsOfDirectory(atPath: goldens + "/seed").sorted()
        #expect(files.contains("manifest.json") && files.contains("trace.jsonl.gz") && files.contains("frame-00000.png"))
        let frames = try Self.manifestFrames(goldens + "/seed")
        #expect(frames.count == recording.frameCount)

        let again = try Self.play(scale: 2)
        let second = try again.checkGolden("seed", in: goldens, options: Self.options(.never))
        #expect(second.passed, "\(second.lines)")
        #expect(second.scenario.verdict == .passed)
        #expect(second.scenario.summary == "\(recording.frameCount) frames match")
    }

    @Test func oneDevicePixelFailsWithCheckReport() throws {
        let goldens = try Self.folder("move"), report = try Self.folder("report")
        defer {
            try? FileManager.default.removeItem(atPath: goldens)
            try? FileManager.default.removeItem(atPath: report)
        }
        _ = try Self.play(scale: 2)
            .checkGolden("seed", in: goldens, options: Self.options(.missing))
        var options = Self.options(.never)
        options.reportFolder = report
        let moved = try Self.play(scale: 2, nudge: 0.5)
        let result = try moved.checkGolden("seed", in: goldens, options: options)
        #expect(!result.passed)
        #expect(result.scenario.verdict == .failed)
        #expect(result.scenario.firstFailingFrame == 0)
        #expect(result.scenario.summary.hasPrefix("frame 0 of \(moved.frameCount) differs: "), "\(result.scenario.summary)")
        #expect(!result.scenario.artifacts.isEmpty)
        #expect(FileManager.default.fileExists(atPath: report + "/report.html"))
        for artifact in result.scenario.artifacts {
            #expect(FileManager.default.fileExists(atPath: report + "/" + artifact.path), "\(artifact.path)")
        }
        // The golden was not changed by a failing check in `never` mode.
        let kept = try Self.play(scale: 2)
        #expect(try kept.checkGolden("seed", in: goldens, options: Self.options(.never)).passed)
    }

    @Test func failedModeReRecords() throws {
        let goldens = try Self.folder("failed")
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        _ = try Self.play(scale: 1)
            .checkGolden("seed", in: goldens, options: Self.options(.missing))
        let moved = try Self.play(scale: 1, nudge: 1)
        let result = try moved.checkGolden("seed", in: goldens, options: Self.options(.failed))
        #expect(result.scenario.verdict == .recorded && result.passed)
        #expect(result.scenario.summary.contains("it failed: frame 0 of"))
        let movedAgain = try Self.play(scale: 1, nudge: 1)
        #expect(try movedAgain.checkGolden("seed", in: goldens, options: Self.options(.never)).passed)
    }

    /// Other steps are noted as a changed input; other scale fails before anything is compared.
    @Test func identityChangesAreNamed() throws {
        let goldens = try Self.folder("identity")
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        _ = try Self.play(scale: 1)
            .checkGolden("seed", in: goldens, options: Self.options(.missing))
        let spaced = Self.steps.replacingOccurrences(of: "[{", with: "[ {")
        let same = try Self.play(scale: 1, steps: spaced)
            .checkGolden("seed", in: goldens, options: Self.options(.never))
        #expect(same.passed)
        #expect(same.scenario.details.contains("the steps changed since the golden was recorded"))
        let scaled = try Self.play(scale: 2)
            .checkGolden("seed", in: goldens, options: Self.options(.never))
        #expect(!scaled.passed)
        #expect(scaled.scenario.summary.hasPrefix("recorded with other options: scale 1, this run scale 2"))
    }

    /// A streamed play's folder is read back: its golden is the held recording's, byte for byte.
    @Test func streamedRecordingRecordsTheSameGolden() throws {
        let held = try Self.folder("held"), streamed = try Self.folder("streamed"), out = try Self.folder("out")
        defer { for path in [held, streamed, out] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try Self.play(scale: 1)
            .checkGolden("seed", in: held, options: Self.options(.missing))
        let recording = try Self.play(scale: 1, writingTo: out)
        _ = try recording.checkGolden("seed", in: streamed, options: Self.options(.missing))
        for file in try FileManager.default.contentsOfDirectory(atPath: held + "/seed") {
            #expect(FileManager.default.contents(atPath: held + "/seed/" + file)
                    == FileManager.default.contents(atPath: streamed + "/seed/" + file), "\(file)")
        }
        #expect(try recording.checkGolden("seed", in: held, options: Self.options(.never)).passed)
    }

    @Test(arguments: ["", ".hidden", "a/b", String(repeating: "n", count: 201)])
    func unusableNamesAreRefused(name: String) throws {
        let goldens = try Self.folder("names")
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        let recording = try Self.play(scale: 1)
        #expect(throws: HeadlessUIKitError.self) { try recording.checkGolden(name, in: goldens, options: Self.options(.missing)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens).isEmpty)
    }

    @Test func damagedGoldenIsAnErrorNamingTheFile() throws {
        let goldens = try Self.folder("damaged")
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        let recording = try Self.play(scale: 1)
        _ = try recording.checkGolden("seed", in: goldens, options: Self.options(.missing))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: goldens + "/seed/frame-00000.png"))
        do {
            _ = try recording.checkGolden("seed", in: goldens, options: Self.options(.never))
            Issue.record("a damaged golden passed")
        } catch {
            #expect(error.message.contains("frame-00000.png") && error.message.contains("not a usable PNG"), "\(error.message)")
        }
    }
}

extension RecordingGoldenTests {
    /// Seed 000's coordinator on interrupted-fling's steps records the golden `check` records for that scenario
    /// with grouped labels: the same frame count, the same pixel hash for every frame, the same key frames.
    @Test func seedGoldenHasTheScenarioGoldensPixels() throws {
        let work = try Self.folder("parity")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let text = try String(contentsOfFile: PixelIdentityTests.scenarioPath("interrupted-fling"), encoding: .utf8)
        var object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        var style = object["style"] as? [String: Any] ?? [:]
        style["labelFormat"] = "grouped"
        object["style"] = style
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: work + "/fling.json"))
        var options = Self.options(.missing)
        options.scale = 1
        options.goldens = work + "/scenario"
        _ = try GoldenChecker.run([work + "/fling.json"], options: options)

        let viewport = object["viewport"] as! [String: Any]
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: viewport["width"] as! Double,
                                                    height: viewport["height"] as! Double))
        let coordinator = SeedCoordinator()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        let steps = String(decoding: try JSONSerialization.data(withJSONObject: object["steps"]!), as: UTF8.self)
        let recording = try ScrollPlayer(scale: 1, fps: object["fps"] as? Int ?? 60).play(scrollView, steps: steps)
        withExtendedLifetime(coordinator) {}
        _ = try recording.checkGolden("fling", in: work + "/recording", options: Self.options(.missing))

        let scenario = try Self.manifestFrames(work + "/scenario/fling")
        let played = try Self.manifestFrames(work + "/recording/fling")
        #expect(scenario.count == played.count && played.count > 60)
        let differing = zip(scenario, played).enumerated().filter { $0.element.0["pixels"] as! String != $0.element.1["pixels"] as! String }
        #expect(differing.isEmpty, "frames whose pixels differ: \(differing.prefix(10).map(\.offset))")
        #expect(scenario.map { $0["key"] as! Bool } == played.map { $0["key"] as! Bool })
    }
}
