import Dispatch
import Foundation
import Rasterizer
import Synchronization

/// How a pair of frames compares.
public enum FrameStatus: String, Sendable {
    case same, changed, sizeChanged, added, removed
}

public struct FrameComparison: Sendable {
    /// Path relative to the compared folders (the file name for two files).
    public var path: String
    public var status: FrameStatus
    public var differentPixels = 0
    public var antialiasedPixels = 0
    public var totalPixels = 0
    public var box: (x: Int, y: Int, width: Int, height: Int)?
    /// Sizes when they differ: expected and actual, width × height.
    public var expectedSize: (Int, Int)?
    public var actualSize: (Int, Int)?
    /// Over the tolerance (a changed frame within it passes).
    public var failed = false
    /// Time spent decoding both PNGs and running the metric, in seconds.
    public var decodeSeconds = 0.0
    public var compareSeconds = 0.0
    public var ratio: Double { totalPixels > 0 ? Double(differentPixels) / Double(totalPixels) : 0 }
}

public struct DiffOptions: Sendable {
    public var match = PixelMatchOptions()
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var jobs = 1
    /// Decoded images larger than this are rejected.
    public var maxPixels = 100_000_000
    /// Where diff images, side-by-side strips and report.html go (nil: nowhere).
    public var outputDirectory: String?
    public var sideBySide = false
    public init() {}

    /// The number of differing pixels allowed in a frame of `total` pixels: the stricter of the two
    /// limits when both are given; 0 when neither is.
    public func limit(forPixels total: Int) -> Int {
        var limit = Int.max
        if let n = maxDiffPixels { limit = min(limit, n) }
        if let r = maxDiffRatio { limit = min(limit, Int((r * Double(total)).rounded(.down))) }
        return limit == Int.max ? 0 : limit
    }
}

public struct DiffReport: Sendable {
    public var frames: [FrameComparison]
    public var options: DiffOptions
    public var passed: Bool { !frames.contains { $0.failed } }
    public var firstFailure: FrameComparison? { frames.first { $0.failed } }
    public func count(_ status: FrameStatus) -> Int { frames.filter { $0.status == status }.count }
}

/// An input that cannot be read or decoded (exit 2).
public struct DiffInputError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Compares two PNG files or two folders of frames paired by relative path.
public enum ImageDiff {
    public static func run(expected: String, actual: String, options: DiffOptions) throws -> DiffReport {
        let fm = FileManager.default
        var isDirA: ObjCBool = false, isDirB: ObjCBool = false
        guard fm.fileExists(atPath: expected, isDirectory: &isDirA) else { throw DiffInputError(message: "\(expected) does not exist") }
        guard fm.fileExists(atPath: actual, isDirectory: &isDirB) else { throw DiffInputError(message: "\(actual) does not exist") }
        guard isDirA.boolValue == isDirB.boolValue else {
            throw DiffInputError(message: "compare two PNG files or two folders, not a file with a folder")
        }
        var pairs: [(path: String, a: String?, b: String?)]
        if isDirA.boolValue {
            let left = try pngFiles(in: expected), right = try pngFiles(in: actual)
            let all = Set(left).union(right).sorted()
            pairs = all.map { rel in
                (rel, left.contains(rel) ? (expected as NSString).appendingPathComponent(rel) : nil,
                 right.contains(rel) ? (actual as NSString).appendingPathComponent(rel) : nil)
            }
        } else {
            pairs = [((actual as NSString).lastPathComponent, expected, actual)]
        }
        if let out = options.outputDirectory { try FileOutput.makeDirectory(out) }
        let results = Mutex<[Int: Result<FrameComparison, Error>]>([:])
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
        let report = DiffReport(frames: frames, options: options)
        if let out = options.outputDirectory {
            try HTMLReport.write(report, expectedRoot: expected, actualRoot: actual, folder: isDirA.boolValue, to: out)
        }
        return report
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

    /// Width and height from a PNG's signature and IHDR chunk, or nil when they are not there.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (be(16), be(20))
    }

    /// PNG files under `folder`, as sorted relative paths.
    static func pngFiles(in folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw DiffInputError(message: "cannot read folder \(folder)")
        }
        var files: [String] = []
        while let rel = walker.nextObject() as? String {
            if rel.lowercased().hasSuffix(".png") && !(rel as NSString).lastPathComponent.hasPrefix(".") { files.append(rel) }
        }
        return files.sorted()
    }

    static func read(_ path: String, maxPixels: Int) throws -> (bytes: [UInt8], image: () throws -> RGBAImage) {
        guard let data = FileManager.default.contents(atPath: path) else { throw DiffInputError(message: "cannot read \(path)") }
        let bytes = [UInt8](data)
        return (bytes, {
            do { return RGBAImage(try PNGCodec.decode(bytes, maxPixels: maxPixels)) } catch {
                throw DiffInputError(message: "\(path): not a valid PNG (\(error))")
            }
        })
    }

    static func compare(path: String, _ a: String?, _ b: String?, options: DiffOptions) throws -> FrameComparison {
        guard let a else { return FrameComparison(path: path, status: .added, failed: true) }
        guard let b else { return FrameComparison(path: path, status: .removed, failed: true) }
        let clock = ContinuousClock()
        let decodeStart = clock.now
        let left = try read(a, maxPixels: options.maxPixels), right = try read(b, maxPixels: options.maxPixels)
        if left.bytes == right.bytes {
            // Byte-identical: no decode, the header gives the size (and says whether it is a PNG at all).
            guard let size = pngSize(left.bytes) else { throw DiffInputError(message: "\(a): not a valid PNG (bad signature or header)") }
            return FrameComparison(path: path, status: .same, totalPixels: size.width * size.height)
        }
        let imageA = try left.image()
        let imageB = try right.image()
        let decoded = clock.now
        guard imageA.width == imageB.width && imageA.height == imageB.height else {
            return FrameComparison(path: path, status: .sizeChanged, totalPixels: imageA.width * imageA.height,
                                   expectedSize: (imageA.width, imageA.height), actualSize: (imageB.width, imageB.height), failed: true)
        }
        var match = options.match
        match.makeDiffImage = options.outputDirectory != nil
        let result = PixelMatch.compare(imageA, imageB, options: match)
        let compared = clock.now
        let total = imageA.width * imageA.height
        var c = FrameComparison(path: path, status: result.different == 0 ? .same : .changed,
                                differentPixels: result.different, antialiasedPixels: result.antialiased, totalPixels: total, box: result.box)
        c.failed = result.different > options.limit(forPixels: total)
        c.decodeSeconds = seconds(decoded - decodeStart)
        c.compareSeconds = seconds(compared - decoded)
        if let out = options.outputDirectory, result.different > 0, let diff = result.diffImage {
            try DiffImages.write(expected: imageA, actual: imageB, diff: diff, relativePath: path, to: out, sideBySide: options.sideBySide)
        }
        return c
    }
}
