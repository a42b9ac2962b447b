// The only file that talks to FreeType.
import CFreeType
import Foundation
import Synchronization
public import GridModel

/// One rendered glyph: an 8-bit coverage bitmap and its placement relative to the pen.
struct GlyphBitmap: Sendable {
    var width: Int
    var rows: Int
    /// Offset of the bitmap's left edge from the pen, in pixels.
    var left: Int
    /// Distance from the baseline up to the bitmap's top row, in pixels.
    var top: Int
    var pixels: [UInt8]
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
    public var ascender: Double
    public var descender: Double
}

/// A FreeType face with a glyph cache: each glyph is rendered once per size, and each
/// (text, size) is laid out once. Thread-safe: FreeType calls happen under a lock, and the
/// common case (a cached label) takes the lock only for a dictionary lookup.
public final class FontRenderer: Sendable {
    /// Where DejaVu Sans lives on common systems, tried in order when no font is given.
    public static let searchPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
        "/opt/homebrew/share/fonts/DejaVuSans.ttf",
        "/Library/Fonts/DejaVuSans.ttf",
    ]

    /// The first search path that exists, or a clear error.
    public static func defaultFontPath() throws(RasterError) -> String {
        for path in searchPaths where FileManager.default.isReadableFile(atPath: path) { return path }
        throw RasterError(.font, "no font given and DejaVu Sans was not found in \(searchPaths.joined(separator: ", ")); install fonts-dejavu-core or pass --font PATH")
    }

    private struct State: ~Copyable {
        var library: FT_Library
        var face: FT_Face
        var glyphs: [GlyphKey: GlyphBitmap] = [:]
        var lines: [LineKey: TextLine] = [:]
        var currentSize: Int = -1

        deinit {
            FT_Done_Face(face)  // faces first, then the library
            FT_Done_FreeType(library)
        }
    }

    private struct GlyphKey: Hashable { var index: UInt32; var size64: Int }
    private struct LineKey: Hashable { var text: String; var size64: Int }

    private let state: Mutex<State>
    public let path: String

    public init(path: String) throws(RasterError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw RasterError(.font, "font file \(path) does not exist")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw RasterError(.font, "FreeType could not be initialised")
        }
        var face: FT_Face?
        let status = FT_New_Face(library, path, 0, &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library)  // deinit does not run for a throwing init
            throw RasterError(.font, "\(path) is not a font FreeType can read (error \(status))")
        }
        guard FT_Get_Char_Index(face, 0x30) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw RasterError(.font, "\(path) has no glyph for the digits a label needs")
        }
        state = Mutex(State(library: library, face: face))
    }

    /// Lays out `text` at `pixelSize` (quantised to 1/64 px) with kerning.
    /// Characters the font lacks are drawn with its .notdef glyph (usually a box).
    public func layout(_ text: String, pixelSize: Double) -> TextLine {
        let size64 = max(64, Int((pixelSize * 64).rounded()))
        let key = LineKey(text: text, size64: size64)
        return state.withLock { state in
            if let line = state.lines[key] { return line }
            let line = FontRenderer.layout(text, size64: size64, state: &state)
            if state.lines.count > 4096 { state.lines.removeAll() }  // bounded: labels are short-lived
            state.lines[key] = line
            return line
        }
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
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if kerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, UInt32(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            let glyphKey = GlyphKey(index: index, size64: size64)
            let glyph: GlyphBitmap
            var advance = 0
            if FT_Load_Glyph(face, index, rg_ft_load_render()) == 0 {
                let slot = face.pointee.glyph!
                advance = Int(slot.pointee.advance.x)
                if let cached = state.glyphs[glyphKey] {
                    glyph = cached
                } else {
                    glyph = copyBitmap(slot)
                    if state.glyphs.count > 8192 { state.glyphs.removeAll() }  // bounded memory
                    state.glyphs[glyphKey] = glyph
                }
            } else {
                glyph = GlyphBitmap(width: 0, rows: 0, left: 0, top: 0, pixels: [])
            }
            placed.append(TextLine.Placed(glyph: glyph, penX: (pen + 32) >> 6))
            pen += advance
            previous = index
        }
        return TextLine(glyphs: placed, width: (pen + 32) >> 6,
                        ascender: Double(metrics.ascender) / 64, descender: Double(metrics.descender) / 64)
    }

    /// Copies a rendered glyph, honouring `pitch` (the row stride, possibly negative).
    private static func copyBitmap(_ slot: FT_GlyphSlot) -> GlyphBitmap {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
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
        return GlyphBitmap(width: width, rows: rows, left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), pixels: pixels)
    }
}

extension Canvas {
    /// Draws a laid-out line with its pen origin at (x, baseline), clipped to `clip`.
    public mutating func draw(_ line: TextLine, x: Int, baseline: Int, color: RGBA, clip: ClipRect) {
        for placed in line.glyphs where placed.glyph.width > 0 {
            let glyph = placed.glyph
            glyph.pixels.withUnsafeBufferPointer { mask in
                blendMask(mask, maskWidth: glyph.width, maskHeight: glyph.rows,
                          at: x.clampedAdd(placed.penX).clampedAdd(glyph.left), baseline.clampedAdd(-glyph.top),
                          color: color, clip: clip)
            }
        }
    }
}
