extension ScenarioDecoder {
    /// `layers`: an array of at most `Limits.maxLayers` layer objects, each value range-checked at
    /// its path (`layers[1].factor.x`).
    static func decodeLayers(_ node: Node) throws(ScenarioError) -> [Layer] {
        let items = try node.array("layers")
        if items.count > Limits.maxLayers {
            throw node.failure(.limitExceeded, "\(items.count) layers; the limit is \(Limits.maxLayers) layers")
        }
        var layers: [Layer] = []
        for item in items {
            let m = try item.object("layers")
            var layer = Layer()
            if let v = m.optional("factor") { layer.factor = try v.layerFactor() }
            if let v = m.optional("placement") { layer.placement = try v.enumeration(Layer.Placement.self) }
            if let v = m.optional("tileSize") { layer.tileSize = try v.size("layers.tileSize", in: Allowed.tilePoints) }
            if let v = m.optional("color") { layer.color = try v.color() }
            if let v = m.optional("alternateColor") { layer.alternateColor = try v.color() }
            if let v = m.optional("borderColor") { layer.borderColor = try v.color() }
            if let v = m.optional("borderWidth") { layer.borderWidth = try v.double(in: Allowed.borderWidth) }
            if let v = m.optional("labelColor") { layer.labelColor = try v.color() }
            if let v = m.optional("fontSize") { layer.fontSize = try v.double(in: Allowed.fontSize) }
            layers.append(layer)
        }
        return layers
    }
}

extension Node {
    /// A layer's factor: one number for both axes, or `{ "x": …, "y": … }` (a missing one is 0, as in every
    /// `{x, y}` object).
    func layerFactor() throws(ScenarioError) -> Vector {
        switch value {
        case .number:
            let f = try double(in: Allowed.layerFactor)
            return Vector(x: f, y: f)
        case .object:
            let m = try xy("layers.factor")
            return Vector(
                x: try m.optional("x")?.double(in: Allowed.layerFactor) ?? 0,
                y: try m.optional("y")?.double(in: Allowed.layerFactor) ?? 0)
        default:
            throw failure(
                .wrongType,
                "must be a number in \(Check.describe(Allowed.layerFactor)) or an object like "
                    + "\(ScenarioDecoder.objectExamples["layers.factor"]!), found \(found(unquoted: Node.isNumber))")
        }
    }
}
