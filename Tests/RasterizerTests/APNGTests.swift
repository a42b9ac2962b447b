import Foundation
import Testing
import GridModel
@testable import Rasterizer
import TestSupport

/// The animated PNG encoder: chunk order and sequence numbers as APNG 1.0 defines them, every frame
/// decodable (each frame's zlib stream re-wrapped as a plain PNG and read by libpng), frame 0 as the
/// default image, the named limits, and what real tools (pngcheck, ffprobe) make of the file.
@Suite struct APNGTests {
    /// A chunk as found in a file.
    struct Chunk { var type: String; var data: [UInt8] }

    /// The chunks after the signature; fails the test on a bad length or CRC.
    static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
        #expect(Array(bytes.prefix(8)) == PNGBuilder.signature)
        var chunks: [Chunk] = [], at = 8
        while at < bytes.count {
            try #require(at + 12 <= bytes.count, "truncated chunk at \(at)")
            let length = Int(be32(bytes, at))
            try #require(at + 12 + length <= bytes.count, "chunk at \(at) overruns the file")
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(bytes[(at + 8)..<(at + 8 + length)])
            #expect(be32(bytes, at + 8 + length) == PNGBuilder.crc32(Array(bytes[(at + 4)..<(at + 8 + length)])), "CRC of \(type)")
            chunks.append(Chunk(type: type, data: data))
            at += 12 + length
        }
        return chunks
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    /// Each frame's image data, re-wrapped as a plain PNG (IHDR, its IDAT data, IEND), decoded by libpng.
    static func decodeFrames(_ bytes: [UInt8]) throws -> [Pixmap] {
        let all = try chunks(bytes)
        let ihdr = try #require(all.first { $0.type == "IHDR" })
        var streams: [[UInt8]] = []
        for chunk in all {
            switch chunk.type {
            case "fcTL": streams.append([])
            case "IDAT": streams[streams.count - 1] += chunk.data
            case "fdAT": streams[streams.count - 1] += chunk.data.dropFirst(4)
            default: break
            }
        }
        return try streams.map { stream in
            try PNGCodec.decode(PNGBuilder.file([PNGBuilder.Chunk("IHDR", ihdr.data), PNGBuilder.Chunk("IDAT", stream), PNGBuilder.Chunk("IEND")]))
        }
    }

    /// Frames that differ from each other: a moving bar over a gradient, opaque.
    static func frames(_ count: Int, width: Int = 37, height: Int = 23) throws -> [Pixmap] {
        try (0..<count).map { n in
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let bar = (x - n * 3 + width) % width < 5
                    pixels[i] = bar ? 20 : UInt8((x * 7 + n) & 0xFF)
                    pixels[i + 1] = bar ? 200 : UInt8((y * 11) & 0xFF)
                    pixels[i + 2] = UInt8((x ^ y) & 0xFF)
                }
            }
            return try Pixmap(width: width, height: height, pixels: pixels)
        }
    }

    @Test func chunksAndSequenceNumbersFollowTheSpec() throws {
        let frames = try Self.frames(4)
        let apng = try PNGCodec.encodeAnimation(frames, delay: (numerator: 1, denominator: 30), loops: 3)
        let chunks = try Self.chunks(apng)
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        let actl = chunks[1].data
        #expect(Self.be32(actl, 0) == 4 && Self.be32(actl, 4) == 3, "acTL: 4 frames, 3 plays")
        // fcTL and fdAT share one sequence, from 0, without gaps.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { Self.be32($0.data, 0) }
        #expect(sequence == Array(0..<7))
        for fctl in chunks.filter({ $0.type == "fcTL" }) {
            #expect(fctl.data.count == 26)
            #expect(Self.be32(fctl.data, 4) == 37 && Self.be32(fctl.data, 8) == 23, "frame size")
            #expect(Self.be32(fctl.data, 12) == 0 && Self.be32(fctl.data, 16) == 0, "offsets")
            #expect(Array(fctl.data[20..<26]) == [0, 1, 0, 30, 0, 0], "delay 1/30, dispose none, blend source")
        }
        #expect(try Self.decodeFrames(apng) == frames)
    }

    @Test func frameZeroIsTheDefaultImage() throws {
        let frames = try Self.frames(3)
        let apng = try PNGCodec.encodeAnimation(frames, delay: (1, 10))
        #expect(try PNGCodec.decode(apng) == frames[0], "libpng reads frame 0 as the image")
        #expect(try PNGCodec.validate(apng) == (37, 23))
    }

    @Test func oneFrameIsAnAnimationOfOne() throws {
        let frame = try Self.frames(1)
        let apng = try PNGCodec.encodeAnimation(frame, delay: (1, 1))
        #expect(try Self.chunks(apng).map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "IEND"])
        #expect(try PNGCodec.decode(apng) == frame[0])
    }

    @Test(arguments: [1 as UInt32, 7, 100, 4096])
    func splitChunksKeepTheSequence(maxChunkBytes: UInt32) throws {
        let frames = try Self.frames(3, width: 64, height: 40)
        let apng = try PNGCodec.encodeAnimation(frames, delay: (1, 60), loops: 0, scalar: false, maxChunkBytes: maxChunkBytes)
        let chunks = try Self.chunks(apng)
        for chunk in chunks where chunk.type == "IDAT" { #expect(chunk.data.count <= Int(maxChunkBytes)) }
        for chunk in chunks where chunk.type == "fdAT" { #expect(chunk.data.count - 4 <= Int(maxChunkBytes)) }
        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { Self.be32($0.data, 0) } == Array(0..<UInt32(sequenced.count)))
        if maxChunkBytes < 100 { #expect(chunks.filter { $0.type == "fdAT" }.count > 4, "the streams were split") }
        #expect(try Self.decodeFrames(apng) == frames)
        #expect(try PNGCodec.decode(apng) == frames[0])
    }

    @Test func sameFramesSameBytesOnEitherPath() throws {
        let frames = try Self.frames(5)
        let a = try PNGCodec.encodeAnimation(frames, delay: (1, 24))
        #expect(a == (try PNGCodec.encodeAnimation(frames, delay: (1, 24))))
        #expect(a == (try PNGCodec.encodeAnimation(frames, delay: (1, 24), loops: 0, scalar: true, maxChunkBytes: 0)))
    }

    @Test func alphaIsIgnored() throws {
        let clear = try Pixmap(width: 3, height: 2, fill: RGBA(10, 20, 30, 0))
        let back = try PNGCodec.decode(try PNGCodec.encodeAnimation([clear], delay: (1, 1)))
        #expect(back == (try Pixmap(width: 3, height: 2, fill: RGBA(10, 20, 30))))
    }

    @Test func badInputIsAnErrorNamingTheLimit() throws {
        func error(_ body: () throws(RasterError) -> [UInt8]) -> RasterError? {
            do { _ = try body(); return nil } catch { return error }
        }
        let small = try Pixmap(width: 2, height: 2, fill: RGBA(1, 2, 3))
        let other = try Pixmap(width: 3, height: 2, fill: RGBA(1, 2, 3))
        #expect(error { () throws(RasterError) in try PNGCodec.encodeAnimation([], delay: (1, 1)) }?.message == "an animation needs at least one frame")
        #expect(error { () throws(RasterError) in try PNGCodec.encodeAnimation([small, other], delay: (1, 1)) }?.message
                == "animation frames differ in size: frame 0 is 2×2, frame 1 is 3×2")
        let many = error { () throws(RasterError) in
            try PNGCodec.encodeAnimation(Array(repeating: small, count: PNGCodec.maxAnimationFrames + 1), delay: (1, 1))
        }
        #expect(many?.kind == .size && many?.message.contains("maxAnimationFrames") == true)
        // The same storage many times: 10,000 frames of 60,000 pixels are 2.4 GB of pixels.
        let big = try Pixmap(width: 300, height: 200, fill: RGBA(9, 9, 9))
        let heavy = error { () throws(RasterError) in
            try PNGCodec.encodeAnimation(Array(repeating: big, count: PNGCodec.maxAnimationFrames), delay: (1, 1))
        }
        #expect(heavy?.kind == .size && heavy?.message.contains("maxAnimationPixelBytes") == true)
        for loops in [-1, Int(Int32.max) + 1, Int.min, Int.max] {
            let e = error { () throws(RasterError) in try PNGCodec.encodeAnimation([small], delay: (1, 1), loops: loops) }
            #expect(e?.kind == .size && e?.message.contains("loop count") == true, "loops \(loops)")
        }
        #expect(error { () throws(RasterError) in try PNGCodec.encodeAnimation([small], delay: (0, 0), loops: Int(Int32.max)) } == nil)
    }

    @Test func theWriterRefusesAMiscount() throws {
        let frame = try Pixmap(width: 2, height: 2, fill: RGBA(1, 2, 3))
        var short = try PNGAnimationWriter(width: 2, height: 2, frameCount: 2, delay: (1, 1))
        try short.append(frame)
        do { _ = try short.finish(); Issue.record("finished with 1 of 2 frames") } catch { #expect(error.kind == .encode) }
        var long = try PNGAnimationWriter(width: 2, height: 2, frameCount: 1, delay: (1, 1))
        try long.append(frame)
        #expect(throws: RasterError.self) { try long.append(frame) }
        var sized = try PNGAnimationWriter(width: 2, height: 2, frameCount: 1, delay: (1, 1))
        #expect(throws: RasterError.self) { try sized.append(try Pixmap(width: 2, height: 3)) }
        #expect(throws: RasterError.self) { _ = try PNGAnimationWriter(width: 0, height: 2, frameCount: 1, delay: (1, 1)) }
        #expect(throws: RasterError.self) { _ = try PNGAnimationWriter(width: 2, height: 2, frameCount: 0, delay: (1, 1)) }
    }

    @Test func delayFromFramesPerSecond() {
        #expect(PNGCodec.animationDelay(fps: 60) == (1, 60))
        #expect(PNGCodec.animationDelay(fps: 29.97) == (334, 10000))
        #expect(PNGCodec.animationDelay(fps: 0.25) == (40000, 10000))
        #expect(PNGCodec.animationDelay(fps: 0.1) == (65535, 10000))
        #expect(PNGCodec.animationDelay(fps: 1e9) == (1, 10000))
        for bad in [0, -1, .nan, .infinity] { #expect(PNGCodec.animationDelay(fps: bad) == (1, 10)) }
    }

    /// The doc comment's example, as written.
    @Test func docExample() throws {
        let red = try Pixmap(width: 4, height: 3, fill: RGBA(255, 0, 0))
        let blue = try Pixmap(width: 4, height: 3, fill: RGBA(0, 0, 255))
        let apng = try PNGCodec.encodeAnimation([red, blue], delay: (numerator: 1, denominator: 2))
        let first = try PNGCodec.decode(apng)   // red: the default image is frame 0
        #expect(first == red)
        #expect(try Self.decodeFrames(apng) == [red, blue])
    }

    // MARK: Real tools

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool; returns its exit status and its output (stdout and stderr).
    static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static func writeSample(_ name: String, frames: Int, maxChunkBytes: UInt32 = 0) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apng-\(name)-\(getpid()).png")
        let apng = try PNGCodec.encodeAnimation(try Self.frames(frames), delay: (1, 25), loops: 0, scalar: false, maxChunkBytes: maxChunkBytes)
        try Data(apng).write(to: url)
        return url
    }

    @Test(.tags(.externalTool),
          .enabled(if: tool("pngcheck") != nil || RequiredTools.required, "pngcheck is not installed here (CI installs it): skipped"),
          arguments: [0 as UInt32, 50])
    func pngcheckAcceptsTheAnimation(maxChunkBytes: UInt32) throws {
        let pngcheck = try #require(Self.tool("pngcheck"), "pngcheck is required here (RENDER_GRID_REQUIRE_TOOLS=1) but not installed")
        let url = try Self.writeSample("pngcheck-\(maxChunkBytes)", frames: 6, maxChunkBytes: maxChunkBytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let (status, output) = try Self.run(pngcheck, ["-v", url.path])
        #expect(status == 0, "pngcheck: \(output)")
        #expect(output.contains("acTL") && output.contains("fcTL") && output.contains("fdAT"), "\(output)")
        #expect(output.contains("No errors detected"), "\(output)")
    }

    @Test(.tags(.externalTool),
          .enabled(if: tool("ffprobe") != nil || RequiredTools.required, "ffprobe (ffmpeg) is not installed here: skipped"))
    func ffprobeCountsTheFrames() throws {
        let ffprobe = try #require(Self.tool("ffprobe"), "ffprobe is required here (RENDER_GRID_REQUIRE_TOOLS=1) but not installed")
        let url = try Self.writeSample("ffprobe", frames: 7)
        defer { try? FileManager.default.removeItem(at: url) }
        let (status, output) = try Self.run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                      "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", url.path])
        #expect(status == 0, "ffprobe: \(output)")
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "apng,37,23,7", "ffprobe (which finds the format itself): \(output)")
    }

    @Test(.tags(.externalTool),
          .enabled(if: tool("ffmpeg") != nil || RequiredTools.required, "ffmpeg is not installed here: skipped"))
    func ffmpegDecodesEveryFrameToOurPixels() throws {
        let ffmpeg = try #require(Self.tool("ffmpeg"), "ffmpeg is required here (RENDER_GRID_REQUIRE_TOOLS=1) but not installed")
        let frames = try Self.frames(4)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apng-ffmpeg-\(getpid()).png")
        try Data(try PNGCodec.encodeAnimation(frames, delay: (1, 25))).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("apng-ffmpeg-\(getpid()).rgba")
        defer { try? FileManager.default.removeItem(at: raw) }
        let (status, output) = try Self.run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
        #expect(status == 0, "ffmpeg: \(output)")
        let bytes = [UInt8](try Data(contentsOf: raw))
        #expect(bytes == frames.flatMap(\.pixels), "ffmpeg decoded \(bytes.count) bytes")
    }
}
