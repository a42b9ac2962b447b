package import GridModel

/// Linked (parallax) layers: each is an endless plane of tiles with its own size, colours and
/// labels, placed by the model (`LayerState`) and drawn behind or in front of the grid.
extension FrameRenderer {
    /// Draws the frame's layers with `placement`, in the scenario's order.
    package func drawLayers(_ frame: FrameState, _ placement: Layer.Placement, into canvas: inout Pixmap) {
        for state in frame.layers where state.layer.placement == placement { draw(state, into: &canvas) }
    }

    func draw(_ state: LayerState, into canvas: inout Pixmap) {
        let layer = state.layer
        for (coordinate, r) in state.tiles() {
            guard r.x < Double(canvas.width), r.y < Double(canvas.height), r.x + r.width > 0, r.y + r.height > 0 else {
                continue
            }
            let odd = (coordinate.x & 1) != (coordinate.y & 1)
            let fill = odd ? layer.alternateColor ?? layer.color : layer.color
            if fill.a > 0 { canvas.fill(r, fill) }
            drawBorder(r, width: layer.borderWidth, color: layer.borderColor, into: &canvas)
            if layer.fontSize > 0 && layer.labelColor.a > 0 {
                // The grid's label rules: one rounding rule, wrapping, never a cut glyph, style.labelFormat.
                let placed = placeLabel(coordinate, in: r, fontSize: layer.fontSize)
                for (line, origin) in zip(placed.label.lines, placed.origins) where !line.layout.glyphs.isEmpty {
                    canvas.draw(
                        line.layout, x: origin.x, baseline: origin.baseline, color: layer.labelColor, clip: placed.clip)
                }
            }
        }
    }

    /// The label a layer tile shows: its coordinate on the layer's plane.
    package static func layerLabel(for coordinate: TileCoordinate) -> String { "(\(coordinate.x), \(coordinate.y))" }
}
