import Testing
@testable import GridModel

/// Library errors name the limit and its value, never a command-line flag: the CLI adds the flag
/// that raises a limit when it prints the error (`ScenarioError.limit` says which).
@Suite struct LimitErrorTests {
    func error(_ json: String, limits: Limits = Limits()) -> ScenarioError? {
        do { _ = try ScenarioDecoder.decode(Array(json.utf8), limits: limits) } catch { return error }
        return nil
    }

    @Test func limitErrorsCarryTheLimitNotAFlag() throws {
        let pixels = try #require(error(#"{ "name": "p", "viewport": { "width": 20000, "height": 20000, "scale": 3 }, "steps": [] }"#))
        #expect(pixels.kind == .limitExceeded && pixels.limit == .maxPixelsPerFrame)
        let frames = try #require(error(#"{ "name": "f", "viewport": { "width": 100, "height": 100 }, "steps": [ { "wait": { "duration": 3600 } } ] }"#))
        #expect(frames.limit == .maxFrames)
        var small = Limits()
        small.maxFileBytes = 10
        let bytes = try #require(error(#"{ "name": "b", "viewport": { "width": 100, "height": 100 }, "steps": [] }"#, limits: small))
        #expect(bytes.limit == .maxFileBytes)
        for e in [pixels, frames, bytes] {
            #expect(!e.description.contains("--"), "\(e)")
            #expect(e.description.contains("the limit is"), "\(e)")
        }
        let tiles = try #require(error(#"{ "name": "t", "viewport": { "width": 2000, "height": 2000 }, "grid": { "tileSize": { "width": 5, "height": 5 } }, "steps": [] }"#))
        #expect(tiles.kind == .limitExceeded && tiles.limit == nil)  // no flag raises the tile limit
    }
}
