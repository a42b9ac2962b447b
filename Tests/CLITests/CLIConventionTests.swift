import Foundation
import Testing
import TestSupport
@testable import render_grid

/// Issue 13's CLI conventions, on the real executable: usage without arguments, `--version`,
/// did-you-mean for commands and options, and the documentation's synopses matching `--help`.
@Suite struct CLIConventionTests {
    /// `render-grid` alone is a usage error: the usage on stderr, nothing on stdout, exit 2 (it was 0).
    @Test func noArgumentsPrintsUsageAndExits2() throws {
        let result = try CLI.run([])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("USAGE: render-grid <command> [options]"))
        for command in OptionTableTests.commands { #expect(result.stderr.contains("\n  \(command.name) ")) }
        // Asking for help is not an error.
        let help = try CLI.run(["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: render-grid") && help.stderr.isEmpty)
    }

    /// `--version` names the version and the libpng, zlib and FreeType the binary runs with.
    @Test func versionNamesTheLinkedLibraries() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"))
        let pattern = #/^render-grid 0\.11\.0 \(libpng (\d+\.\d+\.\d+), zlib (\d+\.\d+(?:\.\d+)*), FreeType (\d+\.\d+\.\d+)\)$/#
        let match = try #require(line.wholeMatch(of: pattern), "\(line)")
        // libpng's version agrees with its header's major.minor (the headers we were built with).
        #expect(match.1.hasPrefix("1.6."), "\(line)")
        #expect(!match.3.hasPrefix("0."), "\(line)")
    }

    /// A mistyped option gets the closest option, as a mistyped scenario key does; a word far from every
    /// option gets no guess.
    @Test(arguments: [
        (["render", "s.json", "--scael", "2"], "unknown option --scael (did you mean --scale?)"),
        (["render", "s.json", "--jbos=2"], "unknown option --jbos=2 (did you mean --jobs?)"),
        (["diff", "a", "b", "--timng"], "unknown option --timng (did you mean --timing?)"),
        (["diff", "a", "b", "--include-aaa"], "unknown option --include-aaa (did you mean --include-aa?)"),
        (["verify", "s.json", "--strict-edge"], "unknown option --strict-edge (did you mean --strict-edges?)"),
        (["sheet", "d", "--colums", "3"], "unknown option --colums (did you mean --columns?)"),
        (["plot", "t.jsonl", "--hieght", "300"], "unknown option --hieght (did you mean --height?)"),
        (["render", "s.json", "--hepl"], "unknown option --hepl (did you mean --help?)"),
        (["render", "s.json", "--zzzzzzzzzz"], "unknown option --zzzzzzzzzz"),
        (["rendr", "s.json"], "unknown command 'rendr' (did you mean render?)"),
        (["--verison"], "unknown command '--verison' (did you mean --version?)"),
        (["paint"], "unknown command 'paint'"),
    ])
    func mistypedNamesGetASuggestion(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("render-grid: error: \(message)"), "\(result.stderr)")
        if !message.contains("did you mean") { #expect(!result.stderr.contains("did you mean"), "\(result.stderr)") }
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Each command's synopsis in the documentation: the lines from `render-grid NAME ` to the end of its block.
    static func synopsis(of name: String, in readme: String) -> String? {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("render-grid \(name) ") && $0.contains("[--") }) else { return nil }
        var block = [lines[start]]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(" "), line.trimmingCharacters(in: .whitespaces).hasPrefix("[") else { break }
            block.append(line)
        }
        return block.joined(separator: "\n")
    }

    /// The option names in a synopsis: each `[--name ...]`.
    static func optionNames(in synopsis: String) -> [String] {
        synopsis.matches(of: #/\[(--[a-z0-9-]+)/#).map { String($0.1) }
    }

    /// Every option `--help` lists is in the documentation's synopsis of that command (docs/cli.md, or the command's
    /// DocC article) and the reverse, each once,
    /// with the value names help shows (`--out DIR`) or, for a choice, its words (`--compression fast|small`).
    @Test(arguments: OptionTableTests.commands)
    func readmeSynopsisListsExactlyTheOptionsOfHelp(command: Command) throws {
        let readme = try DocsText.all()
        let synopsis = try #require(Self.synopsis(of: command.name, in: readme), "no page has a synopsis of \(command.name)")
        #expect(synopsis.hasPrefix("render-grid \(command.name) \(command.arguments) ["), "\(synopsis)")
        let names = Self.optionNames(in: synopsis)
        #expect(Set(names).count == names.count, "an option is listed twice: \(names)")
        let help = Set(command.options.map(\.name))
        #expect(help.subtracting(names).isEmpty, "in --help, not in the docs: \(help.subtracting(names).sorted())")
        #expect(Set(names).subtracting(help).isEmpty, "in the docs, not in --help: \(Set(names).subtracting(help).sorted())")
        for option in command.options {
            switch option.kind {
            case .flag:
                #expect(synopsis.contains("[\(option.name)]"), "\(option.name) takes no value")
            case .choice(let words):
                #expect(synopsis.contains("[\(option.name) \(words.joined(separator: "|"))]"), "\(option.name)")
            default:
                // diff's synopsis shows defaults (`--threshold 0.1`) where help shows a name: a value of some kind.
                #expect(synopsis.contains("[\(option.name) "), "\(option.name) takes a value")
            }
        }
        // --version is in the CLI reference too.
        #expect(try DocsText.page("docs/cli.md").contains("\nrender-grid --version\n"))
    }

    /// The synopsis reader finds a missing option (the README, as it was, lacked `diff --timing`).
    @Test func synopsisCheckNoticesAMissingOption() {
        let readme = "```\nrender-grid diff EXPECTED ACTUAL [--threshold 0.1]\n                 [--json]\n```\n"
        let synopsis = Self.synopsis(of: "diff", in: readme)
        #expect(synopsis.map(Self.optionNames) == ["--threshold", "--json"])
        #expect(!Set(DiffCommand.command.options.map(\.name)).subtracting(Self.optionNames(in: synopsis ?? "")).isEmpty)
    }
}

/// Error messages name paths as the user typed them: a failed rename named the hidden temporary
/// (`.frame_00000.png.123-abc.tmp`, relative to the output folder, not to the working folder) beside
/// the real path; it now names only the file the user asked for.
@Suite struct TypedPathTests {
    /// One render-grid run in `folder` whose output file `blocked` is a folder, so the final rename fails.
    static func failure(_ arguments: [String], blocked: String, in folder: URL) throws -> CLI.Result {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(blocked).appendingPathComponent("x"),
                                                withIntermediateDirectories: true)
        return try CLI.run(arguments, in: folder)
    }

    @Test(arguments: [false, true])
    func aFailedRenameNamesThePathAsTyped(absolute: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CLI.smallScenario(), to: folder, as: "s.json")
        let root = absolute ? folder.path + "/" : ""
        let cases: [([String], String, String)] = [
            // a frame (FrameFolder), the trace and the sheet (StreamingFile), then plot's output
            (["render", "s.json", "--out", root + "a", "--frames", "0:1", "--jobs", "1", "--quiet"], "a/frame_00000.png",
             root + "a/frame_00000.png"),
            (["render", "s.json", "--out", root + "b", "--frames", "0:1", "--quiet"], "b/trace_00000-00001.jsonl",
             root + "b/trace_00000-00001.jsonl"),
            (["render", "s.json", "--out", root + "c", "--frames", "0:1", "--sheet", "--quiet"], "c/sheet.png",
             root + "c/sheet.png"),
        ]
        for (arguments, blocked, shown) in cases {
            let result = try Self.failure(arguments, blocked: blocked, in: folder)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("render-grid: error: cannot write \(shown): "), "\(result.stderr)")
            #expect(!result.stderr.contains(".tmp"), "a temporary name is shown: \(result.stderr)")
            if !absolute { #expect(!result.stderr.contains(folder.path), "an absolute path is shown: \(result.stderr)") }
        }
        // plot's --out naming a folder is refused before anything is written (exit 2), naming it as typed.
        _ = try CLI.run(["render", "s.json", "--out", root + "e", "--frames", "0:1", "--quiet"], in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("f"), withIntermediateDirectories: false)
        let plot = try CLI.run(["plot", root + "e/trace_00000-00001.jsonl", "--out", root + "f"], in: folder)
        #expect(plot.status == 2 && plot.stderr.hasPrefix("render-grid: error: --out \(root)f is a folder"), "\(plot.stderr)")
        if !absolute { #expect(!plot.stderr.contains(folder.path), "an absolute path is shown: \(plot.stderr)") }
    }
}
