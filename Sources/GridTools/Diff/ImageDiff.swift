import Dispatch
import GridExport
public import Rasterizer
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a pair of frames compares.
public enum FrameStatus: String, Sendable {
    /// Identical pixels, some differ, the sizes differ, only in `actual`, only in `expected`.
    case same, changed, sizeChanged, added, removed
}

/// How one pair of frames compares.
public struct FrameComparison: Sendable {
    /// Path relative to the compared folders (the file name for two files).
    public internal(set) var path: String
    /// How the pair compares.
    public internal(set) var status: FrameStatus
    /// Pixels that differ beyond the threshold (anti-aliasing excepted, unless counted).
    public internal(set) var differentPixels = 0
    /// Differing pixels taken for anti-aliasing, not counted as different.
    public internal(set) var antialiasedPixels = 0
    /// Pixels in the expected frame.
    public internal(set) var totalPixels = 0
    /// Bounding box of the differing pixels.
    public internal(set) var box: IntRect?
    /// Sizes when they differ: expected and actual, width × height.
    public internal(set) var expectedSize: (Int, Int)?
    /// The actual frame's size when the sizes differ, width × height.
    public internal(set) var actualSize: (Int, Int)?
    /// The differing pixels the tolerance allows in this frame (`DiffOptions.limit(forPixels:)`).
    public internal(set) var allowedPixels = 0
    /// Over the tolerance: added, removed or resized, or more differing pixels than allowed (a changed frame
    /// within the tolerance passes).
    public var failed: Bool {
        switch status {
        case .same: return false
        case .changed: return differentPixels > allowedPixels
        case .sizeChanged, .added, .removed: return true
        }
    }
    /// Time spent decoding both PNGs and running the metric, in seconds.
    public internal(set) var decodeSeconds = 0.0
    /// Time spent running the metric, in seconds.
    public internal(set) var compareSeconds = 0.0
    /// `differentPixels / totalPixels` (0 for an empty frame).
    public var ratio: Double { totalPixels > 0 ? Double(differentPixels) / Double(totalPixels) : 0 }
}

/// What `ImageDiff.run` compares with, and the limits it reads within.
///
/// The default metric is exact (any changed RGBA byte counts, no pixel allowed to differ): render-grid's frames
/// are deterministic, and a grid moved by one device pixel must not compare "same". `match = PixelMatchOptions()`
/// gives pixelmatch 7.2's metric and threshold 0.1 instead.
///
/// ```swift
/// var options = DiffOptions()
/// options.maxDiffRatio = 0.001
/// options.outputDirectory = "diff-out"
/// options.match = PixelMatchOptions()   // pixelmatch 7.2's metric, threshold 0.1
/// options.match.threshold = 0.05
/// ```
public struct DiffOptions: Sendable {
    /// PNG files larger than this are refused unread (256 MiB).
    public static let defaultMaxFileBytes = 256 << 20
    /// The most image data `embedImages` puts into report.html (64 MiB of PNG, before base64).
    public static let defaultMaxEmbeddedBytes = 64 << 20

    /// The pixel metric and its options (threshold, anti-aliasing, ignored regions); exact by default.
    public var match = PixelMatchOptions.exact
    /// Differing pixels allowed per frame (at least 0).
    public var maxDiffPixels: Int?
    /// Fraction of a frame's pixels allowed to differ (0…1).
    public var maxDiffRatio: Double?
    /// Frames compared in parallel (at least 1).
    public var jobs = 1
    /// Decoded images larger than this are rejected (1…`Pixmap.maxPixels`).
    public var maxPixels = 100_000_000
    /// Entries (files and folders) a folder comparison walks at most, per side.
    public var maxFolderEntries = 200_000
    /// Folder levels a folder comparison descends at most.
    public static let maxFolderDepth = 8
    /// PNG files larger than this are refused before they are read (at least 1).
    public var maxFileBytes = DiffOptions.defaultMaxFileBytes
    /// Where diff images, side-by-side strips and report.html go (nil: nowhere).
    public var outputDirectory: String?
    /// Also write expected | actual | diff strips.
    public var sideBySide = false
    /// Embed the images in report.html (self-contained, up to `maxEmbeddedBytes`) instead of
    /// linking them by relative path.
    public var embedImages = false
    /// With `embedImages`, the most PNG bytes embedded in total (at least 0); later images are linked.
    public var maxEmbeddedBytes = DiffOptions.defaultMaxEmbeddedBytes
    /// How report.html names the setting that raises `maxEmbeddedBytes` when images go over it: the
    /// property's name by default; a command-line tool passes its flag.
    public var maxEmbeddedBytesName = "maxEmbeddedBytes"
    /// The defaults: the exact metric, no pixel allowed to differ, one job, no output.
    public init() {}

    /// Refuses an option out of range, with one line naming it.
    ///
    /// ```swift
    /// var options = DiffOptions()
    /// options.jobs = 0
    /// try options.validate()   // ToolError(.invalidOption): "jobs must be at least 1, not 0"
    /// ```
    /// - Throws: `ToolError(.invalidOption)` for the first option out of range.
    public func validate() throws(ToolError) {
        func refuse(_ text: String) -> ToolError { ToolError(.invalidOption, text) }
        guard match.threshold >= 0 && match.threshold <= 1 else {
            throw refuse("the threshold must be from 0 to 1, not \(match.threshold)")
        }
        try match.checkMetric()
        if let n = maxDiffPixels, n < 0 {
            throw refuse("the number of differing pixels allowed must be at least 0, not \(n)")
        }
        if let r = maxDiffRatio, !(r >= 0 && r <= 1) {
            throw refuse("the ratio of differing pixels allowed must be from 0 to 1, not \(r)")
        }
        guard jobs >= 1 else { throw refuse("jobs must be at least 1, not \(jobs)") }
        guard maxPixels >= 1 && maxPixels <= Pixmap.maxPixels else {
            throw refuse("the pixel limit must be from 1 to \(Pixmap.maxPixels), not \(maxPixels)")
        }
        guard maxFileBytes >= 1 else {
            throw refuse("the file size limit must be at least 1 byte, not \(maxFileBytes)")
        }
        guard maxEmbeddedBytes >= 0 else {
            throw refuse("the embedded size limit must be at least 0 bytes, not \(maxEmbeddedBytes)")
        }
    }

    /// The number of differing pixels allowed in a frame of `total` pixels: the stricter of the two
    /// limits when both are given; 0 when neither is. Total for any values (`validate` refuses the
    /// odd ones): a NaN ratio allows nothing, an infinite one everything, and nothing is negative.
    public func limit(forPixels total: Int) -> Int {
        let total = max(total, 0)
        var limit: Int?
        if let n = maxDiffPixels { limit = max(n, 0) }
        if let r = maxDiffRatio {
            let allowed = r * Double(total)
            // Compared before converting, so Int(_:) never sees NaN, infinity or 2^63.
            let pixels = allowed >= Double(total) ? total : (allowed > 0 ? Int(allowed.rounded(.down)) : 0)
            limit = min(limit ?? pixels, pixels)
        }
        return limit ?? 0
    }
}

/// What `ImageDiff.run` found.
public struct DiffReport: Sendable {
    /// Every pair, sorted by relative path.
    public internal(set) var frames: [FrameComparison]
    /// The options the comparison ran with.
    public internal(set) var options: DiffOptions
    /// PNG files in a frame folder that are not frames (`sheet.png`, `trace.png`), so not compared: relative
    /// paths from either side, sorted (see `ImageDiff.isFrameName`).
    public internal(set) var skipped: [String] = []
    /// Whether no pair failed.
    public var passed: Bool { !frames.contains { $0.failed } }
    /// The first pair that failed, if any.
    public var firstFailure: FrameComparison? { frames.first { $0.failed } }
    /// The changed pair with the most differing pixels (the first by path among equals), if any.
    public var largest: FrameComparison? {
        frames.filter { $0.status == .changed }.max {
            $0.differentPixels < $1.differentPixels
                || ($0.differentPixels == $1.differentPixels && $0.path > $1.path)
        }
    }
    /// How many pairs have `status`.
    public func count(_ status: FrameStatus) -> Int { frames.filter { $0.status == status }.count }
}

/// Compares two PNG files or two folders of frames paired by relative path.
public enum ImageDiff {
    /// Compares `expected` with `actual` (two PNG files, or two folders of PNGs paired by relative
    /// path) and writes diff images and report.html when `options.outputDirectory` is set.
    ///
    /// A folder that holds render frames (`frame_NNNNN.png` on either side) is a frame folder: only its frames
    /// are paired, and its other PNGs (a contact sheet, a trace plot) are listed in `DiffReport.skipped`.
    /// A folder without frames compares every PNG in it.
    ///
    /// ```swift
    /// var options = DiffOptions()
    /// options.maxDiffPixels = 10
    /// let report = try ImageDiff.run(expected: "golden/", actual: "output/drag/", options: options)
    /// print(report.passed, report.count(.changed))
    /// ```
    /// - Throws: `ToolError` for options out of range, missing or unreadable inputs and PNGs
    ///   that cannot be decoded (all exit 2); `ExportError(.output)` when an output cannot be written and
    ///   `RasterError(.encode)` when a diff image cannot be encoded (exit 1).
    public static func run(expected: String, actual: String, options: DiffOptions) throws -> DiffReport {
        try options.validate()
        let kindA = FileInput.kind(of: expected)
        let kindB = FileInput.kind(of: actual)
        for (path, kind) in [(expected, kindA), (actual, kindB)] where kind == .missing {
            throw ToolError(.invalidInput, "\(FileInput.quoted(path)) does not exist")
        }
        guard (kindA == .folder) == (kindB == .folder) else {
            throw ToolError(.invalidInput, "compare two PNG files or two folders, not a file with a folder")
        }
        let isDirA = kindA == .folder
        var pairs: [(path: String, a: String?, b: String?)]
        var skipped: [String] = []
        if isDirA {
            let left = try pngFiles(in: expected, maxEntries: options.maxFolderEntries)
            let right = try pngFiles(in: actual, maxEntries: options.maxFolderEntries)
            var all = Set(left).union(right).sorted()
            (all, skipped) = framesOnly(all)
            pairs = all.map { rel in
                (
                    rel, left.contains(rel) ? FilePaths.join(expected, rel) : nil,
                    right.contains(rel) ? FilePaths.join(actual, rel) : nil
                )
            }
        } else {
            pairs = [(FilePaths.lastComponent(actual), expected, actual)]
        }
        if let out = options.outputDirectory { try FileOutput.makeDirectory(out) }
        let results = Locked<[Int: Result<FrameComparison, Error>]>([:])
        let next = Atomic<Int>(0)
        let work = pairs
        DispatchQueue.concurrentPerform(iterations: max(1, min(options.jobs, work.count))) { _ in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < work.count else { return }
                let pair = work[i]
                let result = Result { try compare(path: pair.path, pair.a, pair.b, options: options) }
                results.withLock { $0[i] = result }
            }
        }
        let done = results.withLock { $0 }
        var frames: [FrameComparison] = []
        for i in 0..<work.count {
            switch done[i]! {
            case .success(let c): frames.append(c)
            case .failure(let e): throw e
            }
        }
        let report = DiffReport(frames: frames, options: options, skipped: skipped)
        if let out = options.outputDirectory {
            try HTMLReport.write(
                report, expectedRoot: expected, actualRoot: actual, folder: isDirA, options: options, to: out)
        }
        return report
    }

    /// Whether `name` (a file name, no folder) is a frame as `render` names it: `frame_`, five or more
    /// digits (`FrameExporter.frameName`: zero-padded to five, more past 99999) and `.png`.
    ///
    /// ```swift
    /// ImageDiff.isFrameName("frame_00042.png")   // true
    /// ImageDiff.isFrameName("sheet.png")         // false: a contact sheet beside the frames
    /// ```
    public static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame_") && name.hasSuffix(".png") else { return false }
        let digits = name.utf8.dropFirst(6).dropLast(4)
        return digits.count >= 5 && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `paths` split into those compared and those skipped: in a folder (on either side) holding a render
    /// frame, only the frames are compared, so what other commands write beside them (`sheet.png`,
    /// `trace.png`) never counts as an added or removed frame. Folders without frames keep every PNG.
    static func framesOnly(_ paths: [String]) -> (compared: [String], skipped: [String]) {
        func split(_ rel: String) -> (folder: String, name: String) {
            guard let slash = rel.lastIndex(of: "/") else { return ("", rel) }
            return (String(rel[..<slash]), String(rel[rel.index(after: slash)...]))
        }
        let frameFolders = Set(paths.map(split).filter { isFrameName($0.name) }.map(\.folder))
        var compared: [String] = []
        var skipped: [String] = []
        for rel in paths {
            let (folder, name) = split(rel)
            if frameFolders.contains(folder) && !isFrameName(name) { skipped.append(rel) } else { compared.append(rel) }
        }
        return (compared, skipped)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// PNG files under `folder`, as sorted relative paths. Folders named *.png are not files; symbolic links are not
    /// followed into (a link named *.png is listed, and read as the file it names); a folder below
    /// `DiffOptions.maxFolderDepth` levels is not entered, and a folder that cannot be read is passed over.
    static func pngFiles(in folder: String, maxEntries: Int) throws -> [String] {
        let tooMany = ToolError(
            .invalidInput,
            "folder \(FileInput.quoted(folder)) holds more than \(maxEntries) entries; the limit is \(maxEntries)")
        // A folder of frames is flat or shallow; a walk of "/" must end quickly with a clear error: every entry
        // listed is one more to visit, so no listing reads past the limit.
        let firstListing = maxEntries < Int.max ? max(0, maxEntries) + 1 : Int.max
        var root = stat()
        let device = stat(folder, &root) == 0 ? root.st_dev : nil
        guard var pending = FilePaths.names(in: folder, limit: firstListing).map({ $0.map { (rel: $0, level: 1) } })
        else { throw ToolError(.invalidInput, "cannot read folder \(FileInput.quoted(folder))") }
        var files: [String] = []
        var visited = 0
        while let (rel, level) = pending.popLast() {
            visited += 1
            guard visited + pending.count <= maxEntries else { throw tooMany }
            var info = stat()
            let isFolder = lstat(FilePaths.join(folder, rel), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            // Not into another file system mounted inside (as FileManager's walk, FTS_XDEV).
            if isFolder && level <= DiffOptions.maxFolderDepth && info.st_dev == device {
                let room = maxEntries - visited - pending.count + 1
                pending += (FilePaths.names(in: FilePaths.join(folder, rel), limit: room) ?? []).map {
                    (rel + "/" + $0, level + 1)
                }
            }
            guard rel.lowercased().hasSuffix(".png") && !FilePaths.lastComponent(rel).hasPrefix(".") else {
                continue
            }
            if isFolder { continue }
            files.append(rel)
        }
        return files.sorted()
    }

    /// The bytes of a PNG file: a regular file within `maxFileBytes`, or a one-line error
    /// (`.overLimit` naming "maxFileBytes" for a file over it, `.invalidInput` otherwise).
    static func read(_ path: String, options: DiffOptions) throws(ToolError) -> [UInt8] {
        do { return try FileInput.read(path, maxBytes: options.maxFileBytes, what: "PNG") } catch {
            guard error.limitValue == nil else { throw ToolError(.overLimit, error.message, limit: .maxFileBytes) }
            throw ToolError(.invalidInput, error.message)
        }
    }

    /// A one-line error naming the file, for a PNG libpng refused or one over the pixel limit.
    static func decodeError(_ path: String, _ error: RasterError) -> ToolError {
        let shown = FileInput.quoted(path)
        let reason = FileInput.quoted(error.message)
        let plain = error.kind == .size || reason.hasPrefix("not a PNG")
        return ToolError(.invalidInput, plain ? "\(shown): \(reason)" : "\(shown): not a valid PNG (\(reason))")
    }

    static func decode(_ bytes: [UInt8], _ path: String, maxPixels: Int) throws(ToolError) -> Pixmap {
        do { return try PNGCodec.decode(bytes, maxPixels: maxPixels) } catch { throw decodeError(path, error) }
    }

    static func compare(path: String, _ a: String?, _ b: String?, options: DiffOptions) throws -> FrameComparison {
        guard let a else { return FrameComparison(path: path, status: .added) }
        guard let b else { return FrameComparison(path: path, status: .removed) }
        let clock = ContinuousClock()
        let decodeStart = clock.now
        var bytesA = try read(a, options: options)
        var bytesB = try read(b, options: options)
        if bytesA == bytesB {
            // Byte-identical: the same pixels, but the file must still be a complete PNG within the
            // limits. It is decoded once, through libpng, into one row buffer (no pixel memory).
            let size: (width: Int, height: Int)
            do { size = try PNGCodec.validate(bytesA, maxPixels: options.maxPixels) } catch {
                throw decodeError(a, error)
            }
            var c = FrameComparison(path: path, status: .same, totalPixels: size.width * size.height)
            c.decodeSeconds = seconds(clock.now - decodeStart)
            return c
        }
        let imageA = try decode(bytesA, a, maxPixels: options.maxPixels)
        bytesA = []
        let imageB = try decode(bytesB, b, maxPixels: options.maxPixels)
        bytesB = []
        let decoded = clock.now
        guard imageA.width == imageB.width && imageA.height == imageB.height else {
            return FrameComparison(
                path: path, status: .sizeChanged, totalPixels: imageA.width * imageA.height,
                expectedSize: (imageA.width, imageA.height), actualSize: (imageB.width, imageB.height))
        }
        var match = options.match
        match.makeDiffImage = options.outputDirectory != nil
        let result: PixelMatchResult
        do { result = try PixelMatch.compare(imageA, imageB, options: match) } catch {
            throw ToolError(error.kind, "\(FileInput.quoted(path)): \(error.message)", limit: error.limit)
        }
        let compared = clock.now
        let total = imageA.width * imageA.height
        var c = FrameComparison(
            path: path, status: result.different == 0 ? .same : .changed,
            differentPixels: result.different, antialiasedPixels: result.antialiased, totalPixels: total,
            box: result.box)
        c.allowedPixels = options.limit(forPixels: total)
        c.decodeSeconds = seconds(decoded - decodeStart)
        c.compareSeconds = seconds(compared - decoded)
        if let out = options.outputDirectory, result.different > 0, let diff = result.diffImage {
            try DiffImages.write(
                expected: imageA, actual: imageB, diff: diff, relativePath: path, to: out,
                sideBySide: options.sideBySide)
        }
        return c
    }
}
