import GridModel

extension FrameRenderer {
    /// Tint for a tile object reused `count` times: green for a few reuses through yellow to red at 20+.
    static func reuseTint(_ count: Int) -> RGBA {
        let u = min(1, Double(count) / 20)
        return RGBA(UInt8(255 * min(1, 2 * u)), UInt8(255 * min(1, 2 * (1 - u))), 0, 96)
    }

    /// The HUD: a panel with frame, time, phase, offset and tile counts, and a minimap of the
    /// content size with the viewport in it, where each recenter shows as a jump back to the middle.
    func drawHUD(_ frame: FrameState, into canvas: inout Pixmap) {
        guard let font else { return }  // render refuses the HUD without a font before drawing
        let s = Double(scale)
        let size = 11 * s
        let lineHeight = (size * 1.3).rounded()
        var lines = [
            "frame \(frame.index)  t \(CFormat.string("%.3f", frame.time)) s",
            "\(frame.phase.rawValue)",
            "offset \(CFormat.string("%.1f", frame.contentOffset.x)), \(CFormat.string("%.1f", frame.contentOffset.y))",
            "live \(frame.stats.live)  pool \(frame.stats.pool)  reused \(frame.stats.reused)",
        ]
        if let shift = frame.recenterShift {
            lines.append("recenter \(CFormat.string("%.1f", shift.x)), \(CFormat.string("%.1f", shift.y))")
        }
        if let page = frame.page { lines.append("page \(page.x), \(page.y)") }
        if frame.edgeHit { lines.append("edge hit") }
        let layouts = lines.map { font.layout($0, pixelSize: size) }
        let pad = (6 * s).rounded()
        let panelWidth = Double(layouts.map(\.width).max() ?? 0) + 2 * pad
        let panelHeight = Double(lines.count) * lineHeight + 2 * pad - (lineHeight - size)
        let panel = PixelRect(x: 4 * s, y: 4 * s, width: panelWidth, height: panelHeight)
        canvas.fill(panel, RGBA(0, 0, 0, 170))
        for (i, line) in layouts.enumerated() {
            // The clamping rule of the labels (the same pixel as `.rounded()` here, where both are positive).
            let baseline = FrameRenderer.place(panel.y + pad + Double(i) * lineHeight + line.ascender)
            canvas.draw(
                line, x: FrameRenderer.place(panel.x + pad), baseline: baseline,
                color: i == 4 && frame.recenterShift != nil ? RGBA(255, 120, 120) : RGBA(255, 255, 255),
                clip: canvas.bounds)
        }
        drawMinimap(frame, into: &canvas)
    }

    func drawMinimap(_ frame: FrameState, into canvas: inout Pixmap) {
        let s = Double(scale)
        let content = frame.contentSize
        guard content.width > 0, content.height > 0 else { return }
        let mapWidth = 64 * s
        let mapHeight = min(140 * s, max(16 * s, mapWidth * content.height / content.width))
        let map = PixelRect(x: Double(canvas.width) - mapWidth - 4 * s, y: 4 * s, width: mapWidth, height: mapHeight)
        canvas.fill(map, RGBA(255, 255, 255, 200))
        let border = frame.recenterShift != nil ? RGBA(230, 30, 30) : RGBA(0, 0, 0, 160)
        let b = max(1, s)
        canvas.fill(PixelRect(x: map.x, y: map.y, width: map.width, height: b), border)
        canvas.fill(PixelRect(x: map.x, y: map.y + map.height - b, width: map.width, height: b), border)
        canvas.fill(PixelRect(x: map.x, y: map.y, width: b, height: map.height), border)
        canvas.fill(PixelRect(x: map.x + map.width - b, y: map.y, width: b, height: map.height), border)
        // The viewport inside the content, at least 3 pixels so it stays visible in a huge content.
        let sx = map.width / content.width
        let sy = map.height / content.height
        let w = max(3, frame.viewport.width * sx)
        let h = max(3, frame.viewport.height * sy)
        let x = min(max(map.x + frame.contentOffset.x * sx, map.x - w / 2), map.x + map.width - w / 2)
        let y = min(max(map.y + frame.contentOffset.y * sy, map.y - h / 2), map.y + map.height - h / 2)
        canvas.fill(PixelRect(x: x, y: y, width: w, height: h), RGBA(20, 90, 230, 220))
        // The centre the recentering strategies return to.
        canvas.fill(
            PixelRect(x: map.x + map.width / 2 - 0.5 * s, y: map.y, width: s, height: map.height), RGBA(0, 0, 0, 60))
        canvas.fill(
            PixelRect(x: map.x, y: map.y + map.height / 2 - 0.5 * s, width: map.width, height: s), RGBA(0, 0, 0, 60))
    }
}
