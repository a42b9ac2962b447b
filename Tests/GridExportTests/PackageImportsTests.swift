import Foundation
import Testing

/// Every module imports only targets it declares: SwiftPM lets a module import a target it reaches through
/// another one's dependencies (GridTools used CPNGCodec that way), which builds until that other target changes.
/// Reads Package.swift and each target's sources; no build, no process.
@Suite struct PackageImportsTests {
    /// A target of Package.swift: its name, the folder of its sources and the targets it depends on.
    struct Target: CustomStringConvertible {
        var name: String
        var folder: String
        var dependencies: Set<String>
        /// The module name sources import (`render-grid` is `render_grid`).
        var module: String { name.replacingOccurrences(of: "-", with: "_") }
        var description: String { name }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The targets declared in `manifest` (`.target`, `.executableTarget`, `.testTarget`, `.systemLibrary`).
    static func targets(in manifest: String) -> [Target] {
        var found: [Target] = []
        var rest = Substring(manifest)
        let kinds = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("]
        while let start = kinds.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let body = balanced(rest[start.upperBound...])
            rest = rest[body.endIndex...]
            guard let name = quoted(after: "name:", in: body) else { continue }
            let isTest = rest.base[start].hasPrefix(".testTarget(")
            let folder = quoted(after: "path:", in: body) ?? ((isTest ? "Tests/" : "Sources/") + name)
            var dependencies: Set<String> = []
            if let list = body.range(of: "dependencies:") {
                let open = body[list.upperBound...].drop { $0 != "[" }
                let items = open.prefix { $0 != "]" }
                let pieces = items.split(separator: "\"", omittingEmptySubsequences: false)
                dependencies = Set(pieces.indices.filter { $0 % 2 == 1 }.map { String(pieces[$0]) })
            }
            found.append(Target(name: name, folder: folder, dependencies: dependencies))
        }
        return found
    }

    /// The text up to the parenthesis that closes the one before `text`.
    static func balanced(_ text: Substring) -> Substring {
        var depth = 1, inString = false
        for index in text.indices {
            switch text[index] {
            case "\"": inString.toggle()
            case "(" where !inString: depth += 1
            case ")" where !inString:
                depth -= 1
                if depth == 0 { return text[..<index] }
            default: break
            }
        }
        return text
    }

    /// The string literal after `label` in `text`.
    static func quoted(after label: String, in text: Substring) -> String? {
        guard let at = text.range(of: label) else { return nil }
        let parts = text[at.upperBound...].split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].allSatisfy(\.isWhitespace) ? String(parts[1]) : nil
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `public import X`, `import struct X.Y`).
    static func imports(in source: String) -> Set<String> {
        var modules: Set<String> = []
        for line in source.split(separator: "\n") {
            var words = line.split(whereSeparator: \.isWhitespace).prefix { !$0.hasPrefix("//") }
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private",
                                                                     "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            var module = words[words.startIndex + 1]
            let kinds = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
            if kinds.contains(String(module)), words.count >= 3 { module = words[words.startIndex + 2] }
            modules.insert(String(module.prefix { $0 != "." }))
        }
        return modules
    }

    /// The Swift files under `folder`, relative to the package.
    static func swiftFiles(_ folder: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }

    /// The check: for each target, each `import X` of its sources where X is one of the package's targets must be
    /// in the target's dependencies. The message names the file, the module and the target.
    static func undeclaredImports(_ targets: [Target]) throws -> [String] {
        let ours = Set(targets.map(\.module))
        var problems: [String] = []
        for target in targets {
            let declared = Set(target.dependencies.map { $0.replacingOccurrences(of: "-", with: "_") })
            for file in swiftFiles(target.folder) {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for module in imports(in: text).sorted() where ours.contains(module) && module != target.module
                    && !declared.contains(module) {
                    problems.append("\(file) imports \(module), which \(target.name)'s dependencies do not name")
                }
            }
        }
        return problems
    }

    @Test func everyImportedTargetIsADeclaredDependency() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(in: manifest)
        let names = Set(targets.map(\.name))
        let expected: Set = ["GridModel", "Rasterizer", "GridExport", "GridTools", "HeadlessUIKit", "CPNGCodec",
                             "CPixels", "CLibPNG", "CFreeType", "TestSupport", "render-grid", "GridToolsTests"]
        #expect(expected.isSubset(of: names), "Package.swift read as \(names.sorted())")
        #expect(targets.first { $0.name == "TestSupport" }?.folder == "Tests/TestSupport")
        #expect(targets.first { $0.name == "GridTools" }?.dependencies.contains("GridExport") == true)
        let problems = try Self.undeclaredImports(targets)
        #expect(problems.isEmpty, "declare them in Package.swift:\n\(problems.joined(separator: "\n"))")
    }

    /// The reader sees what the check relies on: each import form, and a missing dependency.
    @Test func theCheckFindsAnUndeclaredImport() throws {
        let source = """
            import Foundation
            @testable import GridModel
            public import Rasterizer  // a comment
            import struct GridExport.RenderOptions
            // import CPixels
            """
        #expect(Self.imports(in: source) == ["Foundation", "GridModel", "Rasterizer", "GridExport"])
        let manifest = #"""
            .target(name: "GridModel"), .target(name: "GridTools", dependencies: ["GridModel", "GridExport"]),
            .testTarget(name: "GridModelTests", dependencies: ["GridModel", "TestSupport"], exclude: ["X"]),
            .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["BadScenarios"])
            """#
        let targets = Self.targets(in: manifest)
        #expect(targets.map(\.name) == ["GridModel", "GridTools", "GridModelTests", "TestSupport"])
        #expect(targets.map(\.folder) == ["Sources/GridModel", "Sources/GridTools", "Tests/GridModelTests",
                                          "Tests/TestSupport"])
        #expect(targets[1].dependencies == ["GridModel", "GridExport"] && targets[2].dependencies.count == 2)
        // GridModelTests's sources import GridModel and TestSupport, both declared; without TestSupport it fails.
        var missing = targets
        missing[2].dependencies = ["GridModel"]
        let problems = try Self.undeclaredImports(missing)
        #expect(!problems.isEmpty && problems.allSatisfy { $0.contains("imports TestSupport") })
    }
}
