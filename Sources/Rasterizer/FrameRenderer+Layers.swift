public import GridModel

/// Linked (parallax) layers: each is an endless plane of tiles with its own size, colours and
/// labels, placed by the model (`LayerState`) and drawn behind or in front of the grid.
extension FrameRenderer {
    /// Draws the frame's layers with `placement`, in the scenario's order.
    public func drawLayers(_ frame: FrameState, _ placement: Layer.Placement, into canvas: inout Canvas) {
        for state in frame.layers where state.layer.placement == placement { draw(state, into: &canvas) }
    }

    func draw(_ state: LayerState, into canvas: inout Canvas) {
        let layer = state.layer
        for (coordinate, r) in state.tiles() {
            guard r.x < Double(canvas.width), r.y < Double(canvas.height), r.x + r.width > 0, r.y + r.height > 0 else { continue }
            let odd = (coordinate.x & 1) != (coordinate.y & 1)
            let fill = odd ? layer.alternateColor ?? layer.color : layer.color
            if fill.a > 0 { canvas.fill(r, fill) }
            let b = min(layer.borderWidth * Double(scale), r.width / 2, r.height / 2)
            if b > 0 && layer.borderColor.a > 0 {
                let c = layer.borderColor
                canvas.fill(PixelRect(x: r.x, y: r.y, width: r.width, height: b), c)
                canvas.fill(PixelRect(x: r.x, y: r.y + r.height - b, width: r.width, height: b), c)
                canvas.fill(PixelRect(x: r.x, y: r.y + b, width: b, height: r.height - 2 * b), c)
                canvas.fill(PixelRect(x: r.x + r.width - b, y: r.y + b, width: b, height: r.height - 2 * b), c)
            }
            if layer.fontSize > 0 && layer.labelColor.a > 0 {
                drawLayerLabel(FrameRenderer.layerLabel(for: coordinate), in: r, fontSize: layer.fontSize, color: layer.labelColor,
                               into: &canvas)
            }
        }
    }

    /// The label a layer tile shows: its coordinate on the layer's plane.
    public static func layerLabel(for coordinate: TileCoordinate) -> String { "(\(coordinate.x), \(coordinate.y))" }

    /// Centres `text` in `r` as the grid's labels are centred: shrunk down to half size when it is
    /// too wide, then clipped to the tile less its margins.
    func drawLayerLabel(_ text: String, in r: PixelRect, fontSize: Double, color: RGBA, into canvas: inout Canvas) {
        let margin = FrameRenderer.labelMargin * Double(scale)
        let available = r.width - 2 * margin
        let full = fontSize * Double(scale)
        var line = font.layout(text, pixelSize: full)
        if Double(line.width) > available {
            func snapped(_ size: Double) -> Double { max(full / 2, (size * 4).rounded(.down) / 4) }
            var size = snapped(full * available / Double(line.width))
            line = font.layout(text, pixelSize: size)
            var tries = 0
            while Double(line.width) > available && size > full / 2 && tries < 6 {
                size = snapped(min(size - 0.25, size * available / Double(line.width)))
                line = font.layout(text, pixelSize: size)
                tries += 1
            }
        }
        let inset = min(margin, r.width / 4)
        let clip = ClipRect(x0: Int((r.x + inset).rounded()), y0: Int(r.y.rounded()),
                            x1: Int((r.x + r.width - inset).rounded()), y1: Int((r.y + r.height).rounded()))
        let x = Int((r.x + (r.width - Double(line.width)) / 2).rounded())
        let top = r.y + (r.height - (line.ascender - line.descender)) / 2
        canvas.draw(line, x: x, baseline: Int((top + line.ascender).rounded()), color: color, clip: clip)
    }
}
