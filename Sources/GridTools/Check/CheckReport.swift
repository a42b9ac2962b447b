import GridModel

/// The three reports of a `render-grid check` run, all read from its `CheckOutcome`: `report.html` for
/// people, JUnit XML for CI servers (GitHub, GitLab, Jenkins), and JSON for scripts.
///
/// ```swift
/// let outcome = CheckOutcome(goldensPath: "Goldens", recordMode: .never, scenarios: [
///     ScenarioOutcome(name: "long-fling", scenarioPath: "long-fling.json", verdict: .failed,
///                     summary: "frame 139 of 218 differs: 52,113 pixels", frameCount: 218)
/// ])
/// let page = CheckReport.html(outcome)     // write as report.html in the report folder
/// let xml = CheckReport.junit(outcome)     // <testsuite name="render-grid check" ...>
/// let json = CheckReport.json(outcome)     // {"passed":false,...}
/// ```
public enum CheckReport {
    /// The verdicts in the order the HTML report shows them: failures first, then the passes.
    static let verdictOrder: [ScenarioOutcome.Verdict] = [
        .error, .failed, .missing, .obsolete, .recorded, .pruned, .passed,
    ]

    /// How many scenarios have each verdict, in `verdictOrder`, leaving out verdicts no scenario has.
    static func counts(_ o: CheckOutcome) -> [(verdict: ScenarioOutcome.Verdict, count: Int)] {
        verdictOrder.map { v in (v, o.scenarios.filter { $0.verdict == v }.count) }.filter { $0.count > 0 }
    }

    /// The run as JSON for scripts (`render-grid check --json`), one line per scenario, keys in a fixed
    /// order: `passed`, `goldens`, `recordMode`, `metric` (`CheckOutcome.metric`), `counts` (every verdict), then `scenarios` in the order
    /// they were checked, each with `name`, `scenario` (null for an obsolete golden), `verdict`,
    /// `summary`, `details`, `frameCount`, `firstFailingFrame` (or null), `failingFrameCount`, `seconds`
    /// and `artifacts` (`kind`, `frame`, `path` relative to the report folder).
    ///
    /// ```swift
    /// let text = CheckReport.json(outcome)
    /// // {"passed":true,"goldens":"Goldens","recordMode":"never","counts":{"passed":1,...},"scenarios":[
    /// // {"name":"long-fling","scenario":"long-fling.json","verdict":"passed",...}
    /// // ]}
    /// ```
    public static func json(_ o: CheckOutcome) -> String {
        var head = JSONWriter()
        head.beginObject()
        head.member("passed", o.passed)
        head.member("goldens", o.goldensPath)
        head.member("recordMode", o.recordMode.rawValue)
        head.member("metric", o.metric)
        head.key("counts")
        head.beginObject()
        for verdict in ScenarioOutcome.Verdict.allCases {
            head.member(verdict.rawValue, o.scenarios.filter { $0.verdict == verdict }.count)
        }
        head.endObject()
        head.key("scenarios")
        let lines = o.scenarios.map(scenarioJSON)
        return head.text + "[" + (lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n") + "]}\n"
    }

    /// One scenario as a JSON object.
    static func scenarioJSON(_ s: ScenarioOutcome) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("name", s.name)
        json.key("scenario")
        if let path = s.scenarioPath { json.value(path) } else { json.null() }
        json.member("verdict", s.verdict.rawValue)
        json.member("summary", s.summary)
        json.key("details")
        json.beginArray()
        for line in s.details { json.value(line) }
        json.endArray()
        json.member("frameCount", s.frameCount)
        json.key("firstFailingFrame")
        if let frame = s.firstFailingFrame { json.value(frame) } else { json.null() }
        json.member("failingFrameCount", s.failingFrameCount)
        json.member("seconds", seconds(s.seconds))
        json.key("artifacts")
        json.beginArray()
        for a in s.artifacts {
            json.beginObject()
            json.member("kind", a.kind.rawValue)
            json.member("frame", a.frame)
            json.member("path", a.path)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }

    /// Seconds rounded to milliseconds; 0 for values that are not finite or below 0.
    static func seconds(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return 0 }
        return (value * 1000).rounded() / 1000
    }

    /// Seconds with three decimals, as JUnit and the HTML report show them ("0.250", "12.000").
    static func secondsText(_ value: Double) -> String {
        let ms = seconds(value) < 9e15 / 1000 ? Int64((seconds(value) * 1000).rounded()) : 0
        let fraction = String(ms % 1000)
        return String(ms / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
