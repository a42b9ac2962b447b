/// The rules a `touches` step's list follows, checked for a decoded file and for a value built in code alike.
extension Touch {
    /// Checks `touches` (the step's list, at JSON path `path`, "steps[2].touches"): 2 to `Limits.maxTouches`
    /// touches, `began` first and only first, `ended` or `cancelled` last and only last, `moved` or
    /// `stationary` between; finite times within `Allowed.touchTime` that never go back, spanning at most
    /// `Limits.maxStepSeconds`; positions within ±`Limits.maxDistance`; a `stationary` touch where the one
    /// before it was.
    static func check(_ touches: [Touch], _ path: String) throws(ScenarioError) {
        guard touches.count >= 2 else {
            throw ScenarioError(kind: .invalidValue, path: path + ".events",
                                message: "\(touches.count) touches; a gesture needs at least two: \"began\" first and \"ended\" (or \"cancelled\") last")
        }
        guard touches.count <= Limits.maxTouches else {
            throw ScenarioError(kind: .limitExceeded, path: path + ".events",
                                message: "\(touches.count) touches; the limit is \(Limits.maxTouches) touches per step")
        }
        for (index, touch) in touches.enumerated() {
            let at = "\(path).events[\(index)]"
            try Check.number(touch.time, in: Allowed.touchTime, at + ".t")
            try Check.number(touch.location.x, in: Allowed.distance, at + ".x")
            try Check.number(touch.location.y, in: Allowed.distance, at + ".y")
            let first = index == 0, last = index == touches.count - 1
            switch touch.phase {
            case .began where !first:
                throw ScenarioError(kind: .invalidValue, path: at + ".phase",
                                    message: "\"began\" is the first touch only: one step is one finger's gesture; start another touches step for the next")
            case .ended where !last, .cancelled where !last:
                throw ScenarioError(kind: .invalidValue, path: at + ".phase",
                                    message: "\"\(touch.phase.rawValue)\" is the last touch only; the touches after it belong in another touches step")
            default: break
            }
            if first, touch.phase != .began {
                throw ScenarioError(kind: .invalidValue, path: at + ".phase",
                                    message: "the first touch is \"began\", found \"\(touch.phase.rawValue)\"")
            }
            if last, touch.phase != .ended, touch.phase != .cancelled {
                throw ScenarioError(kind: .invalidValue, path: at + ".phase",
                                    message: "the last touch is \"ended\" or \"cancelled\", found \"\(touch.phase.rawValue)\"")
            }
            guard index > 0 else { continue }
            let before = touches[index - 1]
            if touch.time < before.time {
                throw ScenarioError(kind: .invalidValue, path: at + ".t",
                                    message: "\(ScenarioDecoder.format(touch.time)) is before the touch before it (\(ScenarioDecoder.format(before.time))); times never go back")
            }
            if touch.phase == .stationary, touch.location != before.location {
                throw ScenarioError(kind: .invalidValue, path: at,
                                    message: "a \"stationary\" touch is where the touch before it was (\(ScenarioDecoder.format(before.location.x)), \(ScenarioDecoder.format(before.location.y))); use \"moved\"")
            }
        }
        let span = span(touches)
        if span > Limits.maxStepSeconds {
            throw ScenarioError(kind: .outOfRange, path: path + ".events",
                                message: "the touches span \(ScenarioDecoder.format(span)) s; allowed: at most \(ScenarioDecoder.format(Limits.maxStepSeconds)) s per step")
        }
    }
}
