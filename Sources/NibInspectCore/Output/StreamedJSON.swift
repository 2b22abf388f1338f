import Foundation
import TextEscaping

/// Writes JSON byte for byte as ``ResolvedJSON/render(_:)`` does (Foundation's `JSONEncoder`:
/// pretty-printed, keys sorted, slashes not escaped, `"key" : value`, two-space indentation;
/// control and bidi characters as `\u` escapes, ``Escape/jsonText(_:)-([UInt8])``), but
/// piece by piece to a ``Console``, so that neither the text nor an encoded tree of the whole
/// output is ever held.
///
/// Large values are written element by element: each element (an object, a connection) is encoded
/// by `JSONEncoder` on its own and re-indented to its depth, and the container around them is
/// written here in `JSONEncoder`'s layout. An object whose large members are written that way is
/// encoded as a *skeleton* — the value with those members emptied — and the members are written in
/// place of their empty `[]`/`{}`, so every other key stays exactly where `JSONEncoder` sorts it.
struct StreamedJSON {
    let console: Console
    private let encoder: JSONEncoder

    init(console: Console) {
        self.console = console
        encoder = JSONEncoder()
        encoder.outputFormatting = ResolvedJSON.formatting
    }

    /// A member of a skeleton written by ``write(_:)`` instead of `JSONEncoder`.
    struct Member {
        /// Keys from the skeleton's root to the member (`["report", "differences"]`).
        var path: [String]
        /// Writes the member's value (from its opening to its closing bracket) at the given depth.
        var write: (Int) throws -> Void
    }

    /// Why a skeleton could not be written (a member missing from it, or found twice): a bug in
    /// the caller's skeleton, never caused by the input.
    struct SkeletonError: Error, CustomStringConvertible {
        var path: [String]
        var description: String { "internal error: JSON member \(path.joined(separator: ".")) not found once in its skeleton" }
    }

    /// Writes `value` as `JSONEncoder` encodes it, re-indented to `depth` (the first line is not
    /// indented: the caller has written what precedes it).
    func write<T: Encodable>(_ value: T, depth: Int) throws {
        let bytes = Escape.jsonText([UInt8](try encoder.encode(value)))
        writeIndented(bytes, 0..<bytes.count, depth: depth)
    }

    /// Writes an array at `depth`, each element through `element` (called with the element's depth).
    /// An empty array is written as `JSONEncoder` writes one (`[`, an empty line, `]`).
    func writeArray<S: Sequence>(_ elements: S, depth: Int, _ element: (S.Element, Int) throws -> Void) rethrows {
        console.write("[\n")
        var first = true
        for e in elements {
            if !first { console.write(",\n") }
            first = false
            indent(depth + 1)
            try element(e, depth + 1)
        }
        console.write("\n")
        indent(depth)
        console.write("]")
    }

    /// ``writeArray(_:depth:_:)`` with each element written on one of up to `width` workers
    /// (``OrderedOutput``) by `element`, called with the element, its depth and a writer of its own;
    /// the same bytes whatever `width`.
    func writeArray<T: Sendable>(_ elements: [T], width: Int, depth: Int,
                                 _ element: @escaping @Sendable (T, Int, StreamedJSON) throws -> Void) throws {
        console.write("[\n")
        try OrderedOutput.forEach(elements, width: width, render: { e, console in
            try element(e, depth + 1, StreamedJSON(console: console))
        }) { i, rendering in
            if i > 0 { console.write(",\n") }
            indent(depth + 1)
            OrderedOutput.write(rendering, to: console)
        }
        console.write("\n")
        indent(depth)
        console.write("]")
    }

    /// Writes a string-keyed object at `depth` with its keys in `JSONEncoder`'s order (sorted by
    /// their UTF-8 bytes), each value through `value`.
    func writeObject<V>(_ members: [String: V], depth: Int, _ value: (V, Int) throws -> Void) throws {
        console.write("{\n")
        var first = true
        for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let v = members[key] else { continue }
            if !first { console.write(",\n") }
            first = false
            indent(depth + 1)
            try write(key, depth: depth + 1)
            console.write(" : ")
            try value(v, depth + 1)
        }
        console.write("\n")
        indent(depth)
        console.write("}")
    }

    /// Writes `skeleton` at `depth` with each of `members` — an empty array or object in the
    /// skeleton — written by its own closure in its place.
    ///
    /// - Throws: what the closures throw; ``SkeletonError`` when a member's empty value does not
    ///   occur exactly once in the encoded skeleton.
    func write<T: Encodable>(_ skeleton: T, depth: Int, replacing members: [Member]) throws {
        let bytes = Escape.jsonText([UInt8](try encoder.encode(skeleton)))
        var splices: [(range: Range<Int>, member: Member)] = []
        for m in members {
            guard let range = Self.emptyMember(m.path, in: bytes) else { throw SkeletonError(path: m.path) }
            splices.append((range, m))
        }
        splices.sort { $0.range.lowerBound < $1.range.lowerBound }
        var position = 0
        for (range, member) in splices {
            writeIndented(bytes, position..<range.lowerBound, depth: depth)
            let memberDepth = depth + member.path.count
            console.write("\n")
            indent(memberDepth)
            try write(member.path[member.path.count - 1], depth: memberDepth)
            console.write(" : ")
            try member.write(memberDepth)
            position = range.upperBound
        }
        writeIndented(bytes, position..<bytes.count, depth: depth)
    }

    /// The range of `\n<indent>"key" : [\n\n<indent>]` (or `{…}`) for the member at `path` of an
    /// encoded skeleton: the indentation tells its depth, and JSON strings hold no raw newline, so
    /// the pattern cannot occur inside a value. Nil unless it occurs exactly once.
    static func emptyMember(_ path: [String], in bytes: [UInt8]) -> Range<Int>? {
        guard let key = path.last else { return nil }
        let indent = String(repeating: "  ", count: path.count)
        var found: Range<Int>?
        for (open, close) in [("[", "]"), ("{", "}")] {
            let pattern = Array("\n\(indent)\"\(key)\" : \(open)\n\n\(indent)\(close)".utf8)
            var start = 0
            while let r = firstRange(of: pattern, in: bytes, from: start) {
                if found != nil { return nil }
                found = r
                start = r.upperBound
            }
        }
        return found
    }

    private static func firstRange(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var i = start
        while i + pattern.count <= bytes.count {
            if bytes[i] == first && bytes[i..<(i + pattern.count)].elementsEqual(pattern) { return i..<(i + pattern.count) }
            i += 1
        }
        return nil
    }

    /// Writes `bytes[range]`, indenting every line after the first by `depth` levels; empty lines
    /// (inside an empty array or object) stay empty, as `JSONEncoder` writes them.
    private func writeIndented(_ bytes: [UInt8], _ range: Range<Int>, depth: Int) {
        guard depth > 0 else { console.writeBytes(bytes[range]); return }
        var start = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            if bytes[i] == 0x0A {
                console.writeBytes(bytes[start...i])
                start = i + 1
                if start < range.upperBound && bytes[start] != 0x0A { indent(depth) }
            }
            i += 1
        }
        if start < range.upperBound { console.writeBytes(bytes[start..<range.upperBound]) }
    }

    private func indent(_ depth: Int) {
        guard depth > 0 else { return }
        if depth < Self.indents.count { console.writeBytes(Self.indents[depth]) }
        else { console.write(String(repeating: "  ", count: depth)) }
    }

    /// Two spaces per level, for the usual depths.
    private static let indents: [[UInt8]] = (0..<16).map { [UInt8](repeating: 0x20, count: 2 * $0) }
}
