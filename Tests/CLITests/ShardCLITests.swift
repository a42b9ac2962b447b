import Foundation
import Testing
@testable import render_grid

/// `render --shard K/N` on the real executable: the shard's frames and trace shard are exactly what `--frames` writes
/// for its range, the shards together are a one-process render, and every bad value is one clear line, exit 2.
@Suite struct ShardCLITests {
    /// The bytes of every file in `folder`, by name.
    static func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in CLI.files(in: folder) { files[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return files
    }

    @Test(arguments: [
        (["--shard", "0/3"], "--shard K/N takes K from 1 to N (1 to 3), not '0/3'"),
        (["--shard", "4/3"], "--shard K/N takes K from 1 to N (1 to 3), not '4/3'"),
        (["--shard=a/b"], "--shard takes K/N, shard K of N shards with 1 <= K <= N (e.g. --shard 2/3), not 'a/b'"),
        (["--shard", "3"], "--shard takes K/N, shard K of N shards with 1 <= K <= N (e.g. --shard 2/3), not '3'"),
        (["--shard", "1/2/3"], "--shard takes K/N, shard K of N shards with 1 <= K <= N (e.g. --shard 2/3), not '1/2/3'"),
        (["--shard", "+1/3"], "--shard takes K/N, shard K of N shards with 1 <= K <= N (e.g. --shard 2/3), not '+1/3'"),
        (["--shard", "1/"], "--shard takes K/N, shard K of N shards with 1 <= K <= N (e.g. --shard 2/3), not '1/'"),
        (["--shard", "1/0"], "--shard K/N takes N from 1 to 100000 (the frame limit), not '1/0'"),
        (["--shard", "1/100001"], "--shard K/N takes N from 1 to 100000 (the frame limit), not '1/100001'"),
        (["--shard", "1/99999999999999999999"],
         "--shard takes K/N, shard K of N shards with 1 <= K <= N (e.g. --shard 2/3), not '1/99999999999999999999'"),
        (["--shard", "1/3", "--frames", "0:1"], "--shard and --frames cannot be given together: each picks the frames"),
        (["--frames=0:", "--shard=2/2"], "--shard and --frames cannot be given together: each picks the frames"),
        (["--shard", "1/3", "--shard", "2/3"], "--shard is given more than once"),
        (["--shard", "1/30", "--max-frames", "20"], "--shard K/N takes N from 1 to 20 (the frame limit), not '1/30'"),
        (["--shard", "100/100"], "--shard 100/100 is empty: s.json has 74 frames, so N is at most 74"),
    ])
    func badShardsAreOneLineExit2(arguments: [String], message: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CLI.smallScenario(), to: folder, as: "s.json")
        let result = try CLI.run(["render", "s.json", "--out", "out"] + arguments, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "render-grid: error: \(message)\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing is written")
    }

    /// Each shard writes what `--frames` writes for its range (frames and trace shard, byte for byte), and the
    /// shards together, with their traces joined in name order, are a one-process render.
    @Test func shardsAreFramesRangesAndTogetherAWholeRender() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CLI.smallScenario(), to: folder, as: "s.json")
        let whole = try CLI.run(["render", "s.json", "--out", "whole", "--quiet"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        let frames = CLI.files(in: folder.appendingPathComponent("whole")).filter { $0.hasPrefix("frame_") }
        #expect(frames.count == 74)
        // 74 frames in 4 shards: 19, 19, 18, 18.
        let ranges = ["0:18", "19:37", "38:55", "56:73"]
        for (k, range) in ranges.enumerated() {
            let shard = try CLI.run(["render", "s.json", "--out", "shards", "--shard", "\(k + 1)/4", "--jobs", "\(k + 1)"], in: folder)
            #expect(shard.status == 0, "\(shard.stderr)")
            let bounds = range.split(separator: ":").map { String(repeating: "0", count: 5 - $0.count) + $0 }
            #expect(shard.stdout.contains("trace shards/trace_\(bounds[0])-\(bounds[1]).jsonl"), "\(shard.stdout)")
            let byFrames = try CLI.run(["render", "s.json", "--out", "range\(k)", "--frames", range, "--quiet"], in: folder)
            #expect(byFrames.status == 0, "\(byFrames.stderr)")
            let expected = try Self.contents(of: folder.appendingPathComponent("range\(k)"))
            let actual = try Self.contents(of: folder.appendingPathComponent("shards")).filter { expected[$0.key] != nil }
            // The range's frames, its trace shard, frames.ffconcat (every frame) and its own range list.
            #expect(expected.count == Int(range.split(separator: ":")[1])! - Int(range.split(separator: ":")[0])! + 4)
            #expect(expected["frames_\(bounds[0])-\(bounds[1]).ffconcat"] != nil && expected["frames.ffconcat"] != nil)
            #expect(actual == expected, "shard \(k + 1)/4 differs from --frames \(range)")
        }
        let wholeFiles = try Self.contents(of: folder.appendingPathComponent("whole"))
        var shardFiles = try Self.contents(of: folder.appendingPathComponent("shards"))
        let traces = shardFiles.keys.filter { $0.hasPrefix("trace_") }.sorted()
        #expect(traces.count == 4)
        shardFiles["trace.jsonl"] = traces.reduce(into: Data()) { $0 += shardFiles[$1]! }
        for name in traces { shardFiles[name] = nil }
        // Each shard also wrote the concat list of its own range; frames.ffconcat is the same from every run.
        let rangeLists = shardFiles.keys.filter { $0.hasPrefix("frames_") && $0.hasSuffix(".ffconcat") }
        #expect(rangeLists.count == 4)
        for name in rangeLists { shardFiles[name] = nil }
        #expect(shardFiles == wholeFiles)
    }

    /// `--resume` keeps a shard's frames already on disk and renders only the missing ones, with the same bytes.
    @Test func resumeFinishesAShard() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CLI.smallScenario(), to: folder, as: "s.json")
        let first = try CLI.run(["render", "s.json", "--out", "out", "--shard", "2/3", "--quiet"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let done = try Self.contents(of: folder.appendingPathComponent("out"))
        // 74 frames in 3 shards: 0:24, 25:49, 50:73.
        let frames = done.keys.filter { $0.hasPrefix("frame_") }.sorted()
        #expect(frames.first == "frame_00025.png" && frames.last == "frame_00049.png" && frames.count == 25)
        #expect(done["trace_00025-00049.jsonl"] != nil && done["frames.ffconcat"] != nil, "\(done.keys.sorted())")
        for name in ["frame_00030.png", "frame_00049.png"] {
            try FileManager.default.removeItem(at: folder.appendingPathComponent("out/\(name)"))
        }
        let resumed = try CLI.run(["render", "s.json", "--out", "out", "--shard", "2/3", "--resume", "--jobs", "2"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("23 kept from an earlier run"), "\(resumed.stdout)")
        #expect(try Self.contents(of: folder.appendingPathComponent("out")) == done)
    }

    /// `render-grid COMMAND --version` prints the top-level version line and exits 0, for every command, wherever
    /// `--version` stands before `--`; `--help` wins over it; after `--` it is a file name.
    @Test(arguments: OptionTableTests.commands)
    func everyCommandPrintsTheVersion(command: Command) throws {
        let top = try CLI.run(["--version"])
        #expect(top.status == 0 && top.stdout.hasPrefix("render-grid "))
        for arguments in [["--version"], ["x.json", "--version"], ["--version", "--bogus", "x"], ["--jobs=0", "--version"]] {
            let result = try CLI.run([command.name] + arguments)
            #expect(result.status == 0, "\(command.name) \(arguments): \(result.stderr)")
            #expect(result.stdout == top.stdout && result.stderr.isEmpty, "\(command.name) \(arguments)")
        }
        let help = try CLI.run([command.name, "--version", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: render-grid \(command.name)"))
        #expect(help.stdout.contains("\n  --version "), "\(command.name) --help lists --version")
        let file = try CLI.run([command.name, "--", "--version"])
        #expect(file.status != 0 && !file.stdout.hasPrefix("render-grid "), "\(command.name) -- --version")
        let mistyped = try CLI.run([command.name, "--versoin"])
        #expect(mistyped.status == 2 && mistyped.stderr.contains("(did you mean --version?)"), "\(mistyped.stderr)")
    }
}
