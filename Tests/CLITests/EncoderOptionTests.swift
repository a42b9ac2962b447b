import Foundation
import Testing
import Rasterizer

/// `render --encoder fast|libpng`: both write frames that decode to the same pixels; anything else
/// is a usage error.
@Suite struct EncoderOptionTests {
    @Test func bothEncodersWriteTheSamePixels() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        var files: [String: [String]] = [:]
        for encoder in ["fast", "libpng"] {
            let out = folder.appendingPathComponent(encoder).path
            let result = try CLI.run(["render", scenario, "--out", out, "--encoder", encoder, "--quiet"])
            #expect(result.status == 0, "\(encoder): \(result.stderr)")
            files[encoder] = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted()
        }
        #expect(files["fast"] == files["libpng"] && (files["fast"]?.count ?? 0) > 3)
        var differentBytes = 0
        for name in files["fast"] ?? [] {
            let fast = [UInt8](try Data(contentsOf: folder.appendingPathComponent("fast/\(name)")))
            let reference = [UInt8](try Data(contentsOf: folder.appendingPathComponent("libpng/\(name)")))
            #expect(try PNGCodec.decode(fast) == PNGCodec.decode(reference), "\(name)")
            if fast != reference { differentBytes += 1 }
        }
        #expect(differentBytes > 0, "--encoder made no difference to the bytes")
    }

    @Test func unknownEncoderIsAUsageError() throws {
        let result = try CLI.run(["render", "Scenarios/fling-threshold.json", "--encoder", "zlib"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--encoder takes fast or libpng, not 'zlib'"), "\(result.stderr)")
    }
}
