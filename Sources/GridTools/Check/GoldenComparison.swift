import GridExport
import GridModel
import Rasterizer

/// One scenario compared with its golden: the verdict's parts, and the frames a failure report shows.
struct GoldenComparison {
    var failed = false
    var summary = ""
    var details: [String] = []
    var frameCount = 0
    var firstFailingFrame: Int?
    var failingFrameCount = 0
    /// The first failing frames (at most `CheckArtifacts.maxFramesWritten`), kept only with a report folder.
    var failing: [FailingFrame] = []
    /// The failing range from its first frame (bounded), kept only with a report folder.
    var animation: [FailingFrame] = []

    /// Most pixel-count lines in the details.
    static let maxPixelLines = 5
    /// Most bytes of pixels kept for the failure animation.
    static let maxAnimationBytes = 256 << 20

    /// The golden's files checked before anything is rendered: every key frame is a PNG of the manifest's size
    /// inside the goldens folder, and the trace has one line per frame whose digest is the manifest's.
    /// - Throws: `ToolError(.invalidInput)` naming the file and the fault.
    static func validate(
        _ manifest: GoldenManifest, name: String, store: GoldenStore, limits: Limits
    ) throws(ToolError) -> [TraceFrame] {
        let folder = store.folder(name)
        for (index, frame) in manifest.frames.enumerated() where frame.key {
            let file = GoldenManifest.keyFrameName(index)
            let bytes = try store.read(name, file, maxBytes: GoldenManifest.maxKeyFrameBytes, what: "golden key frame")
            let path = OneLineName.quoted(store.join(folder, file))
            let image: Pixmap
            do { image = try PNGCodec.decode(bytes, maxPixels: manifest.maxFramePixels) } catch {
                throw ToolError(.invalidInput, "golden key frame \(path) is not a usable PNG: \(error.message)")
            }
            let expected = manifest.size(of: index)
            guard image.width == expected.width && image.height == expected.height else {
                throw ToolError(
                    .invalidInput,
                    "golden key frame \(path) is \(image.width)×\(image.height); the manifest says frame \(index) is \(expected.width)×\(expected.height)"
                )
            }
            // The picture a differing frame is compared with must be the frame the manifest hashed.
            guard SHA256.pixels(image) == frame.pixels else {
                throw ToolError(
                    .invalidInput,
                    "golden key frame \(path) does not match its hash in the manifest (frame \(index)); the golden is damaged: delete it and record it again"
                )
            }
        }
        let frames = try trace(manifest, name: name, store: store, tilesOf: [], limits: limits)
        // A frame's size in the manifest is the size its trace line's viewport has at the golden's scale; a frame
        // without a key frame is otherwise compared by its hash alone, which a wrong size would never reach.
        for (index, frame) in frames.enumerated() {
            guard let viewport = frame.viewport else { continue }
            let drawn = viewport.devicePixels(scale: manifest.scale)
            let said = manifest.size(of: index)
            guard drawn == said else {
                throw ToolError(
                    .invalidInput,
                    "golden manifest \(OneLineName.quoted(store.join(folder, GoldenStore.manifestName))) says frame \(index) is \(said.width)×\(said.height) pixels, but its trace line's viewport is \(TraceText.number(viewport.width))×\(TraceText.number(viewport.height)) points at scale \(manifest.scale), \(drawn.width)×\(drawn.height) pixels; the golden is damaged: delete it and record it again"
                )
            }
        }
        return frames
    }

    /// Most frames whose tile placement the trace diff compares: the first frames whose trace line differs
    /// (the others' tiles are dropped as they are read, so memory stays flat in the frame count).
    static let maxTileFrames = 128

    /// The golden's trace, one frame per manifest frame, each line checked against the manifest's digest; tiles
    /// are kept only for the frames in `tilesOf`.
    /// - Throws: `ToolError(.invalidInput)` naming the trace file and the line.
    static func trace(
        _ manifest: GoldenManifest, name: String, store: GoldenStore, tilesOf: Set<Int>, limits: Limits
    ) throws(ToolError) -> [TraceFrame] {
        let tracePath = store.join(store.folder(name), GoldenStore.traceName)
        let shown = OneLineName.quoted(tracePath)
        let packed = try store.read(
            name, GoldenStore.traceName, maxBytes: GoldenManifest.maxTraceBytes, what: "golden trace")
        var frames: [TraceFrame] = []
        frames.reserveCapacity(manifest.frameCount)
        do throws(ToolError) {
            let maxLine = GoldenManifest.maxTraceLineBytes(maxLiveTiles: limits.maxLiveTiles)
            try Gzip.forEachLine(packed, maxBytes: GoldenManifest.maxTraceBytes, maxLineBytes: maxLine) {
                (buffer, range) throws(ToolError) in
                let index = frames.count
                guard index < manifest.frameCount else {
                    throw ToolError(
                        .invalidInput,
                        "golden trace \(shown) has more lines than the manifest's \(manifest.frameCount) frames")
                }
                let digest = String(SHA256.hex(Array(buffer[range])).prefix(16))
                guard digest == manifest.frames[index].trace else {
                    throw ToolError(
                        .invalidInput,
                        "golden trace \(shown) line \(index + 1) does not match the manifest's digest for frame \(index)"
                    )
                }
                var frame: TraceFrame
                do throws(TraceLineError) { frame = try TraceLineParser.parse(buffer, range) } catch {
                    throw ToolError(
                        .invalidInput,
                        "golden trace \(shown): line \(index + 1) is not a render-grid trace line: \(error.message)")
                }
                guard frame.frame == index else {
                    throw ToolError(
                        .invalidInput, "golden trace \(shown): line \(index + 1) is frame \(frame.frame), not \(index)")
                }
                if !tilesOf.contains(index) { frame.tiles = [] }
                frames.append(frame)
            }
        } catch {
            guard error.message.hasPrefix("golden trace ") else {
                // The whole trace over its limit says which limit; a line over its own says it already.
                let total = error.kind == .overLimit && !error.message.hasPrefix("line ")
                throw ToolError(
                    error.kind,
                    "golden trace \(shown): \(error.message)"
                        + (total ? " of \(GoldenManifest.maxTraceBytes) bytes" : ""), limit: error.limit)
            }
            throw error
        }
        guard frames.count == manifest.frameCount else {
            throw ToolError(
                .invalidInput,
                "golden trace \(shown) has \(frames.count) lines; the manifest lists \(manifest.frameCount) frames")
        }
        return frames
    }

    /// The rendering-identity drift between the golden and this machine, as one sentence, or nil.
    static func drift(_ manifest: GoldenManifest, _ identity: GoldenIdentity) -> String? {
        var parts: [String] = []
        if manifest.fontSHA256 != identity.fontSHA256 {
            func font(_ name: String?, _ hash: String?) -> String {
                guard let name, let hash else { return "no font" }
                return "font \(name) (sha256 \(hash.prefix(12))…)"
            }
            parts.append(
                "the golden was drawn with \(font(manifest.fontName, manifest.fontSHA256)), this run with \(font(identity.fontName, identity.fontSHA256))"
            )
        }
        if manifest.freeType != identity.freeType {
            parts.append(
                "the golden was drawn with FreeType \(manifest.freeType), this machine has FreeType \(identity.freeType)"
            )
        }
        guard !parts.isEmpty else { return nil }
        // A pinned font file cannot fix another FreeType: only recording where the check runs can.
        let fix =
            manifest.fontSHA256 != identity.fontSHA256
            ? "record goldens on CI, or pin a font file kept in the repository with --font or style.font"
            : "record goldens on the machine that checks them (CI), or on one with the same FreeType"
        return "machine drift: " + parts.joined(separator: "; ") + ": label pixels may differ; " + fix
    }

    /// Compares `source` with its golden (already validated: `expectedTrace` is its trace).
    static func compare(
        _ source: GoldenSource, name: String, manifest: GoldenManifest,
        expectedTrace: [TraceFrame], store: GoldenStore, options: GoldenOptions
    ) throws -> GoldenComparison {
        let identity = source.identity
        var result = GoldenComparison()
        let drift = drift(manifest, identity)
        if let drift { result.details.append(drift) }
        // Options that make every frame incomparable: stop before rendering.
        if let stopped = incomparable(manifest, identity, drift: drift, result: result) { return stopped }
        if manifest.scenarioSHA256 != identity.scenarioSHA256 {
            result.details.append("\(source.input) changed since the golden was recorded")
        }
        if manifest.renderGrid != identity.renderGrid {
            result.details.append(
                "the golden was recorded by render-grid \(manifest.renderGrid), this is \(identity.renderGrid)")
        }
        let keep = options.reportFolder != nil
        // The stored picture of each hash: a frame equal to a stored one has no file of its own.
        var pictures: [String: Int] = [:]
        for (index, frame) in manifest.frames.enumerated() where frame.key && pictures[frame.pixels] == nil {
            pictures[frame.pixels] = index
        }
        func load(_ picture: Int) throws -> Pixmap {
            try keyFrame(picture, name: name, store: store, manifest: manifest)
        }
        var actualTrace: [TraceFrame] = []
        var tileFrames = Set<Int>()
        var tally = ComparisonTally()
        var report = FailureFrames()
        var count = 0
        try GoldenFrames.render(source, jobs: options.jobs, cancellation: options.cancellation) { frame in
            let i = frame.index
            count = i + 1
            // Tiles are kept only for the first frames whose trace line differs (flat memory in frame count).
            var line = frame.line
            let lineDiffers = i >= manifest.frames.count || frame.trace != manifest.frames[i].trace
            if lineDiffers && i < manifest.frames.count && tileFrames.count < maxTileFrames {
                tileFrames.insert(i)
            } else {
                line.tiles = []
            }
            actualTrace.append(line)
            guard i < manifest.frames.count else { return }
            let expected = manifest.frames[i]
            let size = manifest.size(of: i)
            let picture = pictures[expected.pixels]
            var verdict = try FrameVerdict.judge(
                frame, expected: expected, size: size, picture: picture,
                options: options, load: load)
            tally.add(verdict, index: i, actualSize: (frame.image.width, frame.image.height))
            guard keep, verdict.fails || report.animating else { return }
            if verdict.expectedImage == nil, let picture, frame.image.width == size.width,
                frame.image.height == size.height
            {
                verdict.expectedImage = try load(picture)
            }
            report.add(
                FailingFrame(frame: i, expected: verdict.expectedImage, actual: frame.image), fails: verdict.fails)
        }
        (result.failing, result.animation) = report.finished(lastFailing: tally.lastFailing)
        result.frameCount = count
        return try finish(
            result, tally: tally, count: count, manifest: manifest, drift: drift, expectedTrace: expectedTrace,
            actualTrace: actualTrace, tileFrames: tileFrames, identity: identity, name: name, store: store,
            options: options)
    }

    /// The failing frames whose images the report writes (at most `CheckArtifacts.maxFramesWritten`, in frame
    /// order): the first failing frame, then the first failing frames with a stored picture (which give an expected
    /// and a diff image), then the next failing frames.
    static func framesToWrite(first: [FailingFrame], pictured: [FailingFrame]) -> [FailingFrame] {
        var chosen = Array(first.prefix(1))
        for frame in pictured + first.dropFirst() where chosen.count < CheckArtifacts.maxFramesWritten {
            if !chosen.contains(where: { $0.frame == frame.frame }) { chosen.append(frame) }
        }
        return chosen.sorted { $0.frame < $1.frame }
    }

    /// What frame `frame` was compared with: its own key frame, or the key frame that stores its (equal) pixels.
    static func comparedWith(frame: Int, picture: Int) -> String {
        frame == picture
            ? "the golden's key frame \(frame)"
            : "the golden's frame \(frame) (its pixels are stored once, as key frame \(picture))"
    }

    /// The decoded key frame `index` of the golden.
    static func keyFrame(_ index: Int, name: String, store: GoldenStore, manifest: GoldenManifest) throws -> Pixmap {
        let file = GoldenManifest.keyFrameName(index)
        let bytes = try store.read(name, file, maxBytes: GoldenManifest.maxKeyFrameBytes, what: "golden key frame")
        do { return try PNGCodec.decode(bytes, maxPixels: manifest.maxFramePixels) } catch {
            throw ToolError(
                .invalidInput,
                "golden key frame \(OneLineName.quoted(store.join(store.folder(name), file))) is not a usable PNG: \(error.message)"
            )
        }
    }

    /// 52113 as "52,113".
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
