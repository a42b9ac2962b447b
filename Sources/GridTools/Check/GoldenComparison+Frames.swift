import GridExport
import GridModel
import Rasterizer

/// What one frame's comparison with its golden found: the pure per-frame verdict `check` accumulates.
struct FrameVerdict {
    /// How the frame's pixels compare with the golden's.
    enum Pixels {
        /// The same hash.
        case same
        /// Another size than the manifest's.
        case resized(expected: (width: Int, height: Int))
        /// More pixels differ from the stored picture (key frame `picture`) than `allowed`.
        case differ(count: Int, allowed: Int, picture: Int)
        /// Differs by hash, within the tolerance of its stored picture.
        case tolerated
        /// Differs by hash and no picture is stored to compare with.
        case unpictured
    }

    /// The trace line's digest differs from the golden's.
    var traceDiffers: Bool
    var pixels: Pixels
    /// The golden's picture of the frame when one was decoded for the comparison.
    var expectedImage: Pixmap?

    /// Whether the frame fails.
    var fails: Bool {
        switch pixels {
        case .same, .tolerated: return traceDiffers
        case .resized, .differ, .unpictured: return true
        }
    }

    /// The verdict for `frame` against the manifest's `expected` entry: `picture` is the key frame that stores the
    /// expected hash (if any), `size` the manifest's size for the frame, `picture(_:)` decodes a key frame.
    static func judge(
        _ frame: GoldenFrame, expected: GoldenManifest.Frame, size: (width: Int, height: Int),
        picture: Int?, options: GoldenOptions, load: (Int) throws -> Pixmap
    ) throws -> FrameVerdict {
        var verdict = FrameVerdict(traceDiffers: frame.trace != expected.trace, pixels: .same)
        guard frame.pixels != expected.pixels else { return verdict }
        guard frame.image.width == size.width && frame.image.height == size.height else {
            verdict.pixels = .resized(expected: size)
            return verdict
        }
        guard let picture else {
            verdict.pixels = .unpictured
            return verdict
        }
        let allowed = options.allowedPixels(size.width * size.height)
        let image = try load(picture)
        verdict.expectedImage = image
        let differing = try PixelMatch.compare(image, frame.image, options: options.match).different
        verdict.pixels =
            differing > allowed ? .differ(count: differing, allowed: allowed, picture: picture) : .tolerated
        return verdict
    }
}

/// The verdicts of a sequence so far: the first failing frames of each kind and the counts the summary states.
struct ComparisonTally {
    var firstPixel: Int?, firstTrace: Int?
    var failing = 0, tolerated = 0
    /// Differing pixels of `firstPixel`, when it has a key frame.
    var firstPixelCount: Int?
    /// Differing frames without a stored picture.
    var hashOnly = 0, firstHashOnly: Int?
    var sizeLine: String?
    /// `firstPixel` fails because the frame's size changed.
    var firstPixelResized = false
    var pixelLines: [String] = []
    var lastFailing = -1

    /// Adds frame `index`'s verdict.
    mutating func add(_ verdict: FrameVerdict, index i: Int, actualSize: (width: Int, height: Int)) {
        if verdict.traceDiffers && firstTrace == nil { firstTrace = i }
        switch verdict.pixels {
        case .same: break
        case .resized(let size):
            if sizeLine == nil {
                sizeLine =
                    "frame \(i) size changed: \(size.width)×\(size.height) -> \(actualSize.width)×\(actualSize.height)"
            }
            if firstPixel == nil {
                firstPixel = i
                firstPixelResized = true
            }
        case .differ(let count, let allowed, let picture):
            if firstPixel == nil {
                firstPixel = i
                firstPixelCount = count
            }
            if pixelLines.count < GoldenComparison.maxPixelLines {
                pixelLines.append(
                    "frame \(i): \(GoldenComparison.grouped(count)) pixels differ from "
                        + GoldenComparison.comparedWith(frame: i, picture: picture)
                        + " (allowed \(GoldenComparison.grouped(allowed)))")
            }
        case .tolerated:
            tolerated += 1
        case .unpictured:
            if firstPixel == nil { firstPixel = i }
            hashOnly += 1
            if firstHashOnly == nil { firstHashOnly = i }
        }
        if verdict.fails {
            failing += 1
            lastFailing = i
        }
    }
}

/// The frames a failure report shows: the first failing frames, the first with a stored picture, and the failing
/// range as an animation (bounded in frames and bytes).
struct FailureFrames {
    var first: [FailingFrame] = [], pictured: [FailingFrame] = []
    var animation: [FailingFrame] = []
    var animationBudget = 0

    /// Whether frame images are still wanted after a passing frame (the animation has begun).
    var animating: Bool { !animation.isEmpty }

    /// Adds a frame that fails, or one inside the animation's range.
    mutating func add(_ frame: FailingFrame, fails: Bool) {
        if fails {
            // The first failing frames, and separately the first that have a stored picture, so the report shows
            // expected | actual | diff even when the first failing frames keep only their hashes.
            if first.count < CheckArtifacts.maxFramesWritten { first.append(frame) }
            if frame.expected != nil && pictured.count < CheckArtifacts.maxFramesWritten { pictured.append(frame) }
        }
        if animation.isEmpty {
            let bytes = max(1, frame.actual.width * frame.actual.height * 8)
            animationBudget = min(CheckArtifacts.maxAnimationFrames, max(1, GoldenComparison.maxAnimationBytes / bytes))
        }
        if animation.count < animationBudget { animation.append(frame) }
    }

    /// The frames to write, and the animation ended at the last failing frame it holds.
    func finished(lastFailing: Int) -> (written: [FailingFrame], animation: [FailingFrame]) {
        var frames = animation
        while let last = frames.last, last.frame > lastFailing { frames.removeLast() }
        return (GoldenComparison.framesToWrite(first: first, pictured: pictured), frames)
    }
}
