import GridExport
import GridModel
import GridTools
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The commands, in the order `render-grid --help` lists them.
let commands: [Command] = [
    RenderCommand.command, DiffCommand.command, VerifyCommand.command, SheetCommand.command,
    PlotCommand.command, CheckCommand.command, DiffTraceCommand.command,
]

/// `render-grid --help`, generated from the commands' descriptions.
let usage = {
    let heads = commands.map { "\($0.name) \($0.arguments)" }
    let width = heads.map(\.count).max() ?? 0
    let lines = zip(heads, commands).map { head, command in
        "  " + head + String(repeating: " ", count: width - head.count + 3) + command.summary
    }
    return """
        USAGE: render-grid <command> [options]

        COMMANDS:
        \(lines.joined(separator: "\n"))

        Run 'render-grid <command> --help' for a command's options, 'render-grid --version' for the version and
        the libpng, zlib and FreeType it runs with.
        EXAMPLE:
          \(RenderCommand.command.example)
        """
}()

/// Prints one clear line to stderr and maps the error to an exit code: 2 for usage and invalid
/// input, 1 for runtime failures.
func report(_ error: Error) -> Int32 {
    let code: Int32
    switch error {
    case is UsageError, is ScenarioError:
        code = 2
    case let error as ToolError: code = error.isInputError ? 2 : 1
    case let error as RasterError: code = error.isInputError ? 2 : 1
    case let error as ExportError:
        if error.kind == .stopped, let signal = error.signal {
            FilePaths.writeToStandardError("render-grid: \(FileInput.quoted(ScenarioLoader.message(error)))\n")
            return 128 + signal
        }
        code = error.isInputError ? 2 : 1
    default: code = 1
    }
    // One line whatever the message holds (a file name with a newline in it).
    FilePaths.writeToStandardError("render-grid: error: \(FileInput.quoted(ScenarioLoader.message(error)))\n")
    return code
}

/// The words accepted in place of a command, for the did-you-mean of a mistyped one.
let topLevelWords = commands.map(\.name) + ["--help", "help", "--version"]

var arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
if arguments.isEmpty {
    // No command is a usage error: the usage goes to stderr, so a script that forgot its arguments fails.
    FilePaths.writeToStandardError((usage + "\n"))
    status = 2
} else {
    let command = arguments.removeFirst()
    do {
        switch command {
        case _ where commands.contains(where: { $0.name == command }) && Command.asksForVersion(arguments):
            // `render-grid render --version` is what the user meant by `render-grid --version`.
            print(RenderGrid.versionLine)
            status = 0
        case "render": status = try RenderCommand.run(arguments)
        case "diff": status = try DiffCommand.run(arguments)
        case "verify": status = try VerifyCommand.run(arguments)
        case "sheet": status = try SheetCommand.run(arguments)
        case "plot": status = try PlotCommand.run(arguments)
        case "check": status = try CheckCommand.run(arguments)
        case "diff-trace": status = try DiffTraceCommand.run(arguments)
        case "--help", "-h", "help":
            print(usage)
            status = 0
        case "--version":
            print(RenderGrid.versionLine)
            status = 0
        default:
            throw UsageError(
                "unknown command '\(command)'" + Command.suggestion(for: command, in: topLevelWords)
                    + "; render-grid --help lists the commands")
        }
    } catch {
        status = report(error)
    }
}
exit(status)
