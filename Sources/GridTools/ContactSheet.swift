import Foundation
import GridModel
public import Rasterizer

public struct SheetOptions: Sendable {
    /// Every Nth frame; nil picks N so the sheet has at most `maxThumbnails`.
    public var every: Int?
    public var columns = 8
    /// Thumbnail width in pixels.
    public var thumbnailWidth = 160
    public var maxThumbnails = 48
    /// nil: DIR/sheet.png.
    public var output: String?
    public init() {}
}

/// One PNG with every Nth frame of a render folder as a thumbnail, labelled with its frame number
/// and phase; frames where a recenter happened get a red frame and an "R".
public enum ContactSheet {
    @discardableResult
    public static func write(folder: String, options: SheetOptions, font: FontRenderer) throws -> String {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }.sorted()
        guard !files.isEmpty else { throw DiffInputError(message: "no frame_*.png files in \(folder)") }
        let trace = Dictionary(TraceReader.read(folder: folder).frames.map { ($0.frame, $0) }, uniquingKeysWith: { a, _ in a })
        let every = options.every ?? max(1, (files.count + options.maxThumbnails - 1) / options.maxThumbnails)
        let picked = stride(from: 0, to: files.count, by: every).map { files[$0] }
        // Every frame with a recenter is shown, even between the picked ones.
        let recenterFiles = files.filter { name in
            frameNumber(name).flatMap { trace[$0] }.map { $0.recenterX != nil } ?? false
        }
        let shown = Array(Set(picked).union(recenterFiles)).sorted()
        let first = try decode((folder as NSString).appendingPathComponent(shown[0]))
        let tw = options.thumbnailWidth
        let th = max(1, Int((Double(first.height) * Double(tw) / Double(first.width)).rounded()))
        let labelHeight = 18, gap = 6
        let columns = min(options.columns, shown.count)
        let rows = (shown.count + columns - 1) / columns
        var sheet = try Canvas(width: columns * (tw + gap) + gap, height: rows * (th + labelHeight + gap) + gap, fill: RGBA(40, 40, 40))
        for (i, name) in shown.enumerated() {
            let image = try decode((folder as NSString).appendingPathComponent(name))
            let x = gap + (i % columns) * (tw + gap), y = gap + (i / columns) * (th + labelHeight + gap)
            let thumb = downscale(image, width: tw, height: th)
            sheet.copy(try Canvas(width: tw, height: th, pixels: thumb.pixels), x: x, y: y)
            let number = frameNumber(name)
            let info = number.flatMap { trace[$0] }
            let recentered = info?.recenterX != nil
            if recentered {
                let red = RGBA(235, 40, 40)
                let left = Double(x - 3), top = Double(y - 3), wide = Double(tw + 6), tall = Double(th)
                sheet.fill(PixelRect(x: left, y: top, width: wide, height: 3), red)
                sheet.fill(PixelRect(x: left, y: Double(y + th), width: wide, height: 3), red)
                sheet.fill(PixelRect(x: left, y: Double(y), width: 3, height: tall), red)
                sheet.fill(PixelRect(x: Double(x + tw), y: Double(y), width: 3, height: tall), red)
            }
            var text = "#\(number.map(String.init) ?? name)"
            if let info { text += " \(info.phase)" }
            if recentered { text = "R " + text }
            if info?.edgeHit == true { text += " edge" }
            let line = font.layout(text, pixelSize: 11)
            sheet.draw(line, x: x + 2, baseline: y + th + 13, color: recentered ? RGBA(255, 120, 120) : RGBA(230, 230, 230),
                       clip: ClipRect(x0: x, y0: y + th, x1: x + tw, y1: y + th + labelHeight))
        }
        let output = options.output ?? (folder as NSString).appendingPathComponent("sheet.png")
        try FileOutput.writeAtomically(try PNGCodec.encode(sheet), to: output)
        return output
    }

    static func frameNumber(_ name: String) -> Int? { Int(name.dropFirst(6).dropLast(4)) }

    static func decode(_ path: String) throws -> RGBAImage {
        guard let data = FileManager.default.contents(atPath: path) else { throw DiffInputError(message: "cannot read \(path)") }
        do { return RGBAImage(try PNGCodec.decode([UInt8](data))) } catch { throw DiffInputError(message: "\(path): \(error)") }
    }

    /// Area-average (box filter) downscaling.
    static func downscale(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for ty in 0..<height {
            let y0 = ty * image.height / height, y1 = max(y0 + 1, (ty + 1) * image.height / height)
            for tx in 0..<width {
                let x0 = tx * image.width / width, x1 = max(x0 + 1, (tx + 1) * image.width / width)
                var sum = [0, 0, 0, 0]
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let i = (y * image.width + x) * 4
                        for c in 0..<4 { sum[c] += Int(image.pixels[i + c]) }
                    }
                }
                let n = (y1 - y0) * (x1 - x0), o = (ty * width + tx) * 4
                for c in 0..<4 { out[o + c] = UInt8((sum[c] + n / 2) / n) }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
