import Foundation
import HeadlessUIKit
import SeedScrollers

// seed-bench [--stream] STEPS OUT: plays seed 000's Coordinator on a 390 × 844-point scroll view with
// `ScrollPlayer(scale: 3, fps: 60)` and writes the frames (`frame_00000.png` …, `trace.jsonl`, `frames.ffconcat`)
// into OUT, the work `render-grid render --scale 3` does for the built-in equivalent. STEPS is a JSON file: a
// scenario (its `steps` are played; its viewport is not read) or a bare array of steps. `scripts/bench.sh --player`
// times it against `render`. With --stream the frames are written as they are drawn (`play(_:steps:writingTo:)`),
// so memory does not grow with the frame count.

let usage = "usage: seed-bench [--stream] STEPS.json OUT-FOLDER"
let streams = CommandLine.arguments.dropFirst().first == "--stream"
let arguments = streams ? [CommandLine.arguments[0]] + CommandLine.arguments.dropFirst(2) : CommandLine.arguments
guard arguments.count == 3, !arguments[1].hasPrefix("-") else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

/// A STEPS file seed-bench cannot play, with what is wrong.
struct BadSteps: Error, CustomStringConvertible {
    let description: String
}

/// The steps array of `text` as JSON text: a scenario object's `steps`, or `text` itself when it is an array.
func stepsJSON(_ text: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    guard let scenario = object as? [String: Any] else { return text }
    guard let steps = scenario["steps"] else {
        throw BadSteps(description: "\(arguments[1]): the scenario has no steps")
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
}

/// Milliseconds since `start`.
func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

do {
    let start = ContinuousClock.now
    let steps = try stepsJSON(try String(contentsOfFile: arguments[1], encoding: .utf8))
    let recording = try MainActor.assumeIsolated {
        let (scrollView, coordinator) = Seed000.makeScrollView(size: CGSize(width: 390, height: 844))
        return try withExtendedLifetime(coordinator) {
            streams ? try ScrollPlayer(scale: 3, fps: 60).play(scrollView, steps: steps, writingTo: arguments[2])
                : try ScrollPlayer(scale: 3, fps: 60).play(scrollView, steps: steps)
        }
    }
    let played = milliseconds(since: start)
    if !streams { try recording.writeFrames(to: arguments[2]) }
    let total = milliseconds(since: start)
    let frames = max(recording.frameCount, 1)
    print("played \(recording.frameCount) frames to \(arguments[2]) in "
        + String(format: "%.3f s, %.2f ms/frame (play %.2f, write %.2f)", total / 1000, total / Double(frames),
                 played / Double(frames), (total - played) / Double(frames)))
} catch {
    FileHandle.standardError.write(Data("seed-bench: \(error)\n".utf8))
    exit(1)
}
