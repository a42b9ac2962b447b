import Foundation
import Testing
import GridModel
import Rasterizer
@testable import GridExport

/// The library loader applies every rule the CLI applies, and its errors name files and limits but
/// never a command-line flag.
@Suite struct ScenarioFileTests {
    @Test func styleFontIsRelativeToTheScenarioFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copyDefaultFont(to: folder, as: "fonts/Label.ttf")
        let path = try write(smallScenario(style: #""font": "fonts/Label.ttf""#), to: folder, as: "scenarios/../a.json")
        // The working folder is elsewhere: only the scenario's folder finds fonts/Label.ttf.
        #expect(FileManager.default.currentDirectoryPath != folder.path)
        let loaded = try ScenarioFile.load(path: path)
        #expect(loaded.font?.path == folder.path + "/scenarios/../fonts/Label.ttf")
        #expect(FileInput.isSameFile(try #require(loaded.font?.path), folder.path + "/fonts/Label.ttf"))
        #expect(ScenarioFile.fontPath(for: loaded.scenario, file: "x/y/a.json") == "x/y/fonts/Label.ttf")
        #expect(ScenarioFile.fontPath(for: loaded.scenario, file: "a.json") == "fonts/Label.ttf")
    }

    @Test func aMissingStyleFontNamesTheScenarioAndThePath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(smallScenario(style: #""font": "missing.ttf""#), to: folder, as: "a.json")
        #expect { _ = try ScenarioFile.load(path: path) } throws: { error in
            guard let e = error as? ExportError else { return false }
            return e.kind == .font && e.file == path && e.jsonPath == "style.font" && e.isInputError
                && e.message.hasPrefix("\(path): style.font: font") && e.message.contains("does not exist")
                && !e.message.contains("--")
        }
    }

    @Test func aFolderOrFIFOAsTheFontIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("fifo.ttf").path, 0o600) == 0)
        #expect(throws: ExportError.self) { _ = try FontFile.load(path: folder.path) }
        let start = ContinuousClock.now
        #expect { _ = try FontFile.load(path: folder.appendingPathComponent("fifo.ttf").path) } throws: {
            ($0 as? ExportError)?.kind == .font && "\($0)".contains("not a regular file")
        }
        #expect(ContinuousClock.now - start < .seconds(2))  // refused, never waited on
    }

    @Test func aMissingOrJunkFontIsAClearError() throws {
        #expect { _ = try FontFile.load(path: "/nonexistent/font.ttf") } throws: {
            ($0 as? ExportError)?.kind == .font && "\($0)".contains("does not exist") && ($0 as? ExportError)?.file == "/nonexistent/font.ttf"
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = try write("not a font", to: folder, as: "junk.ttf")
        #expect { _ = try FontFile.load(path: junk) } throws: {
            ($0 as? ExportError)?.kind == .font && "\($0)".contains("not a font")
        }
    }

    @Test func theFileSizeCapCarriesTheLimitAndItsValue() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(smallScenario(style: #""fontSize": 0"#), to: folder, as: "a.json")
        var limits = Limits()
        limits.maxFileBytes = 100
        #expect { _ = try ScenarioFile.load(path: path, limits: limits) } throws: { error in
            guard let e = error as? ExportError else { return false }
            return e.kind == .input && e.limit == .maxFileBytes && e.limitValue == 100 && e.file == path
                && e.message.contains(path) && e.message.contains("the limit is 100 bytes") && !e.message.contains("--")
        }
    }

    @Test func scenarioErrorsCarryTheFileThePathAndTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try write(smallScenario(style: #""fontSize": -3"#), to: folder, as: "bad.json")
        #expect { _ = try ScenarioFile.load(path: bad) } throws: { error in
            guard let e = error as? ExportError else { return false }
            return e.kind == .scenario && e.file == bad && e.jsonPath == "style.fontSize" && e.message.hasPrefix(bad + ": ")
        }
        var limits = Limits()
        limits.maxPixelsPerFrame = 100
        let path = try write(smallScenario(style: #""fontSize": 0"#), to: folder, as: "a.json")
        #expect { _ = try ScenarioFile.load(path: path, limits: limits) } throws: { error in
            guard let e = error as? ExportError else { return false }
            return e.kind == .scenario && e.limit == .maxPixelsPerFrame && e.file == path && !e.message.contains("--")
        }
        // --scale's check again at the new scale names the file too.
        limits.maxPixelsPerFrame = 120 * 90
        let loaded = try ScenarioFile.load(path: path, limits: limits)
        #expect { _ = try loaded.scaled(to: 2) } throws: { ($0 as? ExportError)?.file == path }
    }

    /// Today's bug: a library client needed a font file even with `fontSize: 0`.
    @Test func noFontIsLoadedWhenNothingDrawsText() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try write(smallScenario(style: #""fontSize": 0"#), to: folder, as: "plain.json")
        #expect(try ScenarioFile.load(path: plain).font == nil)
        #expect(try ScenarioFile.load(path: plain, needsFont: true).font != nil)
        let labelled = try write(smallScenario(), to: folder, as: "labelled.json")
        #expect(try ScenarioFile.load(path: labelled).font != nil)
    }

    @Test func exitCategories() {
        #expect(ExportError(.input, "x").isInputError && ExportError(.noFont, "x").isInputError)
        #expect(!ExportError(.output, "x").isInputError && !ExportError(.stopped, "x").isInputError)
        #expect(!ExportError.frameRange(5...9, total: 3).message.contains("--"))
        let stopped = ExportError.stopped(signal: SIGINT, underlying: nil, framesOnDisk: 2, framesRequested: 5)
        #expect(stopped.message == "interrupted by SIGINT: 2 of 5 frames are complete on disk, no partial file left")
    }
}
