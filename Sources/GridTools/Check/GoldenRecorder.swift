package import GridExport
import GridModel
import Rasterizer

/// What a golden is recorded from and with, beyond its frames: the scenario file's hash, the options that change
/// pixels, and the rendering identity (font file, FreeType).
package struct GoldenIdentity: Sendable, Equatable {
    /// The SHA-256 of what the frames were made from (the scenario file; a recording's steps).
    package var scenarioSHA256: String
    package var scale: Int
    package var fps: Int
    package var reference: Bool
    package var fontName: String?
    package var fontSHA256: String?
    package var freeType: String
    package var renderGrid: String

    package init(
        scenarioSHA256: String, scale: Int, fps: Int, reference: Bool, fontName: String?, fontSHA256: String?,
        freeType: String, renderGrid: String
    ) {
        self.scenarioSHA256 = scenarioSHA256
        self.scale = scale
        self.fps = fps
        self.reference = reference
        self.fontName = fontName
        self.fontSHA256 = fontSHA256
        self.freeType = freeType
        self.renderGrid = renderGrid
    }

    /// The identity of frames made from an input whose SHA-256 is `inputSHA256`, at `scale` and `fps`, by this
    /// build on this machine, drawn with the font file at `fontPath` (nil: no text).
    /// - Throws: `ExportError` when the font file cannot be read.
    package static func current(
        inputSHA256: String, scale: Int, fps: Int, fontPath: String?
    ) throws(ExportError) -> GoldenIdentity {
        var identity = GoldenIdentity(
            scenarioSHA256: inputSHA256, scale: scale, fps: fps, reference: false,
            fontName: nil, fontSHA256: nil, freeType: LinkedLibraries.freeType,
            renderGrid: RenderGrid.version)
        if let fontPath {
            identity.fontName = FileOutput.split(fontPath).name
            identity.fontSHA256 = SHA256.hex(
                try FileInput.read(fontPath, maxBytes: FontRenderer.maxFontBytes, what: "font"))
        }
        return identity
    }
}

/// Records a golden from a source (a scenario rendered in memory, or a recording's frames): writes the key frames (fast PNG encoder, each distinct
/// picture once) and the gzipped trace into a temporary folder inside the goldens folder, the manifest last,
/// then renames the folder into place.
enum GoldenRecorder {
    /// Records `source` as the golden `name` and returns its manifest.
    /// - Throws: `ExportError` from rendering or writing; the goldens folder is left as it was.
    static func record(
        _ source: GoldenSource, name: String, store: GoldenStore,
        options: GoldenOptions
    ) throws -> GoldenManifest {
        let identity = source.identity
        // The temporary folder stays locked while this run records into it (until it is the golden, or gone),
        // so no other run removes it; a killed run's lock goes with it, and the next run removes its folder.
        let (temporary, lock) = try store.makeTemporary(for: name)
        var committed = false
        defer {
            if !committed { store.remove(path: temporary) }
            lock.release()
        }
        var frames: [GoldenManifest.Frame] = []
        var last: GoldenFrame?
        var stored = Set<String>()
        var trace: [UInt8] = []
        var size: (width: Int, height: Int)?
        var previousEdgeHit = false
        /// Stores the frame's picture unless an equal one is stored already; whether it wrote one.
        func storeKeyFrame(_ frame: GoldenFrame) throws -> Bool {
            guard stored.insert(frame.pixels).inserted else { return false }
            let png = try PNGCodec.encode(frame.image)
            try FileOutput.writeAtomically(png, to: store.join(temporary, GoldenManifest.keyFrameName(frame.index)))
            return true
        }
        try GoldenFrames.render(source, jobs: options.jobs, cancellation: options.cancellation) { frame in
            let wanted = options.keyFrames.isKeyFrame(frame.line, previousEdgeHit: previousEdgeHit)
            previousEdgeHit = frame.line.edgeHit
            let key = wanted ? try storeKeyFrame(frame) : false
            if size == nil { size = (frame.image.width, frame.image.height) }
            let resized = frame.image.width != size!.width || frame.image.height != size!.height
            frames.append(
                GoldenManifest.Frame(
                    pixels: frame.pixels, trace: frame.trace, key: key,
                    width: resized ? frame.image.width : nil,
                    height: resized ? frame.image.height : nil))
            trace.append(contentsOf: frame.traceLine.utf8)
            trace.append(UInt8(ascii: "\n"))
            last = frame
        }
        guard let last, let size else { throw ExportError(.render, "\(source.description) has no frames") }
        if try storeKeyFrame(last) { frames[frames.count - 1].key = true }
        try FileOutput.writeAtomically(try Gzip.compress(trace), to: store.join(temporary, GoldenStore.traceName))
        let manifest = GoldenManifest(
            renderGrid: identity.renderGrid, scenarioSHA256: identity.scenarioSHA256, scale: identity.scale,
            fps: identity.fps, frameCount: frames.count, reference: identity.reference, width: size.width,
            height: size.height, fontName: identity.fontName, fontSHA256: identity.fontSHA256,
            freeType: identity.freeType, keyFrames: options.keyFrames.text, frames: frames,
            scenario: source.scenarioPath.flatMap { GoldenStore.relative(from: store.root, to: $0) })
        try FileOutput.writeAtomically(Array(manifest.text.utf8), to: store.join(temporary, GoldenStore.manifestName))
        // A signal that came during the recording's last writes stops it here, before the golden changes.
        if let signal = options.cancellation?.signalNumber {
            var stopped = ExportError(.stopped, "interrupted before the golden was replaced")
            stopped.signal = signal
            throw stopped
        }
        try store.replace(name, with: temporary)
        committed = true
        return manifest
    }
}
