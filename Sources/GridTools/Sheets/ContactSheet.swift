import GridExport
import GridModel
public import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One PNG with every Nth frame of a render folder as a thumbnail, labelled with its frame number
/// and phase; frames where a recenter happened get a red frame and an "R".
///
/// Bounded for any folder: the sheet's size is checked against `maxSheetPixels` before it is made,
/// each frame against `maxFrameBytes` and `maxFramePixels` before it is decoded, and thumbnails keep
/// at most `SheetOptions.maxThumbnailAspect`. Frames of other sizes than the first (a resize step)
/// are fitted into the same cells, keeping their aspect ratio.
public enum ContactSheet {
    /// Longest label drawn, in characters.
    static let maxLabelCharacters = 48

    /// Writes the sheet and returns its path.
    ///
    /// ```swift
    /// let path = try ContactSheet.write(folder: "output/drag", options: SheetOptions(every: 10), font: font)
    /// ```
    /// - Parameter warn: told about each trace file that was skipped (the labels then lack its frames).
    /// - Throws: `ToolError` for options out of range, no frames, a bad frame or a limit;
    ///   `ExportError(.input)` for a frame that cannot be read; `ExportError(.output)` when writing fails.
    @discardableResult
    public static func write(
        folder: String, options: SheetOptions, font: FontRenderer,
        warn: (String) -> Void = { _ in }
    ) throws -> String {
        try options.validate()
        switch FileInput.kind(of: folder) {
        case .folder: break
        case .missing: throw ToolError(.invalidInput, "folder \(FileInput.quoted(folder)) does not exist")
        default: throw ToolError(.invalidInput, "\(FileInput.quoted(folder)) is not a folder")
        }
        let files = frameFiles(in: folder)
        guard !files.isEmpty else {
            throw ToolError(.invalidInput, "no frame_*.png files in \(FileInput.quoted(folder))")
        }
        let (traceFrames, skipped) = TraceReader.read(folder: folder, limits: options.traceLimits)
        skipped.forEach(warn)
        let trace = Dictionary(traceFrames.map { ($0.frame, $0) }, uniquingKeysWith: { a, _ in a })
        let every = options.every ?? ((files.count - 1) / options.maxThumbnails + 1)
        let picked = (0...((files.count - 1) / every)).map { $0 * every }
        // Every frame with a recenter is shown, even between the picked ones.
        let recentering = files.indices.filter { files[$0].number.flatMap { trace[$0] }?.recenterX != nil }
        let shown = Set(picked).union(recentering).sorted().map { files[$0] }
        let first = try decode(shown[0].path, options)
        let cellWidth = options.thumbnailWidth
        let layout = try SheetLayout(
            count: shown.count, columns: options.columns, cellWidth: cellWidth,
            cellHeight: SheetLayout.cellHeight(
                cellWidth: cellWidth, frameWidth: first.width, frameHeight: first.height),
            maxPixels: options.maxSheetPixels)
        var sheet = try Pixmap(width: layout.width, height: layout.height, fill: RGBA(40, 40, 40))
        for (i, file) in shown.enumerated() {
            let image = i == 0 ? first : try decode(file.path, options)
            let (x, y) = layout.origin(i)
            let (tw, th) = (layout.cellWidth, layout.cellHeight)
            let size = layout.fitted(width: image.width, height: image.height)
            sheet.copy(
                try downscale(image, width: size.width, height: size.height), x: x + (tw - size.width) / 2,
                y: y + (th - size.height) / 2)
            let info = file.number.flatMap { trace[$0] }
            let recentered = info?.recenterX != nil
            if recentered {
                let red = RGBA(235, 40, 40)
                let left = Double(x - 3)
                let top = Double(y - 3)
                let wide = Double(tw + 6)
                let tall = Double(th)
                sheet.fill(PixelRect(x: left, y: top, width: wide, height: 3), red)
                sheet.fill(PixelRect(x: left, y: Double(y + th), width: wide, height: 3), red)
                sheet.fill(PixelRect(x: left, y: Double(y), width: 3, height: tall), red)
                sheet.fill(PixelRect(x: Double(x + tw), y: Double(y), width: 3, height: tall), red)
            }
            var text = "#\(file.number.map(String.init) ?? FileInput.quoted(file.name))"
            if let info { text += " \(info.phase)" }
            if recentered { text = "R " + text }
            if info?.edgeHit == true { text += " edge" }
            if text.count > maxLabelCharacters { text = String(text.prefix(maxLabelCharacters - 1)) + "…" }
            let line = font.layout(text, pixelSize: 11)
            sheet.draw(
                line, x: x + 2, baseline: y + th + 13, color: recentered ? RGBA(255, 120, 120) : RGBA(230, 230, 230),
                clip: IntRect(x: x, y: y + th, width: tw, height: SheetLayout.labelHeight))
        }
        let output = options.output ?? FilePaths.join(folder, "sheet.png")
        try FileOutput.writeAtomically(try PNGCodec.encode(sheet), to: output)
        return output
    }

    struct FrameFile {
        var name: String
        var path: String
        var number: Int?
    }

    /// The folder's frame_*.png files in frame order (numbers past 99999 have more digits).
    static func frameFiles(in folder: String) -> [FrameFile] {
        (FilePaths.names(in: folder) ?? [])
            .filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
            .map { FrameFile(name: $0, path: FilePaths.join(folder, $0), number: frameNumber($0)) }
            .sorted { ($0.number ?? .max, $0.name) < ($1.number ?? .max, $1.name) }
    }

    static func frameNumber(_ name: String) -> Int? {
        guard name.count > 10 else { return nil }
        return Int(name.dropFirst(6).dropLast(4))
    }

    /// A frame's pixels, refused from its file size and PNG header when over the limits.
    static func decode(_ path: String, _ options: SheetOptions) throws -> Pixmap {
        try ToolError.checkSize(path, what: "frame", maxBytes: options.maxFrameBytes, limit: .maxFrameBytes)
        let bytes = try FileInput.read(path, maxBytes: options.maxFrameBytes, what: "frame")
        let shown = FileInput.quoted(path)
        if let (width, height) = pngSize(bytes),
            case (let area, let overflow) = width.multipliedReportingOverflow(by: height),
            overflow || area > options.maxFramePixels
        {
            throw ToolError(
                .overLimit,
                "frame \(shown) is \(width)×\(height) pixels; the limit is \(options.maxFramePixels) pixels (maxFramePixels)",
                limit: .maxFramePixels)
        }
        do {
            return try PNGCodec.decode(bytes, maxPixels: options.maxFramePixels)
        } catch {
            throw ToolError(.invalidInput, "frame \(shown) is not a valid PNG: \(error)")
        }
    }

    /// Width and height from a PNG's IHDR chunk, nil when the header is not a PNG's.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8) else {
            return nil
        }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// Area-average (box filter) scaling to `width` × `height` (up or down).
    static func downscale(_ image: Pixmap, width: Int, height: Int) throws -> Pixmap {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { src in
            for ty in 0..<height {
                let y0 = ty * image.height / height
                let y1 = max(y0 + 1, (ty + 1) * image.height / height)
                for tx in 0..<width {
                    let x0 = tx * image.width / width
                    let x1 = max(x0 + 1, (tx + 1) * image.width / width)
                    var r = 0
                    var g = 0
                    var b = 0
                    var a = 0
                    for y in y0..<y1 {
                        var i = (y * image.width + x0) * 4
                        for _ in x0..<x1 {
                            r += Int(src[i])
                            g += Int(src[i + 1])
                            b += Int(src[i + 2])
                            a += Int(src[i + 3])
                            i += 4
                        }
                    }
                    let n = (y1 - y0) * (x1 - x0)
                    let o = (ty * width + tx) * 4
                    out[o] = UInt8((r + n / 2) / n)
                    out[o + 1] = UInt8((g + n / 2) / n)
                    out[o + 2] = UInt8((b + n / 2) / n)
                    out[o + 3] = UInt8((a + n / 2) / n)
                }
            }
        }
        return try Pixmap(width: width, height: height, pixels: out)
    }
}
