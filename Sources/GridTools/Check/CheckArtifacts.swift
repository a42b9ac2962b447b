import GridExport
import GridModel
public import Rasterizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One frame of a failing scenario: what the golden keeps of it (if anything) and what this run drew.
///
/// ```swift
/// let failing = FailingFrame(frame: 139, expected: goldenKeyFrame, actual: renderedFrame)
/// ```
public struct FailingFrame: Sendable {
    /// The frame's index in the sequence.
    public var frame: Int
    /// The golden's stored key frame, nil when the golden keeps only the hash.
    public var expected: Pixmap?
    /// This run's frame.
    public var actual: Pixmap

    /// A failing frame with each argument as its property.
    public init(frame: Int, expected: Pixmap?, actual: Pixmap) {
        self.frame = frame
        self.expected = expected
        self.actual = actual
    }
}

/// The images `render-grid check` writes for a failing scenario: expected, actual and diff PNGs of
/// the first failing frames, and one animated PNG of the failing range with expected | actual side
/// by side, all inside `reportFolder/<scenario>/`.
///
/// ```swift
/// let artifacts = try CheckArtifacts.write(scenario: "long-fling", frames: Array(failing.prefix(3)),
///                                          animation: failing, fps: 60, options: PixelMatchOptions(),
///                                          reportFolder: "check-report")
/// // [expected frame 139 "long-fling/frame-139-expected.png", actual ..., diff ..., animation "long-fling/failing-139-160.png"]
/// ```
public enum CheckArtifacts {
    /// Most frames written as expected/actual/diff PNGs per scenario, and most frames in its animation.
    public static let maxFramesWritten = 3
    /// Most frames in a scenario's side-by-side animation; later frames of the range are left out.
    public static let maxAnimationFrames = 120
    /// Most pixels of one side-by-side animation frame: larger frames are scaled down by a whole
    /// factor (each output pixel the mean of a square of pixels) until they fit.
    public static let maxAnimationFramePixels = 4_000_000
    /// Most bytes of the scenario's folder name: longer names are cut and end in a hash of the name.
    public static let maxFolderNameBytes = 120

    /// Pixels between the expected and actual panels of the animation.
    static let gap = 6
    static let gapColor = RGBA(48, 48, 48)
    /// The two greys of the hatched panel that stands where the golden keeps no image.
    static let hatch = (RGBA(168, 168, 168), RGBA(150, 150, 150))

    /// Writes into `reportFolder/<scenario>/`: for the first `maxFramesWritten` of `frames`, frame-N-expected.png
    /// (when there is one), frame-N-actual.png and frame-N-diff.png (PixelMatch with `options`; only when the
    /// expected frame exists and has the actual frame's size); and for `animation` (the failing range, at most
    /// `maxAnimationFrames`, in order) one APNG `failing-A-B.png` showing expected | actual side by side (a hatched
    /// neutral panel when expected is nil) at `fps`. Returns the artifacts with paths relative to `reportFolder`.
    ///
    /// The folder is the scenario name made safe: `/`, `\`, `%`, control and other invisible characters, and a
    /// leading `.` are percent-encoded (so `../x` becomes `%2E.%2Fx` and two names never share a folder), and a
    /// name over `maxFolderNameBytes` is cut and ends in a hash of the whole. The folder may not be a symbolic
    /// link. Files from an earlier run in it that this function names (frame-N-*.png, failing-A-B.png) are
    /// removed first, so the folder shows this run only; every file is written atomically. With no frames and no
    /// animation nothing is created.
    ///
    /// ```swift
    /// let failing = [FailingFrame(frame: 139, expected: nil, actual: rendered)]
    /// let artifacts = try CheckArtifacts.write(scenario: "long-fling", frames: failing, animation: failing,
    ///                                          fps: 60, options: PixelMatchOptions(), reportFolder: "check-report")
    /// artifacts.map(\.path)   // ["long-fling/frame-139-actual.png", "long-fling/failing-139-139.png"]
    /// ```
    /// - Throws: `ToolError`: `.invalidInput` for an empty scenario name, a negative frame number, a scenario
    ///   folder that is a symbolic link or a file, or a folder or file that cannot be written (the message names
    ///   it); `.invalidOption` for an `fps` that is not positive and finite or a threshold outside 0...1.
    public static func write(
        scenario: String, frames: [FailingFrame], animation: [FailingFrame], fps: Double,
        options: PixelMatchOptions, reportFolder: String
    ) throws(ToolError) -> [ScenarioOutcome.Artifact] {
        guard fps.isFinite, fps > 0 else {
            throw ToolError(.invalidOption, "the animation's fps must be positive and finite, not \(fps)")
        }
        guard options.threshold >= 0 && options.threshold <= 1 else {
            throw ToolError(.invalidOption, "the threshold must be from 0 to 1, not \(options.threshold)")
        }
        let shown = OneLine.quoted(scenario)
        let written = Array(frames.prefix(maxFramesWritten))
        let animated = Array(animation.prefix(maxAnimationFrames))
        if let bad = (written + animated).first(where: { $0.frame < 0 }) {
            throw ToolError(.invalidInput, "scenario \(shown): frame numbers start at 0, not \(bad.frame)")
        }
        let name = try folderName(scenario)
        guard !written.isEmpty || !animated.isEmpty else { return [] }
        let folder = try scenarioFolder(reportFolder, name)
        removeEarlierArtifacts(in: folder)

        var artifacts: [ScenarioOutcome.Artifact] = []
        func save(
            _ image: Pixmap, _ file: String, _ kind: ScenarioOutcome.Artifact.Kind, _ frame: Int
        ) throws(ToolError) {
            try save(bytes: try encoded { () throws(RasterError) in try PNGCodec.encode(image) }, file, kind, frame)
        }
        func save(bytes: [UInt8], _ file: String, _ kind: ScenarioOutcome.Artifact.Kind, _ frame: Int) throws(ToolError)
        {
            do { try FileOutput.writeAtomically(bytes, to: folder + "/" + file) } catch {
                throw ToolError(.output, "cannot write the report for scenario \(shown): \(error.message)")
            }
            artifacts.append(ScenarioOutcome.Artifact(kind: kind, frame: frame, path: name + "/" + file))
        }
        for failing in written {
            let n = failing.frame
            if let expected = failing.expected { try save(expected, "frame-\(n)-expected.png", .expected, n) }
            try save(failing.actual, "frame-\(n)-actual.png", .actual, n)
            if let expected = failing.expected, expected.width == failing.actual.width,
                expected.height == failing.actual.height
            {
                var diffOptions = options
                diffOptions.makeDiffImage = true
                if let diff = try PixelMatch.compare(expected, failing.actual, options: diffOptions).diffImage {
                    try save(diff, "frame-\(n)-diff.png", .diff, n)
                }
            }
        }
        if let first = animated.first, let last = animated.last {
            let apng = try encoded { () throws(RasterError) in try sideBySide(animated, fps: fps) }
            try save(bytes: apng, "failing-\(first.frame)-\(last.frame).png", .animation, first.frame)
        }
        return artifacts
    }

    /// The APNG of `frames` with expected | actual side by side, built and encoded one frame at a time.
    static func sideBySide(_ frames: [FailingFrame], fps: Double) throws(RasterError) -> [UInt8] {
        var panelWidth = 1
        var panelHeight = 1
        for f in frames {
            panelWidth = max(panelWidth, f.actual.width, f.expected?.width ?? 0)
            panelHeight = max(panelHeight, f.actual.height, f.expected?.height ?? 0)
        }
        // Each side is at most Pixmap.maxPixels, so these products stay far from overflow.
        var factor = 1
        func size(_ k: Int) -> (Int, Int) { (2 * ((panelWidth + k - 1) / k) + gap, (panelHeight + k - 1) / k) }
        while true {
            let (w, h) = size(factor)
            if w * h <= maxAnimationFramePixels || (w <= gap + 2 && h <= 1) { break }
            factor += 1
        }
        let (width, height) = size(factor)
        let panel = (panelWidth + factor - 1) / factor
        var writer = try PNGAnimationWriter(
            width: width, height: height, frameCount: frames.count,
            delay: PNGCodec.animationDelay(fps: fps))
        var canvas = try Pixmap(width: width, height: height, fill: gapColor)
        for f in frames {
            canvas.clear(gapColor)
            let actual = try scaledDown(f.actual, by: factor)
            if let expected = f.expected {
                canvas.copy(try scaledDown(expected, by: factor), x: 0, y: 0)
            } else {
                canvas.copy(try hatched(width: actual.width, height: actual.height), x: 0, y: 0)
            }
            canvas.copy(actual, x: panel + gap, y: 0)
            try writer.append(canvas)
        }
        return try writer.finish()
    }

    /// A neutral panel of diagonal grey stripes: there is no expected image to show.
    static func hatched(width: Int, height: Int) throws(RasterError) -> Pixmap {
        // The size is an existing pixmap's (at most Pixmap.maxPixels): the product cannot overflow.
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = ((x + y) / 8) % 2 == 0 ? hatch.0 : hatch.1
                let i = (y * width + x) * 4
                pixels[i] = c.r
                pixels[i + 1] = c.g
                pixels[i + 2] = c.b
            }
        }
        return try Pixmap(width: width, height: height, pixels: pixels)
    }

    /// `image` scaled down by a whole `factor`: each pixel the mean of a factor × factor square (clipped at
    /// the right and bottom edges). Alpha is kept as the mean too.
    static func scaledDown(_ image: Pixmap, by factor: Int) throws(RasterError) -> Pixmap {
        guard factor > 1 else { return image }
        let width = (image.width + factor - 1) / factor
        let height = (image.height + factor - 1) / factor
        // Smaller than `image`, so the product cannot overflow.
        var out = [UInt8](repeating: 0, count: width * height * 4)
        image.withUnsafeBytes { src in
            for y in 0..<height {
                let y0 = y * factor
                let y1 = min(y0 + factor, image.height)
                for x in 0..<width {
                    let x0 = x * factor
                    let x1 = min(x0 + factor, image.width)
                    var sum = (0, 0, 0, 0)
                    for sy in y0..<y1 {
                        var i = (sy * image.width + x0) * 4
                        for _ in x0..<x1 {
                            sum.0 += Int(src[i])
                            sum.1 += Int(src[i + 1])
                            sum.2 += Int(src[i + 2])
                            sum.3 += Int(src[i + 3])
                            i += 4
                        }
                    }
                    let count = (y1 - y0) * (x1 - x0)
                    let o = (y * width + x) * 4
                    out[o] = UInt8((sum.0 + count / 2) / count)
                    out[o + 1] = UInt8((sum.1 + count / 2) / count)
                    out[o + 2] = UInt8((sum.2 + count / 2) / count)
                    out[o + 3] = UInt8((sum.3 + count / 2) / count)
                }
            }
        }
        return try Pixmap(width: width, height: height, pixels: out)
    }

    /// The scenario's folder name: safe on every file system and in a URL path once percent-encoded, and
    /// different for different names (up to the hash of cut names).
    static func folderName(_ scenario: String) throws(ToolError) -> String {
        guard !scenario.isEmpty else {
            throw ToolError(.invalidInput, "a scenario with an empty name cannot have a report folder")
        }
        var name = ""
        for (index, scalar) in scenario.unicodeScalars.enumerated() {
            if index == 0 && scalar == "." || needsEscape(scalar) {
                for byte in String(scalar).utf8 {
                    name += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                name.unicodeScalars.append(scalar)
            }
        }
        guard name.utf8.count > maxFolderNameBytes else { return name }
        let suffix = "~" + hash(scenario)
        var cut = ""
        for scalar in name.unicodeScalars {
            guard cut.utf8.count + String(scalar).utf8.count + suffix.utf8.count <= maxFolderNameBytes else { break }
            cut.unicodeScalars.append(scalar)
        }
        // A cut may split a %XX escape; drop its start so the name stays unambiguous.
        if let percent = cut.suffix(2).lastIndex(of: "%") { cut = String(cut[..<percent]) }
        return cut + suffix
    }

    /// Whether a character may not appear as itself in a folder name.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar.value < 0x20 || scalar.value == 0x7F || #"/\%:*?"<>|"#.unicodeScalars.contains(scalar)
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isNoncharacterCodePoint
        }
    }

    /// FNV-1a (64-bit) of the name's UTF-8, as 16 hex digits.
    static func hash(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in s.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Makes `reportFolder` and `reportFolder/name` (which must be a real folder, not a link). Returns its path.
    static func scenarioFolder(_ reportFolder: String, _ name: String) throws(ToolError) -> String {
        do { try FileOutput.makeDirectory(reportFolder) } catch {
            throw ToolError(error.isInputError ? .invalidInput : .output, error.message)
        }
        let path = (reportFolder.hasSuffix("/") ? reportFolder : reportFolder + "/") + name
        let shown = OneLine.quoted(path)
        for _ in 0..<2 {
            var info = stat()
            if lstat(path, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFDIR: return path
                case S_IFLNK:
                    throw ToolError(
                        .invalidInput,
                        "report folder \(shown) is a symbolic link; the report writes only into real folders")
                default: throw ToolError(.invalidInput, "report folder \(shown) exists and is not a folder")
                }
            }
            if mkdir(path, 0o777) == 0 { return path }
            guard errno == EEXIST else {
                throw ToolError(.output, "cannot create report folder \(shown): \(String(cString: strerror(errno)))")
            }
        }
        throw ToolError(.invalidInput, "cannot create report folder \(shown): it keeps changing")
    }

    /// Removes regular files this writer names (`frame-N-expected|actual|diff.png`, `failing-A-B.png`) from
    /// `folder`; other files are left alone.
    static func removeEarlierArtifacts(in folder: String) {
        guard let names = FilePaths.names(in: folder) else { return }
        for name in names where isArtifactName(name) {
            var info = stat()
            let path = folder + "/" + name
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }

    static func isArtifactName(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        func number(_ s: Substring) -> Bool { !s.isEmpty && s.allSatisfy(\.isASCII) && s.allSatisfy(\.isNumber) }
        if parts.count == 3, parts[0] == "frame", number(parts[1]), ["expected", "actual", "diff"].contains(parts[2]) {
            return true
        }
        return parts.count == 3 && parts[0] == "failing" && number(parts[1]) && number(parts[2])
    }

    /// Runs an encoder, turning its error into the tools' error type.
    static func encoded(_ body: () throws(RasterError) -> [UInt8]) throws(ToolError) -> [UInt8] {
        do { return try body() } catch {
            throw ToolError(
                error.kind == .size ? .overLimit : .invalidInput, "report image: \(error.message)",
                limit: error.kind == .size ? .maxAnimationFramePixels : nil)
        }
    }
}
