// The only file that talks to FreeType.
import CFreeType
public import GridModel

/// One rendered glyph: an 8-bit coverage bitmap, its placement relative to the pen, and its advance.
struct GlyphBitmap: Sendable {
    var width: Int
    var rows: Int
    /// Offset of the bitmap's left edge from the pen, in pixels.
    var left: Int
    /// Distance from the baseline up to the bitmap's top row, in pixels.
    var top: Int
    /// Horizontal advance in 26.6 pixels.
    var advance: Int = 0
    var pixels: [UInt8]

    /// Bytes the glyph holds, with a fixed overhead per entry.
    var cost: Int { pixels.count + 64 }
}

/// A laid-out line of text: glyphs with pixel pen positions and the line's metrics.
public struct TextLine: Sendable {
    struct Placed: Sendable {
        var glyph: GlyphBitmap
        var penX: Int
    }
    var glyphs: [Placed]
    /// Advance width in pixels.
    public var width: Int
    /// How far the font rises above the baseline, in pixels.
    public var ascender: Double
    /// How far the font reaches below the baseline, in pixels (negative).
    public var descender: Double

    /// Where the glyphs' ink lies, in pixels from the pen origin: columns [left, right), and how
    /// far it reaches above and below the baseline. All zero for a line without ink.
    var inkBounds: (left: Int, right: Int, above: Int, below: Int) {
        var left = Int.max
        var right = Int.min
        var above = Int.min
        var below = Int.min
        for placed in glyphs where placed.glyph.width > 0 && placed.glyph.rows > 0 {
            let g = placed.glyph
            left = min(left, placed.penX + g.left)
            right = max(right, placed.penX + g.left + g.width)
            above = max(above, g.top)
            below = max(below, g.rows - g.top)
        }
        return left <= right ? (left, right, above, below) : (0, 0, 0, 0)
    }
}

/// A FreeType face with a glyph cache: each glyph is rendered once per size, each (text, size)
/// is laid out once, and each tile label is fitted to its room once. Thread-safe: FreeType calls happen under a lock, and the
/// common case (a cached label) takes the lock only for a dictionary lookup.
///
/// Memory is bounded in bytes: the font file by `maxFontBytes`, the caches by `maxCacheBytes`
/// (glyph bitmaps, laid-out lines and fitted labels together; when full, all are emptied and refilled), and a
/// glyph by `maxPixelSize`.
public final class FontRenderer: Sendable {
    /// The largest font accepted, in bytes.
    public static let maxFontBytes = 64 << 20
    /// The glyph and layout caches together, in bytes.
    package static let maxCacheBytes = 32 << 20
    /// The largest text size, in pixels (500-point labels at scale 8); larger sizes are clamped.
    public static let maxPixelSize = 4096.0

    private struct State: ~Copyable {
        var library: FT_Library
        var face: FT_Face
        /// The font file, which FreeType reads from memory for the face's whole life.
        var file: UnsafeMutableBufferPointer<UInt8>
        var glyphs: [GlyphKey: GlyphBitmap] = [:]
        var lines: [LineKey: TextLine] = [:]
        var labels: [FittedLabelKey: FittedLabel] = [:]
        var cachedBytes = 0
        var currentSize: Int = -1

        deinit {
            FT_Done_Face(face)  // faces first, then the library, then the bytes they read
            FT_Done_FreeType(library)
            file.deallocate()
        }
    }

    private struct GlyphKey: Hashable {
        var index: UInt32
        var size64: Int
    }
    private struct LineKey: Hashable {
        var text: String
        var size64: Int
    }

    private let state: Locked<State>
    /// The name errors give the font (its file's path, when it came from a file).
    public let path: String

    /// A font from the bytes of a TrueType/OpenType file (FreeType reads a private copy of them for
    /// the font's whole life); `name` is how errors refer to it. Loading a font file is GridExport's
    /// job (`FontFile.load(path:)`).
    ///
    /// ```swift
    /// let font = try FontRenderer(bytes: fontBytes, name: "DejaVuSans.ttf")
    /// ```
    /// - Throws: `RasterError(.font)` for empty or oversized bytes, bytes FreeType cannot read, or a
    ///   font without the digits a label needs.
    public init(bytes: [UInt8], name: String) throws(RasterError) {
        path = name
        let shown = OneLine.quoted(name)
        guard !bytes.isEmpty, bytes.count <= FontRenderer.maxFontBytes else {
            throw RasterError(
                .font, "font \(shown) is \(bytes.count) bytes; a font is 1 to \(FontRenderer.maxFontBytes) bytes")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw RasterError(.font, "FreeType could not be initialised")
        }
        let file = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = file.initialize(from: bytes)
        var face: FT_Face?
        let status = FT_New_Memory_Face(library, file.baseAddress, FT_Long(bytes.count), 0, &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library)  // deinit does not run for a throwing init
            file.deallocate()
            throw RasterError(.font, "font \(shown) is not a font FreeType can read (error \(status))")
        }
        guard FT_Get_Char_Index(face, 0x30) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            file.deallocate()
            throw RasterError(.font, "font \(shown) has no glyph for the digits a label needs")
        }
        state = Locked(State(library: library, face: face, file: file))
    }

    /// Bytes held by the glyph and layout caches (for tests and benchmarks).
    package var cacheBytes: Int { state.withLock { $0.cachedBytes } }

    /// Lays out `text` at `pixelSize` (quantised to 1/64 px, clamped to 1...`maxPixelSize`) with
    /// kerning. Characters the font lacks are drawn with its .notdef glyph (usually a box).
    public func layout(_ text: String, pixelSize: Double) -> TextLine { layout(text, pixelSize: pixelSize, keep: true) }

    /// `layout`, keeping the line in the cache only when `keep` (label fitting tries sizes and
    /// prefixes it does not keep; the label it settles on is cached whole).
    func layout(_ text: String, pixelSize: Double, keep: Bool) -> TextLine {
        let clamped = pixelSize.isNaN ? 1 : min(max(pixelSize, 1), FontRenderer.maxPixelSize)
        let size64 = Int((clamped * 64).rounded())
        let key = LineKey(text: text, size64: size64)
        return state.withLock { state in
            if let line = state.lines[key] { return line }
            let line = FontRenderer.layout(text, size64: size64, state: &state)
            guard keep else { return line }
            // A line costs its text and its glyph slots; the bitmaps are shared with the glyph cache.
            let cost = text.utf8.count + line.glyphs.count * 48 + 64
            if FontRenderer.reserve(cost, in: &state) { state.lines[key] = line }
            return line
        }
    }

    /// A fitted label made before, if it is still cached.
    func cachedLabel(_ key: FittedLabelKey) -> FittedLabel? {
        state.withLock { $0.labels[key] }
    }

    /// Keeps a fitted label (made outside the lock: fitting lays out text, which takes it).
    func cacheLabel(_ label: FittedLabel, for key: FittedLabelKey) {
        state.withLock { state in
            if state.labels[key] == nil, FontRenderer.reserve(label.cost, in: &state) { state.labels[key] = label }
        }
    }

    /// Whether the font has a glyph for `scalar` (else it would draw .notdef).
    package func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        state.withLock { FT_Get_Char_Index($0.face, FT_ULong(scalar.value)) != 0 }
    }

    /// Makes room for `cost` bytes in the caches, emptying them when full. False when the item is
    /// too large to cache at all.
    private static func reserve(_ cost: Int, in state: inout State) -> Bool {
        guard cost <= maxCacheBytes / 4 else { return false }
        if state.cachedBytes + cost > maxCacheBytes {
            state.glyphs.removeAll()
            state.lines.removeAll()
            state.labels.removeAll()
            state.cachedBytes = 0
        }
        state.cachedBytes += cost
        return true
    }

    private static func layout(_ text: String, size64: Int, state: inout State) -> TextLine {
        let face = state.face
        if state.currentSize != size64 {
            FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72)
            state.currentSize = size64
        }
        let metrics = face.pointee.size.pointee.metrics
        var placed: [TextLine.Placed] = []
        var pen = 0  // 26.6
        var previous: UInt32 = 0
        let kerning = rg_ft_has_kerning(face) != 0
        var uncached: [UInt32: GlyphBitmap] = [:]
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if kerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, UInt32(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            // A cached glyph is never loaded again: its bitmap and advance are both in the cache.
            let glyphKey = GlyphKey(index: index, size64: size64)
            let glyph: GlyphBitmap
            if let cached = state.glyphs[glyphKey] ?? uncached[index] {
                glyph = cached
            } else if FT_Load_Glyph(face, index, rg_ft_load_render()) == 0 {
                glyph = copyBitmap(face.pointee.glyph!)
                // A glyph too large for the cache is still rendered only once per line.
                if reserve(glyph.cost, in: &state) { state.glyphs[glyphKey] = glyph } else { uncached[index] = glyph }
            } else {
                glyph = GlyphBitmap(width: 0, rows: 0, left: 0, top: 0, pixels: [])
            }
            placed.append(TextLine.Placed(glyph: glyph, penX: (pen + 32) >> 6))
            pen += glyph.advance
            previous = index
        }
        return TextLine(
            glyphs: placed, width: (pen + 32) >> 6,
            ascender: Double(metrics.ascender) / 64, descender: Double(metrics.descender) / 64)
    }

    /// Copies a rendered glyph, honouring `pitch` (the row stride, possibly negative).
    private static func copyBitmap(_ slot: FT_GlyphSlot) -> GlyphBitmap {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer, width > 0, rows > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            // A negative pitch is an upward flow: the top row is the last one in memory
            // (as FreeType's own FT_Bitmap_Convert reads it); adding pitch always goes down one row.
            let top = pitch < 0 ? buffer - (rows - 1) * pitch : buffer
            pixels.withUnsafeMutableBufferPointer { out in
                for r in 0..<rows {
                    (out.baseAddress! + r * width).update(from: top + r * pitch, count: width)
                }
            }
        }
        return GlyphBitmap(
            width: width, rows: rows, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), advance: Int(slot.pointee.advance.x), pixels: pixels)
    }
}

extension Pixmap {
    /// Draws a laid-out line with its pen origin at (x, baseline), clipped to `clip` and the
    /// pixmap; any positions and clip are allowed.
    ///
    /// ```swift
    /// pixmap.draw(font.layout("(0, 0)", pixelSize: 17), x: 4, baseline: 20, color: RGBA(0, 0, 0), clip: pixmap.bounds)
    /// ```
    public mutating func draw(_ line: TextLine, x: Int, baseline: Int, color: RGBA, clip: IntRect) {
        for placed in line.glyphs where placed.glyph.width > 0 {
            let glyph = placed.glyph
            glyph.pixels.withUnsafeBufferPointer { mask in
                blendMask(
                    mask, maskWidth: glyph.width, maskHeight: glyph.rows,
                    at: x.clampedAdd(placed.penX).clampedAdd(glyph.left), baseline.clampedAdd(-glyph.top),
                    color: color, clip: clip)
            }
        }
    }
}

extension FontRenderer {
    /// The version of the FreeType library this process runs with (`FT_Library_Version`), which decides
    /// the pixels of every label; "unknown" if FreeType cannot be initialised.
    ///
    /// ```swift
    /// print(FontRenderer.freeTypeVersion)  // "2.12.1"
    /// ```
    public static let freeTypeVersion: String = {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }()
}
