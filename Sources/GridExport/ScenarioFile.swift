public import GridModel
public import Rasterizer

/// A scenario loaded from its file with every rule the command line applies, so a library client
/// renders exactly what `render-grid render` does: the file is read within `limits.maxFileBytes`
/// (a folder or a FIFO is refused), decoded and validated with `limits`, and its font resolved —
/// `style.font` relative to the scenario file's folder, else DejaVu Sans, loaded only when a frame
/// draws text. Every error names the scenario file.
public struct ScenarioFile: Sendable {
    /// The scenario file's path, as given.
    public var path: String
    /// The decoded, validated scenario.
    public var scenario: Scenario
    /// The font for labels and the HUD; nil when nothing draws text and none was needed.
    public var font: FontRenderer?
    /// The limits the scenario was checked with.
    public var limits: Limits

    /// Loads the scenario at `path` and its font.
    ///
    /// ```swift
    /// let loaded = try ScenarioFile.load(path: "Scenarios/fling-threshold.json")
    /// let image = try FrameExporter.frame(10, of: loaded.scenario, font: loaded.font)
    /// ```
    /// - Parameters:
    ///   - limits: the checks (`maxFileBytes` caps the file; `maxFrames` and `maxPixelsPerFrame` the scenario).
    ///   - font: a font to use instead of `style.font` and DejaVu Sans.
    ///   - needsFont: load a font even when the scenario draws no text (for the HUD or a contact sheet).
    /// - Throws: `ExportError` naming the file: `.input` when it cannot be read or is over
    ///   `maxFileBytes` (`limit`, `limitValue` set); `.scenario` when it does not decode or validate
    ///   (`jsonPath`, `limit` set); `.font` for an unusable `style.font` (`jsonPath` "style.font");
    ///   `.noFont` when a font is needed and DejaVu Sans was not found.
    public static func load(
        path: String, limits: Limits = Limits(), font: FontRenderer? = nil,
        needsFont: Bool = false
    ) throws(ExportError) -> ScenarioFile {
        let bytes: [UInt8]
        do { bytes = try FileInput.read(path, maxBytes: limits.maxFileBytes, what: "scenario") } catch {
            var e = error
            if e.limitValue != nil { e.limit = .maxFileBytes }
            throw e
        }
        let scenario: Scenario
        do { scenario = try ScenarioDecoder.decode(bytes, limits: limits) } catch {
            throw ExportError.scenario(error, file: path)
        }
        var loaded = ScenarioFile(path: path, scenario: scenario, font: font, limits: limits)
        if font == nil {
            loaded.font = try resolveFont(
                for: scenario, file: path, needed: needsFont || FrameRenderer.drawsText(scenario))
        }
        return loaded
    }

    /// `style.font` as a path: an absolute path as is, a relative one from the scenario file's folder.
    ///
    /// ```swift
    /// ScenarioFile.fontPath(for: scenario, file: "Examples/a.json")  // "Examples/Fonts/x.ttf" for "Fonts/x.ttf"
    /// ```
    public static func fontPath(for scenario: Scenario, file: String) -> String? {
        scenario.style.font.map { path in path.hasPrefix("/") ? path : FileOutput.split(file).folder + path }
    }

    /// The same scenario at device scale `scale`, validated again with `limits` (every viewport of the
    /// timeline at the new scale).
    ///
    /// ```swift
    /// let retina = try ScenarioFile.load(path: "scenario.json").scaled(to: 3)
    /// ```
    /// - Throws: `ExportError(.scenario)` naming the file when a frame is over a limit at that scale.
    public func scaled(to scale: Int) throws(ExportError) -> ScenarioFile {
        var copy = self
        copy.scenario.viewport.scale = scale
        do { try copy.scenario.validate(limits: limits) } catch { throw ExportError.scenario(error, file: path) }
        return copy
    }

    /// `style.font` if set (an error names the scenario file and `style.font`), else DejaVu Sans
    /// when `needed`, else nil.
    static func resolveFont(for scenario: Scenario, file: String, needed: Bool) throws(ExportError) -> FontRenderer? {
        if let fontPath = fontPath(for: scenario, file: file) {
            do { return try FontFile.load(path: fontPath) } catch {
                var e = error
                e.message = "\(FileInput.quoted(file)): style.font: \(error.message)"
                e.file = file
                e.jsonPath = "style.font"
                throw e
            }
        }
        return needed ? try FontFile.loadDefault() : nil
    }
}
