public import Rasterizer

/// Loads fonts from files: a named file, or DejaVu Sans from where systems install it. Reads go
/// through `FileInput` (a regular file of at most `FontRenderer.maxFontBytes`; a folder or a FIFO is
/// refused at once, never waited on).
public enum FontFile {
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

    /// The first of `searchPaths` that is a regular file.
    ///
    /// ```swift
    /// let path = try FontFile.defaultPath()  // "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// ```
    /// - Throws: `ExportError(.noFont)` naming the places searched.
    public static func defaultPath() throws(ExportError) -> String {
        for path in searchPaths where FileInput.kind(of: path) == .regular { return path }
        throw ExportError(
            .noFont,
            "no font given and DejaVu Sans was not found in \(searchPaths.joined(separator: ", ")); install fonts-dejavu-core"
        )
    }

    /// The font in the file at `path`.
    ///
    /// ```swift
    /// let font = try FontFile.load(path: "Fonts/DejaVuSans.ttf")
    /// ```
    /// - Throws: `ExportError(.font)` naming the file: missing, a folder, a pipe, over
    ///   `FontRenderer.maxFontBytes`, or not a font FreeType can read.
    public static func load(path: String) throws(ExportError) -> FontRenderer {
        let bytes: [UInt8]
        do { bytes = try FileInput.read(path, maxBytes: FontRenderer.maxFontBytes, what: "font") } catch {
            var e = error
            e.kind = .font
            throw e
        }
        do { return try FontRenderer(bytes: bytes, name: path) } catch {
            throw ExportError(.font, error.message, file: path)
        }
    }

    /// DejaVu Sans from the first of `searchPaths` that exists.
    ///
    /// ```swift
    /// let font = try FontFile.loadDefault()
    /// ```
    /// - Throws: `ExportError(.noFont)` when none exists; `ExportError(.font)` when it cannot be read.
    public static func loadDefault() throws(ExportError) -> FontRenderer {
        try load(path: defaultPath())
    }
}
