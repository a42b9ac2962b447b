import Foundation
import Testing

/// Issue 21: a tool's outputs never become another tool's inputs. `sheet`, `plot` and `render --sheet` write
/// sheet.png and trace.png beside the frames; `diff` pairs only frames there, and `sheet` reads only frames.
@Suite struct ToolOutputsTests {
    /// GridTools' SheetsAndPlots article's example: render twice, a sheet and a plot of one render; the two folders
    /// still compare equal.
    @Test func sheetAndPlotBesideTheFramesAreNotFrames() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let a = folder.appendingPathComponent("pg-a"), c = folder.appendingPathComponent("pg-c")
        #expect(try CLI.run(["render", scenario, "--out", a.path, "--quiet"]).status == 0)
        #expect(try CLI.run(["render", scenario, "--out", c.path, "--quiet"]).status == 0)
        #expect(try CLI.run(["sheet", a.path]).status == 0)
        #expect(try CLI.run(["plot", a.appendingPathComponent("trace.jsonl").path]).status == 0)
        #expect(CLI.files(in: a).contains("sheet.png") && CLI.files(in: a).contains("trace.png"))
        let diff = try CLI.run(["diff", a.path, c.path])
        #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
        #expect(diff.stdout.contains("not compared: 2 PNGs beside the frames"), "\(diff.stdout)")
        let json = try DiffDefaultsTests.json(try CLI.run(["diff", c.path, a.path, "--json"]).stdout)
        #expect(json["passed"] as? Bool == true)
        #expect(json["skipped"] as? [String] == ["sheet.png", "trace.png"], "\(json)")
        // render --sheet writes the same file; the folders still compare equal, in either order.
        let d = folder.appendingPathComponent("pg-d")
        #expect(try CLI.run(["render", scenario, "--out", d.path, "--quiet", "--sheet"]).status == 0)
        #expect(try CLI.run(["diff", d.path, c.path]).status == 0)
        #expect(try CLI.run(["diff", a.path, d.path]).status == 0)
        // A second sheet is the first again: the first sheet is not one of its thumbnails.
        let sheet = a.appendingPathComponent("sheet.png")
        let before = try Data(contentsOf: sheet)
        #expect(try CLI.run(["sheet", a.path]).status == 0)
        #expect(try Data(contentsOf: sheet) == before)
    }

    /// Frames are paired and the rest skipped per folder: a frame folder's other PNGs (even one that was
    /// removed) are not compared, while a folder without frames compares every PNG in it.
    @Test func onlyFrameFoldersSkipTheirOtherPNGs() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
        #expect(try CLI.run(["render", scenario, "--out", a.appendingPathComponent("run").path, "--quiet", "--frames", "0:2"]).status == 0)
        #expect(try CLI.run(["render", scenario, "--out", b.appendingPathComponent("run").path, "--quiet", "--frames", "0:2"]).status == 0)
        let frame = a.appendingPathComponent("run/frame_00001.png")
        try FileManager.default.createDirectory(at: a.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: frame, to: a.appendingPathComponent("pictures/photo.png"))
        try FileManager.default.copyItem(at: frame, to: a.appendingPathComponent("run/notes.png"))
        let json = try DiffDefaultsTests.json(try CLI.run(["diff", a.path, b.path, "--json"]).stdout)
        #expect(json["skipped"] as? [String] == ["run/notes.png"], "\(json)")
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.map { $0["path"] as? String } == ["pictures/photo.png", "run/frame_00000.png", "run/frame_00001.png", "run/frame_00002.png"])
        #expect(frames.first?["status"] as? String == "removed")
    }

    /// `plot` never names its chart like a frame unless told to with --out.
    @Test func plotRefusesAChartNamedLikeAFrame() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let a = folder.appendingPathComponent("a")
        #expect(try CLI.run(["render", scenario, "--out", a.path, "--quiet", "--frames", "0:2"]).status == 0)
        let trace = a.appendingPathComponent("frame_00007.jsonl")
        let written = try #require(CLI.files(in: a).first { $0.hasPrefix("trace") && $0.hasSuffix(".jsonl") })
        try FileManager.default.copyItem(at: a.appendingPathComponent(written), to: trace)
        let refused = try CLI.run(["plot", trace.path])
        #expect(refused.status == 2 && refused.stderr.contains("a frame's name; pass --out FILE"), "\(refused.stderr)")
        #expect(!CLI.files(in: a).contains("frame_00007.png"))
        #expect(try CLI.run(["plot", trace.path, "--out", folder.appendingPathComponent("chart.png").path]).status == 0)
    }
}
