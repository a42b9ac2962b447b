import Foundation
import Testing
import Rasterizer
import GridModel
#if canImport(Glibc)
import Glibc
#endif

/// `sheet` and `plot` with whatever a user can pass: exit 2 with one line naming the file (and the
/// line of a trace) for bad input, exit 1 when the output cannot be written, never a hang.
@Suite struct ToolHardeningTests {
    /// A render of the small scenario, made once.
    static let render: URL = {
        let folder = (try? CLI.temporaryFolder()) ?? URL(fileURLWithPath: "/tmp")
        let scenario = (try? CLI.write(CLI.smallScenario(), to: folder)) ?? ""
        _ = try? CLI.run(["render", scenario, "--out", folder.appendingPathComponent("frames").path, "--quiet"])
        return folder.appendingPathComponent("frames")
    }()

    static var traceLines: [String] {
        ((try? String(contentsOf: render.appendingPathComponent("trace.jsonl"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func expectInputError(_ result: CLI.Result, naming: String, _ fragment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("render-grid: error: ") && result.stderr.contains(naming) && (fragment.isEmpty || result.stderr.contains(fragment)),
                "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    /// Shards concatenated in the wrong order once hung `plot`; now they are sorted by frame.
    @Test func plotOfShardsInAnyOrder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = Self.traceLines
        #expect(lines.count > 20)
        let swapped = try CLI.write((Array(lines[10...]) + Array(lines[..<12])).joined(separator: "\n") + "\n", to: folder, as: "swapped.jsonl")
        let started = Date()
        let result = try CLI.run(["plot", swapped, "--width", "400", "--height", "300"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("swapped.png").path))
    }

    @Test func plotRefusesBadTracesNamingTheLine() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines = Self.traceLines
        lines[2] = lines[2].replacingOccurrences(of: "\"t\":", with: "\"t\":1e999,\"u\":")
        let bad = try CLI.write(lines.joined(separator: "\n"), to: folder, as: "bad.jsonl")
        expectInputError(try CLI.run(["plot", bad]), naming: bad, "line 3 is not a render-grid trace line: t 1e999 is not a finite number")
        var conflict = Self.traceLines
        // Frame 4 again with another of the writer's phases: the same frame given two ways.
        let other = conflict[4].contains("\"phase\":\"bouncing\"") ? "\"phase\":\"idle\"" : "\"phase\":\"bouncing\""
        conflict.append(conflict[4].replacing(/"phase":"[a-z]+"/, with: other))
        let conflicting = try CLI.write(conflict.joined(separator: "\n"), to: folder, as: "conflict.jsonl")
        expectInputError(try CLI.run(["plot", conflicting]), naming: conflicting, "lines 5 and \(conflict.count) both give frame 4")
        expectInputError(try CLI.run(["plot", folder.appendingPathComponent("missing.jsonl").path]), naming: "missing.jsonl", "does not exist")
        expectInputError(try CLI.run(["plot", folder.path]), naming: folder.path, "is a folder")
        let one = try CLI.write(Self.traceLines[0], to: folder, as: "one.jsonl")
        expectInputError(try CLI.run(["plot", one]), naming: one, "a plot needs at least two trace frames")
        #expect(CLI.files(in: folder) == ["bad.jsonl", "conflict.jsonl", "one.jsonl"], "nothing written")
    }

    @Test func plotLimitsNameTheirFlags() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = Self.render.appendingPathComponent("trace.jsonl").path
        let out = folder.appendingPathComponent("p.png").path
        expectInputError(try CLI.run(["plot", trace, "--out", out, "--max-lines", "5"]), naming: trace, "over 5 lines, the limit (maxLines); --max-lines raises it")
        expectInputError(try CLI.run(["plot", trace, "--out", out, "--max-file-size", "1000"]), naming: trace, "the limit is 1000 bytes (maxBytes); --max-file-size raises it")
        #expect(try CLI.run(["plot", trace, "--out", out, "--max-lines", "1000"]).status == 0)
        for size in ["0", "-1", "199", "8001", "99999999999999999999"] {
            expectInputError(try CLI.run(["plot", trace, "--out", out, "--width", size]), naming: "--width")
        }
    }

    @Test func pipesAreRefusedAtOnce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("trace.jsonl").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let started = Date()
        expectInputError(try CLI.run(["plot", fifo, "--out", folder.appendingPathComponent("p.png").path]), naming: fifo, "not a regular file")
        // In a render folder, a trace that is a pipe is skipped with a warning; a frame that is one is refused.
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.copyItem(at: Self.render, to: frames)
        try FileManager.default.removeItem(at: frames.appendingPathComponent("trace.jsonl"))
        #expect(mkfifo(frames.appendingPathComponent("trace.jsonl").path, 0o644) == 0)
        let sheet = try CLI.run(["sheet", frames.path, "--out", folder.appendingPathComponent("s.png").path])
        #expect(sheet.status == 0 && sheet.stderr.contains("warning: trace") && sheet.stderr.contains("not a regular file (a pipe, socket or device); the labels lack its frames"), "\(sheet.stderr)")
        let frame = frames.appendingPathComponent("frame_00003.png").path
        try FileManager.default.removeItem(atPath: frame)
        #expect(mkfifo(frame, 0o644) == 0)
        let refused = try CLI.run(["sheet", frames.path, "--every", "1", "--out", folder.appendingPathComponent("s.png").path])
        #expect(refused.status == 2 && refused.stderr.contains("frame \(frame) is not a regular file"), "\(refused.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// `--width 2048 --columns 64 --every 1` once asked for a sheet of gigabytes; now the size is
    /// checked first and the error names the flag that raises the limit.
    @Test func sheetSizeIsLimitedBeforeAllocation() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("s.png").path
        let result = try CLI.run(["sheet", Self.render.path, "--width", "2048", "--columns", "64", "--every", "1", "--out", out])
        expectInputError(result, naming: "contact sheet", "over the limit of 50000000 pixels (maxSheetPixels); --max-sheet-pixels raises it")
        #expect(!FileManager.default.fileExists(atPath: out))
        let small = try CLI.run(["sheet", Self.render.path, "--width", "100", "--every", "1", "--out", out, "--max-sheet-pixels", "1000"])
        expectInputError(small, naming: "contact sheet", "--max-sheet-pixels raises it")
        #expect(try CLI.run(["sheet", Self.render.path, "--width", "100", "--every", "1", "--out", out, "--max-sheet-pixels", "2000000"]).status == 0)
        let frame = Self.render.appendingPathComponent("frame_00000.png").path
        expectInputError(try CLI.run(["sheet", Self.render.path, "--out", out, "--max-pixels", "100"]), naming: frame, "is 120×90 pixels; the limit is 100 pixels (maxFramePixels); --max-pixels raises it")
        // The trace is over the limit too: it is skipped with a warning before the frame is refused.
        let bytes = try CLI.run(["sheet", Self.render.path, "--out", out, "--max-file-size", "100"])
        #expect(bytes.status == 2 && bytes.stderr.contains("warning: trace") && bytes.stderr.contains("error: frame \(frame) is"), "\(bytes.stderr)")
        #expect(bytes.stderr.contains("the limit is 100 bytes (maxFrameBytes); --max-file-size raises it"), "\(bytes.stderr)")
    }

    /// A 1 × 1,000,000 frame once asked for 110 GB.
    @Test func sheetOfAnExtremeFrame() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try PNGCodec.encode(try Pixmap(width: 1, height: 1_000_000, fill: RGBA(9, 9, 9)))).write(to: folder.appendingPathComponent("frame_00000.png"))
        let result = try CLI.run(["sheet", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try Data(contentsOf: folder.appendingPathComponent("sheet.png"))
        #expect(png[16...23] == Data([0, 0, 0, 172, 0, 0, 2, 158]))  // 172 × 670
    }

    @Test func emptyOutAndUnwritableOutput() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = Self.render.appendingPathComponent("trace.jsonl").path
        for command in [["sheet", Self.render.path], ["plot", trace]] {
            expectInputError(try CLI.run(command + ["--out", ""]), naming: "--out needs a value, not an empty string")
            expectInputError(try CLI.run(command + ["--out="]), naming: "--out needs a value, not an empty string")
            let unwritable = try CLI.run(command + ["--out", folder.appendingPathComponent("no/such/folder/x.png").path])
            #expect(unwritable.status == 1 && unwritable.stderr.split(separator: "\n").count == 1, "\(unwritable.stderr)")
            // A folder given as --out FILE is a usage error, as `check --junit` naming one is (issue 22 item 8: exit 1).
            let onFolder = try CLI.run(command + ["--out", folder.path])
            expectInputError(onFolder, naming: "is a folder; give a file name such as")
        }
        let copy = try CLI.write(Self.traceLines.joined(separator: "\n"), to: folder, as: "t.png")
        expectInputError(try CLI.run(["plot", copy]), naming: "would replace the trace")
    }

    /// A file name with a newline still gives one line.
    @Test func namesWithNewlinesStayOnOneLine() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let odd = try CLI.write("junk\n", to: folder, as: "a\nb.jsonl")
        expectInputError(try CLI.run(["plot", odd]), naming: "a\\nb.jsonl", "line 1")
        expectInputError(try CLI.run(["sheet", folder.appendingPathComponent("x\ny").path]), naming: "x\\ny")
    }
}

/// `sheet` and `plot` compare files, not spellings, before they write.
extension ToolHardeningTests {
    /// `plot --out ./DIR/trace.jsonl` replaced the trace with a PNG, and `sheet --out DIR/frame_00000.png`
    /// replaced a frame: the guard compared spellings, not files.
    @Test func toolsNeverOverwriteTheirInputs() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let frames = folder.appendingPathComponent("f")
        #expect(try CLI.run(["render", scenario, "--out", frames.path, "--quiet", "--frames", "0:3"]).status == 0)
        let trace = frames.appendingPathComponent("trace_00000-00003.jsonl"), frame = frames.appendingPathComponent("frame_00000.png")
        let traceBytes = try Data(contentsOf: trace), frameBytes = try Data(contentsOf: frame)
        let link = folder.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: frame.path)
        let cases: [[String]] = [
            ["plot", trace.path, "--out", frames.path + "/./trace_00000-00003.jsonl"],
            ["plot", trace.path, "--out", frames.path + "/../f/trace_00000-00003.jsonl"],
            ["sheet", frames.path, "--out", frame.path],
            ["sheet", frames.path, "--out", link.path],
            ["sheet", frames.path, "--out", trace.path],
        ]
        for arguments in cases {
            let result = try CLI.run(arguments)
            #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: trace) == traceBytes && Data(contentsOf: frame) == frameBytes)
    }
}
