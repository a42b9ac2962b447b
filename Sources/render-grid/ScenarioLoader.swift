import GridExport
import GridModel
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CLI's face of GridExport's loader: the library applies every scenario rule (file-size cap,
/// `style.font` relative to the scenario file, DejaVu Sans when text is drawn) and names files and
/// limits; this adds `--font` and `--scale`, and the flag hints when an error is printed.
enum ScenarioLoader {
    /// The options render and verify share: --max-frames, --max-pixels and --scale.
    struct Overrides {
        var limits = Limits()
        var scale: Int?

        /// `--scale`, for render and verify.
        static let scale = Option(
            "--scale", "S", .int(1...Limits.maxScale),
            "device scale 1...\(Limits.maxScale), overriding viewport.scale")
        /// The options that raise the scenario limits.
        static let limitOptions = [
            Option(
                "--max-frames", "N", .int(1...100_000_000), default: "\(Limits().maxFrames)", "raise the frame limit"),
            Option(
                "--max-pixels", "N", .int(1...1_000_000_000), default: "\(Limits().maxPixelsPerFrame)",
                "raise the pixels-per-frame limit"),
            Option(
                "--max-file-size", "N", .int(1...1_000_000_000), default: "\(Limits().maxFileBytes)",
                "raise the scenario file size limit in bytes"),
        ]

        /// The overrides in a command line parsed with `scale` and `limitOptions`.
        init(_ args: ParsedOptions) {
            if let n = args.int("--max-frames") { limits.maxFrames = n }
            if let n = args.int("--max-pixels") { limits.maxPixelsPerFrame = n }
            if let n = args.int("--max-file-size") { limits.maxFileBytes = n }
            scale = args.int("--scale")
        }
    }

    /// The scenario and its font for a command: `--font` (relative to the working folder), else
    /// `style.font` (relative to the scenario file), else DejaVu Sans when something draws text or
    /// `needsFont`; then `--scale`.
    static func load(_ file: String, overrides: Overrides, fontFlag: String?, needsFont: Bool) throws -> ScenarioFile {
        let flagFont = try fontFlag.map { path throws in try font(flag: path) }
        var loaded = try ScenarioFile.load(path: file, limits: overrides.limits, font: flagFont, needsFont: needsFont)
        if let scale = overrides.scale { loaded = try loaded.scaled(to: scale) }
        return loaded
    }

    /// The font a tool uses: `--font`, else DejaVu Sans.
    static func font(flag: String?) throws -> FontRenderer {
        guard let flag else { return try FontFile.loadDefault() }
        do { return try FontFile.load(path: flag) } catch { throw UsageError("--font: \(error.message)") }
    }

    /// A loaded scenario's font, or DejaVu Sans when it needed none (for a contact sheet).
    static func font(of loaded: ScenarioFile) throws -> FontRenderer {
        try loaded.font ?? FontFile.loadDefault()
    }

    /// How the CLI prints an error: GridExport's message with the flag that changes it.
    static func message(_ error: Error) -> String {
        guard let error = error as? ExportError else { return "\(error)" }
        switch error.kind {
        case .frameRange:
            guard let range = error.frames, let total = error.totalFrames else { return error.message }
            let asked = range.upperBound == Int.max ? "\(range.lowerBound):" : "\(range.lowerBound):\(range.upperBound)"
            return "--frames \(asked) is outside the scenario's \(total) frames (0:\(total - 1))"
        case .noFont:
            return error.message + ", or pass --font PATH"
        case .stopped where error.signal != nil && error.framesRequested > 0:
            return error.message + "; run the same command with --resume to finish"
        default:
            let flags: [ScenarioError.Limit: String] = [
                .maxFrames: "--max-frames", .maxPixelsPerFrame: "--max-pixels",
                .maxFileBytes: "--max-file-size",
            ]
            return error.message + (error.limit.flatMap { flags[$0] }.map { " (\($0) raises it)" } ?? "")
        }
    }

    /// A scenario name made safe as one folder name: no separators, no leading dots.
    static func safeName(_ name: String) -> String {
        var safe = String(
            name.unicodeScalars.map { scalar -> Character in
                let c = Character(scalar)
                return (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ".") && scalar.isASCII ? c : "_"
            })
        while safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe.isEmpty ? "_" : safe
    }
}
