import CYAML
import Foundation
import NibDiagnosis

/// YAML text → the values JSON would give (``LintOptionValue``), with libyaml's parser: the one
/// file that touches libyaml's C API. Used for IBLinter's `.iblinter.yml`.
///
/// Scalars resolve as YAML 1.1 does for IBLinter's configuration (Yams): plain `~`, `null` and
/// nothing are null, `true`/`false`/`yes`/`no`/`on`/`off` booleans, numbers numbers, anything else
/// and every quoted scalar a string. Anchors and aliases are followed. Bounded: at most
/// ``maxDepth`` levels of nesting and ``maxNodes`` values (aliases counted each time they are
/// used), so no input can exhaust memory. Errors name the line and column.
enum YAMLReader {
    static let maxDepth = 64
    static let maxNodes = 100_000

    /// The first document of `data` (null for an empty file).
    static func read(_ data: Data, file: String) throws -> LintOptionValue {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw LintConfiguration.Problem(file: file, message: "cannot start the YAML parser") }
        defer { yaml_parser_delete(&parser) }
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder(file: file)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "not YAML"
                    let mark = parser.problem_mark
                    throw LintConfiguration.Problem(file: file, message: "line \(mark.line + 1), column \(mark.column + 1): \(problem)")
                }
                defer { yaml_event_delete(&event) }
                let line = event.start_mark.line + 1, column = event.start_mark.column + 1
                func at(_ message: String) -> LintConfiguration.Problem {
                    LintConfiguration.Problem(file: file, message: "line \(line), column \(column): \(message)")
                }
                switch event.type {
                case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                    if let value = builder.result { return value }
                    if event.type == YAML_STREAM_END_EVENT { return .null }
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
                    let value = s.style == YAML_PLAIN_SCALAR_STYLE ? Self.resolve(text) : .string(text)
                    try builder.add(value, size: 1, anchor: s.anchor.map { String(cString: $0) }, at: at)
                case YAML_SEQUENCE_START_EVENT:
                    try builder.open(.array([]), anchor: event.data.sequence_start.anchor.map { String(cString: $0) }, at: at)
                case YAML_MAPPING_START_EVENT:
                    try builder.open(.object([:]), anchor: event.data.mapping_start.anchor.map { String(cString: $0) }, at: at)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    try builder.close(at: at)
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    guard let (value, size) = builder.anchors[name] else { throw at("unknown alias *\(name)") }
                    try builder.add(value, size: size, anchor: nil, at: at)
                default:
                    break
                }
            }
        }
    }

    /// A plain scalar's value.
    static func resolve(_ text: String) -> LintOptionValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
        default:
            if let i = Int(text) { return .integer(i) }
            if text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true, let d = Double(text), d.isFinite { return .number(d) }
            return .string(text)
        }
    }

    /// Collections being built, innermost last, with the key a mapping waits a value for and the
    /// number of values inside (an alias counts as many as its anchor's value holds).
    struct Builder {
        let file: String
        var stack: [(value: LintOptionValue, key: String?, anchor: String?, size: Int)] = []
        var anchors: [String: (LintOptionValue, Int)] = [:]
        var result: LintOptionValue?
        var nodes = 0

        init(file: String) { self.file = file }

        mutating func open(_ empty: LintOptionValue, anchor: String?, at: (String) -> LintConfiguration.Problem) throws {
            guard stack.count < YAMLReader.maxDepth else { throw at("nested deeper than \(YAMLReader.maxDepth) levels") }
            try count(1, at: at)
            stack.append((empty, nil, anchor, 1))
        }

        mutating func close(at: (String) -> LintConfiguration.Problem) throws {
            guard let done = stack.popLast() else { return }
            if let anchor = done.anchor { anchors[anchor] = (done.value, done.size) }
            try attach(done.value, size: done.size, at: at)
        }

        mutating func add(_ value: LintOptionValue, size: Int, anchor: String?, at: (String) -> LintConfiguration.Problem) throws {
            try count(size, at: at)
            if let anchor { anchors[anchor] = (value, size) }
            try attach(value, size: size, at: at)
        }

        mutating func count(_ n: Int, at: (String) -> LintConfiguration.Problem) throws {
            nodes += n
            guard nodes <= YAMLReader.maxNodes else { throw at("more than \(YAMLReader.maxNodes) values") }
        }

        /// Puts a finished value into the collection being built (a mapping's key first, then its value).
        mutating func attach(_ value: LintOptionValue, size: Int, at: (String) -> LintConfiguration.Problem) throws {
            guard !stack.isEmpty else {
                result = value
                return
            }
            let top = stack.count - 1
            stack[top].size += size
            switch stack[top].value {
            case .array(var a):
                stack[top].value = .null
                a.append(value)
                stack[top].value = .array(a)
            case .object(var o):
                if let key = stack[top].key {
                    stack[top].value = .null
                    o[key] = value
                    stack[top].value = .object(o)
                    stack[top].key = nil
                } else {
                    switch value {
                    case .string(let s): stack[top].key = s
                    case .integer, .number, .bool, .null: stack[top].key = "\(value)"
                    default: throw at("a mapping key must be a scalar")
                    }
                }
            default: break
            }
        }
    }
}
