import Foundation
import GridExport
import GridModel
import Testing

/// `frames.ffconcat`: real durations that add up exactly, the canvas over resized frames, the same list from every
/// shard, a range's own list, and atomic writes.
@Suite struct FrameListTests {
    /// A 30 fps scenario that turns landscape after 0.2 s and back after 0.4 s (like `rotate.json`, smaller).
    static let rotating = """
        { "name": "turn", "viewport": { "width": 61, "height": 90, "scale": 1 }, "fps": 30,
          "scroll": { "contentSize": { "width": 800, "height": 800 } }, "style": { "fontSize": 0 },
          "steps": [ { "wait": { "duration": 0.2 } }, { "resize": { "width": 90, "height": 61 } },
                     { "wait": { "duration": 0.2 } }, { "resize": { "width": 61, "height": 90 } },
                     { "wait": { "duration": 0.1 } } ] }
        """

    /// The `(name, duration µs)` entries and the canvas of a list's text.
    static func parse(_ text: String) -> (entries: [(String, Int)], canvas: String?, framerates: Set<String>) {
        var entries: [(String, Int)] = [], canvas: String?, framerates = Set<String>()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# canvas ") { canvas = String(line.dropFirst(9)) }
            if line.hasPrefix("file '") { entries.append((String(line.dropFirst(6).dropLast()), -1)) }
            if line.hasPrefix("option framerate ") { framerates.insert(String(line.dropFirst(17))) }
            if line.hasPrefix("duration "), !entries.isEmpty {
                let parts = line.dropFirst(9).split(separator: ".")
                entries[entries.count - 1].1 = Int(parts[0])! * 1_000_000 + Int(parts[1])!
            }
        }
        return (entries, canvas, framerates)
    }

    @Test(arguments: [1, 24, 25, 30, 60, 120, 7])
    func durationsAddUpToTheExactTotal(fps: Int) {
        let count = 1000
        let list = Self.parse(FrameList.text(frames: 0...(count - 1), fps: fps, width: 10, height: 10))
        #expect(list.entries.count == count)
        #expect(list.entries.map(\.0) == (0..<count).map(FrameExporter.frameName))
        #expect(list.framerates == [String(fps)])
        let total = list.entries.reduce(0) { $0 + $1.1 }
        // count/fps seconds, to the microsecond: rounding each duration alone would drift by up to count/2 µs.
        #expect(total == (count * 1_000_000 * 2 + fps) / (2 * fps))
        let ideal = 1_000_000.0 / Double(fps)
        #expect(list.entries.allSatisfy { abs(Double($0.1) - ideal) <= 1 })
    }

    @Test func thirtyFramesPerSecondIsThirtyThreeMillisecondsAndAThird() {
        let text = FrameList.text(frames: 0...2, fps: 30, width: 375, height: 667)
        #expect(text == """
            ffconcat version 1.0
            # canvas 375 667
            # 3 frames (frame_00000.png to frame_00002.png) at 30 fps; read with: ffmpeg -f concat -safe 0 -i LIST
            file 'frame_00000.png'
            option framerate 30
            duration 0.033333
            file 'frame_00001.png'
            option framerate 30
            duration 0.033334
            file 'frame_00002.png'
            option framerate 30
            duration 0.033333

            """)
        #expect(FrameList.microsecondsAt(3, fps: 30) == 100_000)
        #expect(FrameList.microsecondsAt(1_000_000, fps: 7) == 142_857_142_857)
    }

    @Test func theCanvasIsTheLargestWidthAndHeightOfTheFramesAsked() {
        var sizes = FrameSizes()
        for _ in 0..<5 { sizes.append(width: 61, height: 90) }
        for _ in 0..<3 { sizes.append(width: 90, height: 61) }
        for _ in 0..<2 { sizes.append(width: 61, height: 90) }
        #expect(sizes.count == 10)
        #expect(sizes.runs.count == 3)
        #expect(sizes.canvas(0...9) == (90, 90))
        #expect(sizes.canvas(0...4) == (61, 90))
        #expect(sizes.canvas(5...7) == (90, 61))
        #expect(sizes.canvas(4...5) == (90, 90))
        #expect(sizes.canvas(8...9) == (61, 90))
        #expect(FrameSizes().canvas(0...3) == (0, 0))
    }

    @Test func aRenderListsEveryFrameOnTheCanvasOfTheResizedSequence() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioDecoder.decode(Array(Self.rotating.utf8))
        let summary = try FrameExporter.render(scenario, font: nil, options: RenderOptions(outputDirectory: folder.path))
        let list = Self.parse(try String(contentsOf: folder.appendingPathComponent("frames.ffconcat"), encoding: .utf8))
        #expect(list.canvas == "90 90")
        #expect(list.entries.count == summary.totalFrames)
        #expect(list.entries.map(\.0) == (0..<summary.totalFrames).map(FrameExporter.frameName))
        for (name, _) in list.entries { #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(FrameList.rangeFileName(0...(summary.totalFrames - 1))).path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func shardsWriteTheSameWholeListAndEachItsOwnRange() throws {
        let folder = try temporaryFolder(), whole = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder); try? FileManager.default.removeItem(at: whole) }
        let scenario = try ScenarioDecoder.decode(Array(Self.rotating.utf8))
        _ = try FrameExporter.render(scenario, font: nil, options: RenderOptions(outputDirectory: whole.path))
        let expected = try Data(contentsOf: whole.appendingPathComponent("frames.ffconcat"))
        let total = Self.parse(String(decoding: expected, as: UTF8.self)).entries.count
        #expect(total == 16)
        // The first shard alone: the whole list already names every frame, including those not rendered yet.
        var options = RenderOptions(outputDirectory: folder.path)
        options.frames = 0...4
        _ = try FrameExporter.render(scenario, font: nil, options: options)
        #expect(try Data(contentsOf: folder.appendingPathComponent("frames.ffconcat")) == expected)
        let first = Self.parse(try String(contentsOf: folder.appendingPathComponent("frames_00000-00004.ffconcat"), encoding: .utf8))
        #expect(first.canvas == "61 90")
        #expect(first.entries.map(\.0) == (0...4).map(FrameExporter.frameName))
        options.frames = 5...Int.max
        _ = try FrameExporter.render(scenario, font: nil, options: options)
        #expect(try Data(contentsOf: folder.appendingPathComponent("frames.ffconcat")) == expected)
        let second = Self.parse(try String(contentsOf: folder.appendingPathComponent("frames_00005-00015.ffconcat"), encoding: .utf8))
        #expect(second.canvas == "90 90")
        #expect(second.entries.count == 11)
        // --resume over the finished folder writes the same list again.
        options.frames = nil
        options.resume = true
        let resumed = try FrameExporter.render(scenario, font: nil, options: options)
        #expect(resumed.framesKept == total)
        #expect(try Data(contentsOf: folder.appendingPathComponent("frames.ffconcat")) == expected)
    }

    @Test func theListReplacesAnOldOneWholeAndItsAbandonedTemporaryIsCleanedUp() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("frames.ffconcat")
        // An old list of another scenario, linked elsewhere: it is replaced by a rename, never rewritten in place.
        try Data("old".utf8).write(to: list)
        let keep = folder.appendingPathComponent("keep")
        try FileManager.default.linkItem(at: list, to: keep)
        // A temporary a killed render left (old enough, unlocked).
        let stale = folder.appendingPathComponent(".frames.ffconcat.123-abc.tmp")
        try Data("partial".utf8).write(to: stale)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: stale.path)
        let scenario = try ScenarioDecoder.decode(Array(Self.rotating.utf8))
        _ = try FrameExporter.render(scenario, font: nil, options: RenderOptions(outputDirectory: folder.path))
        #expect(try String(contentsOf: keep, encoding: .utf8) == "old")
        #expect(try String(contentsOf: list, encoding: .utf8).hasPrefix("ffconcat version 1.0\n"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test func anUnwritableListIsAnOutputErrorAfterTheFrames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder where the list goes: the rename fails, the error names the list, no temporary is left.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames.ffconcat/x"), withIntermediateDirectories: true)
        let scenario = try ScenarioDecoder.decode(Array(Self.rotating.utf8))
        let error = try #require(throws: ExportError.self) {
            try FrameExporter.render(scenario, font: nil, options: RenderOptions(outputDirectory: folder.path))
        }
        #expect("\(error)".contains("frames.ffconcat"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func thePrintedCommandsQuoteTheFolderForTheShell() {
        #expect(PreviewCommands.script(folder: "output/rotate").hasPrefix("D=output/rotate "))
        #expect(PreviewCommands.script(folder: "my renders/it's").hasPrefix("D='my renders/it'\\''s' "))
        #expect(PreviewCommands.script(folder: "$(rm -rf x)").hasPrefix("D='$(rm -rf x)' "))
        #expect(PreviewCommands.script(folder: "output/lf//").hasPrefix("D=output/lf "))
    }
}
