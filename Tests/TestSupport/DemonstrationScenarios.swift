/// Bundled scenarios that demonstrate a failure on purpose, each with the one kind of `verify`
/// failure it must report (`VerifyReport.Failure.Kind`'s raw value). Every test that requires all
/// bundled scenarios to pass a check skips the scenario for that check only, and a test proves it
/// still fails exactly that way, so a scenario cannot slip onto this list to hide a bug.
///
/// - `freshcode-gaps`: seed 003's tile range (`grid.range: "freshcode"`) leaves the viewport blank
///   where a tile is wider than the screen, and in bands after a rotation: `coverage`.
public let scenariosDemonstratingAFailure: [String: String] = [
    "freshcode-gaps": "coverage",
]
