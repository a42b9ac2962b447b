// README: begin
import Foundation
import Testing
import GridModel
import Rasterizer
import GridExport
import GridTools

/// A file of this example package (its scenarios and goldens sit beside Package.swift).
func exampleFile(_ path: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(path).path
}

/// Frame 10, rendered in memory, against a golden the CLI recorded:
/// `render-grid render Scenarios/labelled.json --frames 10:10` (Goldens/README.md).
@Suite struct FrameRegressionTests {
    @Test func labelledFrame10() throws {
        let loaded = try ScenarioFile.load(path: exampleFile("Scenarios/labelled.json"))  // style.font: Fonts/…
        var rendered: RenderedFrame?
        try FrameExporter.frames(10...10, of: loaded.scenario, font: loaded.font) { rendered = $0 }
        let frame = try #require(rendered)
        let tile = try #require(frame.state.tiles.first { $0.item == TileCoordinate(x: 2, y: -1) })
        #expect(tile.pixelRect == PixelRect(x: 80, y: 55, width: 80, height: 60))
        let golden = try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: exampleFile("Goldens/labelled_frame_00010.png")))))
        let match = try PixelMatch.compare(frame.image, golden)
        #expect(match.different == 0)
    }
}
// README: end

/// Without labels no font is loaded or needed.
@Suite struct NoFontTests {
    @Test func plainFrame10() throws {
        let loaded = try ScenarioFile.load(path: exampleFile("Scenarios/plain.json"))
        #expect(loaded.font == nil)
        let image = try FrameExporter.frame(10, of: loaded.scenario, font: nil)
        let golden = try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: exampleFile("Goldens/plain_frame_00010.png")))))
        #expect(try PixelMatch.compare(image, golden).different == 0)
    }
}
