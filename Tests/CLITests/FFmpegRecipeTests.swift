import Foundation
import GridExport
import GridModel
import Testing
import TestSupport

/// Every ffmpeg recipe in the documentation (docs/recipes.md) runs verbatim on every bundled scenario with the real
/// ffmpeg, and ffprobe finds what it promises: one APNG frame per rendered frame at its real time with alpha kept, an
/// MP4 of even size with the right frame count and length, a GIF of the right length at 50 fps, every output on the
/// canvas of the largest frame (resized frames letterboxed). Skipped when ffmpeg is not installed, unless
/// `RENDER_GRID_REQUIRE_TOOLS=1` (CI).
@Suite struct FFmpegRecipeTests {
    /// `ffmpeg` and `ffprobe` on `PATH`, or nil.
    static let tools: (ffmpeg: String, ffprobe: String)? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ name: String) -> String? {
            path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let ffmpeg = find("ffmpeg"), let ffprobe = find("ffprobe") else { return nil }
        return (ffmpeg, ffprobe)
    }()

    static let skipNote: Comment = "ffmpeg/ffprobe are not installed here (CI installs them; RENDER_GRID_REQUIRE_TOOLS=1 requires them): skipped"
    static var runnable: Bool { tools != nil || RequiredTools.required }

    /// The scenarios the recipes run on: every bundled one under `RENDER_GRID_FULL_RECIPES=1` (CI), else a sample
    /// that covers what a recipe meets (a plain drag, a size change mid-run, paging, layers, an unloaded placeholder
    /// and a short whole scenario): the recipes, not the scenarios, are under test, and encoding 30 scenarios with
    /// ffmpeg took a minute of a 2-core machine.
    static let scenarios: [String] = full ? BundledParityTests.scenarios : sample.filter(BundledParityTests.scenarios.contains)
    static let sample = ["drag-atRest.json", "rotate.json", "paging-snap.json", "parallax.json", "lazy-load.json", "edge-stop.json"]

    /// The shell blocks of every documentation page (docs/recipes.md holds the one) that run ffmpeg, each with the
    /// folder its first line (`D=…`) names.
    static func recipes() throws -> [(script: String, folder: String)] {
        let readme = try DocsText.all()
        var blocks: [(String, String)] = [], cursor = readme.startIndex
        while let open = readme.range(of: "```sh\n", range: cursor..<readme.endIndex),
              let close = readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex) {
            let block = String(readme[open.upperBound..<close.lowerBound]) + "\n"
            cursor = close.upperBound
            guard block.contains("ffmpeg ") else { continue }
            let first = block.prefix { $0 != "\n" }
            let folder = first.hasPrefix("D=") ? String(first.dropFirst(2).prefix { $0 != " " }) : ""
            blocks.append((block, folder))
        }
        return blocks
    }

    /// `--preview-commands` on a range render (`--frames`, `--shard`) previews the frames that run wrote, through
    /// the range's own list: piped to bash it makes the three files (it used to read frames.ffconcat and stop at the
    /// first frame the run did not write).
    @Test(.enabled(if: runnable, skipNote))
    func rangePreviewCommandsRun() throws {
        _ = try #require(Self.tools, "ffmpeg and ffprobe are required here (RENDER_GRID_REQUIRE_TOOLS=1) but not on PATH")
        let scenario = CLI.packageRoot.appendingPathComponent("Scenarios/rotate.json").path
        for (flag, value, count) in [("--frames", "3:8", 6), ("--shard", "2/3", 12)] {
            let work = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: work) }
            let result = try CLI.run(["render", scenario, "--scale", "1", "--out", "fr", "--quiet", flag, value, "--preview-commands"], in: work)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#"L="$D/frames_"#), "\(result.stdout)")
            try Self.runScript(result.stdout, in: work, label: "rotate \(flag) \(value)")
            let frames = try Self.frames(of: work.appendingPathComponent("fr.apng").path)
            #expect(frames.count == count, "\(flag) \(value): \(frames.count) APNG frames")
        }
    }

    @Test func theReadmeRecipeIsWhatRenderPrints() throws {
        let recipes = try Self.recipes()
        #expect(recipes.count == 1, "one ffmpeg block in the documentation (the test runs each)")
        for (script, folder) in recipes {
            #expect(!folder.isEmpty, "the recipe starts with D=FOLDER")
            #expect(script == PreviewCommands.script(folder: folder))
            let work = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: work) }
            let scenario = CLI.packageRoot.appendingPathComponent("Scenarios/rotate.json").path
            let result = try CLI.run(["render", scenario, "--scale", "1", "--out", folder, "--quiet", "--preview-commands"], in: work)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == script)
        }
        // Without the flag, render's output is the summary line alone.
        let work = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let plain = try CLI.run(["render", CLI.packageRoot.appendingPathComponent("Scenarios/rotate.json").path, "--scale", "1",
                                 "--out", "o"], in: work)
        #expect(plain.stdout.split(separator: "\n").count == 1)
        #expect(!plain.stdout.contains("ffmpeg"))
    }

    /// The frames a recipe test renders of a bundled scenario at `--scale 1`: all of a short one; else 24 around its
    /// first size change (a `resize` step), or its last 24 (an open range, so the last frame's duration counts). Encoding
    /// every frame of every scenario would take minutes; a range's own list (`frames_AAAAA-BBBBB.ffconcat`) is the
    /// same writer's list of those frames. `RENDER_GRID_FULL_RECIPES=1` (set by `.ci/run`) runs every scenario whole,
    /// so CI runs the recipe verbatim, list and all, on every frame of every bundled scenario.
    static let full = ProcessInfo.processInfo.environment["RENDER_GRID_FULL_RECIPES"] == "1"

    static func window(_ name: String) throws -> (frames: String?, total: Int) {
        let loaded = try ScenarioFile.load(path: CLI.packageRoot.appendingPathComponent("Scenarios/" + name).path).scaled(to: 1)
        var simulation = try Simulation(scenario: loaded.scenario)
        var sizes: [(Int, Int)] = []
        while let frame = try simulation.next() { sizes.append((frame.pixelWidth, frame.pixelHeight)) }
        let total = sizes.count
        if total <= 40 || full { return (nil, total) }
        if let change = sizes.indices.dropFirst().first(where: { sizes[$0] != sizes[$0 - 1] }) {
            let start = max(0, min(change - 12, total - 24))
            return ("\(start):\(start + 23)", total)
        }
        return ("\(total - 24):", total)
    }

    @Test func theSampleIsBundled() { #expect(Self.scenarios.count >= Self.sample.count) }

    @Test(.enabled(if: runnable, skipNote), arguments: scenarios)
    func everyRecipeRunsOnEveryBundledScenario(name: String) throws {
        _ = try #require(Self.tools, "ffmpeg and ffprobe are required here (RENDER_GRID_REQUIRE_TOOLS=1) but not on PATH")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/" + name)))
        let fps = ((json as? [String: Any])?["fps"] as? Int) ?? 60
        let (frames, total) = try Self.window(name)
        for (script, folder) in try Self.recipes() {
            let work = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: work) }
            let scenario = CLI.packageRoot.appendingPathComponent("Scenarios/" + name).path
            let render = try CLI.run(["render", scenario, "--scale", "1", "--out", folder, "--quiet", "--jobs", "2"]
                                     + (frames.map { ["--frames", $0] } ?? []), in: work)
            try #require(render.status == 0, "\(name): \(render.stderr)")
            let out = work.appendingPathComponent(folder)
            let whole = try String(contentsOf: out.appendingPathComponent(FrameList.fileName), encoding: .utf8)
            #expect(Self.listed(whole).count == total, "\(name): frames.ffconcat names every frame of the scenario")
            var script = script, list = FrameList.fileName
            if frames != nil {
                // The range's own list as L (docs/recipes.md: "set `L` to it to preview just that range").
                let range = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path)
                    .first { $0.hasPrefix("frames_") && $0.hasSuffix(".ffconcat") })
                let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("L=") })
                script = script.replacingOccurrences(of: line, with: "L=\"$D/\(range)\"")
                list = range
            }
            try Self.runScript(script, in: work, label: name)
            try Self.checkOutputs(of: out, list: list, fps: fps, label: name)
        }
    }

    /// The frame files a list names, in order.
    static func listed(_ list: String) -> [String] {
        list.split(separator: "\n").compactMap { $0.hasPrefix("file '") ? String($0.dropFirst(6).dropLast()) : nil }
    }

    /// A translucent background: the APNG keeps its alpha exactly, the GIF and MP4 show it flattened onto `BG`
    /// (black), not its colour at full strength.
    @Test(.enabled(if: runnable, skipNote))
    func translucentFramesKeepAlphaInTheAPNGAndAreFlattenedInTheGIFAndMP4() throws {
        let tools = try #require(Self.tools, "ffmpeg and ffprobe are required here (RENDER_GRID_REQUIRE_TOOLS=1) but not on PATH")
        let work = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        // No tile is ever in range (400-wide tiles on a 240-wide screen): the HUD and the background.
        let scenario = try CLI.write("""
            { "name": "glass", "viewport": { "width": 240, "height": 160, "scale": 1 }, "fps": 30,
              "grid": { "tileSize": { "width": 400, "height": 250 }, "range": "freshcode" },
              "style": { "background": "#F2C9C080" }, "steps": [ { "wait": { "duration": 0.3 } } ] }
            """, to: work)
        for (script, folder) in try Self.recipes() {
            let render = try CLI.run(["render", scenario, "--out", folder, "--quiet", "--hud"], in: work)
            try #require(render.status == 0, "\(render.stderr)")
            try Self.runScript(script, in: work, label: "glass")
            try Self.checkOutputs(of: work.appendingPathComponent(folder), fps: 30, label: "glass")
            let base = work.appendingPathComponent(folder).path
            let apng = try Self.pixel(tools.ffmpeg, base + ".apng", x: 120, y: 120)
            #expect(apng == [0xF2, 0xC9, 0xC0, 0x80], "APNG keeps the straight colour and its alpha")
            for file in [".gif", ".mp4"] {
                let flat = try Self.pixel(tools.ffmpeg, base + file, x: 120, y: 120)
                // #F2C9C0 at alpha 128/255 over black: (121, 101, 96); the GIF exactly, the MP4 (YUV) within a few levels.
                for (value, expected) in zip(flat.prefix(3), [121, 101, 96]) {
                    #expect(abs(Int(value) - expected) <= (file == ".gif" ? 1 : 4), "\(file): \(flat) is not #F2C9C080 flattened onto black")
                }
                #expect(flat[3] == 255)
            }
        }
    }

    /// A shard's folder before the other shards are done: the list names frames not written yet, and the recipe
    /// fails saying which, instead of writing a short preview.
    @Test(.enabled(if: runnable, skipNote))
    func aMissingFrameFailsTheRecipe() throws {
        _ = try #require(Self.tools, "ffmpeg and ffprobe are required here (RENDER_GRID_REQUIRE_TOOLS=1) but not on PATH")
        let work = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let scenario = CLI.packageRoot.appendingPathComponent("Scenarios/rotate.json").path
        for (script, folder) in try Self.recipes() {
            let render = try CLI.run(["render", scenario, "--scale", "1", "--out", folder, "--quiet", "--frames", "0:9"], in: work)
            try #require(render.status == 0, "\(render.stderr)")
            let result = try Self.run("/bin/bash", ["-c", "set -euo pipefail\n" + script], in: work)
            #expect(result.status != 0)
            #expect(result.stderr.contains("Impossible to open '\(folder)/frame_00010.png'"), "\(result.stderr.suffix(2000))")
        }
    }

    // MARK: - Running and probing

    static func runScript(_ script: String, in folder: URL, label: String) throws {
        let result = try run("/bin/bash", ["-c", "set -euo pipefail\n" + script], in: folder)
        try #require(result.status == 0, "\(label): the recipe failed:\n\(result.stderr.suffix(3000))")
    }

    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.standardInput = FileHandle.nullDevice
        // stderr to a file, so neither pipe can fill up and stall ffmpeg while stdout is read.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-ffmpeg-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let out = Pipe(), err = try FileHandle(forWritingTo: log)
        defer { try? err.close() }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, stdout, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// One decoded frame's pixel as RGBA (the first frame of `file`).
    static func pixel(_ ffmpeg: String, _ file: String, x: Int, y: Int) throws -> [UInt8] {
        let result = try run(ffmpeg, ["-v", "error", "-i", file, "-frames:v", "1", "-vf", "format=rgba,crop=1:1:\(x):\(y)",
                                      "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        try #require(result.status == 0 && result.stdout.count == 4, "\(file): \(result.stderr)")
        return [UInt8](result.stdout)
    }

    struct Frame {
        var time: Double
        var duration: Double
        var width: Int
        var height: Int
        var pixelFormat: String
    }

    /// Every frame ffprobe decodes from `file`.
    static func frames(of file: String) throws -> [Frame] {
        let tools = try #require(Self.tools)
        let result = try run(tools.ffprobe, ["-v", "error", "-show_entries",
                                             "frame=best_effort_timestamp_time,pkt_duration_time,width,height,pix_fmt",
                                             "-of", "compact", file])
        try #require(result.status == 0, "ffprobe \(file): \(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("frame|") else { return nil }
            var fields: [Substring: Substring] = [:]
            for field in line.split(separator: "|") {
                guard let equals = field.firstIndex(of: "=") else { continue }
                fields[field[..<equals]] = field[field.index(after: equals)...]
            }
            return Frame(time: fields["best_effort_timestamp_time"].flatMap { Double($0) } ?? .nan,
                         duration: fields["pkt_duration_time"].flatMap { Double($0) } ?? .nan,
                         width: fields["width"].flatMap { Int($0) } ?? 0, height: fields["height"].flatMap { Int($0) } ?? 0,
                         pixelFormat: fields["pix_fmt"].map(String.init) ?? "")
        }
    }

    /// Width and height from a PNG's IHDR.
    static func pngSize(_ url: URL) throws -> (Int, Int) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let bytes = [UInt8](try handle.read(upToCount: 24) ?? Data())
        try #require(bytes.count == 24)
        func be(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    /// The APNG, GIF and MP4 beside `folder` against its frames: count, length, canvas, alpha.
    static func checkOutputs(of folder: URL, list: String = FrameList.fileName, fps: Int, label: String) throws {
        let names = listed(try String(contentsOf: folder.appendingPathComponent(list), encoding: .utf8))
        let sizes = try names.map { try pngSize(folder.appendingPathComponent($0)) }
        let count = sizes.count
        try #require(count > 0)
        let width = sizes.map(\.0).max()!, height = sizes.map(\.1).max()!
        let length = Double(count) / Double(fps), frame = 1 / Double(fps)
        func end(_ frames: [Frame]) -> Double { frames.last.map { $0.time + $0.duration } ?? 0 }

        let apng = try frames(of: folder.path + ".apng")
        #expect(apng.count == count, "\(label) APNG: \(apng.count) frames for \(count)")
        #expect(abs(end(apng) - length) <= frame, "\(label) APNG: \(end(apng)) s for \(length) s")
        #expect(apng.allSatisfy { $0.width == width && $0.height == height && $0.pixelFormat == "rgba" },
                "\(label) APNG: not all \(width)x\(height) rgba: \(Set(apng.map { "\($0.width)x\($0.height) \($0.pixelFormat)" }))")
        // A frame smaller than the canvas is centred on transparent bars.
        if let small = sizes.firstIndex(where: { $0 != (width, height) }), let ffmpeg = tools?.ffmpeg {
            let result = try run(ffmpeg, ["-v", "error", "-i", folder.path + ".apng", "-vf", "select=eq(n\\,\(small)),crop=1:1:0:0",
                                          "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
            #expect(result.stdout.last == 0, "\(label) APNG frame \(small): the corner is not transparent")
            let (w, h) = sizes[small]
            let centre = try run(ffmpeg, ["-v", "error", "-i", folder.path + ".apng", "-vf",
                                          "select=eq(n\\,\(small)),crop=\(w):\(h):\((width - w) / 2):\((height - h) / 2)",
                                          "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
            let original = try run(ffmpeg, ["-v", "error", "-i", folder.appendingPathComponent(names[small]).path,
                                            "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
            #expect(centre.stdout == original.stdout, "\(label) APNG frame \(small): not the frame, unscaled, centred")
        }

        let mp4 = try frames(of: folder.path + ".mp4")
        #expect(abs(mp4.count - count) <= 1, "\(label) MP4: \(mp4.count) frames for \(count)")
        #expect(abs(end(mp4) - length) <= frame + 1e-3, "\(label) MP4: \(end(mp4)) s for \(length) s")
        #expect(mp4.allSatisfy { $0.width == width + width % 2 && $0.height == height + height % 2 && $0.pixelFormat == "yuv420p" },
                "\(label) MP4: not all \(width + width % 2)x\(height + height % 2) yuv420p")

        let gif = try frames(of: folder.path + ".gif")
        // 50 fps: 20 ms a frame (GIF counts in 10 ms steps); the last source frame may be cut to the grid.
        let expected = length * 50
        #expect(Double(gif.count) >= expected - 50 * frame - 1 && Double(gif.count) <= expected + 1,
                "\(label) GIF: \(gif.count) frames for \(length) s at 50 fps")
        #expect(gif.allSatisfy { abs($0.duration - 0.02) < 1e-6 }, "\(label) GIF: delays other than 20 ms")
        #expect(abs(end(gif) - length) <= frame + 0.02, "\(label) GIF: \(end(gif)) s for \(length) s")
        #expect(gif.allSatisfy { $0.width == width && $0.height == height }, "\(label) GIF: not all \(width)x\(height)")
    }
}
