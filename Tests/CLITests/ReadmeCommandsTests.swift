import Foundation
import Testing
import TestSupport

/// Every shell command README.md shows is tested. Each line of its `sh` blocks is one of:
/// - a render-grid command (`render-grid …`, `swift run -c release render-grid …`,
///   `.build/release/render-grid …`): run here as written, by bash, with this build's executable standing for
///   `render-grid`, in a temporary folder whose `Scenarios` is the package's (so `output/` is the test's own); it
///   must exit 0, or the status its comment states (`# exit 1: …`);
/// - `sudo apt-get install …`: every package is one `.ci/run` installs on a fresh machine;
/// - `swift test`: `.ci/run` runs it;
/// - `swift build -c release [--static-swift-stdlib]` and `swift package experimental-install --product render-grid`:
///   the toolchain has the subcommand and its options, and the product is an executable of Package.swift. (A release
///   build inside a test run would take minutes, so `.build/release/render-grid` lines run this build's binary, as
///   above; `.ci/run` builds the static binary and compares its frames with this build's.)
/// A line of any other kind fails, so a new command in the README needs a test here.
@Suite struct ReadmeCommandsTests {
    /// The README's shell command lines, without comments, each with the exit status its comment states (0 when
    /// none does).
    static func commands() throws -> [(line: String, status: Int32)] {
        let readme = try DocsText.page("README.md")
        var commands: [(String, Int32)] = []
        for block in DocsText.codeBlocks("sh", in: readme) {
            for raw in block.split(separator: "\n") {
                let parts = raw.components(separatedBy: " #")
                let line = parts[0].trimmingCharacters(in: .whitespaces)
                guard !line.isEmpty, !line.hasPrefix("#") else { continue }
                let comment = parts.dropFirst().joined(separator: " #")
                let status = comment.firstMatch(of: /exit ([0-9]+)/).flatMap { Int32($0.output.1) } ?? 0
                commands.append((line, status))
            }
        }
        return commands
    }

    static let renderGridPrefixes = ["render-grid ", "swift run -c release render-grid ", ".build/release/render-grid "]

    /// Runs `line` with bash in `folder`, `render-grid` (and the other prefixes) being this build's binary.
    static func runRenderGrid(_ line: String, in folder: URL) throws -> CLI.Result {
        let prefix = try #require(renderGridPrefixes.first { line.hasPrefix($0) })
        let command = "\"$RENDER_GRID\" " + line.dropFirst(prefix.count)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["RENDER_GRID": CLI.executable.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                          stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs a toolchain command (not in the package folder, so it never waits on a build folder's lock).
    static func swift(_ arguments: [String]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }

    /// The packages `.ci/run` installs when a machine lacks them (`need+=(NAME)`).
    static func ciPackages() throws -> Set<String> {
        let ci = try DocsText.page(".ci/run")
        return Set(ci.matches(of: /need\+=\(([a-z0-9.+-]+)\)/).map { String($0.output.1) })
    }

    @Test func everyCommandIsRunOrChecked() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 10, "\(commands.map(\.line))")
        let ci = try DocsText.page(".ci/run")
        let manifest = try DocsText.page("Package.swift")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = CLI.packageRoot.appendingPathComponent("Scenarios")
        let link = folder.appendingPathComponent("Scenarios")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: scenarios)
        for (line, status) in commands {
            if Self.renderGridPrefixes.contains(where: { line.hasPrefix($0) }) {
                let result = try Self.runRenderGrid(line, in: folder)
                #expect(result.status == status,
                        "\(line): exit \(result.status)\n\(result.stdout.suffix(2000))\(result.stderr)")
            } else if line.hasPrefix("sudo apt-get install -y ") {
                let packages = line.dropFirst("sudo apt-get install -y ".count).split(separator: " ").map(String.init)
                let missing = Set(packages).subtracting(try Self.ciPackages())
                #expect(missing.isEmpty, "\(line): .ci/run does not install \(missing.sorted())")
            } else if line == "swift test" {
                #expect(ci.contains(/(^|\n)[A-Z_=0-9 ]*swift test 2>&1/), ".ci/run does not run swift test")
            } else if line == "scripts/test-fast.sh" {
                // The fast part: swift test without CLITests and without the tests it names, each of which exists.
                let script = try DocsText.page("scripts/test-fast.sh")
                #expect(FileManager.default.isExecutableFile(atPath: CLI.packageRoot.appendingPathComponent(line).path))
                #expect(script.contains("exec swift test --skip '^CLITests\\.'"), "\(script)")
                let folder = CLI.packageRoot.appendingPathComponent("Tests")
                let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
                let sources = try files.filter { $0.hasSuffix(".swift") }
                    .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
                let tests = sources.joined()
                let names = script.split(separator: "\n").filter { $0.hasPrefix("external=") || $0.hasPrefix("exits=") }
                    .flatMap { $0.matches(of: /[A-Za-z][A-Za-z0-9]{11,}/).map { String($0.output) } }
                #expect(names.count >= 30, "\(names)")
                for name in names { #expect(tests.contains(name), "scripts/test-fast.sh skips \(name), which no test is called") }
                // Every exit test (it runs the test binary again) is one the fast part skips.
                for source in sources {
                    var cursor = source.startIndex
                    while let use = source.range(of: "(processExits" + "With: .", range: cursor..<source.endIndex) {
                        cursor = use.upperBound
                        let before = source[..<use.lowerBound]
                        let test = before.matches(of: /func ([A-Za-z0-9]+)/).last.map { String($0.output.1) } ?? "?"
                        #expect(names.contains(test), "\(test) is an exit test that scripts/test-fast.sh does not skip")
                    }
                }
            } else if line == "swift build -c release" || line == "swift build -c release --static-swift-stdlib" {
                let help = try Self.swift(["build", "--help"])
                #expect(help.status == 0 && help.stdout.contains("--configuration") && help.stdout.contains("release"))
                #expect(help.stdout.contains("--static-swift-stdlib"))
            } else if line == "swift package experimental-install --product render-grid" {
                let help = try Self.swift(["package", "experimental-install", "--help"])
                #expect(help.status == 0 && help.stdout.contains("--product"), "\(help.stdout)")
                #expect(manifest.contains(#".executable(name: "render-grid""#))
            } else {
                Issue.record("README shows `\(line)`, which no test runs: add it to ReadmeCommandsTests")
            }
        }
    }

    /// "A scenario to start from": the JSON block, saved as `first.json`, renders with the command the section
    /// gives into `output/first/`.
    @Test func theFirstScenarioRenders() throws {
        let section = try #require(DocsText.section("A scenario to start from", in: DocsText.page("README.md")))
        let json = try #require(DocsText.codeBlocks("json", in: section).first)
        #expect(json.split(separator: "\n").count <= 12, "a scenario of about 10 lines")
        let command = try #require(section.firstMatch(of: /`render-grid (render first\.json[^`]*)`/), "no command")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(json, to: folder, as: "first.json")
        let result = try CLI.run(command.output.1.split(separator: " ").map(String.init), in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(section.contains("writes `output/first/`"))
        let written = CLI.files(in: folder.appendingPathComponent("output/first"))
        #expect(written.contains("frame_00000.png") && written.contains("trace.jsonl"), "\(written)")
    }
}
