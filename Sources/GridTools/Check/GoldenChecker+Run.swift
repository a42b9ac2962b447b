import Dispatch
import GridExport
import GridModel
import Rasterizer

/// Running many scenarios: side by side in lanes, and the goldens left without a scenario.
extension GoldenChecker {
    /// The scenarios' outcomes in order: one after the other with one job or one scenario, else up to `jobs`
    /// side by side, each with its share of the jobs for its frames.
    /// (An error that stops the run is returned with the outcomes before it, its scenario last as `.error`.)
    static func checkAll(
        _ list: [Scenario], font: FontRenderer?, options: GoldenOptions,
        progress: (@Sendable (ScenarioOutcome) -> Void)?
    ) -> (outcomes: [ScenarioOutcome], error: (any Error)?) {
        func failed(_ scenario: Scenario, _ error: any Error) -> ScenarioOutcome {
            ScenarioOutcome(name: scenario.name, scenarioPath: scenario.path, verdict: .error, summary: "\(error)")
        }
        let lanes = min(options.jobs, list.count)
        guard lanes > 1 else {
            var outcomes: [ScenarioOutcome] = []
            for scenario in list {
                do {
                    let outcome = try check(scenario, font: font, options: options)
                    progress?(outcome)
                    outcomes.append(outcome)
                } catch {
                    return (outcomes + [failed(scenario, error)], error)
                }
            }
            return (outcomes, nil)
        }
        var shared = options
        shared.jobs = max(1, options.jobs / lanes)
        let lane = shared
        /// Results by scenario index, and how many from the front were handed to `progress`.
        struct Board {
            var results: [Result<ScenarioOutcome, any Error>?]
            var next = 0, emitted = 0
        }
        let board = Locked(Board(results: Array(repeating: nil, count: list.count)))
        DispatchQueue.concurrentPerform(iterations: lanes) { _ in
            while true {
                let (index, stop) = board.withLock { (board: inout Board) -> (Int, Bool) in
                    board.next += 1
                    // Once a scenario failed with an error, no new scenario starts.
                    let failed = board.results.contains { (result: Result<ScenarioOutcome, any Error>?) -> Bool in
                        if case .failure = result { return true }
                        return false
                    }
                    return (board.next - 1, failed)
                }
                guard index < list.count, !stop else { return }
                let result = Result { try check(list[index], font: font, options: lane) }
                board.withLock { (board: inout Board) -> Void in
                    board.results[index] = result
                    while board.emitted < list.count, case .success(let outcome)? = board.results[board.emitted] {
                        progress?(outcome)
                        board.emitted += 1
                    }
                }
            }
        }
        let results = board.withLock { (board: inout Board) -> [Result<ScenarioOutcome, any Error>?] in board.results }
        var outcomes: [ScenarioOutcome] = []
        for (index, result) in results.enumerated() {
            guard let result else { break }  // (after an error, later scenarios may not have run)
            switch result {
            case .success(let outcome): outcomes.append(outcome)
            case .failure(let error): return (outcomes + [failed(list[index], error)], error)
            }
        }
        return (outcomes, nil)
    }

    /// Goldens in the goldens folders used whose scenario no longer exists: folders whose manifest parses as a
    /// golden (any other folder is not ours and is left alone), whose scenario is not checked, not present beside
    /// the checked ones, and (when the manifest records it) not at the path it was recorded from.
    static func obsolete(_ list: [Scenario], paths: [String], options: GoldenOptions) throws -> [ScenarioOutcome] {
        var outcomes: [ScenarioOutcome] = []
        var roots: [String] = []
        for scenario in list where !roots.contains(scenario.goldens) { roots.append(scenario.goldens) }
        for root in roots {
            var store = GoldenStore(root: root)
            store.cancellation = options.cancellation
            let ours = list.filter { $0.goldens == root }
            let checked = Set(ours.map(\.name))
            let folders = Set(ours.map { FileOutput.split($0.path).folder })
            for name in store.names() where !checked.contains(name) {
                if folders.contains(where: { FileInput.kind(of: $0 + name + ".json") == .regular }) { continue }
                let path = store.folder(name)
                guard FileInput.kind(of: store.join(path, GoldenStore.manifestName)) != .missing else { continue }
                try store.checkInside(path)
                guard
                    let bytes = try? store.read(
                        name, GoldenStore.manifestName, maxBytes: GoldenManifest.maxBytes, what: "golden manifest"),
                    let manifest = try? GoldenManifest.parse(bytes, path: store.join(path, GoldenStore.manifestName))
                else { continue }
                if let recorded = manifest.scenario, let base = GoldenStore.realPath(root),
                    FileInput.kind(of: store.join(base, recorded)) == .regular
                {
                    continue
                }
                if options.prune {
                    let held = try store.lockGeneration(name, exclusive: true)  // no reader inside it while it goes
                    store.remove(path: path)
                    held?.release()
                    outcomes.append(
                        ScenarioOutcome(
                            name: name, scenarioPath: nil, verdict: .pruned,
                            summary: "removed golden \(OneLineName.quoted(path)): its scenario no longer exists"))
                } else {
                    outcomes.append(
                        ScenarioOutcome(
                            name: name, scenarioPath: nil, verdict: .obsolete,
                            summary: "golden \(OneLineName.quoted(path)) has no scenario; --prune removes it"))
                }
            }
        }
        return outcomes
    }
}
