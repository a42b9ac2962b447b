import Foundation
import Testing
import TestSupport
import Rasterizer
@testable import GridTools

/// Structure-aware fuzzing of PNG input: seed images are parsed into chunks, and chunk lengths,
/// types, CRCs, IHDR fields, chunk order and count, IDAT splits and zlib data are mutated. Every
/// mutant goes to `PNGCodec.decode`, `PNGCodec.validate` and the diff (as an identical pair and
/// against its seed), which must give an error or a valid image within the pixel limit: never a
/// trap, never a decode/validate disagreement.
///
/// CI runs it for 300 mutants (at most 3 s). `RENDER_GRID_FUZZ_SECONDS`, `RENDER_GRID_FUZZ_ITERATIONS` and
/// `RENDER_GRID_FUZZ_SEED` widen a run; `RENDER_GRID_FUZZ_CORPUS=DIR` also writes every mutant to DIR
/// (for running them through another build, e.g. under AddressSanitizer). During a long run the
/// current mutant is kept in `$TMPDIR/render-grid-png-fuzz-current.png`, so a crash leaves its input.
@Suite struct PNGFuzzTests {
    typealias Chunk = PNGBuilder.Chunk
    static let maxPixels = 1_000_000

    /// Seed images: the fixtures (16-bit, palette with tRNS, grey 1/8/16-bit with alpha, interlaced,
    /// RGBA) and crafted ones with several IDATs and ancillary chunks.
    /// Short runs use the small ones only (under 1 KB: the 13×9 format fixtures), so that a few
    /// seconds of a debug build try thousands of mutants rather than diffing big images.
    static func seeds(all: Bool) throws -> [[UInt8]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".png") }.sorted()
        var seeds = try names.map { [UInt8](try Data(contentsOf: fixtures.appendingPathComponent($0))) }.filter { all || $0.count < 1000 }
        var chunks = PNGBuilder.rgbaChunks(width: 7, height: 5) { x, y in [UInt8(x * 30), UInt8(y * 50), UInt8(x ^ y), UInt8(200 + x)] }
        let idat = chunks[1].data
        chunks[1] = Chunk("IDAT", Array(idat.prefix(20)))
        chunks.insert(Chunk("IDAT", Array(idat.dropFirst(20))), at: 2)
        chunks.insert(Chunk("tEXt", Array("Title\0fuzz".utf8)), at: 1)
        chunks.insert(Chunk("gAMA", PNGBuilder.be32(45455)), at: 1)
        seeds.append(PNGBuilder.file(chunks))
        let grey16 = PNGBuilder.scanlines(width: 4, height: 4) { x, y in [UInt8(x * 60), UInt8(y * 60)] }
        seeds.append(PNGBuilder.file([PNGBuilder.ihdr(width: 4, height: 4, depth: 16, color: 0),
                                      Chunk("IDAT", PNGBuilder.zlibStored(grey16)), Chunk("IEND")]))
        return seeds
    }

    static let types = ["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "tEXt", "zTXt", "iTXt", "iCCP", "sPLT", "gAMA", "sRGB", "bKGD",
                        "pHYs", "abCd", "ZZZZ", "IDAT", "IDAT"]
    static let sides: [UInt32] = [0, 1, 2, 3, 255, 256, 65535, 1_000_000, 1_000_001, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]
    static let lengths: [UInt32] = [0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 13, 12, 14]

    func mutate(_ seed: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        guard var chunks = PNGBuilder.parse(seed), !chunks.isEmpty else { return seed }
        func pick() -> Int { Int.random(in: 0..<chunks.count, using: &rng) }
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            guard !chunks.isEmpty else { break }
            switch Int.random(in: 0..<13, using: &rng) {
            case 0:  // lie about a length: an extreme, or off by one
                let i = pick()
                let n = UInt32(chunks[i].data.count)
                chunks[i].length = Bool.random(using: &rng) ? Self.lengths.randomElement(using: &rng)! : (Bool.random(using: &rng) ? n &+ 1 : n &- 1)
                if Bool.random(using: &rng) { chunks[i].crc = PNGBuilder.crc32(chunks[i].type + chunks[i].data) }
            case 1:  // another type (CRC fixed for it)
                let i = pick()
                chunks[i].type = Bool.random(using: &rng) ? Array(Self.types.randomElement(using: &rng)!.utf8) : (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) }
            case 2:  // a broken CRC
                let i = pick()
                chunks[i].crc = chunks[i].rightCRC ^ UInt32.random(in: 1...UInt32.max, using: &rng)
            case 3:  // IHDR fields
                guard let i = chunks.firstIndex(where: { $0.type == Array("IHDR".utf8) }), chunks[i].data.count == 13 else { continue }
                var d = chunks[i].data
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: d.replaceSubrange(0..<4, with: PNGBuilder.be32(Self.sides.randomElement(using: &rng)!))
                case 1: d.replaceSubrange(4..<8, with: PNGBuilder.be32(Self.sides.randomElement(using: &rng)!))
                case 2: d[8] = [0, 1, 2, 3, 4, 8, 16, 32].randomElement(using: &rng)!
                case 3: d[9] = [0, 1, 2, 3, 4, 5, 6, 7, 8].randomElement(using: &rng)!
                default: d[10 + Int.random(in: 0..<3, using: &rng)] = [0, 1, 2, 255].randomElement(using: &rng)!
                }
                chunks[i].data = d
            case 4:  // drop a chunk
                chunks.remove(at: pick())
            case 5:  // duplicate a chunk
                let i = pick()
                chunks.insert(chunks[i], at: pick())
            case 6:  // reorder
                chunks.swapAt(pick(), pick())
            case 7:  // split the image data into several IDATs (or join them into one)
                let data = chunks.filter { $0.type == Array("IDAT".utf8) }.flatMap(\.data)
                guard let first = chunks.firstIndex(where: { $0.type == Array("IDAT".utf8) }) else { continue }
                chunks.removeAll { $0.type == Array("IDAT".utf8) }
                var cuts = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...data.count, using: &rng) }.sorted()
                cuts = [0] + cuts + [data.count]
                let pieces = zip(cuts, cuts.dropFirst()).map { Chunk("IDAT", Array(data[$0..<$1])) }
                chunks.insert(contentsOf: pieces, at: min(first, chunks.count))
            case 8:  // corrupt the zlib data: flip bytes, cut it short, or break its header
                guard let i = chunks.indices.filter({ chunks[$0].type == Array("IDAT".utf8) && !chunks[$0].data.isEmpty }).randomElement(using: &rng) else { continue }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    for _ in 0..<Int.random(in: 1...4, using: &rng) {
                        chunks[i].data[Int.random(in: 0..<chunks[i].data.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
                    }
                case 1: chunks[i].data.removeLast(Int.random(in: 1...chunks[i].data.count, using: &rng))
                default: chunks[i].data[0] = UInt8.random(in: 0...255, using: &rng)
                }
            case 9:  // flip bytes in any chunk's data (PLTE, tRNS, IHDR, text...)
                let i = pick()
                guard !chunks[i].data.isEmpty else { continue }
                chunks[i].data[Int.random(in: 0..<chunks[i].data.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
            case 10:  // insert a chunk of random data
                let type = Array(Self.types.randomElement(using: &rng)!.utf8)
                let data = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                chunks.insert(Chunk(type: type, data: data), at: pick())
            case 11:  // grow or shrink a chunk's data
                let i = pick()
                if Bool.random(using: &rng) || chunks[i].data.isEmpty {
                    chunks[i].data += (0..<Int.random(in: 1...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                } else {
                    chunks[i].data.removeLast(Int.random(in: 1...chunks[i].data.count, using: &rng))
                }
            default:  // a valid zlib stream of the wrong amount of raw data
                guard let i = chunks.firstIndex(where: { $0.type == Array("IDAT".utf8) }) else { continue }
                let raw = (0..<Int.random(in: 0...600, using: &rng)).map { _ in UInt8.random(in: 0...4, using: &rng) }
                chunks.removeAll { $0.type == Array("IDAT".utf8) }
                chunks.insert(Chunk("IDAT", PNGBuilder.zlibStored(raw)), at: min(i, chunks.count))
            }
        }
        var bytes = PNGBuilder.file(chunks)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: bytes.removeLast(Int.random(in: 0...bytes.count, using: &rng))  // truncate
        case 1: bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)  // flip a raw byte
        default: break
        }
        return bytes
    }

    @Test func pngInputNeverTrapsOrDisagrees() throws {
        let env = ProcessInfo.processInfo.environment
        let long = env["RENDER_GRID_FUZZ_SECONDS"] != nil
        let seconds = Double(env["RENDER_GRID_FUZZ_SECONDS"] ?? "") ?? 3
        // 300 mutants give every mutation many times over (each run of 3 s made 500–1100).
        let maxIterations = Int(env["RENDER_GRID_FUZZ_ITERATIONS"] ?? "") ?? (long ? 4000 : 300)
        let seed = UInt64(env["RENDER_GRID_FUZZ_SEED"] ?? "") ?? 0x5EED_0008
        let corpus = env["RENDER_GRID_FUZZ_CORPUS"]
        if let corpus { try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true) }
        var rng = SplitMix64(state: seed)
        let seeds = try Self.seeds(all: long)
        let folder = try PNGBuilder.temporaryFolder(inMemory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let current = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-png-fuzz-current.png")
        var options = DiffOptions()
        options.maxPixels = Self.maxPixels
        // Each seed is written once (writes are most of an iteration's time on a busy disk).
        let seedFiles = try seeds.indices.map { i in
            let url = folder.appendingPathComponent("seed\(i).png")
            try Data(seeds[i]).write(to: url)
            return url
        }
        let deadline = Date().addingTimeInterval(seconds)
        var iterations = 0, decoded = 0, diffed = 0
        var reasons: [String: Int] = [:]
        while iterations < maxIterations && (Date() < deadline || iterations <= 60) {  // a floor for slow machines
            iterations += 1
            let original = seeds.randomElement(using: &rng)!
            let bytes = mutate(original, &rng)
            if long { try Data(bytes).write(to: current) }
            if let corpus { try Data(bytes).write(to: URL(fileURLWithPath: corpus).appendingPathComponent(String(format: "fuzz-%06d.png", iterations))) }
            // The decoder: an image of exactly width × height × 4 bytes within the limit, or an error;
            // validate agrees with decode.
            var size: (width: Int, height: Int)?
            do {
                let image = try PNGCodec.decode(bytes, maxPixels: Self.maxPixels)
                #expect(image.width > 0 && image.height > 0 && image.width * image.height <= Self.maxPixels)
                #expect(image.pixels.count == image.width * image.height * 4)
                size = (image.width, image.height)
                decoded += 1
            } catch {
                let reason = error.message.split(separator: ":").first.map(String.init) ?? ""
                reasons[reason.count > 40 ? String(reason.prefix(40)) : reason, default: 0] += 1
            }
            let validated = try? PNGCodec.validate(bytes, maxPixels: Self.maxPixels)
            #expect(validated?.width == size?.width && validated?.height == size?.height, "iteration \(iterations): decode and validate disagree")
            // The diff: the mutant against itself (the identical-file path) and against its seed.
            let a = folder.appendingPathComponent("mutant.png"), b = folder.appendingPathComponent("copy.png")
            let c = seedFiles[try #require(seeds.firstIndex(of: original))]
            try Data(bytes).write(to: a)
            try Data(bytes).write(to: b)
            for (other, identical) in [(b, true), (c, false)] {
                do {
                    let frame = try ImageDiff.compare(path: "f.png", a.path, other.path, options: options)
                    #expect(size != nil, "iteration \(iterations): the diff read a file the decoder refuses")
                    if identical { #expect(frame.status == .same && frame.totalPixels == (size.map { $0.width * $0.height } ?? -1)) }
                    diffed += 1
                } catch let error as ToolError {
                    #expect(size == nil, "iteration \(iterations): the diff refused a file the decoder reads: \(error)")
                    #expect(!error.message.contains("\n"))
                }
            }
        }
        let top = reasons.sorted { $0.value > $1.value }.prefix(12).map { "\($0.key) \($0.value)" }.joined(separator: "; ")
        print("png fuzz: seed \(seed), \(iterations) mutants, \(decoded) decoded, \(diffed) diffs run; refused: \(top)")
        #expect(iterations > 50)
        #expect(decoded > 0 && decoded < iterations)
    }
}
