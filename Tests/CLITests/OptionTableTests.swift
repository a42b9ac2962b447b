import Foundation
import Testing
@testable import render_grid

/// Each command's options table drives both its parser and its `--help`.
@Suite struct OptionTableTests {
    static let commands = [RenderCommand.command, DiffCommand.command, VerifyCommand.command, SheetCommand.command,
                           PlotCommand.command, CheckCommand.command, DiffTraceCommand.command]

    /// A value the option accepts.
    static func sample(_ option: Option) -> String? {
        switch option.kind {
        case .flag: return nil
        case .int(let range): return "\(range.upperBound)"
        case .double(let range): return "\(range.lowerBound)"
        case .string, .repeatable: return "x"
        case .choice(let words): return words.last
        }
    }

    /// Every option in the table parses in both spellings, and help shows it with its value name.
    @Test(arguments: OptionTableTests.commands)
    func everyOptionIsAcceptedAndInHelp(command: Command) throws {
        let help = command.help
        for option in command.options {
            let forms: [[String]] = Self.sample(option).map { [[option.name, $0], ["\(option.name)=\($0)"]] } ?? [[option.name]]
            for form in forms {
                let parsed = try command.parse(["input"] + form)
                #expect(parsed.values[option.name]?.count == 1, "\(command.name) \(form)")
                #expect(parsed.positionals == ["input"])
            }
            let label = option.valueName.isEmpty ? option.name : "\(option.name) \(option.valueName)"
            #expect(help.contains("\n  \(label) "), "\(command.name) --help lacks \(label)")
            #expect(help.contains(option.help.split(separator: " ").prefix(3).joined(separator: " ")))
        }
        #expect(Set(command.options.map(\.name)).count == command.options.count, "an option is listed twice")
        #expect(try command.parse(["a", "--help"]).help && command.parse(["-h"]).help)
    }

    @Test(arguments: OptionTableTests.commands)
    func helpLinesAreUnder120Characters(command: Command) {
        for line in command.help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count < 120, "\(command.name): \(line)")
        }
        #expect(command.help.contains("EXAMPLE:\n  \(command.example)"))
    }

    @Test func errorsNameTheOptionAndWhatIsAllowed() {
        let render = RenderCommand.command
        let cases: [([String], String)] = [
            (["--jobs", "2", "--jobs=3"], "--jobs is given more than once"),
            (["--quiet", "--quiet"], "--quiet is given more than once"),
            (["--jobs", "0"], "--jobs takes a whole number from 1 to 256, not '0'"),
            (["--jobs=two"], "--jobs takes a whole number from 1 to 256, not 'two'"),
            (["--jobs"], "--jobs needs a value"),
            (["--out="], "--out needs a value, not an empty string"),
            (["--out", ""], "--out needs a value, not an empty string"),
            (["--compression", "tiny"], "--compression takes fast or small, not 'tiny'"),
            (["--quiet=yes"], "--quiet takes no value, not '--quiet=yes'"),
            (["--bogus"], "unknown option --bogus"),
            (["-x"], "unknown option -x"),
        ]
        for (arguments, message) in cases {
            #expect(throws: UsageError.self, "\(arguments)") { try render.parse(["s.json"] + arguments) }
            do { _ = try render.parse(["s.json"] + arguments) } catch { #expect(error.message == message) }
        }
        #expect(throws: UsageError.self) { try DiffCommand.command.parse(["--threshold", "1.5"]) }
        do { _ = try DiffCommand.command.parse(["--threshold", "nan"]) } catch {
            #expect(error.message == "--threshold takes a number from 0.0 to 1.0, not 'nan'")
        }
        // Repeatable options keep every value in order; "-" and values that look like options are data.
        let parsed = try? DiffCommand.command.parse(["-", "b", "--ignore", "-5,0,1,1", "--ignore=0,0,2,2"])
        #expect(parsed?.strings("--ignore") == ["-5,0,1,1", "0,0,2,2"] && parsed?.positionals == ["-", "b"])
    }

    /// Each command's help example, run as written from a folder with the bundled scenarios, exits 0
    /// (render first: the others use its output).
    @Test func helpExamplesRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Scenarios"),
                                                   withDestinationURL: CLI.packageRoot.appendingPathComponent("Scenarios"))
        for command in Self.commands {
            let line = command.example.split(separator: "#")[0]
            let words = line.split(separator: " ").map(String.init)
            #expect(words.first == "render-grid" && words.dropFirst().first == command.name)
            let result = try CLI.run(Array(words.dropFirst()), in: folder)
            #expect(result.status == 0, "\(command.example): \(result.stderr)")
        }
    }

    @Test func topLevelHelpListsEveryCommand() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        for command in Self.commands {
            #expect(result.stdout.contains("  \(command.name) \(command.arguments)   "), "\(command.name)")
            #expect(result.stdout.contains(command.summary))
        }
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count < 120 })
    }
}

extension Command: CustomTestStringConvertible {
    public var testDescription: String { name }
}
