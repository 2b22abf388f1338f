import Foundation
import NibModel

extension CustomRule {
    /// The keys a rule of `"customRules"` may have.
    static let keys = ["id", "match", "require", "message", "severity", "summary", "fix", "paths"]

    /// The most tokens one `match` or `require` may have.
    static let maxTokens = 2_000

    /// Reads `.nibinspect.json`'s `"customRules"` array (`value` as `JSONSerialization` gives it,
    /// `text` the file's text, for lines).
    ///
    /// - Throws: ``LintConfiguration/Problem`` whose file is `FILE:LINE` (the line of the rule, or
    ///   of its `match` or `require`) and whose message names the rule (`customRules[2]
    ///   'label-colour'`), the key and, in a predicate, the column and what was expected.
    static func load(_ value: Any, text: String, file: String) throws -> [CustomRule] {
        let lines = LineFinder(text: text)
        guard let list = value as? [Any] else {
            throw LintConfiguration.Problem(file: "\(file):\(lines.line(ofKey: "customRules"))", message: "\"customRules\" must be an array of rules")
        }
        var out: [CustomRule] = []
        var ids = Set<String>()
        var searchFrom = lines.offset(ofKey: "customRules")
        for (i, item) in list.enumerated() {
            let name = "customRules[\(i)]"
            guard let entry = item as? [String: Any] else {
                throw LintConfiguration.Problem(file: "\(file):\(lines.line(at: searchFrom))", message: "\(name) must be an object with id, match and message")
            }
            let id = entry["id"] as? String
            if let id, let at = lines.offset(ofKey: "id", value: id, from: searchFrom) { searchFrom = at }
            let line = lines.line(at: searchFrom)
            let label = id.map { "\(name) '\($0)'" } ?? name
            func problem(_ message: String, line: Int = line) -> LintConfiguration.Problem {
                LintConfiguration.Problem(file: "\(file):\(line)", message: "\(label): \(message)")
            }
            if let unknown = entry.keys.sorted().first(where: { !keys.contains($0) }) {
                throw problem("unknown key \"\(unknown)\" (known: \(keys.joined(separator: ", ")))")
            }
            guard let id else { throw problem("needs an \"id\" (text)") }
            guard let first = id.first, first.isLetter || first.isNumber,
                  id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                throw problem("id must be letters, digits, '-', '_' and '.', starting with a letter or digit")
            }
            if let builtIn = LintRules.rule(named: id) {
                throw problem("id '\(id)' is already nibinspect's rule \(builtIn.code.rawValue); choose another")
            }
            guard ids.insert(id).inserted else { throw problem("id '\(id)' is declared twice") }
            func string(_ key: String, required: Bool) throws -> String? {
                guard let v = entry[key] else {
                    if required { throw problem("needs \"\(key)\" (text)") }
                    return nil
                }
                guard let s = v as? String else { throw problem("\"\(key)\" must be text") }
                return s
            }
            func predicate(_ key: String) throws -> CustomRuleExpression? {
                guard let source = try string(key, required: key == "match") else { return nil }
                let at = lines.line(ofString: source, from: searchFrom) ?? line
                guard !source.trimmingCharacters(in: .whitespaces).isEmpty else { throw problem("\"\(key)\" is empty", line: at) }
                do {
                    return try CustomRuleParser.parse(source, maxTokens: maxTokens)
                } catch let e as CustomRuleSyntaxError {
                    throw problem("\(key), column \(e.column): \(e.message)", line: at)
                }
            }
            let match = try predicate("match")!
            let require = try predicate("require")
            let matchText = try string("match", required: true)!
            let requireText = try string("require", required: false)
            guard let message = try string("message", required: true), !message.isEmpty else { throw problem("\"message\" is empty") }
            var severity = Diagnostic.Severity.warning
            if let level = try string("severity", required: false) {
                guard let s = Diagnostic.Severity(rawValue: level) else { throw problem("severity must be error, warning or info, not '\(level)'") }
                severity = s
            }
            var paths: [String] = []
            if let p = entry["paths"] {
                guard let list = p as? [Any], list.allSatisfy({ $0 is String }) else { throw problem("\"paths\" must be an array of patterns (text)") }
                paths = list.compactMap { $0 as? String }
            }
            out.append(CustomRule(id: id, message: message, severity: severity, summary: try string("summary", required: false)
                                    ?? (requireText.map { "An object matching `\(matchText)` does not satisfy `\($0)`" } ?? "An object matches `\(matchText)`"),
                                  fix: try string("fix", required: false)
                                    ?? (requireText.map { "Change it so that `\($0)` holds" } ?? "Change it so that it no longer matches `\(matchText)`"), paths: paths, file: file, line: line,
                                  baseDirectory: (file as NSString).deletingLastPathComponent, match: match, require: require))
        }
        return out
    }
}

/// Lines of a configuration file's text, for errors that point into it.
struct LineFinder {
    let text: String
    private let utf8: [UInt8]

    init(text: String) {
        self.text = text
        utf8 = Array(text.utf8)
    }

    /// The 1-based line of a UTF-8 offset.
    func line(at offset: Int) -> Int {
        1 + utf8[..<min(offset, utf8.count)].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }

    /// The offset of `"key"` (the first), 0 when absent.
    func offset(ofKey key: String) -> Int { find(Array("\"\(key)\"".utf8), from: 0) ?? 0 }

    func line(ofKey key: String) -> Int { line(at: offset(ofKey: key)) }

    /// The offset of `"key": "value"` (any spaces around the colon) at or after `from`.
    func offset(ofKey key: String, value: String, from: Int) -> Int? {
        var start = from
        let needle = Array("\"\(key)\"".utf8)
        let quoted = Array(Self.quoted(value).utf8)
        while let at = find(needle, from: start) {
            var i = at + needle.count
            while i < utf8.count, [32, 9, 10, 13, 58].contains(utf8[i]) { i += 1 }
            if utf8.count - i >= quoted.count, Array(utf8[i..<i + quoted.count]) == quoted { return at }
            start = at + 1
        }
        return nil
    }

    /// The line of `value` written as a JSON string at or after `from`.
    func line(ofString value: String, from: Int) -> Int? {
        find(Array(Self.quoted(value).utf8), from: from).map(line(at:))
    }

    /// `value` as JSON writes a string (quotes and backslashes escaped).
    static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, needle.count <= utf8.count else { return nil }
        var i = max(0, from)
        while i + needle.count <= utf8.count {
            if utf8[i] == needle[0], Array(utf8[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}
