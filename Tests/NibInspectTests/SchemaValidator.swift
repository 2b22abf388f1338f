import TestSupport
import Foundation

/// Validates JSON files against `Schemas/nibinspect.schema.json` (or another schema of
/// `Schemas/`) with the PyPI `jsonschema` package in one `python3` subprocess (Draft 2020-12);
/// a file named `*.jsonl` is JSON Lines, each line validated on its own. Tests using it are
/// disabled with a message when `python3` or `jsonschema` is missing.
enum SchemaValidator {
    static let schema = Corpus.packageRoot.appendingPathComponent("Schemas/nibinspect.schema.json")
    /// The schema of `nibinspect scan` lines.
    static let scanSchema = Corpus.packageRoot.appendingPathComponent("Schemas/nibinspect-scan.schema.json")

    static let isAvailable: Bool = (try? run(["-c", "import jsonschema"]).status) == 0
    static let skipMessage = "python3 with the jsonschema package is not installed; schema validation skipped"

    private static let script = """
    import json, os, sys
    from jsonschema import Draft202012Validator
    schema = json.load(open(sys.argv[1]))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    for name in sorted(os.listdir(sys.argv[2])):
        with open(os.path.join(sys.argv[2], name)) as f:
            items = [(name + ":" + str(i + 1), json.loads(line)) for i, line in enumerate(f)] if name.endswith(".jsonl") else [(name, json.load(f))]
        for where, item in items:
            errors = sorted(validator.iter_errors(item), key=lambda e: list(e.absolute_path))
            for e in errors[:3]:
                print(where + ": " + "/".join(str(p) for p in e.absolute_path) + ": " + e.message[:300])
    """

    /// Writes `documents` (file name → JSON text) to a temporary directory and returns one line
    /// per validation error (empty when all are valid).
    static func errors(_ documents: [(String, String)], schema: URL = SchemaValidator.schema) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in documents {
            try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let result = try run(["-c", script, schema.path, dir.path])
        guard result.status == 0 else { return ["validator failed (\(result.status)): \(result.output)"] }
        return result.output.split(separator: "\n").map(String.init)
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
