import Foundation
import TextEscaping

/// A JSON value with deterministic output: object keys sorted, two-space indentation.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Pretty-printed text with sorted keys and a trailing newline.
    func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    /// Appends the value's text at nesting `indent` (its first line not indented).
    func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite { out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) + ".0" : String(d) }
            else { out += "null" }
        case .string(let s): out += Escape.json(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(into: &out, indent: indent + 1)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let dict):
            if dict.isEmpty { out += "{}"; return }
            out += "{\n"
            let keys = dict.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += String(repeating: "  ", count: indent + 1) + Escape.json(key) + " : "
                dict[key]!.write(into: &out, indent: indent + 1)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }
}

/// A ``JSONValue`` whose large arrays are produced element by element while it is written
/// (``write(to:indent:)``), so that neither the tree nor the text of a whole output is held. It is
/// written exactly as ``JSONValue/rendered()`` writes the equivalent value (``materialized()``).
indirect enum LazyJSON {
    case value(JSONValue)
    case object([String: LazyJSON])
    /// `count` elements, the `i`-th made by `element(i)` when it is written.
    case array(count: Int, element: (Int) -> LazyJSON)
    /// ``array(count:element:)`` whose elements are made and written on up to `width` workers
    /// (``OrderedOutput``) and written in order: the same bytes whatever `width`.
    case parallelArray(count: Int, width: Int, element: @Sendable (Int) -> LazyJSON)

    /// Writes the value at nesting `indent` to `console`, each element of an ``array(count:element:)``
    /// made and written in turn.
    func write(to console: Console, indent: Int) {
        switch self {
        case .value(let v):
            var out = ""
            v.write(into: &out, indent: indent)
            console.write(out)
        case .array(let count, let element):
            if count == 0 { console.write("[]"); return }
            console.write("[\n")
            for i in 0..<count {
                console.write(String(repeating: "  ", count: indent + 1))
                element(i).write(to: console, indent: indent + 1)
                console.write(i == count - 1 ? "\n" : ",\n")
            }
            console.write(String(repeating: "  ", count: indent) + "]")
        case .parallelArray(let count, let width, let element):
            if count == 0 { console.write("[]"); return }
            console.write("[\n")
            try? OrderedOutput.forEach(Array(0..<count), width: width, render: { i, worker in
                element(i).write(to: worker, indent: indent + 1)
            }) { i, rendering in
                console.write(String(repeating: "  ", count: indent + 1))
                OrderedOutput.write(rendering, to: console)
                console.write(i == count - 1 ? "\n" : ",\n")
            }
            console.write(String(repeating: "  ", count: indent) + "]")
        case .object(let members):
            if members.isEmpty { console.write("{}"); return }
            console.write("{\n")
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                console.write(String(repeating: "  ", count: indent + 1) + Escape.json(key) + " : ")
                members[key]?.write(to: console, indent: indent + 1)
                console.write(i == keys.count - 1 ? "\n" : ",\n")
            }
            console.write(String(repeating: "  ", count: indent) + "}")
        }
    }

    /// The whole value as a ``JSONValue`` (every element made): for tests and small outputs.
    func materialized() -> JSONValue {
        switch self {
        case .value(let v): return v
        case .object(let members): return .object(members.mapValues { $0.materialized() })
        case .array(let count, let element): return .array((0..<count).map { element($0).materialized() })
        case .parallelArray(let count, _, let element): return .array((0..<count).map { element($0).materialized() })
        }
    }
}
