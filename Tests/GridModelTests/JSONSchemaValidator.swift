import Foundation

/// A real JSON Schema validator (Python's `jsonschema`, draft 2020-12) run once as a process over many files.
///
/// ```swift
/// let run = JSONSchemaValidator.run(schema: schemaURL, files: [fileURL])
/// if case .verdicts(let verdicts) = run { print(verdicts[fileURL.path]!) }
/// ```
enum JSONSchemaValidator {
    /// What the validator says of one file.
    enum Verdict: String, Sendable {
        /// Strict JSON (UTF-8, optionally after a byte order mark; no NaN, no duplicate keys, no unpaired
        /// surrogate) that the schema accepts.
        case accepted
        /// Strict JSON that the schema rejects.
        case rejected
        /// Not strict JSON, so no schema can accept it.
        case notJSON
    }

    /// The outcome of one run.
    enum Run: Sendable {
        case verdicts([String: Verdict])
        /// python3 or its jsonschema module is not installed: tests skip, saying so.
        case missing(String)
        /// The validator ran and failed (an invalid schema, a crash): tests fail with this text.
        case failed(String)
    }

    /// Parses each file strictly, as the decoder does, then validates it; prints `verdict<TAB>path` per file.
    /// Exit 3: jsonschema is missing; exit 4: the schema itself is not a valid draft 2020-12 schema.
    static let script = #"""
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("python3 has no jsonschema module here (Debian: python3-jsonschema)")
            sys.exit(3)

        def unique(pairs):
            keys = [key for key, _ in pairs]
            if len(keys) != len(set(keys)):
                raise ValueError("duplicate key")
            return dict(pairs)

        def no_constant(name):
            raise ValueError(name + " is not JSON")

        with open(sys.argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as error:
            print("the schema is invalid: " + error.message)
            sys.exit(4)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            try:
                with open(path, "rb") as f:
                    text = f.read().decode("utf-8-sig")  # a byte order mark is allowed, as the decoder allows it
                document = json.loads(text, object_pairs_hook=unique, parse_constant=no_constant)
                json.dumps(document, ensure_ascii=False).encode("utf-8")  # an unpaired surrogate escape fails here
            except (ValueError, RecursionError):
                print("notJSON\t" + path)
                continue
            verdict = "rejected" if next(validator.iter_errors(document), None) else "accepted"
            print(verdict + "\t" + path)
        """#

    /// Runs Python once over `files` against the schema at `schema`: the `python3` on the PATH, or, when that one
    /// lacks jsonschema, the system's /usr/bin/python3 (where Debian's python3-jsonschema installs it).
    static func run(schema: URL, files: [URL]) -> Run {
        let first = run(schema: schema, files: files, python: ["/usr/bin/env", "python3"])
        if case .missing = first, FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            let system = run(schema: schema, files: files, python: ["/usr/bin/python3"])
            if case .missing = system { return first }
            return system
        }
        return first
    }

    static func run(schema: URL, files: [URL], python: [String]) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python[0])
        process.arguments = Array(python.dropFirst()) + ["-c", script, schema.path] + files.map(\.path)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return .missing("cannot start /usr/bin/env python3: \(error)") }
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: break
        case 127: return .missing("python3 is not installed")
        case 3: return .missing(out.trimmingCharacters(in: .whitespacesAndNewlines))
        default: return .failed("python3 exited \(process.terminationStatus): \(out)\(err)")
        }
        var verdicts: [String: Verdict] = [:]
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2, let verdict = Verdict(rawValue: parts[0]) else { return .failed("unexpected line: \(line)") }
            verdicts[parts[1]] = verdict
        }
        return .verdicts(verdicts)
    }
}
