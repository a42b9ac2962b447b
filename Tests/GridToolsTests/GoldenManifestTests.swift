import Foundation
import Testing
@testable import GridTools

/// The golden manifest's text and its strict reader, the key-frame policy and the record mode's sources.
@Suite struct GoldenManifestTests {
    static let hashA = String(repeating: "a", count: 64), hashB = String(repeating: "0123456789abcdef", count: 4)

    static func sample() -> GoldenManifest {
        GoldenManifest(renderGrid: "0.11.0", scenarioSHA256: hashB, scale: 1, fps: 60, frameCount: 3, reference: false,
                       width: 120, height: 90, fontName: "DejaVuSans.ttf", fontSHA256: hashA, freeType: "2.12.1",
                       keyFrames: "every:120",
                       frames: [.init(pixels: hashA, trace: "0123456789abcdef", key: true),
                                .init(pixels: hashA, trace: "fedcba9876543210", key: false),
                                .init(pixels: hashB, trace: "0000000000000000", key: true, width: 90, height: 120)])
    }

    /// The text has its header one field per line in a fixed order, one line per frame, and reads back equal.
    @Test func textRoundTrips() throws {
        let manifest = Self.sample()
        let text = manifest.text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.prefix(4) == ["{", "  \"format\": 1,", "  \"renderGrid\": \"0.11.0\",", "  \"scenarioSHA256\": \"\(Self.hashB)\","])
        #expect(lines.filter { $0.hasPrefix("    {\"frame\": ") }.count == 3)
        #expect(lines.contains("    {\"frame\": 2, \"pixels\": \"\(Self.hashB)\", \"trace\": \"0000000000000000\", \"key\": true, \"width\": 90, \"height\": 120}"))
        #expect(try GoldenManifest.parse(Array(text.utf8), path: "m.json") == manifest)
        #expect(manifest.size(of: 2) == (90, 120) && manifest.size(of: 0) == (120, 90))
        #expect(GoldenManifest.keyFrameName(7) == "frame-00007.png" && GoldenManifest.keyFrameName(123456) == "frame-123456.png")
        // No frames at all is still a manifest (the reader refuses it only by its count).
        var empty = manifest
        empty.frames = []
        empty.frameCount = 0
        #expect(try GoldenManifest.parse(Array(empty.text.utf8), path: "m.json") == empty)
    }

    /// Each fault is refused with one line naming the file and what is wrong.
    @Test(arguments: [
        ("\"format\": 1", "\"format\": 2", "format 2 is not 1"),
        ("\"frameCount\": 3", "\"frameCount\": 4", "\"frameCount\" is 4 but \"frames\" lists 3 frames"),
        ("\"scale\": 1", "\"scale\": 99", "\"scale\" must be a whole number from 1 to 8"),
        ("\"width\": 120", "\"width\": \"120\"", "\"width\" must be a whole number"),
        ("\"reference\": false", "\"reference\": 0", "\"reference\" must be true or false"),
        ("\"keyframes\": \"every:120\"", "\"keyframes\": \"most\"", "\"keyframes\" \"most\" is not every:N"),
        ("{\"frame\": 1,", "{\"frame\": 5,", "frames[1] is numbered 5, not 1"),
        ("\"trace\": \"fedcba9876543210\"", "\"trace\": \"FEDCBA9876543210\"", "frames[1].trace is not 16 lower-case hex digits"),
        ("\"key\": false}", "\"key\": false, \"extra\": 1}", "frames[1]: unexpected or mistyped \"extra\""),
        ("\"font\": \"DejaVuSans.ttf\"", "\"font\": 3", "\"font\" must be a non-empty string"),
        ("\"height\": 90", "\"height\": 0", "\"height\" must be a whole number from 1"),
        ("\"width\": 120,", "\"width\": 1000000000,", "\"width\" × \"height\" is over"),
        ("\"width\": 90, \"height\": 120}", "\"width\": 90}", "frames[2] has an unusable \"width\" and \"height\""),
        ("{\n", "[\n", "not valid JSON"),
    ])
    func faultsAreNamed(original: String, replacement: String, message: String) throws {
        let text = Self.sample().text
        #expect(text.contains(original), "\(original)")
        let damaged = text.replacingOccurrences(of: original, with: replacement)
        #expect(throws: ToolError.self) { try GoldenManifest.parse(Array(damaged.utf8), path: "G/a/manifest.json") }
        do { _ = try GoldenManifest.parse(Array(damaged.utf8), path: "G/a/manifest.json") } catch {
            #expect(error.message.hasPrefix("golden manifest G/a/manifest.json: "), "\(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func keyFramePolicyText() {
        #expect(KeyFramePolicy("every:30") == .every(30) && KeyFramePolicy("events") == .events && KeyFramePolicy("all") == .all)
        for bad in ["every:0", "every:-1", "every:", "every:+5", "every:05", "every:1000001", "some", "", "every:9999999999999999999999"] {
            #expect(KeyFramePolicy(bad) == nil, "\(bad)")
        }
        #expect(KeyFramePolicy.every(120).text == "every:120" && KeyFramePolicy.default == .every(120))
    }

    @Test func recordModeSources() throws {
        #expect(try GoldenOptions.recordMode(flag: nil, environment: [:]) == .missing)
        #expect(try GoldenOptions.recordMode(flag: nil, environment: ["CI": "true"]) == .never)
        #expect(try GoldenOptions.recordMode(flag: nil, environment: ["CI": "true", "RENDER_GRID_RECORD": "failed"]) == .failed)
        #expect(try GoldenOptions.recordMode(flag: "all", environment: ["RENDER_GRID_RECORD": "never"]) == .all)
        #expect(throws: ToolError.self) { try GoldenOptions.recordMode(flag: nil, environment: ["RENDER_GRID_RECORD": "yes"]) }
    }

    /// gzip round-trips, refuses output over its limit, truncated data and data after the stream.
    @Test func gzipIsBounded() throws {
        let text = Array(String(repeating: "{\"frame\":1,\"phase\":\"idle\"}\n", count: 5000).utf8)
        let packed = try Gzip.compress(text)
        #expect(packed.count < text.count / 20 && packed.prefix(2) == [0x1f, 0x8b])
        #expect(try Gzip.decompress(packed, maxBytes: text.count) == text)
        #expect(try Gzip.compress([]).count > 0 && Gzip.decompress(try Gzip.compress([]), maxBytes: 0) == [])
        #expect { try Gzip.decompress(packed, maxBytes: text.count - 1) } throws: { ($0 as? ToolError)?.kind == .overLimit }
        #expect { try Gzip.decompress(Array(packed.dropLast(9)), maxBytes: text.count) } throws: { ($0 as? ToolError)?.kind == .invalidInput }
        #expect { try Gzip.decompress(packed + [0], maxBytes: text.count) } throws: { ($0 as? ToolError)?.kind == .invalidInput }
        #expect { try Gzip.decompress(Array("not gzip".utf8), maxBytes: 100) } throws: { ($0 as? ToolError)?.kind == .invalidInput }
    }

    /// Machine drift names the font and FreeType of both sides, and the fix.
    @Test func driftSentence() {
        let manifest = Self.sample()
        var identity = GoldenIdentity(scenarioSHA256: Self.hashB, scale: 1, fps: 60, reference: false, fontName: "DejaVuSans.ttf",
                                      fontSHA256: Self.hashA, freeType: "2.12.1", renderGrid: "0.11.0")
        #expect(GoldenComparison.drift(manifest, identity) == nil)
        identity.freeType = "2.13.2"
        identity.fontName = "Other.ttf"
        identity.fontSHA256 = Self.hashB
        let drift = GoldenComparison.drift(manifest, identity) ?? ""
        #expect(drift.hasPrefix("machine drift: the golden was drawn with font DejaVuSans.ttf (sha256 aaaaaaaaaaaa…), this run with font Other.ttf (sha256 0123456789ab…); the golden was drawn with FreeType 2.12.1, this machine has FreeType 2.13.2"), "\(drift)")
        #expect(drift.hasSuffix("record goldens on CI, or pin a font file kept in the repository with --font or style.font"))
    }
}
