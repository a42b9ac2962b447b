import Foundation
import Testing
import TestSupport
import Rasterizer

/// The documentation's pictures (README, docs/ and the DocC articles, whose Resources link to docs/images; outside the
/// pattern gallery, which `PatternPicturesTests` covers) are what render-grid's
/// commands draw today, and every number their captions state is computed here from that output (the trace, the
/// pixels or `diff --json`): a caption that no longer tells the truth fails, and so does a caption with a number
/// this suite does not check.
///
/// `RENDER_GRID_RECORD=all swift test --filter ReadmePicturesTests` remakes the pictures in `docs/images/`; look
/// at them before committing.
@Suite struct ReadmePicturesTests {
    static let images = CLI.packageRoot.appendingPathComponent("docs/images")
    static var recording: Bool { ProcessInfo.processInfo.environment["RENDER_GRID_RECORD"] == "all" }

    // MARK: Making the pictures

    /// Runs render-grid and requires exit 0.
    static func run(_ arguments: [String]) throws -> CLI.Result {
        let result = try CLI.run(arguments)
        try #require(result.status == 0, "render-grid \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// Renders frames `frames` of `scenario` into `folder` and returns the trace lines of those frames.
    @discardableResult
    static func render(_ scenario: String, frames: [Int], into folder: URL, _ options: [String] = ["--scale", "1"]) throws -> [Int: [String: Any]] {
        var trace: [Int: [String: Any]] = [:]
        for frame in frames {
            _ = try run(["render", "Scenarios/\(scenario).json", "--frames", "\(frame):\(frame)", "--out", folder.path, "--jobs", "1"] + options)
        }
        for name in CLI.files(in: folder) where name.hasSuffix(".jsonl") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                trace[object["frame"] as! Int] = object
            }
        }
        return trace
    }

    static func frameName(_ frame: Int) -> String { String(format: "frame_%05d.png", frame) }

    /// Compares a picture just made with the committed one (pixels, with a little room for another FreeType's
    /// glyphs), or records it with `RENDER_GRID_RECORD=all`.
    static func compare(_ made: URL, with name: String) throws {
        let committed = images.appendingPathComponent(name)
        if recording {
            try? FileManager.default.removeItem(at: committed)
            try FileManager.default.copyItem(at: made, to: committed)
            return
        }
        try #require(FileManager.default.fileExists(atPath: committed.path), "docs/images/\(name) is not committed")
        let diff = try CLI.run(["diff", committed.path, made.path, "--threshold", "0.1", "--max-diff-ratio", "0.002"])
        #expect(diff.status == 0, """
            docs/images/\(name) is not what render-grid draws now; look at the new picture, then remake them all:
            RENDER_GRID_RECORD=all swift test --filter ReadmePicturesTests
            \(diff.stdout)\(diff.stderr)
            """)
    }

    // MARK: The documentation's text

    /// Every page, each picture written as its path from the package root (`docs/images/NAME.png`).
    static func readme() throws -> String {
        try DocsText.all()
    }

    /// The paragraph (lines up to a blank line) that holds `anchor`, from its first line.
    static func paragraph(containing anchor: String) throws -> String {
        let lines = try readme().components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(anchor) }, "no page has a line with \(anchor)")
        var start = index, end = index
        while start > 0 && !lines[start - 1].trimmingCharacters(in: .whitespaces).isEmpty { start -= 1 }
        while end + 1 < lines.count && !lines[end + 1].trimmingCharacters(in: .whitespaces).isEmpty { end += 1 }
        return lines[start...end].joined(separator: " ")
    }

    /// Requires `caption` to state each fact, and to state no number outside them (`terms` are words with digits
    /// that are names, not claims: "seed 000").
    static func check(_ caption: String, states facts: [String], terms: [String] = [], _ what: String) {
        var rest = caption
        for fact in facts {
            #expect(caption.contains(fact), "\(what): the caption should say \"\(fact)\" (computed from the output):\n\(caption)")
            rest = rest.replacingOccurrences(of: fact, with: " ")
        }
        for term in terms { rest = rest.replacingOccurrences(of: term, with: " ") }
        // Image file names are not claims.
        rest = rest.replacing(/docs\/images\/[A-Za-z0-9_.\/-]+/, with: " ")
        let unchecked = rest.matches(of: /[0-9]+/).map { String($0.output) }
        #expect(unchecked.isEmpty, "\(what): the caption states numbers no test checks: \(unchecked)\n\(caption)")
    }

    /// "−4" for -4 (the documentation's minus sign).
    static func signed(_ value: Double) -> String {
        let text = value == value.rounded() ? String(Int(value.magnitude)) : String(value.magnitude)
        return (value < 0 ? "−" : "") + text
    }

    static func point(_ object: Any?) -> (x: Double, y: Double) {
        let o = object as? [String: Any] ?? [:]
        return ((o["x"] as? NSNumber)?.doubleValue ?? .nan, (o["y"] as? NSNumber)?.doubleValue ?? .nan)
    }

    /// The tiles of a trace line that show in its viewport: (x, y, rect).
    static func visibleTiles(_ line: [String: Any]) -> [(x: Int, y: Int, rect: [Double])] {
        let viewport = line["viewport"] as? [String: Any] ?? [:]
        let w = (viewport["width"] as? NSNumber)?.doubleValue ?? 0, h = (viewport["height"] as? NSNumber)?.doubleValue ?? 0
        return (line["tiles"] as? [[String: Any]] ?? []).compactMap { tile in
            let rect = (tile["rect"] as? [NSNumber] ?? []).map(\.doubleValue)
            guard rect.count == 4, rect[0] < w, rect[0] + rect[2] > 0, rect[1] < h, rect[1] + rect[3] > 0 else { return nil }
            return ((tile["x"] as! NSNumber).intValue, (tile["y"] as! NSNumber).intValue, rect)
        }
    }

    // MARK: The first picture

    @Test func firstPicture() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = 60
        let trace = try Self.render("drag-atRest", frames: [frame], into: folder)
        try Self.compare(folder.appendingPathComponent(Self.frameName(frame)), with: "drag-atRest-frame60-1x.png")
        let line = try #require(trace[frame])
        let tiles = Self.visibleTiles(line)
        let xs = tiles.map(\.x), ys = tiles.map(\.y)
        var facts = ["Frame \(frame) of `Scenarios/drag-atRest.json`", "`--scale 1`", "\(line["phase"]!)",
                     "tiles (\(Self.signed(Double(xs.min()!)))…\(Self.signed(Double(xs.max()!))), \(Self.signed(Double(ys.min()!)))…\(Self.signed(Double(ys.max()!))))"]
        if tiles.contains(where: { $0.x == 0 && $0.y == 0 }) { facts.append("darker tile (0, 0)") }
        let caption = try Self.paragraph(containing: "*Frame \(frame) of `Scenarios/drag-atRest.json`")
        Self.check(caption, states: facts, terms: ["seed 000"], "the first picture")
        let alt = try Self.paragraph(containing: "](docs/images/drag-atRest-frame60-1x.png)")
        Self.check(alt, states: ["A frame of Scenarios/drag-atRest.json at scale 1"], "the first picture's alt text")
    }

    // MARK: Far-away labels

    /// The last frame of far-away.json at its own scale, cropped to the 3 × 3 tiles around its centre tile; each
    /// of those labels is drawn as two lines of ink that keep clear of the tile's borders.
    @Test func farAwayLabels() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try Self.run(["render", "Scenarios/far-away.json", "--out", folder.path, "--jobs", "1"])
        _ = full
        let text = try String(contentsOf: folder.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        let lastFrame = last["frame"] as! Int
        let centre = (x: 1_000_000_000_000_002, y: -1_000_000_000_000_003)
        let tiles = Self.visibleTiles(last)
        let middle = try #require(tiles.first { $0.x == centre.x && $0.y == centre.y }, "the centre tile is in the last frame")
        for dx in -1...1 { for dy in -1...1 {
            #expect(tiles.contains { $0.x == centre.x + dx && $0.y == centre.y + dy }, "neighbour (\(dx), \(dy)) shows")
        } }
        let frame = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent(Self.frameName(lastFrame)))))
        let scale = frame.width / 390
        let tile = Int(middle.rect[2]) * scale
        let x0 = Int(middle.rect[0]) * scale - tile, y0 = Int(middle.rect[1]) * scale - tile
        var crop = [UInt8](repeating: 0, count: 9 * tile * tile * 4)
        for y in 0..<(3 * tile) {
            for x in 0..<(3 * tile) {
                let p = frame.pixel(x: x0 + x, y: y0 + y)!
                let i = (y * 3 * tile + x) * 4
                crop[i] = p.r; crop[i + 1] = p.g; crop[i + 2] = p.b; crop[i + 3] = p.a
            }
        }
        let cropped = try Pixmap(width: 3 * tile, height: 3 * tile, pixels: crop)
        let made = folder.appendingPathComponent("crop.png")
        try Data(try PNGCodec.encode(cropped)).write(to: made)
        try Self.compare(made, with: "far-away-labels.png")
        // Each tile's label: the rows holding ink (dark pixels) form exactly two bands, clear of the tile's edges.
        for ty in 0..<3 { for tx in 0..<3 {
            var inkRows: [Int] = []
            for y in 2..<(tile - 2) {
                let ink = (2..<(tile - 2)).contains { x in
                    let p = cropped.pixel(x: tx * tile + x, y: ty * tile + y)!
                    return Int(p.r) + Int(p.g) + Int(p.b) < 3 * 100
                }
                if ink { inkRows.append(y) }
            }
            let bands = inkRows.enumerated().filter { $0.offset == 0 || inkRows[$0.offset - 1] != $0.element - 1 }.count
            #expect(bands == 2, "tile (\(tx - 1), \(ty - 1)) around the centre: its label has \(bands) lines of ink")
        } }
        let caption = try Self.paragraph(containing: "*The last frame (\(lastFrame)) of `Scenarios/far-away.json`")
        Self.check(caption, states: ["last frame (\(lastFrame))", "scale \(scale)", "3 × 3 tiles", "(10^15 + 2, −10^15 − 3)", "two lines"],
                   "the far-away picture")
        let alt = try Self.paragraph(containing: "](docs/images/far-away-labels.png)")
        Self.check(alt, states: ["Nine tiles", "(10^15 + 2, −10^15 − 3)", "two lines"], "the far-away alt text")
    }

    // MARK: Parallax

    @Test func parallaxFrames() throws {
        let folder = try CLI.temporaryFolder(), reference = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder); try? FileManager.default.removeItem(at: reference) }
        let trace = try Self.render("parallax", frames: [20, 21], into: folder)
        try Self.render("parallax", frames: [20, 21], into: reference, ["--scale", "1", "--reference"])
        for frame in [20, 21] {
            try Self.compare(folder.appendingPathComponent(Self.frameName(frame)), with: "parallax-frame\(frame).png")
            let a = try Data(contentsOf: folder.appendingPathComponent(Self.frameName(frame)))
            let b = try Data(contentsOf: reference.appendingPathComponent(Self.frameName(frame)))
            #expect(a == b, "frame \(frame) equals the --reference frame byte for byte")
        }
        let before = try #require(trace[20]), after = try #require(trace[21])
        let shift = Self.point(after["recenter"])
        #expect(shift.x == 0 && shift.y != 0, "frame 21 recenters vertically: \(String(describing: after["recenter"]))")
        let o0 = Self.point(before["contentOffset"]), o1 = Self.point(after["contentOffset"])
        // Rounded to a micro-point: offsets off the device-pixel grid leave 37.50000000000091 after the subtraction.
        func micro(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
        let moved = (x: micro(o1.x - shift.x - o0.x), y: micro(o1.y - shift.y - o0.y))
        let layers0 = before["layers"] as? [[String: Any]] ?? [], layers1 = after["layers"] as? [[String: Any]] ?? []
        try #require(layers0.count == 2 && layers1.count == 2)
        func layerMove(_ i: Int) -> String {
            let a = Self.point(layers0[i]["offset"]), b = Self.point(layers1[i]["offset"])
            return "(\(Self.signed(b.x - a.x)), \(Self.signed(b.y - a.y)))"
        }
        let scenario = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/parallax.json"))) as! [String: Any]
        let factors = (scenario["layers"] as! [[String: Any]]).map { Self.signed(($0["factor"] as! NSNumber).doubleValue) }
        let header = try Self.paragraph(containing: "| `parallax.json`, frame 20 |")
        Self.check(header.components(separatedBy: "![").first!, states: ["`parallax.json`, frame 20", "frame 21", "(y \(Self.signed(shift.y)) points)"],
                   "the parallax table header")
        let caption = try Self.paragraph(containing: "*Between frames 20 and 21")
        Self.check(caption, states: ["frames 20 and 21", "(\(Self.signed(moved.x)), \(Self.signed(moved.y))) points",
                                     "left \(Self.signed(moved.x)) and up \(Self.signed(moved.y))",
                                     "factor \(factors[0])", layerMove(0), "factor \(factors[1])", layerMove(1)],
                   "the parallax caption")
    }

    // MARK: freshcode-gaps

    @Test func freshcodeSheet() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = [4, 15, 35, 45, 59, 70]
        let frameFolder = folder.appendingPathComponent("frames")
        let trace = try Self.render("freshcode-gaps", frames: frames, into: frameFolder)
        for name in CLI.files(in: frameFolder) where !name.hasSuffix(".png") {
            try FileManager.default.removeItem(at: frameFolder.appendingPathComponent(name))
        }
        let sheet = folder.appendingPathComponent("sheet.png")
        _ = try Self.run(["sheet", frameFolder.path, "--every", "1", "--columns", "6", "--width", "150", "--out", sheet.path])
        try Self.compare(sheet, with: "freshcode-gaps-sheet.png")

        let scenario = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/freshcode-gaps.json"))) as! [String: Any]
        let size = Self.point(((scenario["grid"] as! [String: Any])["tileSize"] as! [String: Any]).mapValues { $0 }.reduce(into: [String: Any]()) {
            $0[$1.key == "width" ? "x" : "y"] = $1.value
        })
        var facts = ["\(Int(size.x)) × \(Int(size.y))-point tiles"]
        for frame in frames {
            let line = try #require(trace[frame])
            let viewport = Self.point((line["viewport"] as! [String: Any]).reduce(into: [String: Any]()) { $0[$1.key == "width" ? "x" : "y"] = $1.value })
            let tiles = Self.visibleTiles(line)
            let rows = Set(tiles.map(\.y)).count, columns = Set(tiles.map(\.x)).count
            var fact = "(frame \(frame), \(Int(viewport.x)) × \(Int(viewport.y))"
            if tiles.isEmpty {
                fact += ": no tile)"
            } else {
                // The height the rows cover, and the viewport rows left uncovered.
                let top = tiles.map { $0.rect[1] }.min()!, bottom = tiles.map { $0.rect[1] + $0.rect[3] }.max()!
                let uncovered = max(0, top) + max(0, viewport.y - bottom)
                fact += ": \(columns) × \(rows) tiles, \(rows) rows of \(Int(bottom - top)) points, \(Int(uncovered)) points uncovered)"
            }
            facts.append(fact)
        }
        let caption = try Self.paragraph(containing: "*\(Int(size.x)) × \(Int(size.y))-point tiles")
        Self.check(caption, states: facts, "the freshcode-gaps caption")
        let alt = try Self.paragraph(containing: "](docs/images/freshcode-gaps-sheet.png)")
        Self.check(alt, states: ["frames 4, 15, 35, 45, 59 and 70"], "the freshcode-gaps alt text")
    }

    // MARK: The tables of single frames

    /// The two tables under "One frame of each of these scenarios": each header cell `name (frame N)` or
    /// `name (N)` over the picture `docs/images/name.png`, which is frame N of `Scenarios/name.json` at scale 1.
    @Test func scenarioFrameTables() throws {
        let lines = try Self.readme().components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("One frame of each of these scenarios, at scale 1") })
        var shown: [(name: String, frame: Int, picture: String)] = []
        var index = start + 1
        while index + 2 < lines.count {
            while index < lines.count && lines[index].isEmpty { index += 1 }
            guard index + 2 < lines.count, lines[index].hasPrefix("| ") else { break }
            let headers = lines[index].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let pictures = lines[index + 2].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            try #require(headers.count == pictures.count, "a header per picture: \(lines[index])")
            for (header, picture) in zip(headers, pictures) {
                let m = try #require(header.wholeMatch(of: /([a-z0-9-]+) \((?:frame )?([0-9]+)\)/), "header cell \(header)")
                let file = try #require(picture.wholeMatch(of: /!\[\]\(docs\/images\/([a-z0-9-]+\.png)\)/), "picture cell \(picture)")
                #expect(file.output.1 == "\(m.output.1).png", "\(header) shows \(file.output.1)")
                shown.append((String(m.output.1), Int(m.output.2)!, String(file.output.1)))
            }
            index += 3
        }
        #expect(shown.count >= 9, "\(shown)")
        for entry in shown {
            let folder = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.render(entry.name, frames: [entry.frame], into: folder)
            try Self.compare(folder.appendingPathComponent(Self.frameName(entry.frame)), with: entry.picture)
        }
    }

    // MARK: diff, sheet, HUD and plot

    @Test func diffStrip() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.render("drag-atRest", frames: [50, 60], into: folder)
        let a = folder.appendingPathComponent(Self.frameName(50)).path, b = folder.appendingPathComponent(Self.frameName(60)).path
        let out = folder.appendingPathComponent("diff")
        let result = try CLI.run(["diff", a, b, "--out", out.path, "--side-by-side", "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        let sbs = try #require(CLI.files(in: out).first { $0.hasSuffix("-sbs.png") }, "\(CLI.files(in: out))")
        try Self.compare(out.appendingPathComponent(sbs), with: "diff-strip.png")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let frame = try #require((json["frames"] as? [[String: Any]])?.first)
        let count = try #require(frame["diffPixels"] as? Int)
        let caption = try Self.paragraph(containing: "](docs/images/diff-strip.png)")
        Self.check(caption, states: ["frames 50 and 60 of `Scenarios/drag-atRest.json`", "scale 1",
                                     "\(GroupedNumber.text(count)) pixels differ"], "the diff strip's caption")
    }

    @Test func longFlingSheetHUDAndPlot() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("lf"), hud = folder.appendingPathComponent("hud")
        _ = try Self.run(["render", "Scenarios/long-fling.json", "--scale", "1", "--out", frames.path])
        let sheet = folder.appendingPathComponent("sheet.png"), plot = folder.appendingPathComponent("plot.png")
        _ = try Self.run(["sheet", frames.path, "--every", "12", "--width", "110", "--columns", "10", "--out", sheet.path])
        try Self.compare(sheet, with: "sheet-long-fling.png")
        _ = try Self.run(["plot", frames.appendingPathComponent("trace.jsonl").path, "--out", plot.path])
        try Self.compare(plot, with: "plot-long-fling.png")
        let hudFrame = 40
        try Self.render("long-fling", frames: [hudFrame], into: hud, ["--scale", "1", "--hud", "--show-reuse"])
        try Self.compare(hud.appendingPathComponent(Self.frameName(hudFrame)), with: "hud-long-fling.png")
        let header = try Self.paragraph(containing: "| contact sheet (`long-fling`")
        Self.check(header.components(separatedBy: "![").first!, states: ["every 12th frame", "frame \(hudFrame)"], "the long-fling table")
    }

    /// Every picture the documentation shows from docs/images (outside the pattern gallery) is one this suite makes,
    /// and every file in docs/images is shown.
    @Test func everyPictureIsMadeAndShown() throws {
        let made: Set<String> = ["drag-atRest-frame60-1x.png", "far-away-labels.png", "parallax-frame20.png", "parallax-frame21.png",
                                 "freshcode-gaps-sheet.png", "diff-strip.png", "sheet-long-fling.png", "plot-long-fling.png",
                                 "hud-long-fling.png", "rubber-band.png", "paging-snap.png", "pager-4way.png", "lazy-load.png",
                                 "paging-viewport.png", "paging-target.png", "carousel-loop-seed004.png",
                                 "carousel-loop-seamless.png", "rotate.png"]
        let readme = try Self.readme()
        let shown = Set(readme.matches(of: /docs\/images\/([A-Za-z0-9_.-]+\.png)/).map { String($0.output.1) })
        #expect(shown == made, "the docs show \(shown.subtracting(made).sorted()) that no test makes; \(made.subtracting(shown).sorted()) made but not shown")
        let files = Set(CLI.files(in: Self.images).filter { $0.hasSuffix(".png") })
        #expect(files == made, "docs/images holds \(files.subtracting(made).sorted()) that no page shows")
    }
}

/// 52113 as "52,113", as the documentation writes counts.
enum GroupedNumber {
    static func text(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
