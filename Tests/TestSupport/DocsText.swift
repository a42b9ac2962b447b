public import Foundation

/// The documentation's pages: README.md, the Markdown pages in docs/ and the DocC articles in
/// `Sources/<Module>/<Module>.docc`. The tests that keep the documentation true read the page that holds the text they
/// check, through this type, so moving a section to another page means changing one path in its test.
public enum DocsText {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of one page, by its path from the package root (`"docs/cli.md"`).
    public static func page(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every page's path from the package root: README.md, then docs/*.md, then each catalog's articles, sorted.
    public static func pagePaths() -> [String] {
        let files = FileManager.default
        func markdown(in folder: String) -> [String] {
            let names = (try? files.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        let sources = root.appendingPathComponent("Sources").path
        let modules = ((try? files.contentsOfDirectory(atPath: sources)) ?? []).sorted()
        let catalogs = modules.map { "Sources/\($0)/\($0).docc" }
            .filter { files.fileExists(atPath: root.appendingPathComponent($0).path) }
        return ["README.md"] + markdown(in: "docs") + catalogs.flatMap(markdown(in:))
    }

    /// Every page, each followed by a blank line, in `pagePaths()` order, with each picture written as its path
    /// from the package root (see `rootPicturePaths(in:of:)`), so a test can find a picture's caption on any page.
    public static func all() throws -> String {
        try pagePaths().map { try rootPicturePaths(in: page($0), of: $0) + "\n" }.joined(separator: "\n")
    }

    /// `text`, a page at `path`, with each picture link written as the picture's path from the package root:
    /// `images/NAME.png` in a docs/ page becomes `docs/images/NAME.png`, and `NAME.png` in a DocC article (a file in
    /// its catalog's Resources folder, a symbolic link into docs/images) becomes where the link points. A DocC
    /// resource that is not such a link keeps its name, so a test that looks for `docs/images/...` does not find it.
    public static func rootPicturePaths(in text: String, of path: String) -> String {
        if path.hasPrefix("docs/") {
            return text.replacingOccurrences(of: "](images/", with: "](docs/images/")
                .replacingOccurrences(of: "src=\"images/", with: "src=\"docs/images/")
        }
        guard let catalog = path.range(of: ".docc/").map({ String(path[..<$0.upperBound]) }) else { return text }
        return text.replacing(/\]\(([A-Za-z0-9_.-]+\.png)\)/) { match in
            let resource = root.appendingPathComponent(catalog + "Resources/" + match.output.1)
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: resource.path) else {
                return "](\(match.output.1))"
            }
            let resolved = URL(fileURLWithPath: target, relativeTo: resource.deletingLastPathComponent())
                .standardizedFileURL.path
            let prefix = root.standardizedFileURL.path + "/"
            return "](\(resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : resolved))"
        }
    }

    /// The headings of a Markdown text outside code blocks: (level, text).
    public static func headings(in text: String) -> [(level: Int, text: String)] {
        var result: [(Int, String)] = [], inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, let match = line.wholeMatch(of: /(#{1,6}) (.+)/) else { continue }
            result.append((match.output.1.count, String(match.output.2)))
        }
        return result
    }

    /// The text under the heading `title` (any level), from the line after it up to the next heading of the same
    /// or a higher level outside code blocks, or the end of the text; nil when no heading has that title.
    public static func section(_ title: String, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var inCode = false, level = 0, collected: [Substring] = []
        for line in lines {
            if line.hasPrefix("```") { inCode.toggle() }
            let heading = inCode || line.hasPrefix("```") ? nil : line.wholeMatch(of: /(#{1,6}) (.+)/)
            if level > 0 {
                if let heading, heading.output.1.count <= level { break }
                collected.append(line)
            } else if let heading, heading.output.2 == title {
                level = heading.output.1.count
            }
        }
        return level > 0 ? collected.joined(separator: "\n") + "\n" : nil
    }

    /// The fenced code blocks of `text` whose opening line is exactly "```" + `language`, without their fences.
    public static func codeBlocks(_ language: String, in text: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?, inOther = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var block = current {
                if line == "```" { blocks.append(block.joined(separator: "\n") + "\n"); current = nil; continue }
                block.append(line)
                current = block
            } else if line.hasPrefix("```") {
                if inOther { inOther = false } else if line == "```" + language { current = [] } else { inOther = true }
            }
        }
        return blocks
    }
}
