import Foundation
import Testing
import TestSupport
import Rasterizer
import GridExport
@testable import GridModel
@testable import GridTools

/// Mutated traces through `TraceReader` and `TracePlot`, and random extreme options through
/// `ContactSheet` and `TracePlot`: every input gives a picture or a `ToolError`, in bounded
/// time, never a trap or a hang. Seeded and bounded in time and count; `RENDER_GRID_FUZZ_SECONDS`,
/// `RENDER_GRID_FUZZ_ITERATIONS` and `RENDER_GRID_FUZZ_SEED` widen a run.
@Suite struct ToolFuzzTests {
    static let env = ProcessInfo.processInfo.environment
    static let seed = UInt64(env["RENDER_GRID_FUZZ_SEED"] ?? "") ?? 0x5EED_7001
    static func seconds(_ ci: Double) -> Double { Double(env["RENDER_GRID_FUZZ_SECONDS"] ?? "") ?? ci }
    /// CI's count for a test (each mutation and option many times over), or a wider run's.
    static func maxIterations(_ ci: Int) -> Int {
        Int(env["RENDER_GRID_FUZZ_ITERATIONS"] ?? "") ?? (env["RENDER_GRID_FUZZ_SECONDS"] == nil ? ci : 100_000)
    }
    /// The longest any one input may take (debug build, a busy machine).
    static let maxSecondsPerInput = 5.0

    static let numbers = ["0", "-0", "-1", "1e308", "-1e308", "1.7976931348623157e308", "1e309", "-1e999", "5e-324", "1e-400",
                          "9007199254740992", "9007199254740993", "9223372036854775807", "-9223372036854775808",
                          "18446744073709551616", "0.5", "1e3", "3.25", String(repeating: "9", count: 70), "NaN", "Infinity", "-"]
    static let values = ["null", "true", "false", "[]", "{}", "\"\"", "\"x\"", "[1,2]", "{\"x\":1}", "{\"x\":1,\"y\":\"2\"}",
                         "{\"x\":1e308,\"y\":-1e308}", "[{\"name\":1}]", "[{\"name\":\"willBeginDragging\"},{}]", "\"\\ud800\"",
                         "\"\\u0000\"", "\"é\\n\"", String(repeating: "[", count: 80)]
    static let keys = ["frame", "t", "phase", "contentOffset", "recenter", "events", "stats", "edgeHit", "live", "pool", "x", "y", "name"]

    /// Real traces: a fling with recenters, and a rotation (resize events).
    static let bases: [[String]] = [(try? ToolTests.traceLines("long-fling", frames: 90)) ?? [],
                                    (try? ToolTests.traceLines("rotate", frames: 60)) ?? []]

    func mutate(_ lines: [String], _ rng: inout SplitMix64) -> [UInt8] {
        var lines = Array(lines.prefix(Int.random(in: 2...lines.count, using: &rng)))
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let i = Int.random(in: 0..<lines.count, using: &rng)
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: lines.shuffle(using: &rng)
            case 1: lines.swapAt(i, Int.random(in: 0..<lines.count, using: &rng))
            case 2: lines.insert(lines[i], at: Int.random(in: 0...lines.count, using: &rng))  // an exact repeat
            case 3:  // a number replaced by an extreme
                var line = Array(lines[i].utf8)
                let starts = line.indices.filter { line[$0] >= 0x30 && line[$0] <= 0x39 && $0 > 0 && line[$0 - 1] == UInt8(ascii: ":") }
                guard let s = starts.randomElement(using: &rng) else { continue }
                var e = s
                while e < line.count, line[e] != UInt8(ascii: ","), line[e] != UInt8(ascii: "}"), line[e] != UInt8(ascii: "]") { e += 1 }
                line.replaceSubrange(s..<e, with: Array(Self.numbers.randomElement(using: &rng)!.utf8))
                lines[i] = String(decoding: line, as: UTF8.self)
            case 4:  // a known key's value replaced by another type
                let key = "\"\(Self.keys.randomElement(using: &rng)!)\":"
                guard let range = lines[i].range(of: key) else { continue }
                let rest = lines[i][range.upperBound...]
                let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
                lines[i].replaceSubrange(range.upperBound..<end, with: Self.values.randomElement(using: &rng)!)
            case 5:  // a field dropped
                let key = "\"\(Self.keys.randomElement(using: &rng)!)\":"
                lines[i] = lines[i].replacingOccurrences(of: key, with: "\"_\(Int.random(in: 0...9, using: &rng))\":")
            case 6: lines[i] = String(lines[i].prefix(Int.random(in: 0...lines[i].count, using: &rng)))  // truncated
            case 7:  // binary garbage
                lines[i] = String(decoding: (0..<Int.random(in: 1...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, as: UTF8.self)
            case 8:  // a very long line
                let filler = Int.random(in: 0...1, using: &rng) == 0
                    ? "\"pad\":\"" + String(repeating: "ab", count: Int.random(in: 1...200_000, using: &rng)) + "\","
                    : "\"pad\":[" + Array(repeating: "{\"a\":[1,{\"b\":null}]}", count: Int.random(in: 1...20_000, using: &rng)).joined(separator: ",") + "],"
                lines[i] = "{" + filler + lines[i].dropFirst()
            case 9:  // the same frame with other values
                lines.append(lines[i].replacingOccurrences(of: "\"t\":", with: "\"t\":1"))
            case 10: lines.insert(["", "   ", "\r", "\u{FEFF}"].randomElement(using: &rng)!, at: i)
            default:  // a flipped byte
                var bytes = Array(lines[i].utf8)
                guard !bytes.isEmpty else { continue }
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
                lines[i] = String(decoding: bytes, as: UTF8.self)
            }
        }
        return Array(lines.joined(separator: Bool.random(using: &rng) ? "\n" : "\r\n").utf8)
    }

    @Test func mutatedTracesReadAndPlotOrFailCleanly() throws {
        #expect(Self.bases.allSatisfy { $0.count >= 30 })
        var rng = SplitMix64(state: Self.seed)
        let deadline = Date().addingTimeInterval(Self.seconds(3))
        var iterations = 0, read = 0, plotted = 0, slowest = 0.0
        var rejected: [String: Int] = [:]
        while iterations < Self.maxIterations(120) && (Date() < deadline || iterations <= 30) {  // a floor for slow machines
            iterations += 1
            let bytes = mutate(Self.bases.randomElement(using: &rng)!, &rng)
            let started = Date()
            do {
                let frames = try TraceReader.read(bytes: bytes, name: "fuzz")
                read += 1
                // What the reader gives is ordered, unique and finite.
                #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.frame < $1.frame && $0.t <= $1.t })
                #expect(frames.allSatisfy { $0.t.isFinite && $0.offsetX.isFinite && $0.offsetY.isFinite && $0.live >= 0 && $0.pool >= 0 })
                if frames.count >= 2 {
                    _ = try TracePlot.render(frames, options: PlotOptions(width: 300, height: 200), font: font, title: "fuzz")
                    plotted += 1
                }
            } catch let error as ToolError {
                let reason = error.message.split(separator: ":").dropFirst(2).first.map { String($0.prefix(30)) } ?? error.message
                rejected[reason, default: 0] += 1
            }
            let elapsed = Date().timeIntervalSince(started)
            slowest = max(slowest, elapsed)
            #expect(elapsed < Self.maxSecondsPerInput, "input \(iterations) of seed \(Self.seed) took \(elapsed) s")
        }
        print("trace fuzz: seed \(Self.seed), \(iterations) traces, \(read) read, \(plotted) plotted, slowest \(String(format: "%.3f", slowest)) s, rejected \(rejected.values.reduce(0, +)): \(rejected.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key.trimmingCharacters(in: .whitespaces)) \($0.value)" }.joined(separator: "; "))")
        #expect(iterations > 20 && read > 0 && plotted > 0 && !rejected.isEmpty)
    }

    static let ints = [Int.min, -1_000_000, -1, 0, 1, 2, 3, 7, 48, 199, 200, 201, 2048, 8000, 8001, 65_536, 65_537, 1 << 31, 1 << 53, Int.max]

    @Test func extremeOptionsGiveAPictureOrAClearError() throws {
        let folder = try PNGBuilder.temporaryFolder(inMemory: true)  // a sheet is written per option set
        defer { try? FileManager.default.removeItem(at: folder) }
        for (i, size) in [(40, 30), (30, 40), (1, 300), (300, 1)].enumerated() {
            try ToolTests.png(width: size.0, height: size.1).write(to: folder.appendingPathComponent(String(format: "frame_%05d.png", i)))
        }
        try Data(Self.bases[0].prefix(4).joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("trace.jsonl"))
        let frames = try ToolTests.read(Array(Self.bases[0].prefix(30)))
        var rng = SplitMix64(state: Self.seed ^ 0xA11)
        let deadline = Date().addingTimeInterval(Self.seconds(2))
        var iterations = 0, sheets = 0, plots = 0, refused = 0
        /// An extreme value, or half the time an ordinary one in `usual`.
        func pick(_ usual: ClosedRange<Int> = 1...64) -> Int {
            Bool.random(using: &rng) ? Self.ints.randomElement(using: &rng)! : Int.random(in: usual, using: &rng)
        }
        while iterations < Self.maxIterations(300) && (Date() < deadline || iterations <= 30) {  // a floor for slow machines
            iterations += 1
            let options = SheetOptions(every: Bool.random(using: &rng) ? nil : pick(), columns: pick(), thumbnailWidth: pick(1...300),
                                       maxThumbnails: pick(), output: folder.appendingPathComponent("s.png").path,
                                       maxSheetPixels: min(pick(1...2_000_000), 2_000_000), maxFramePixels: pick(1...1_000_000),
                                       maxFrameBytes: pick(1...1_000_000), traceLimits: TraceLimits(maxBytes: pick(0...100_000), maxLines: pick(0...100)))
            let valid = (options.every ?? 1) >= 1 && options.columns >= 1 && SheetOptions.thumbnailWidths.contains(options.thumbnailWidth)
                && options.maxThumbnails >= 1 && options.maxSheetPixels >= 1 && (1...Pixmap.maxPixels).contains(options.maxFramePixels)
                && options.maxFrameBytes >= 0 && options.traceLimits.maxBytes >= 0 && options.traceLimits.maxLines >= 0
            let started = Date()
            do {
                try ContactSheet.write(folder: folder.path, options: options, font: font)
                #expect(valid, "\(options) was accepted")
                sheets += 1
            } catch let error as ToolError {
                #expect((error.kind == .invalidOption) == !valid, "\(options): \(error)")
                refused += 1
            } catch let error as ExportError {
                // A frame over the byte limit is refused by FileInput while it is read.
                #expect(error.kind == .input && options.maxFrameBytes < 10_000, "\(options): \(error)")
                refused += 1
            }
            let plot = PlotOptions(width: Bool.random(using: &rng) ? pick() : Int.random(in: 150...400, using: &rng),
                                   height: Bool.random(using: &rng) ? pick() : Int.random(in: 150...400, using: &rng))
            if plot.width <= 1000 && plot.height <= 1000 || !(PlotOptions.sizes ~= plot.width && PlotOptions.sizes ~= plot.height) {
                do {
                    _ = try TracePlot.render(frames, options: plot, font: font, title: "fuzz")
                    #expect(PlotOptions.sizes ~= plot.width && PlotOptions.sizes ~= plot.height)
                    plots += 1
                } catch let error as ToolError {
                    #expect(error.kind == .invalidOption && !(PlotOptions.sizes ~= plot.width && PlotOptions.sizes ~= plot.height))
                    refused += 1
                }
            }
            #expect(Date().timeIntervalSince(started) < Self.maxSecondsPerInput, "\(options), \(plot)")
        }
        print("options fuzz: seed \(Self.seed), \(iterations) option sets, \(sheets) sheets, \(plots) plots, \(refused) refused")
        #expect(iterations > 10 && sheets > 0 && plots > 0 && refused > 0)
    }
}
