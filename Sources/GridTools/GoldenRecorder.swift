import GridModel
import Rasterizer
import GridExport

/// What a golden is recorded from and with, beyond its frames: the scenario file's hash, the options that change
/// pixels, and the rendering identity (font file, FreeType).
struct GoldenIdentity: Sendable, Equatable {
    var scenarioSHA256: String
    var scale: Int
    var fps: Int
    var reference: Bool
    var fontName: String?
    var fontSHA256: String?
    var freeType: String
    var renderGrid: String
}

/// Records a scenario's golden: renders it in memory, writes the key frames (fast PNG encoder, each distinct
/// picture once) and the gzipped trace into a temporary folder inside the goldens folder, the manifest last,
/// then renames the folder into place.
enum GoldenRecorder {
    /// Records `loaded` as the golden `name` and returns its manifest.
    /// - Throws: `ExportError` from rendering or writing; the goldens folder is left as it was.
    static func record(_ loaded: ScenarioFile, name: String, identity: GoldenIdentity, store: GoldenStore,
                       options: GoldenOptions) throws -> GoldenManifest {
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
            try FileOutput.writeAtomically(png, to: store.join(temporary, GoldenManifest.keyFrameName(frame.state.index)))
            return true
        }
        try GoldenFrames.render(loaded, reference: identity.reference, jobs: options.jobs, limits: options.limits,
                                cancellation: options.cancellation) { frame in
            let wanted = options.keyFrames.isKeyFrame(frame.state, previousEdgeHit: previousEdgeHit)
            previousEdgeHit = frame.state.edgeHit
            let key = wanted ? try storeKeyFrame(frame) : false
            if size == nil { size = (frame.image.width, frame.image.height) }
            let resized = frame.image.width != size!.width || frame.image.height != size!.height
            frames.append(GoldenManifest.Frame(pixels: frame.pixels, trace: frame.trace, key: key,
                                               width: resized ? frame.image.width : nil,
                                               height: resized ? frame.image.height : nil))
            trace.append(contentsOf: frame.traceLine.utf8)
            trace.append(UInt8(ascii: "\n"))
            last = frame
        }
        guard let last, let size else { throw ExportError(.render, "scenario \(OneLineName.quoted(loaded.path)) has no frames") }
        if try storeKeyFrame(last) { frames[frames.count - 1].key = true }
        try FileOutput.writeAtomically(try Gzip.compress(trace), to: store.join(temporary, GoldenStore.traceName))
        let manifest = GoldenManifest(
            renderGrid: identity.renderGrid, scenarioSHA256: identity.scenarioSHA256, scale: identity.scale,
            fps: identity.fps, frameCount: frames.count, reference: identity.reference, width: size.width,
            height: size.height, fontName: identity.fontName, fontSHA256: identity.fontSHA256,
            freeType: identity.freeType, keyFrames: options.keyFrames.text, frames: frames,
            scenario: GoldenStore.relative(from: store.root, to: loaded.path))
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
