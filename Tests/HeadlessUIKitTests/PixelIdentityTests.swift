import Foundation
import Testing
@testable import HeadlessUIKit
import GridModel
import Rasterizer
import GridExport

/// Seed 000's coordinator, played on a bundled scenario's steps at its viewport and scale, draws the frames
/// `render-grid render` draws for that scenario with `style.labelFormat: "grouped"` (the seed's `.formatted()`).
@MainActor
@Suite struct PixelIdentityTests {
    static func scenarioPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/\(name).json").path
    }

    /// The frames of both sides and the indices where they differ.
    /// The synchronous play (in an async function `play` would be the overload that awaits deferred work).
    static func play(_ scrollView: UIScrollView, steps: String, _ scenario: Scenario) throws -> ScrollRecording {
        try ScrollPlayer(scale: scenario.viewport.scale, fps: scenario.fps).play(scrollView, steps: steps)
    }

    static func compare(_ name: String) async throws -> (frames: Int, differing: [Int]) {
        let text = try String(contentsOfFile: scenarioPath(name), encoding: .utf8)
        var scenario = try ScenarioDecoder.decode(Array(text.utf8))
        scenario.style.labelFormat = .grouped
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let steps = String(decoding: try JSONSerialization.data(withJSONObject: object["steps"]!), as: UTF8.self)
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: scenario.viewport.width, height: scenario.viewport.height))
        let coordinator = SeedCoordinator()
        coordinator.setupScrollView(scrollView: scrollView)
        coordinator.populateTiles()
        let recording = try Self.play(scrollView, steps: steps, scenario)
        // render's side off the main actor, so the other main-actor tests go on meanwhile.
        let (count, differing) = try await Task.detached { [scenario] in
            let font = try FontFile.loadDefault()
            var differing: [Int] = []
            var count = 0
            try FrameExporter.frames(0...(recording.frames.count - 1), of: scenario, font: font) { frame in
                let index = frame.state.index
                count += 1
                let played = try PNGCodec.decode(recording.frames[index])
                if played != frame.image { differing.append(index) }
            }
            return (count, differing)
        }.value
        if let folder = ProcessInfo.processInfo.environment["RENDER_GRID_PLAYER_OUT"] {
            try recording.writeFrames(to: folder + "/" + name)
        }
        #expect(count == recording.frames.count, "render draws as many frames as the player")
        return (count, differing)
    }

    @Test func dragAtRestIsPixelIdentical() async throws {
        let result = try await Self.compare("drag-atRest")
        #expect(result.differing.isEmpty, "\(result.differing.count) of \(result.frames) frames differ, first \(result.differing.prefix(10))")
    }
}

extension PixelIdentityTests {
    /// A fling, a drag that interrupts its deceleration, and a held drag: the seed's recenter at every rest.
    @Test func interruptedFlingIsPixelIdentical() async throws {
        let result = try await Self.compare("interrupted-fling")
        #expect(result.differing.isEmpty, "\(result.differing.count) of \(result.frames) frames differ, first \(result.differing.prefix(10))")
    }

    /// At scale 3 (a third of a point per device pixel).
    @Test func scale3IsPixelIdentical() async throws {
        let result = try await Self.compare("scale3")
        #expect(result.differing.isEmpty, "\(result.differing.count) of \(result.frames) frames differ, first \(result.differing.prefix(10))")
    }
}
