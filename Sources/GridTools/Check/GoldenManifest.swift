internal import GridModel
internal import Rasterizer

/// A golden's `manifest.json`: what the golden was recorded from and with, and one entry per frame. Written with
/// a stable key order, the header one field per line and then one frame per line, so a re-recording reads well
/// in `git diff`; read back strictly (every field, its type and range, the frames numbered 0 to `frameCount - 1`),
/// so a damaged golden is refused with one line naming the file and the fault.
///
/// ```swift
/// let manifest = try GoldenManifest.parse(bytes, path: "Scenarios/Goldens/long-fling/manifest.json")
/// print(manifest.frameCount, manifest.frames[0].pixels)   // 218 "3f2a…"
/// ```
public struct GoldenManifest: Sendable, Equatable {
    /// The manifest format this build writes and reads.
    public static let formatVersion = 1
    /// The largest manifest read, in bytes (a 100,000-frame golden is about 13 MB).
    public static let maxBytes = 64 << 20
    /// The largest golden trace read, in bytes, compressed and decompressed.
    public static let maxTraceBytes = 512 << 20
    /// The longest golden trace line read, in bytes, for scenarios checked with at most `maxLiveTiles` live tiles:
    /// 512 bytes a tile (a tile's line is under 250 bytes with every number at its longest) and 64 KiB for the rest
    /// of the line; 10,305,536 bytes with the default `Limits`. A longer line is refused before it is held, so a
    /// small golden cannot make `check` hold a huge line.
    ///
    /// ```swift
    /// GoldenManifest.maxTraceLineBytes(maxLiveTiles: Limits().maxLiveTiles)   // 10_305_536
    /// ```
    public static func maxTraceLineBytes(maxLiveTiles: Int) -> Int {
        let tiles = max(0, maxLiveTiles)
        return tiles > (Int.max - 65_536) / 512 ? Int.max : 65_536 + tiles * 512
    }
    /// The largest key frame PNG read, in bytes.
    public static let maxKeyFrameBytes = 256 << 20

    /// One frame: the digest of its decoded RGBA pixels (`SHA256.pixels`), a digest of its trace line, and
    /// whether its PNG is stored.
    public struct Frame: Sendable, Equatable {
        /// `SHA256.pixels` of the frame (SHA-256 over its size and rows, a repeated row as one byte), 64 hex digits.
        public var pixels: String
        /// The first 16 hex digits of the SHA-256 of the frame's trace line (without its newline).
        public var trace: String
        /// Whether `frame-NNNNN.png` is stored beside the manifest. A frame whose pixels equal a stored
        /// frame's is not stored again: a check finds its picture by hash.
        public var key: Bool
        /// The frame's size in pixels when it differs from the manifest's `width` × `height` (a resize).
        public var width: Int?
        /// The frame's height when it differs from the manifest's (see `width`).
        public var height: Int?

        /// A frame entry with each argument as its property.
        public init(pixels: String, trace: String, key: Bool, width: Int? = nil, height: Int? = nil) {
            self.pixels = pixels
            self.trace = trace
            self.key = key
            self.width = width
            self.height = height
        }
    }

    /// The render-grid version that recorded the golden.
    public var renderGrid: String
    /// SHA-256 of the scenario file's bytes.
    public var scenarioSHA256: String
    /// Device scale the frames were rendered at.
    public var scale: Int
    /// Frames per second of the scenario.
    public var fps: Int
    /// Frames in the sequence.
    public var frameCount: Int
    /// Whether the frames are of the reference plane.
    public var reference: Bool
    /// Frame size in pixels.
    public var width: Int
    /// Frame size in pixels.
    public var height: Int
    /// The font file's name (without its folder), nil when the scenario draws no text.
    public var fontName: String?
    /// SHA-256 of the font file, nil when the scenario draws no text.
    public var fontSHA256: String?
    /// The FreeType version the frames were drawn with.
    public var freeType: String
    /// The key-frame policy, as `--keyframes` spells it.
    public var keyFrames: String
    /// One entry per frame, in order.
    public var frames: [Frame]
    /// The scenario file's path relative to the goldens folder when recorded (`../rotate.json`), so `--prune`
    /// removes a golden only when its own scenario is gone; nil in goldens recorded before it was stored.
    public var scenario: String?

    /// A manifest with each argument as its property.
    public init(
        renderGrid: String, scenarioSHA256: String, scale: Int, fps: Int, frameCount: Int, reference: Bool,
        width: Int, height: Int, fontName: String?, fontSHA256: String?, freeType: String, keyFrames: String,
        frames: [Frame], scenario: String? = nil
    ) {
        self.scenario = scenario
        self.renderGrid = renderGrid
        self.scenarioSHA256 = scenarioSHA256
        self.scale = scale
        self.fps = fps
        self.frameCount = frameCount
        self.reference = reference
        self.width = width
        self.height = height
        self.fontName = fontName
        self.fontSHA256 = fontSHA256
        self.freeType = freeType
        self.keyFrames = keyFrames
        self.frames = frames
    }

    /// Frame `index`'s size in pixels (`index` must be one of `frames`).
    public func size(of index: Int) -> (width: Int, height: Int) {
        (frames[index].width ?? width, frames[index].height ?? height)
    }

    /// The largest frame in pixels, the limit a key frame is decoded with.
    var maxFramePixels: Int {
        frames.reduce(width * height) { max($0, ($1.width ?? width) * ($1.height ?? height)) }
    }

    /// The key frame's file name for frame `index`: `frame-00042.png`.
    public static func keyFrameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The manifest's text: header fields one per line in a fixed order, then one line per frame.
    ///
    /// ```swift
    /// try FileOutput.writeAtomically(Array(manifest.text.utf8), to: folder + "/manifest.json")
    /// ```
    public var text: String {
        func string(_ s: String) -> String { JSONWriter.string(s) }
        func optional(_ s: String?) -> String { s.map(string) ?? "null" }
        var out = "{\n"
        out += "  \"format\": \(Self.formatVersion),\n"
        out += "  \"renderGrid\": \(string(renderGrid)),\n"
        out += "  \"scenarioSHA256\": \(string(scenarioSHA256)),\n"
        out += "  \"scale\": \(scale),\n"
        out += "  \"fps\": \(fps),\n"
        out += "  \"frameCount\": \(frameCount),\n"
        out += "  \"reference\": \(reference),\n"
        out += "  \"width\": \(width),\n"
        out += "  \"height\": \(height),\n"
        out += "  \"font\": \(optional(fontName)),\n"
        out += "  \"fontSHA256\": \(optional(fontSHA256)),\n"
        out += "  \"freeType\": \(string(freeType)),\n"
        out += "  \"keyframes\": \(string(keyFrames)),\n"
        if let scenario { out += "  \"scenario\": \(string(scenario)),\n" }
        out += "  \"frames\": ["
        for (index, frame) in frames.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out +=
                "    {\"frame\": \(index), \"pixels\": \"\(frame.pixels)\", \"trace\": \"\(frame.trace)\", \"key\": \(frame.key)"
            if let width = frame.width, let height = frame.height {
                out += ", \"width\": \(width), \"height\": \(height)"
            }
            out += "}"
        }
        out += frames.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// Reads and validates a manifest.
    ///
    /// ```swift
    /// let manifest = try GoldenManifest.parse(Array(text.utf8), path: "Goldens/a/manifest.json")
    /// ```
    /// - Throws: `ToolError(.invalidInput)` with one line naming `path` and what is wrong: not JSON, another
    ///   format version, a missing or mistyped field, a hash that is not 64 hex digits, frames not numbered
    ///   0, 1, 2, … or not `frameCount` of them.
    public static func parse(_ bytes: [UInt8], path: String) throws(ToolError) -> GoldenManifest {
        let shown = OneLineName.quoted(path)
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch {
            throw ToolError(.invalidInput, "golden manifest \(shown): not valid JSON: \(error.message)")
        }
        guard case .object(let members) = root else {
            throw ToolError(.invalidInput, "golden manifest \(shown): not a JSON object")
        }
        let f = ManifestFields(shown: shown, members: members)
        let format = try f.int("format", 0...Int.max)
        guard format == formatVersion else {
            throw f.bad(
                "format \(format) is not \(formatVersion), the one this render-grid reads; record the golden again")
        }
        let frameCount = try f.int("frameCount", 0...100_000_000)
        var manifest = GoldenManifest(
            renderGrid: try f.string("renderGrid"), scenarioSHA256: "", scale: try f.int("scale", 1...Limits.maxScale),
            fps: try f.int("fps", 1...10_000), frameCount: frameCount, reference: try f.bool("reference"),
            width: try f.int("width", 1...Pixmap.maxPixels), height: try f.int("height", 1...Pixmap.maxPixels),
            fontName: try f.optionalString("font"), fontSHA256: nil, freeType: try f.string("freeType"),
            keyFrames: try f.string("keyframes"), frames: [])
        guard manifest.width <= Pixmap.maxPixels / manifest.height else {
            throw f.bad("\"width\" × \"height\" is over \(Pixmap.maxPixels) pixels")
        }
        manifest.scenarioSHA256 = try f.hash(try f.string("scenarioSHA256"), digits: 64, "\"scenarioSHA256\"")
        manifest.fontSHA256 = try f.optionalString("fontSHA256").map { (s: String) throws(ToolError) -> String in
            try f.hash(s, digits: 64, "\"fontSHA256\"")
        }
        if f.fields["scenario"] != nil { manifest.scenario = try f.optionalString("scenario") }
        guard KeyFramePolicy(manifest.keyFrames) != nil else {
            throw f.bad("\"keyframes\" \"\(OneLineName.cut(manifest.keyFrames))\" is not every:N, events or all")
        }
        guard case .array(let list) = try f.value("frames") else { throw f.bad("\"frames\" must be an array") }
        guard list.count == frameCount else {
            throw f.bad("\"frameCount\" is \(frameCount) but \"frames\" lists \(list.count) frames")
        }
        manifest.frames.reserveCapacity(list.count)
        for (index, item) in list.enumerated() { manifest.frames.append(try f.frame(item, index: index)) }
        return manifest
    }
}

/// A manifest's members as `parse` reads them, each read naming the manifest and the member when it is wrong.
struct ManifestFields {
    let shown: String
    var fields: [String: JSONValue] = [:]

    init(shown: String, members: [(String, JSONValue)]) {
        self.shown = shown
        for (key, value) in members { fields[key] = value }
    }

    func bad(_ what: String) -> ToolError { ToolError(.invalidInput, "golden manifest \(shown): \(what)") }

    func value(_ key: String) throws(ToolError) -> JSONValue {
        guard let v = fields[key] else { throw bad("\"\(key)\" is missing") }
        return v
    }

    func int(_ key: String, _ range: ClosedRange<Int>) throws(ToolError) -> Int {
        guard case .number(let text) = try value(key), let n = Int(text), range.contains(n) else {
            throw bad("\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    func string(_ key: String) throws(ToolError) -> String {
        guard case .string(let s) = try value(key), !s.isEmpty, s.utf8.count <= 256 else {
            throw bad("\"\(key)\" must be a non-empty string of at most 256 bytes")
        }
        return s
    }

    func optionalString(_ key: String) throws(ToolError) -> String? {
        if case .null = try value(key) { return nil }
        return try string(key)
    }

    func bool(_ key: String) throws(ToolError) -> Bool {
        guard case .bool(let b) = try value(key) else { throw bad("\"\(key)\" must be true or false") }
        return b
    }

    func hash(_ text: String, digits: Int, _ what: String) throws(ToolError) -> String {
        guard text.utf8.count == digits, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else {
            throw bad("\(what) is not \(digits) lower-case hex digits: \"\(OneLineName.cut(text))\"")
        }
        return text
    }

    /// The manifest's `frames[index]`.
    func frame(_ item: JSONValue, index: Int) throws(ToolError) -> GoldenManifest.Frame {
        guard case .object(let entry) = item else { throw bad("frames[\(index)] is not an object") }
        var frame: Int?
        var pixels: String?
        var trace: String?
        var key: Bool?
        var width: Int?
        var height: Int?
        for (name, v) in entry {
            switch (name, v) {
            case ("frame", .number(let t)): frame = Int(t)
            case ("pixels", .string(let s)): pixels = s
            case ("trace", .string(let s)): trace = s
            case ("key", .bool(let b)): key = b
            case ("width", .number(let t)): width = Int(t)
            case ("height", .number(let t)): height = Int(t)
            default: throw bad("frames[\(index)]: unexpected or mistyped \"\(OneLineName.cut(name))\"")
            }
        }
        guard frame == index else {
            throw bad("frames[\(index)] is numbered \(frame.map(String.init) ?? "nothing"), not \(index)")
        }
        guard let pixels, let trace, let key else {
            throw bad("frames[\(index)] lacks \"pixels\", \"trace\" or \"key\"")
        }
        guard (width == nil) == (height == nil), (width ?? 1) >= 1, (height ?? 1) >= 1,
            (width ?? 1) <= Pixmap.maxPixels / (height ?? 1)
        else {
            throw bad("frames[\(index)] has an unusable \"width\" and \"height\"")
        }
        return GoldenManifest.Frame(
            pixels: try hash(pixels, digits: 64, "frames[\(index)].pixels"),
            trace: try hash(trace, digits: 16, "frames[\(index)].trace"), key: key,
            width: width, height: height)
    }
}

/// File names in one-line messages, and strings from a file cut short for them.
enum OneLineName {
    static func quoted(_ path: String) -> String { OneLine.quoted(path) }
    static func cut(_ text: String) -> String {
        let cut = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return String(cut.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? "?" : Character($0) })
    }
}
