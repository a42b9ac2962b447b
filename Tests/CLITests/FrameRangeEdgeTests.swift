import Foundation
import Testing

/// `--frames` at the top of Int: a B written out is never the open end `A:` (issue 22 item 6: `0:9223372036854775807`
/// rendered every frame where `0:9223372036854775806` was refused, and `9223372036854775807:9223372036854775807`
/// was echoed as `9223372036854775807:`).
@Suite struct FrameRangeEdgeTests {
    @Test(arguments: [
        ("0:9223372036854775807", "--frames 0:9223372036854775807: B must be below 9223372036854775807; write 0: for frame 0 to the last frame"),
        ("9223372036854775807:9223372036854775807", "--frames 9223372036854775807:9223372036854775807: B must be below"),
        ("0:9223372036854775806", "--frames 0:9223372036854775806 is outside the scenario's"),
        ("9223372036854775807:", "--frames 9223372036854775807: is outside the scenario's"),
    ])
    func refusedWithTheRangeAsWritten(range: String, message: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("out")
        let result = try CLI.run(["render", scenario, "--out", out.path, "--frames", range])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(CLI.files(in: out).filter { $0.hasSuffix(".png") }.isEmpty, "no frames written: \(CLI.files(in: out))")
    }

    @Test func anOpenEndStillRendersToTheLastFrame() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("out")
        let all = try CLI.run(["render", scenario, "--out", out.path, "--quiet"])
        try #require(all.status == 0)
        let last = CLI.files(in: out).filter { $0.hasPrefix("frame_") }.count - 1
        let tail = folder.appendingPathComponent("tail")
        let result = try CLI.run(["render", scenario, "--out", tail.path, "--frames", "\(last - 1):", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.files(in: tail).filter { $0.hasPrefix("frame_") } == [String(format: "frame_%05d.png", last - 1), String(format: "frame_%05d.png", last)])
    }
}
