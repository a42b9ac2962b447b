import Foundation
import GridModel
import Rasterizer

/// A scenario error together with the file it came from.
struct LocatedScenarioError: Error, CustomStringConvertible {
    var file: String
    var error: ScenarioError
    /// The file, the error, and the flag that raises the limit it ran into.
    var description: String {
        let flags: [ScenarioError.Limit: String] = [.maxFrames: "--max-frames", .maxPixelsPerFrame: "--max-pixels",
                                                    .maxFileBytes: "--max-file-size"]
        let hint = error.limit.flatMap { flags[$0] }.map { " (\($0) raises it)" } ?? ""
        return "\(file): \(error.description)\(hint)"
    }
}

enum ScenarioLoader {
    static func load(_ file: String, limits: Limits) throws -> Scenario {
        let bytes: [UInt8]
        do { bytes = try FileInput.read(file, maxBytes: limits.maxFileBytes, what: "scenario") } catch {
            let hint = error.message.contains("the limit is") ? " (--max-file-size raises it)" : ""
            throw UsageError(error.message + hint)
        }
        do {
            return try ScenarioDecoder.decode(bytes, limits: limits)
        } catch {
            throw LocatedScenarioError(file: file, error: error)
        }
    }

    /// The options render and verify share: --max-frames, --max-pixels and --scale.
    struct Overrides {
        var limits = Limits()
        var scale: Int?

        /// `--scale`, for render and verify.
        static let scale = Option("--scale", "S", .int(1...Limits.maxScale),
                                  "device scale 1...\(Limits.maxScale), overriding viewport.scale")
        /// The options that raise the scenario limits.
        static let limitOptions = [
            Option("--max-frames", "N", .int(1...100_000_000), default: "\(Limits().maxFrames)", "raise the frame limit"),
            Option("--max-pixels", "N", .int(1...1_000_000_000), default: "\(Limits().maxPixelsPerFrame)",
                   "raise the pixels-per-frame limit"),
            Option("--max-file-size", "N", .int(1...1_000_000_000), default: "\(Limits().maxFileBytes)",
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

    static func load(_ file: String, overrides: Overrides) throws -> Scenario {
        var scenario = try load(file, limits: overrides.limits)
        if let scale = overrides.scale {
            scenario.viewport.scale = scale
            // Every viewport of the timeline, at the new scale.
            do { try scenario.validate(limits: overrides.limits) } catch { throw LocatedScenarioError(file: file, error: error) }
        }
        return scenario
    }

    /// style.font, resolved relative to the scenario file.
    static func fontPath(_ scenario: Scenario, file: String) -> String? {
        scenario.style.font.map { path in
            path.hasPrefix("/") ? path : FileOutput.split(file).folder + path
        }
    }

    /// The font a command uses: `--font`, else the scenario's `style.font`, else DejaVu Sans. An
    /// error names where the font came from (`--font`, or the scenario file and `style.font`).
    static func font(flag: String?, scenario: Scenario? = nil, file: String? = nil) throws -> FontRenderer {
        if let flag {
            do { return try FontRenderer(path: flag) } catch { throw UsageError("--font: \(error.message)") }
        }
        if let scenario, let file, let path = fontPath(scenario, file: file) {
            do { return try FontRenderer(path: path) } catch {
                throw UsageError("\(FileInput.quoted(file)): style.font: \(error.message)")
            }
        }
        do { return try FontRenderer(path: FontRenderer.defaultFontPath()) } catch {
            throw UsageError("\(error.message), or pass --font PATH")
        }
    }

    /// A scenario name made safe as one folder name: no separators, no leading dots.
    static func safeName(_ name: String) -> String {
        var safe = String(name.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ".") && scalar.isASCII ? c : "_"
        })
        while safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe.isEmpty ? "_" : safe
    }
}
