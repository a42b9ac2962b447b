/// Steps on their own: the `steps` array of a scenario, for a player of an app's own scroll view (HeadlessUIKit),
/// whose viewport, content and look are the app's. The same decoder, errors and limits as a scenario's steps.
extension ScenarioDecoder {
    /// Decodes `bytes`, a JSON array of steps (`[{"drag": …}, {"wait": {"until": "idle"}}]`); errors name the
    /// path under `steps` ("steps[3].drag.duration").
    ///
    /// - Throws: `ScenarioError` as `decode(_:limits:)` does for a scenario's `steps`.
    package static func decodeSteps(_ bytes: [UInt8], limits: Limits = Limits()) throws(ScenarioError) -> [Step] {
        if bytes.count > limits.maxFileBytes {
            throw ScenarioError(
                kind: .limitExceeded, path: "steps",
                message: "the steps are \(bytes.count) bytes; the limit is \(limits.maxFileBytes) bytes",
                limit: .maxFileBytes)
        }
        let root = Node(value: try JSONParser.parse(bytes), path: "steps")
        let nodes = try root.array("steps")
        if nodes.count > Limits.maxSteps {
            throw ScenarioError(
                kind: .limitExceeded, path: "steps",
                message: "\(nodes.count) steps; the limit is \(Limits.maxSteps) steps")
        }
        var steps: [Step] = []
        for node in nodes { steps.append(try decodeStep(node)) }
        for (index, step) in steps.enumerated() { try step.checkValues("steps[\(index)]") }
        return steps
    }
}
