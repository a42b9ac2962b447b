import Foundation
import Testing
import TestSupport

/// The split-render recipe (docs/recipes.md), run verbatim with real processes on the scenario it names: the shell
/// loop, the GNU parallel line and the CI matrix (each job in a folder of its own, sharing only what it uploads) each
/// give the frames and trace of a one-process render, byte for byte, and the loop and parallel fail when a shard fails
/// (the loop used to `wait` for nothing in particular and exit 0).
@Suite struct ReadmeSplitRenderTests {
    /// The "Splitting a long render" paragraph of docs/recipes.md and its code blocks.
    static let section: String = {
        let readme = (try? DocsText.page("docs/recipes.md")) ?? ""
        guard let start = readme.range(of: "**Splitting a long render.**"),
              let end = readme.range(of: "**A GIF, MP4 or APNG**", range: start.upperBound..<readme.endIndex) else { return "" }
        return String(readme[start.lowerBound..<end.lowerBound])
    }()

    /// The lines of the section's first block fenced with `fence` (```bash), without the fences.
    static func block(_ fence: String) throws -> [String] {
        let open = try #require(section.range(of: "```\(fence)\n"), "no \(fence) block in the split-render section")
        let close = try #require(section.range(of: "```\n", range: open.upperBound..<section.endIndex))
        return section[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    /// The shell block's commands: the loop (up to the first comment), the parallel line, the trace join.
    static func shellRecipe() throws -> (loop: String, parallel: String, join: String) {
        let lines = try block("bash")
        let firstComment = try #require(lines.firstIndex { $0.hasPrefix("#") })
        let commands = lines[firstComment...].filter { !$0.hasPrefix("#") }
        let parallel = try #require(commands.first { $0.hasPrefix("parallel ") })
        let join = try #require(commands.first { $0.hasPrefix("cat ") })
        #expect(commands.count == 2, "every command of the block is tested: \(commands)")
        return (lines[..<firstComment].joined(separator: "\n"), parallel, join)
    }

    /// A folder like a checkout: `Scenarios/` and `.build/release/render-grid`, the built executable.
    static func checkout() throws -> URL {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Scenarios"),
                                                   withDestinationURL: CLI.packageRoot.appendingPathComponent("Scenarios"))
        let release = folder.appendingPathComponent(".build/release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: release.appendingPathComponent("render-grid"), withDestinationURL: CLI.executable)
        return folder
    }

    /// `script` run by bash in `folder` with `B` set as the CLI reference's examples set it.
    static func bash(_ script: String, in folder: URL) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "B=.build/release/render-grid\n" + script]
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                          stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// long-fling rendered by one process: its files by name.
    static let wholeRender: Result<[String: Data], any Error> = Result(catching: {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try bash("$B render Scenarios/long-fling.json --out output/whole --quiet", in: folder)
        guard result.status == 0 else { throw RenderFailed(stderr: result.stderr) }
        return try ShardCLITests.contents(of: folder.appendingPathComponent("output/whole"))
    })

    struct RenderFailed: Error { var stderr: String }

    /// `output/split` after the recipe: its frames, and `trace.jsonl` joined, must be the one-process render's files.
    static func expectWholeRender(in folder: URL, _ what: String) throws {
        let whole = try wholeRender.get()
        #expect(whole.count == 220, "long-fling has 218 frames, a trace and frames.ffconcat")
        let split = try ShardCLITests.contents(of: folder.appendingPathComponent("output/split"))
        let traces = split.keys.filter { $0.hasPrefix("trace_") }.sorted()
        #expect(traces == ["trace_00000-00072.jsonl", "trace_00073-00145.jsonl", "trace_00146-00217.jsonl"], "\(what)")
        // Each shard also writes the ffmpeg concat list of its own range (frames_A-B.ffconcat).
        let rangeLists = split.keys.filter { $0.hasPrefix("frames_") && $0.hasSuffix(".ffconcat") }.sorted()
        #expect(rangeLists.isEmpty || rangeLists == ["frames_00000-00072.ffconcat", "frames_00073-00145.ffconcat", "frames_00146-00217.ffconcat"], "\(what)")
        #expect(split.filter { !$0.key.hasPrefix("trace_") && !rangeLists.contains($0.key) } == whole,
                "\(what): not the one-process render's frames, trace and frames.ffconcat")
    }

    @Test func theShellLoopRendersTheWholeScenario() throws {
        let (loop, _, join) = try Self.shellRecipe()
        let folder = try Self.checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.bash(loop + "\n" + join, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectWholeRender(in: folder, "the shell loop")
    }

    /// A shard that fails (its frame's name is taken by a folder) makes the loop exit non-zero, whichever shard it is.
    @Test(arguments: [10, 100, 200])
    func theShellLoopFailsWhenAShardFails(blockedFrame: Int) throws {
        let (loop, _, _) = try Self.shellRecipe()
        let folder = try Self.checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocked = "output/split/frame_\(String(100_000 + blockedFrame).dropFirst()).png/x"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(blocked), withIntermediateDirectories: true)
        let result = try Self.bash(loop, in: folder)
        #expect(result.status != 0, "the loop exits 0 although a shard failed: \(result.stderr)")
        #expect(result.stderr.contains("render-grid: error: cannot write output/split/frame_"), "\(result.stderr)")
        // The old loop's bare `wait` reported success here: the test can tell them apart.
        let old = "for k in 1 2 3; do $B render Scenarios/long-fling.json --shard $k/3 --out output/split --jobs 1 & done; wait"
        #expect(try Self.bash(old, in: folder).status == 0)
    }

    static let parallelMissing = !FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel")

    @Test(.enabled(if: !parallelMissing || RequiredTools.required, "GNU parallel is not installed (apt-get install parallel): skipped"))
    func theParallelLineRendersTheWholeScenarioAndFailsWithAShard() throws {
        #expect(!Self.parallelMissing, "GNU parallel is missing, and RENDER_GRID_REQUIRE_TOOLS=1 requires it")
        let (_, parallel, join) = try Self.shellRecipe()
        let folder = try Self.checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.bash(parallel + "\n" + join, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectWholeRender(in: folder, "GNU parallel")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("output"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("output/split/frame_00100.png/x"),
                                                withIntermediateDirectories: true)
        #expect(try Self.bash(parallel, in: folder).status == 1, "parallel's status is the number of failed shards")
    }

    /// The GitHub Actions matrix: each job in a checkout of its own runs its `run:` line with its `matrix.shard`
    /// and uploads what `path:` names; the join job gets every upload in one folder and runs its line.
    @Test func theCIMatrixRendersTheWholeScenario() throws {
        let yaml = try Self.block("yaml")
        let text = yaml.joined(separator: "\n")
        #expect(text.contains("      matrix:\n        shard: [1, 2, 3]\n"))
        let runs = yaml.compactMap { line in line.firstRange(of: "- run: ").map { String(line[$0.upperBound...]) } }
        let render = try #require(runs.first { $0.contains(" render ") })
        #expect(render.contains("--shard ${{ matrix.shard }}/3"))
        let join = try #require(runs.last)
        #expect(join == (try Self.shellRecipe().join), "the join job runs the shell recipe's join")
        let upload = try #require(text.range(of: "          path: |\n"))
        let globs = text[upload.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("            ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(globs == ["output/split/frame_*.png", "output/split/trace_*.jsonl", "output/split/frames.ffconcat"],
                "each job uploads its frames, its trace shard and the (identical) concat list")

        let joined = try Self.checkout()
        defer { try? FileManager.default.removeItem(at: joined) }
        try FileManager.default.createDirectory(at: joined.appendingPathComponent("output/split"), withIntermediateDirectories: true)
        for shard in 1...3 {
            let job = try Self.checkout()
            defer { try? FileManager.default.removeItem(at: job) }
            let result = try Self.bash(render.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)"), in: job)
            #expect(result.status == 0, "shard \(shard): \(result.stderr)")
            // upload-artifact keeps the names below the paths' common folder; download-artifact merges them here.
            let uploaded = try Self.bash("ls " + globs.joined(separator: " "), in: job).stdout.split(separator: "\n")
            for path in uploaded {
                // merge-multiple: a later artifact's file of the same name replaces the earlier one.
                try? FileManager.default.removeItem(at: joined.appendingPathComponent(String(path)))
                try FileManager.default.copyItem(at: job.appendingPathComponent(String(path)), to: joined.appendingPathComponent(String(path)))
            }
        }
        let result = try Self.bash(join, in: joined)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectWholeRender(in: joined, "the CI matrix")
    }
}
