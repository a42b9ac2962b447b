import Foundation
import Testing
import GridModel
import Rasterizer
@testable import GridTools
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The failure artifacts of `render-grid check`: which files, what they hold, the side-by-side APNG,
/// the named maxima, and hostile scenario names that must not write outside their report folder.
@Suite struct CheckArtifactsTests {
    /// A frame with a square at `shift`, so frames differ.
    static func frame(_ shift: Int, width: Int = 40, height: Int = 30, background: RGBA = RGBA(240, 240, 250)) throws -> Pixmap {
        var image = try Pixmap(width: width, height: height, fill: background)
        image.copy(try Pixmap(width: 8, height: 8, fill: RGBA(200, 30, 30)), x: 4 + shift, y: 10)
        return image
    }

    static func failing(_ frames: ClosedRange<Int>, expected: Bool = true, width: Int = 40, height: Int = 30) throws -> [FailingFrame] {
        try frames.map { n in
            FailingFrame(frame: n, expected: expected ? try frame(n, width: width, height: height) : nil,
                         actual: try frame(n + 2, width: width, height: height))
        }
    }

    static func read(_ root: URL, _ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
    }

    /// acTL's frame count and IHDR's size of an APNG.
    static func animationHeader(_ bytes: [UInt8]) -> (frames: Int, width: Int, height: Int) {
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        // Signature (8), IHDR (8 + 13 + 4), then acTL: length, type, frames.
        #expect(String(decoding: bytes[37..<41], as: UTF8.self) == "acTL")
        return (be32(41), be32(16), be32(20))
    }

    @Test func writesTheFirstFramesAndOneAnimation() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let failing = try Self.failing(139...150)
        let artifacts = try CheckArtifacts.write(scenario: "long-fling", frames: failing, animation: failing, fps: 60,
                                                 options: PixelMatchOptions(), reportFolder: root.path)
        var expected: [ScenarioOutcome.Artifact] = []
        for n in 139...141 {
            expected += [.init(kind: .expected, frame: n, path: "long-fling/frame-\(n)-expected.png"),
                         .init(kind: .actual, frame: n, path: "long-fling/frame-\(n)-actual.png"),
                         .init(kind: .diff, frame: n, path: "long-fling/frame-\(n)-diff.png")]
        }
        expected.append(.init(kind: .animation, frame: 139, path: "long-fling/failing-139-150.png"))
        #expect(artifacts == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["long-fling"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("long-fling").path).count == 10)
        for n in 139...141 {
            let f = failing[n - 139]
            #expect(try PNGCodec.decode(try Self.read(root, "long-fling/frame-\(n)-expected.png")) == f.expected)
            #expect(try PNGCodec.decode(try Self.read(root, "long-fling/frame-\(n)-actual.png")) == f.actual)
            var options = PixelMatchOptions()
            options.makeDiffImage = true
            let diff = try PixelMatch.compare(try #require(f.expected), f.actual, options: options).diffImage
            #expect(try PNGCodec.decode(try Self.read(root, "long-fling/frame-\(n)-diff.png")) == diff)
        }
        let apng = try Self.read(root, "long-fling/failing-139-150.png")
        let header = Self.animationHeader(apng)
        #expect(header.frames == 12 && header.width == 40 * 2 + CheckArtifacts.gap && header.height == 30)
        // Frame 0 (the default image) is expected | gap | actual.
        let first = try PNGCodec.decode(apng)
        for (x, y) in [(0, 0), (9, 12), (39, 29)] {
            #expect(first.pixel(x: x, y: y) == failing[0].expected?.pixel(x: x, y: y), "expected panel at \(x), \(y)")
            #expect(first.pixel(x: 40 + CheckArtifacts.gap + x, y: y) == failing[0].actual.pixel(x: x, y: y), "actual panel at \(x), \(y)")
        }
        #expect(first.pixel(x: 41, y: 5) == CheckArtifacts.gapColor)
    }

    @Test func aGoldenWithOnlyAHashGetsAHatchedPanel() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let failing = try Self.failing(7...9, expected: false)
        let artifacts = try CheckArtifacts.write(scenario: "hash-only", frames: failing, animation: failing, fps: 30,
                                                 options: PixelMatchOptions(), reportFolder: root.path)
        #expect(artifacts.map(\.kind) == [.actual, .actual, .actual, .animation])
        let first = try PNGCodec.decode(try Self.read(root, "hash-only/failing-7-9.png"))
        #expect(first.pixel(x: 0, y: 0) == CheckArtifacts.hatch.0 && first.pixel(x: 8, y: 0) == CheckArtifacts.hatch.1)
        #expect(first.pixel(x: 46, y: 12) == failing[0].actual.pixel(x: 0, y: 12))
    }

    @Test func theMaximaBoundWhatIsWritten() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let failing = try Self.failing(0...(CheckArtifacts.maxAnimationFrames + 30), width: 8, height: 6)
        let artifacts = try CheckArtifacts.write(scenario: "long", frames: failing, animation: failing, fps: 60,
                                                 options: PixelMatchOptions(), reportFolder: root.path)
        #expect(artifacts.filter { $0.kind == .actual }.count == CheckArtifacts.maxFramesWritten)
        let last = CheckArtifacts.maxAnimationFrames - 1
        #expect(artifacts.last?.path == "long/failing-0-\(last).png")
        #expect(Self.animationHeader(try Self.read(root, "long/failing-0-\(last).png")).frames == CheckArtifacts.maxAnimationFrames)
    }

    @Test func largeFramesAreScaledDownToTheLimit() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let big = try Pixmap(width: 2400, height: 1700, fill: RGBA(10, 120, 200))
        let failing = [FailingFrame(frame: 3, expected: big, actual: big), FailingFrame(frame: 4, expected: nil, actual: big)]
        let artifacts = try CheckArtifacts.write(scenario: "big", frames: [], animation: failing, fps: 60,
                                                 options: PixelMatchOptions(), reportFolder: root.path)
        let header = Self.animationHeader(try Self.read(root, try #require(artifacts.first?.path)))
        #expect(header.width * header.height <= CheckArtifacts.maxAnimationFramePixels)
        #expect(header.width == 2 * 1200 + CheckArtifacts.gap && header.height == 850, "scaled by 2: \(header)")
        let first = try PNGCodec.decode(try Self.read(root, "big/failing-3-4.png"))
        #expect(first.pixel(x: 17, y: 17) == RGBA(10, 120, 200))
    }

    @Test func scalingDownAveragesSquares() throws {
        let image = try Pixmap(width: 3, height: 1, pixels: [0, 0, 0, 255, 100, 200, 50, 255, 9, 9, 9, 255])
        let half = try CheckArtifacts.scaledDown(image, by: 2)
        #expect(half.width == 2 && half.height == 1)
        #expect(half.pixel(x: 0, y: 0) == RGBA(50, 100, 25) && half.pixel(x: 1, y: 0) == RGBA(9, 9, 9))
    }

    @Test func hostileNamesStayInsideTheReportFolder() throws {
        let parent = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent("report")
        let failing = try Self.failing(1...1, width: 4, height: 4)
        let names = ["../escape", "..", ".", "a/b", "/etc/passwd", ".hidden", "x\ny", "nul\u{0}byte", "tab\tand\u{7F}",
                     "back\\slash", "100%", "%2E%2E", "rtl\u{202E}gnp.exe", "non\u{FFFE}char", "a:b*c?d\"e<f>g|h",
                     "スクロール", "ok-name_1.2", String(repeating: "long", count: 100), String(repeating: "é", count: 200)]
        var folders: Set<String> = []
        for name in names {
            let artifacts = try CheckArtifacts.write(scenario: name, frames: failing, animation: [], fps: 60,
                                                     options: PixelMatchOptions(), reportFolder: root.path)
            let folder = try #require(artifacts.first?.path.split(separator: "/").first.map(String.init))
            #expect(artifacts.allSatisfy { $0.path.hasPrefix(folder + "/") && $0.path.split(separator: "/").count == 2 }, "\(artifacts)")
            #expect(!folder.hasPrefix(".") && !folder.contains("/") && folder.utf8.count <= CheckArtifacts.maxFolderNameBytes, "\(folder)")
            #expect(!folder.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" || $0 == "\u{FFFE}" }, "\(folder)")
            folders.insert(folder)
        }
        #expect(folders.count == names.count, "two names shared a folder")
        #expect(folders.contains("ok-name_1.2") && folders.contains("スクロール") && folders.contains("%2E.%2Fescape"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["report"], "nothing beside the report folder")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: root.path)) == folders)
        do {
            _ = try CheckArtifacts.write(scenario: "", frames: failing, animation: [], fps: 60, options: PixelMatchOptions(), reportFolder: root.path)
            Issue.record("an empty name was accepted")
        } catch { #expect(error.kind == .invalidInput) }
    }

    @Test func aLinkedScenarioFolderIsRefused() throws {
        let parent = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent("report"), elsewhere = parent.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        #expect(symlink(elsewhere.path, root.appendingPathComponent("linked").path) == 0)
        try Data("x".utf8).write(to: root.appendingPathComponent("file"))
        let failing = try Self.failing(1...1)
        for name in ["linked", "file"] {
            do {
                _ = try CheckArtifacts.write(scenario: name, frames: failing, animation: [], fps: 60,
                                             options: PixelMatchOptions(), reportFolder: root.path)
                Issue.record("\(name): accepted")
            } catch {
                #expect(error.kind == .invalidInput && error.message.contains("report folder"), "\(error)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func anEarlierRunsArtifactsAreReplaced() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("s")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for stale in ["frame-99-actual.png", "frame-99-diff.png", "failing-90-99.png", "notes.txt", "frame-x-actual.png"] {
            try Data("old".utf8).write(to: folder.appendingPathComponent(stale))
        }
        _ = try CheckArtifacts.write(scenario: "s", frames: try Self.failing(1...1, expected: false), animation: [], fps: 60,
                                     options: PixelMatchOptions(), reportFolder: root.path)
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["frame-1-actual.png", "notes.txt", "frame-x-actual.png"])
    }

    @Test func badArgumentsAreErrors() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let failing = try Self.failing(1...1)
        for fps in [0, -1, .nan, .infinity] {
            do {
                _ = try CheckArtifacts.write(scenario: "s", frames: failing, animation: failing, fps: fps, options: PixelMatchOptions(), reportFolder: root.path)
                Issue.record("fps \(fps) accepted")
            } catch { #expect(error.kind == .invalidOption) }
        }
        var options = PixelMatchOptions()
        options.threshold = .nan
        #expect(throws: ToolError.self) {
            try CheckArtifacts.write(scenario: "s", frames: failing, animation: [], fps: 60, options: options, reportFolder: root.path)
        }
        let negative = [FailingFrame(frame: -1, expected: nil, actual: failing[0].actual)]
        #expect(throws: ToolError.self) {
            try CheckArtifacts.write(scenario: "s", frames: negative, animation: [], fps: 60, options: PixelMatchOptions(), reportFolder: root.path)
        }
        #expect(throws: ToolError.self) {
            try CheckArtifacts.write(scenario: "s", frames: failing, animation: [], fps: 60, options: PixelMatchOptions(),
                                     reportFolder: root.path + "/nul\u{0}x")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "nothing written on a refusal")
    }

    @Test func noFramesWriteNothing() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let artifacts = try CheckArtifacts.write(scenario: "s", frames: [], animation: [], fps: 60, options: PixelMatchOptions(),
                                                 reportFolder: root.appendingPathComponent("report").path)
        #expect(artifacts.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "no folder made")
    }

    @Test func sizesThatDifferGiveNoDiffButAnAnimation() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let f = FailingFrame(frame: 5, expected: try Self.frame(0, width: 20, height: 10), actual: try Self.frame(0, width: 30, height: 40))
        let artifacts = try CheckArtifacts.write(scenario: "resized", frames: [f], animation: [f], fps: 60,
                                                 options: PixelMatchOptions(), reportFolder: root.path)
        #expect(artifacts.map(\.kind) == [.expected, .actual, .animation])
        let header = Self.animationHeader(try Self.read(root, "resized/failing-5-5.png"))
        #expect(header.width == 30 * 2 + CheckArtifacts.gap && header.height == 40)
    }

    @Test func sameInputSameBytes() throws {
        let a = try ToolTests.temporaryFolder(), b = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        let failing = try Self.failing(1...4)
        for root in [a, b] {
            _ = try CheckArtifacts.write(scenario: "s", frames: failing, animation: failing, fps: 60, options: PixelMatchOptions(), reportFolder: root.path)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: a.appendingPathComponent("s").path) {
            #expect(try Self.read(a, "s/" + name) == (try Self.read(b, "s/" + name)), "\(name)")
        }
    }

    /// The doc comment's example.
    @Test func docExample() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let rendered = try Self.frame(0)
        let failing = [FailingFrame(frame: 139, expected: nil, actual: rendered)]
        let artifacts = try CheckArtifacts.write(scenario: "long-fling", frames: failing, animation: failing,
                                                 fps: 60, options: PixelMatchOptions(), reportFolder: root.path)
        #expect(artifacts.map(\.path) == ["long-fling/frame-139-actual.png", "long-fling/failing-139-139.png"])
    }

    /// A report that cannot be written is the machine's failure (exit 1), not bad input (exit 2):
    /// a read-only file system refuses the folder, a full one the files.
    @Test(.tags(.externalTool)) func unwritableReportIsAnOutputError() throws {
        for options in ["ro,size=1m", "size=16k"] {
            guard let mount = TemporaryMount(options: options) else {
                print("unwritableReportIsAnOutputError: cannot mount a tmpfs here (not root); skipped")
                return
            }
            let frames = try (0...2).map { n in
                var noise = SplitMix64(state: UInt64(n))
                let image = try Pixmap(width: 200, height: 150,
                                       pixels: (0..<200 * 150 * 4).map { _ in UInt8(truncatingIfNeeded: noise.next()) })
                return FailingFrame(frame: n, expected: image, actual: try Self.frame(n, width: 200, height: 150))
            }
            let folder = mount.url.appendingPathComponent("report").path
            do {
                _ = try CheckArtifacts.write(scenario: "long-fling", frames: frames, animation: frames, fps: 60,
                                             options: PixelMatchOptions(), reportFolder: folder)
                Issue.record("\(options): writing succeeded")
            } catch {
                #expect(error.kind == .output, "\(options): \(error.message)")
                #expect(!error.isInputError, "\(options): \(error.message)")
            }
        }
    }
}
