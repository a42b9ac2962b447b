/// What each object and array of a scenario looks like, for the error a value of the wrong type gets:
/// "must be an object like {"width": 120, "height": 160}, found an array". Keyed like `ScenarioDecoder.keys`
/// (a test parses every example and checks its keys against that table).
extension ScenarioDecoder {
    /// A short example of each object, by the name `keys` gives it.
    package static let objectExamples: [String: String] = [
        "": #"{"name": "demo", "viewport": {"width": 390, "height": 844}, "steps": []}"#,
        "viewport": #"{"width": 390, "height": 844, "scale": 2}"#,
        "grid": #"{"tileSize": {"width": 100, "height": 100}, "columns": 5, "rows": 0}"#,
        "grid.tileSize": #"{"width": 120, "height": 160}"#,
        "grid.start": #"{"x": 0, "y": 0}"#,
        "scroll": #"{"recenter": "atRest", "paging": "viewport"}"#,
        "scroll.contentSize": #"{"width": 100000, "height": 100000}"#,
        "scroll.pageSize": #"{"width": 390, "height": 844}"#,
        "scroll.contentInset": #"{"top": 0, "left": 24, "bottom": 0, "right": 24}"#,
        "scroll.safeArea": #"{"top": 47, "bottom": 34}"#,
        "pager": #"{"thresholds": {"horizontal": 0.33, "vertical": 0.25}, "duration": 0.22}"#,
        "pager.thresholds": #"{"horizontal": 0.33, "vertical": 0.25}"#,
        "style": ##"{"background": "#FFFFFF", "fontSize": 17}"##,
        "layers": #"{"factor": 0.5, "placement": "behind"}"#,
        "layers.factor": #"{"x": 0.5, "y": 0.25}"#,
        "layers.tileSize": #"{"width": 150, "height": 150}"#,
        "steps[]": #"{"drag": {"by": {"x": -300, "y": 0}, "duration": 0.4}}"#,
        "drag": #"{"by": {"x": -300, "y": 0}, "duration": 0.4}"#,
        "drag.by": #"{"x": -300, "y": 0}"#,
        "wait": #"{"duration": 1}"#,
        "fling": #"{"velocity": {"x": 4000, "y": 0}}"#,
        "fling.velocity": #"{"x": 4000, "y": 0}"#,
        "scrollTo": #"{"tile": {"x": 0, "y": 0}, "animated": true}"#,
        "scrollTo.tile": #"{"x": 0, "y": 0}"#,
        "jump": #"{"tile": {"x": 0, "y": 0}}"#,
        "jump.tile": #"{"x": 0, "y": 0}"#,
        "cancel": "{}",
        "resize": #"{"width": 844, "height": 390}"#,
        "touches":
            #"{"events": [{"t": 0, "x": 200, "y": 700, "phase": "began"}, {"t": 0.1, "x": 200, "y": 600, "phase": "ended"}]}"#,
        "touches.events[]": #"{"t": 0, "x": 200, "y": 700, "phase": "began"}"#,
    ]

    /// A short example of each array, by its key.
    package static let arrayExamples: [String: String] = [
        "steps": #"[{"drag": {"by": {"x": -300, "y": 0}, "duration": 0.4}}, {"wait": {"until": "idle"}}]"#,
        "layers": #"[{"factor": 0.5, "placement": "behind"}]"#,
        "touches.events":
            #"[{"t": 0, "x": 200, "y": 700, "phase": "began"}, {"t": 0.1, "x": 200, "y": 600, "phase": "ended"}]"#,
    ]
}
