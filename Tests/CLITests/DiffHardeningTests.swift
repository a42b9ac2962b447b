import Foundation
import Testing
import TestSupport

/// `render-grid diff` against hostile files and flags: every unreadable input is exit 2 with one
/// line on stderr naming the file; nothing traps, blocks or allocates what the file does not hold.
@Suite struct DiffHardeningTests {
    // A few crafted PNGs, byte by byte.
    static func be32(_ v: UInt32) -> [UInt8] { PNGBuilder.be32(v) }
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { PNGBuilder.Chunk(type, data).bytes }
    static let signature = PNGBuilder.signature
    static func ihdr(_ width: UInt32, _ height: UInt32) -> [UInt8] { PNGBuilder.ihdr(width: width, height: height).bytes }
    /// A 2×1 RGBA image (one filter-0 row in one stored deflate block); width and height can lie.
    static func png(_ first: [UInt8], _ second: [UInt8], width: UInt32 = 2, height: UInt32 = 1) -> [UInt8] {
        PNGBuilder.file([PNGBuilder.ihdr(width: width, height: height), PNGBuilder.Chunk("IDAT", PNGBuilder.zlibStored([0] + first + second)),
                         PNGBuilder.Chunk("IEND")])
    }
    static let red = png([255, 0, 0, 255], [255, 0, 0, 255])
    static let mixed = png([255, 0, 0, 255], [0, 0, 255, 255])

    func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// stderr is exactly one line.
    func oneLine(_ result: CLI.Result) -> Bool {
        result.stderr.hasSuffix("\n") && result.stderr.dropLast().firstIndex(of: "\n") == nil
    }

    @Test func identicalBrokenFilesAreExitTwoOnOneLine() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var badCRC = Self.red
        badCRC[Self.red.count - 20] ^= 0x40
        let cases: [(String, [UInt8])] = [
            ("empty", []), ("truncated", Array(Self.red.prefix(50))), ("bad CRC", badCRC),
            ("no IDAT", Self.signature + Self.ihdr(2, 1) + Self.chunk("IEND", [])),
            ("not a PNG", Array("GIF89a, not a PNG".utf8)),
            ("4294967295 square", Self.signature + Self.ihdr(0xFFFF_FFFF, 0xFFFF_FFFF) + Self.chunk("IEND", [])),
            ("2^31-1 square", Self.png([0, 0, 0, 0], [0, 0, 0, 0], width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)),
            ("100000 square", Self.png([0, 0, 0, 0], [0, 0, 0, 0], width: 100_000, height: 100_000)),
        ]
        for (label, bytes) in cases {
            let name = "bad\n\(label).png"
            let a = try write(bytes, name, in: folder)
            let result = try CLI.run(["diff", a, a])
            #expect(result.status == 2, "\(label): \(result.status) \(result.stdout)\(result.stderr)")
            #expect(oneLine(result) && result.stderr.contains("bad\\n\(label).png"), "\(label): \(result.stderr)")
        }
        // A valid identical pair is still the fast "same".
        let good = try write(Self.red, "good.png", in: folder)
        let same = try CLI.run(["diff", good, good])
        #expect(same.status == 0 && same.stdout.contains("1 same"), "\(same.stdout)\(same.stderr)")
    }

    @Test func ignoreRegionsNeverTrap() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try write(Self.red, "a.png", in: folder), b = try write(Self.mixed, "b.png", in: folder)
        let cases: [([String], Int32)] = [
            (["1,0,9223372036854775807,10"], 0),  // covers the differing pixel (1, 0)
            (["-9223372036854775808,-9223372036854775808,9223372036854775807,9223372036854775807"], 1),
            (["9223372036854775807,9223372036854775807,9223372036854775807,9223372036854775807"], 1),
            (["-5,-5,7,6"], 0), (["-5,-5,6,6"], 1),
        ]
        for (regions, status) in cases {
            let result = try CLI.run(["diff", a, b] + regions.flatMap { ["--ignore", $0] })
            #expect(result.status == status, "\(regions): \(result.status) \(result.stdout)\(result.stderr)")
        }
        let bad = try CLI.run(["diff", a, b, "--ignore", "0,0,0,5"])
        #expect(bad.status == 2 && oneLine(bad))
    }

    /// 44 bytes whose text chunk claims 2^31−1 bytes made libpng allocate 2 GB (peak RSS 2.1 GB).
    @Test func chunkLengthsBeyondTheFileCostNoMemory() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try write(Self.red, "good.png", in: folder)
        for type in ["tEXt", "zTXt", "iTXt", "sPLT"] {
            let bytes = Self.signature + Self.ihdr(1, 1) + Self.be32(0x7FFF_FFFF) + Array(type.utf8) + [1, 2, 3]
            let path = try write(bytes, "\(type).png", in: folder)
            let (result, peak) = try CLI.peakKilobytes(["diff", path, good])
            #expect(result.status == 2 && oneLine(result) && result.stderr.contains("claims 2147483647 bytes"), "\(type): \(result.stderr)")
            if let peak { #expect(peak < 200_000, "\(type): peak \(peak) kB") }
        }
    }

    /// Ancillary chunks are skipped, never parsed: a 4 MB sPLT chunk (which libpng turns into about
    /// 4 + 7 + 7 MB of buffers and entries when it parses it) costs no more than a 4 MB unknown chunk.
    @Test func ancillaryChunksAreSkippedNotAllocated() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try write(Self.red, "good.png", in: folder)
        let palette = Array("pal\0".utf8) + [8] + [UInt8](repeating: 7, count: (4 << 20) / 6 * 6)  // 6-byte entries
        var peaks: [String: Int] = [:]
        for type in ["sPLT", "abCd"] {
            let bytes = Self.red.prefix(33) + Self.chunk(type, palette) + Self.red.dropFirst(33)
            let path = try write(Array(bytes), "\(type).png", in: folder)
            let (result, peak) = try CLI.peakKilobytes(["diff", path, good])
            #expect(result.status == 0, "\(type): \(result.stdout)\(result.stderr)")
            peaks[type] = peak
        }
        let parsed = try #require(peaks["sPLT"]), skipped = try #require(peaks["abCd"])
        #expect(parsed - skipped < 6_000, "sPLT peak \(parsed) kB, unknown chunk \(skipped) kB")
    }

    @Test func fileLimitsAndNonFiles() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try write(Self.red, "a.png", in: folder), b = try write(Self.mixed, "b.png", in: folder)
        let small = try CLI.run(["diff", a, b, "--max-file-size", "10"])
        #expect(small.status == 2 && oneLine(small) && small.stderr.contains("the limit is 10 bytes"), "\(small.stderr)")
        // Like sheet and plot, diff names the flag that raises the limit.
        #expect(small.stderr.hasSuffix("the limit is 10 bytes; --max-file-size raises it\n"), "\(small.stderr)")
        #expect(try CLI.run(["diff", a, b, "--max-file-size", "0"]).status == 2)
        #expect(try CLI.run(["diff", a, b, "--max-file-size", "1000"]).status == 1)
        // A FIFO is refused at once, not waited on.
        let fifo = folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try CLI.run(["diff", fifo, a])
        #expect(piped.status == 2 && oneLine(piped) && piped.stderr.contains("not a regular file"), "\(piped.stderr)")
        // In folders, a folder named like a frame is not a frame.
        let left = folder.appendingPathComponent("left"), right = folder.appendingPathComponent("right")
        for side in [left, right] {
            try FileManager.default.createDirectory(at: side.appendingPathComponent("odd.png"), withIntermediateDirectories: true)
            _ = try write(Self.red, "f.png", in: side)
        }
        let folders = try CLI.run(["diff", left.path, right.path])
        #expect(folders.status == 0 && folders.stdout.contains("diff: 1 frame: "), "\(folders.stdout)\(folders.stderr)")
    }

    @Test func reportLinksByDefaultAndEmbedsOnRequest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try write(Self.red, "a.png", in: folder), b = try write(Self.mixed, "b.png", in: folder)
        #expect(try CLI.run(["diff", a, b, "--embed"]).status == 2)
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.run(["diff", a, b, "--out", out.path]).status == 1)
        let linked = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(linked.contains("src=\"../a.png\"") && linked.contains("src=\"../b.png\"") && !linked.contains("data:image"))
        #expect(try CLI.run(["diff", a, b, "--out", out.path, "--embed"]).status == 1)
        let embedded = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(embedded.contains("src=\"data:image/png;base64,") && embedded.contains("3 images embedded."))
        #expect(try CLI.run(["diff", a, b, "--out", out.path, "--embed", "--max-embed-size", "0"]).status == 1)
        let none = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(none.contains("0 images embedded; 3 more are linked") && !none.contains("data:image"))
        #expect(none.contains("(--max-embed-size)"), "the CLI's report names the flag that raises the cap")
    }
}
