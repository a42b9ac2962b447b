/// The trace line's geometry: points, sizes, tile coordinates and the tile list.
extension TraceLineParser {
    /// {"x": number, "y": number, ...}
    mutating func point(_ name: String, depth: Int = 2) throws(TraceLineError) -> (x: Double, y: Double) {
        guard peek == UInt8(ascii: "{") else { throw error("\(name) is not an object") }
        var x: Double?
        var y: Double?
        if try beginObject(depth: depth) {
            repeat {
                let k = field(try key())
                if k == .x {
                    guard x == nil else { throw error("duplicate key \"x\" in \(name)") }
                    x = try number(name + ".x")
                } else if k == .y {
                    guard y == nil else { throw error("duplicate key \"y\" in \(name)") }
                    y = try number(name + ".y")
                } else {
                    try skipValue(depth: depth)
                }
            } while try nextMember()
        }
        guard let x, let y else { throw error("\(name) needs \"x\" and \"y\"") }
        return (x, y)
    }

    mutating func vector(_ name: String, depth: Int) throws(TraceLineError) -> Vector {
        let (x, y) = try point(name, depth: depth)
        return Vector(x: x, y: y)
    }

    /// {"x": whole number, "y": whole number, ...}
    mutating func coordinate(_ name: String, depth: Int) throws(TraceLineError) -> TileCoordinate {
        guard peek == UInt8(ascii: "{") else { throw error("\(name) is not an object") }
        var x: Int64?
        var y: Int64?
        if try beginObject(depth: depth) {
            repeat {
                let k = field(try key())
                if k == .x {
                    guard x == nil else { throw error("duplicate key \"x\" in \(name)") }
                    x = try tileIndex(name + ".x")
                } else if k == .y {
                    guard y == nil else { throw error("duplicate key \"y\" in \(name)") }
                    y = try tileIndex(name + ".y")
                } else {
                    try skipValue(depth: depth)
                }
            } while try nextMember()
        }
        guard let x, let y else { throw error("\(name) needs \"x\" and \"y\"") }
        return TileCoordinate(x: x, y: y)
    }

    /// {"width": number, "height": number, ...}
    mutating func size(_ name: String) throws(TraceLineError) -> Size {
        guard peek == UInt8(ascii: "{") else { throw error("\(name) is not an object") }
        var width: Double?
        var height: Double?
        if try beginObject(depth: 2) {
            repeat {
                let k = field(try key())
                if k == .width {
                    guard width == nil else { throw error("duplicate key \"width\" in \(name)") }
                    width = try number(name + ".width")
                } else if k == .height {
                    guard height == nil else { throw error("duplicate key \"height\" in \(name)") }
                    height = try number(name + ".height")
                } else {
                    try skipValue(depth: 2)
                }
            } while try nextMember()
        }
        guard let width, let height else { throw error("\(name) needs \"width\" and \"height\"") }
        return Size(width: width, height: height)
    }

    /// [{"x": n, "y": n, "id": n, "rect": [x, y, width, height], "item": {...}?, "loaded": false?}, ...]
    mutating func tileList() throws(TraceLineError) -> [TraceTile] {
        guard peek == UInt8(ascii: "[") else { throw error("tiles is not an array") }
        var tiles: [TraceTile] = []
        if try beginArray(depth: 2) {
            repeat {
                guard tiles.count < Self.maxTiles else { throw error("over \(Self.maxTiles) tiles") }
                tiles.append(try tile())
            } while try nextElement()
        }
        return tiles
    }

    mutating func tile() throws(TraceLineError) -> TraceTile {
        guard peek == UInt8(ascii: "{") else { throw error("a tile is not an object") }
        var x: Int64?
        var y: Int64?
        var rect: TraceTile.Rect?
        var item: TileCoordinate?
        var loaded: Bool?
        if try beginObject(depth: 3) {
            repeat {
                let k = field(try key())
                switch k {
                case .x?:
                    guard x == nil else { throw error("duplicate key \"x\" in a tile") }
                    x = try tileIndex("tile x")
                case .y?:
                    guard y == nil else { throw error("duplicate key \"y\" in a tile") }
                    y = try tileIndex("tile y")
                case .rect?:
                    guard rect == nil else { throw error("duplicate key \"rect\" in a tile") }
                    rect = try rectangle()
                case .item?:
                    guard item == nil else { throw error("duplicate key \"item\" in a tile") }
                    item = try coordinate("tile item", depth: 4)
                case .loaded?:
                    guard loaded == nil else { throw error("duplicate key \"loaded\" in a tile") }
                    loaded = try bool("tile loaded")
                default: try skipValue(depth: 3)
                }
            } while try nextMember()
        }
        guard let x, let y else { throw error("a tile needs \"x\" and \"y\"") }
        guard let rect else { throw error("tile (\(x), \(y)) has no \"rect\"") }
        return TraceTile(coordinate: TileCoordinate(x: x, y: y), rect: rect, item: item, loaded: loaded ?? true)
    }

    /// [x, y, width, height]
    mutating func rectangle() throws(TraceLineError) -> TraceTile.Rect {
        guard peek == UInt8(ascii: "["), try beginArray(depth: 4) else {
            throw error("a tile rect is not [x, y, width, height]")
        }
        var values: [Double] = []
        repeat {
            guard values.count < 4 else { throw error("a tile rect has more than 4 numbers") }
            values.append(try number("tile rect"))
        } while try nextElement()
        guard values.count == 4 else { throw error("a tile rect has \(values.count) numbers, not 4") }
        return TraceTile.Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// A tile coordinate: a whole number in Int64 (digits read exactly), or a number with a whole value up to 2^53.
    mutating func tileIndex(_ name: String) throws(TraceLineError) -> Int64 {
        let (double, text) = try numberAndText(name)
        if let value = Int64(text) { return value }
        guard double == double.rounded(), double.magnitude <= 0x1p53 else {
            throw error("\(name) \(text) is not a whole number")
        }
        return Int64(double)
    }
}
