/// The range checks of one step's values, and the shared checks of numbers, insets, integers and coordinates
/// that name their JSON path.
extension Step {
    /// Every value of the step within its range, with the JSON path under `path` ("steps[3]").
    func checkValues(_ path: String) throws(ScenarioError) {
        switch self {
        case .drag(let by, let duration, _, _):
            try Check.number(by.x, in: Allowed.distance, path + ".drag.by.x")
            try Check.number(by.y, in: Allowed.distance, path + ".drag.by.y")
            try Check.number(duration, in: Allowed.dragSeconds, path + ".drag.duration")
        case .cancel:
            break
        case .touches(let touches):
            try Touch.check(touches, path + ".touches")
        case .resize(let width, let height):
            try Check.number(width, in: Allowed.viewportPoints, path + ".resize.width")
            try Check.number(height, in: Allowed.viewportPoints, path + ".resize.height")
        case .wait(let duration):
            try Check.number(duration, in: Allowed.waitSeconds, path + ".wait.duration")
        case .waitUntilIdle(let max):
            try Check.number(max, in: Allowed.waitSeconds, path + ".wait.max")
        case .fling(let velocity):
            try Check.number(velocity.x, in: Allowed.velocity, path + ".fling.velocity.x")
            try Check.number(velocity.y, in: Allowed.velocity, path + ".fling.velocity.y")
        case .scrollTo(let tile, _, let duration):
            try Check.coordinate(tile.x, path + ".scrollTo.tile.x")
            try Check.coordinate(tile.y, path + ".scrollTo.tile.y")
            try Check.number(duration, in: Allowed.scrollSeconds, path + ".scrollTo.duration")
        case .jump(let tile):
            try Check.coordinate(tile.x, path + ".jump.tile.x")
            try Check.coordinate(tile.y, path + ".jump.tile.y")
        }
    }
}

/// Range checks of single values, with the same messages as the decoder's.
enum Check {
    static func number(_ value: Double, in range: ClosedRange<Double>, _ path: String) throws(ScenarioError) {
        guard value.isFinite else {
            throw ScenarioError(
                kind: .outOfRange, path: path, message: "\(value) is not a finite number; allowed: \(describe(range))")
        }
        guard range.contains(value) else {
            throw ScenarioError(
                kind: .outOfRange, path: path,
                message: "\(ScenarioDecoder.format(value)) is out of range; allowed: \(describe(range))")
        }
    }

    /// Each side of `insets` finite and within `Allowed.insetPoints`, named `path.top` and so on.
    static func insets(_ insets: EdgeInsets, _ path: String) throws(ScenarioError) {
        for (side, value) in [
            ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
        ] {
            try number(value, in: Allowed.insetPoints, path + "." + side)
        }
    }

    static func integer(_ value: Int, in range: ClosedRange<Int>, _ path: String) throws(ScenarioError) {
        guard range.contains(value) else {
            throw ScenarioError(
                kind: .outOfRange, path: path,
                message: "\(value) is out of range; allowed: \(range.lowerBound)...\(range.upperBound)")
        }
    }

    static func coordinate(_ value: Int64, _ path: String) throws(ScenarioError) {
        guard Allowed.coordinate.contains(value) else {
            throw ScenarioError(
                kind: .outOfRange, path: path,
                message: "\(value) is outside ±2^53 (±\(Limits.maxCoordinate)), where tile coordinates are exact")
        }
    }

    static func describe(_ range: ClosedRange<Double>) -> String {
        "\(ScenarioDecoder.format(range.lowerBound))...\(ScenarioDecoder.format(range.upperBound))"
    }
}
