import Foundation
import GridModel
import Rasterizer

/// Turns a frame's `DrawCommand`s (window points, back to front) into pixels with render-grid's own
/// drawing primitives, so a view tree that draws what `FrameRenderer` draws comes out pixel for pixel
/// the same: fills are `Pixmap.fill` (exact area coverage at fractional edges, source-over), borders
/// are `Pixmap.fillBorder` (the same four bands as a tile's border), text is `FontRenderer` lines
/// placed with `FrameRenderer.place` (the same rounding as a tile's label).
///
/// Where UIKit and `FrameRenderer` differ, UIKit wins here (see `drawText`): a label is laid out at
/// its font size, centred vertically in its bounds, truncated with "…" (never shrunk or wrapped after
/// the comma as tile labels are).
///
/// Every input is allowed: NaN, infinite or huge rectangles, clips and opacities draw nothing or
/// are clamped, and no call allocates more than the canvas (whose size is checked against
/// `maxCanvasPixels`) plus the text it lays out.
enum ViewRasterizer {
    /// The largest canvas, in device pixels: render's own default frame limit (`Limits.maxPixelsPerFrame`).
    static let maxCanvasPixels = Limits().maxPixelsPerFrame

    /// A `size` (points) × `scale` canvas over `background` with `commands` drawn in order.
    ///
    /// ```swift
    /// let pixmap = try ViewRasterizer.render(commands: commands, size: CGSize(width: 390, height: 844),
    ///                                        scale: 2, background: RGBA(255, 255, 255), font: font)
    /// ```
    /// - Throws: `RasterError(.size)` when the scale is outside 1...`Limits.maxScale` or the canvas
    ///   (each side rounded to whole pixels) is empty, not finite or above `maxCanvasPixels`;
    ///   `RasterError(.font)` when a command draws text and `font` is nil.
    static func render(
        commands: [DrawCommand], size: CGSize, scale: Int, background: RGBA,
        font: FontRenderer?
    ) throws(RasterError) -> Pixmap {
        var canvas = try drawInBands(commands: commands, size: size, scale: scale, background: background, font: font)
        canvas.endBands()
        return canvas
    }

    /// `render` without writing the rows that repeat the row above: the canvas is left drawing in bands
    /// (Pixmap+Bands.swift), for `PNGCodec.encodeBands`.
    static func drawInBands(
        commands: [DrawCommand], size: CGSize, scale: Int, background: RGBA,
        font: FontRenderer?
    ) throws(RasterError) -> Pixmap {
        guard (1...Limits.maxScale).contains(scale) else {
            throw RasterError(.size, "a scale of \(scale) is outside 1...\(Limits.maxScale)")
        }
        let w = Double(size.width) * Double(scale)
        let h = Double(size.height) * Double(scale)
        guard w.isFinite, h.isFinite, w.rounded() >= 1, h.rounded() >= 1,
            w.rounded() * h.rounded() <= Double(maxCanvasPixels)
        else {
            throw RasterError(
                .size,
                "a canvas of \(size.width)×\(size.height) points at scale \(scale) is not 1 to \(maxCanvasPixels) pixels"
            )
        }
        if font == nil, commands.contains(where: \.drawsText) {
            throw RasterError(.font, "a view draws text and no font was given")
        }
        var canvas = try Pixmap(width: Int(w.rounded()), height: Int(h.rounded()))
        canvas.beginBands()  // one row per band of rows that are alike; the same pixels
        canvas.clear(background)
        for command in commands { draw(command, scale: scale, font: font, into: &canvas) }
        return canvas
    }

    /// `render`'s picture as PNG bytes, by `PNGCodec.encode` (the fast encoder `render-grid render` uses).
    /// - Throws: what `render` throws, and `PNGCodec.encode`'s errors.
    static func png(
        commands: [DrawCommand], size: CGSize, scale: Int, background: RGBA,
        font: FontRenderer?
    ) throws(RasterError) -> [UInt8] {
        var canvas = try drawInBands(commands: commands, size: size, scale: scale, background: background, font: font)
        return try PNGCodec.encodeBands(&canvas)
    }

    /// Draws one command onto `canvas` (nothing when it lies outside its clip or is fully transparent).
    static func draw(_ command: DrawCommand, scale: Int, font: FontRenderer?, into canvas: inout Pixmap) {
        let s = Double(scale)
        let opacity = command.opacity.isNaN ? 0 : min(max(command.opacity, 0), 1)
        guard opacity > 0 else { return }
        let rect = PixelRect(command.rect, scale: s)
        // The clip in exact pixels (fills and borders are cut to it exactly), also cut to the canvas.
        let canvasRect = PixelRect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        guard let clip = PixelRect(command.clip, scale: s).intersection(canvasRect) else { return }
        let radius = command.cornerRadius.isNaN ? 0 : max(command.cornerRadius, 0) * s
        switch command.content {
        case .fill(let color):
            let color = color.scaled(by: opacity)
            if radius > 0 {
                canvas.fillRounded(rect, radius: radius, border: nil, color, clip: clip)
            } else if let cut = rect.intersection(clip) {
                canvas.fill(cut, color)
            }
        case .border(let width, let color):
            let width = width.isNaN ? 0 : width * s
            if radius > 0 {
                canvas.fillRounded(rect, radius: radius, border: width, color.scaled(by: opacity), clip: clip)
            } else {
                canvas.fillBorder(rect, width: width, color.scaled(by: opacity), clip: clip)
            }
        case .text(let text):
            guard let font else { return }
            drawText(text, in: rect, scale: s, opacity: opacity, font: font, clip: clip.pixelBounds, into: &canvas)
        case .image(let image):
            drawImage(image, in: rect, scale: s, opacity: opacity, clip: clip.pixelBounds, into: &canvas)
        }
    }
}

extension DrawCommand {
    /// Whether drawing it needs a font: visible text.
    var drawsText: Bool {
        guard case .text(let text) = content else { return false }
        return !text.text.isEmpty && text.color.a > 0 && text.pointSize > 0 && opacity > 0
    }
}

extension PixelRect {
    /// `rect` (points) in device pixels. Its own origin and size, not standardized: a negative
    /// width or height is empty (draws nothing).
    /// `rect` (window points) in device pixels, computed as the built-in renderer computes a tile's: its edges on
    /// the model's fixed-point grid (1/26880 pt), divided by the units of a pixel. A tile at 367.666666666664 pt
    /// after float arithmetic on a 1/3-pt offset is at exactly 1103 px at 3x, so its label rounds as the same
    /// tile's label in `render` does.
    init(_ rect: CGRect, scale: Double) {
        let exact = scale.rounded() == scale && scale >= 1 && scale <= 8
        func pixels(_ v: CGFloat) -> Double {
            let d = Double(v)
            guard exact, abs(d) < 1e9 else { return d * scale }
            return Double(Fixed.from(points: d)) / Double(Fixed.pixel(scale: Int(scale)))
        }
        let minX = pixels(rect.minX)
        let minY = pixels(rect.minY)
        self.init(x: minX, y: minY, width: pixels(rect.maxX) - minX, height: pixels(rect.maxY) - minY)
    }

    /// The whole pixels whose centres lie inside (edges rounded by `FrameRenderer.place`, halves
    /// up), for the drawing that clips to whole pixels: text and images.
    var pixelBounds: IntRect {
        let place = FrameRenderer.place
        return IntRect(minX: place(x), minY: place(y), maxX: place(x + width), maxY: place(y + height))
    }
}

extension RGBA {
    /// The colour with its alpha multiplied by `opacity` (0...1), rounded to the nearest level.
    func scaled(by opacity: Double) -> RGBA {
        opacity >= 1 ? self : RGBA(r, g, b, UInt8((Double(a) * opacity).rounded()))
    }
}
