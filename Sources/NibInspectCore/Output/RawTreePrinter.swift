import ArchiveReader
import TextEscaping

/// Prints an ``ObjectGraph`` as a tree from its root, following each object reference once: a
/// reference seen before prints as a back-reference (`↑ see #12`), so cycles terminate.
///
/// ```
/// #0 NSObject
/// ├─ UINibTopLevelObjectsKey → #1 NSArray
/// │  ├─ UINibEncoderEmptyKey → #2 UIProxyObject
/// │  │  └─ UIProxiedObjectIdentifier → #3 NSString "IBFilesOwner"
/// ```
/// Strings and numbers (`NSString`, `NSNumber`, …) are shown inline after their object.
struct RawTreePrinter {
    let graph: ObjectGraph
    var maxDepth: Int = .max
    /// `--nested`: expand nested NIBArchives (§2.9) inline. Maps a data value's record offset to its
    /// payload offset (``NibArchive/nestedPayloadOffsets``); nil = do not expand.
    var nestedPayloadOffsets: [Int: Int]?
    var limits: DecodingLimits = .default
    /// Nesting depth of `graph` (0 = the input itself).
    var nestingDepth = 0
    /// Errors met while expanding nested archives (printed inline too).
    private(set) var nestedErrors: [ArchiveError] = []
    /// Lines collected by ``render()``; ``render(to:)`` writes them to its sink instead.
    private var out: [String] = []
    private var sink: ((String) -> Void)?
    private var seen = Set<Int>()
    /// Deepest reference level printed whatever `--depth` says.
    static let depthLimit = 512

    init(graph: ObjectGraph, maxDepth: Int = .max, nestedPayloadOffsets: [Int: Int]? = nil,
         limits: DecodingLimits = .default, nestingDepth: Int = 0) {
        self.graph = graph
        self.maxDepth = maxDepth
        self.nestedPayloadOffsets = nestedPayloadOffsets
        self.limits = limits
        self.nestingDepth = nestingDepth
    }

    /// The whole tree as text, one line per object or value, ending with a newline.
    mutating func render() -> String {
        sink = nil
        out = []
        walkFromRoot()
        return out.map { $0 + "\n" }.joined()
    }

    /// Writes the tree (the text of ``render()``) to `sink` line by line, as it is walked.
    mutating func render(to sink: @escaping (String) -> Void) {
        self.sink = sink
        out = []
        walkFromRoot()
        self.sink = nil
    }

    private mutating func walkFromRoot() {
        seen = []
        seen.insert(graph.root.index)
        emit(label(for: graph.root))
        walk(graph.root, prefix: "", depth: 1)
    }

    /// One line. Class names, keys and type encodings come from the input: no control character
    /// of theirs reaches the terminal (the lines hold nothing of ours that needs one).
    private mutating func emit(_ line: String) {
        let safe = Escape.terminal(line)
        if let sink { sink(safe + "\n") } else { out.append(safe) }
    }

    private func label(for ref: ObjectRef) -> String {
        guard let object = graph[ref] else { return "\(ref) <invalid>" }
        var s = "\(ref) \(object.className)"
        if let swapped = swapperLabel(object) { s += " " + swapped }
        if let text = graph.string(.object(ref)) { s += " " + Escape.quoted(text) }
        else if let n = inlineNumber(object) { s += " " + n }
        return s
    }

    /// `(Module.CustomClass : UIViewController)` for `UIClassSwapper`/`NSClassSwapper` (§3.5, §4.5).
    private func swapperLabel(_ object: ArchivedObject) -> String? {
        let (custom, original): (String, String)
        switch object.className {
        case "UIClassSwapper": (custom, original) = ("UIClassName", "UIOriginalClassName")
        case "NSClassSwapper": (custom, original) = ("NSClassName", "NSOriginalClassName")
        default: return nil
        }
        guard let name = graph.string(object[custom]) else { return nil }
        let base = graph.string(object[original]).map { " : " + $0 } ?? ""
        return "(" + SwiftNames.displayName(name) + base + ")"
    }

    private func inlineNumber(_ object: ArchivedObject) -> String? {
        guard object.className.hasSuffix("Number") else { return nil }
        for key in ["NS.intval", "NS.dblval", "NS.boolval"] {
            if let v = object[key] { return RawValueFormatter.format(v) }
        }
        return nil
    }

    private mutating func walk(_ ref: ObjectRef, prefix: String, depth: Int) {
        guard let object = graph[ref] else { return }
        // Objects shown inline (strings, numbers) need no children.
        if graph.string(.object(ref)) != nil || inlineNumber(object) != nil, object.fields.count <= 3 { return }
        for (i, field) in object.fields.enumerated() {
            let last = i == object.fields.count - 1
            let branch = prefix + (last ? "└─ " : "├─ ")
            let childPrefix = prefix + (last ? "   " : "│  ")
            line(field.key, field.value, branch: branch, childPrefix: childPrefix, depth: depth)
            if case .data(let bytes) = field.value, let offsets = nestedPayloadOffsets,
               let offset = field.offset, let payload = offsets[offset], bytes.starts(with: NibArchive.magic) {
                expandNested(bytes, at: payload, prefix: childPrefix)
            }
        }
    }

    /// Prints the nested archive's tree under the value line, or its error.
    private mutating func expandNested(_ bytes: [UInt8], at offset: Int, prefix: String) {
        do throws(ArchiveError) {
            guard nestingDepth + 1 <= limits.maxNestingDepth else {
                throw ArchiveError(.limitExceeded(.nestingDepth, value: nestingDepth + 1), at: offset)
            }
            let archive = try NibArchive(bytes: bytes, limits: limits, baseOffset: offset)
            var inner = RawTreePrinter(graph: archive.objectGraph(), maxDepth: maxDepth,
                                       nestedPayloadOffsets: archive.nestedPayloadOffsets, limits: limits,
                                       nestingDepth: nestingDepth + 1)
            let lines = inner.render().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            nestedErrors += inner.nestedErrors
            for (i, l) in lines.enumerated() { emit(prefix + (i == 0 ? "└╴nested: " : "         ") + l) }
        } catch {
            nestedErrors.append(error)
            emit(prefix + "└╴nested: error: \(error)")
        }
    }

    private mutating func line(_ key: String, _ value: ArchiveValue, branch: String, childPrefix: String, depth: Int) {
        switch value {
        case .object(let r):
            if seen.contains(r.index) {
                emit("\(branch)\(key) → ↑ \(label(for: r))")
            } else if depth >= maxDepth {
                emit("\(branch)\(key) → \(label(for: r)) …")
            } else if depth >= Self.depthLimit {
                // A hostile 100 000-deep reference chain must not overflow the stack (or print
                // quadratically long indentation): cut, and say so.
                emit("\(branch)\(key) → \(label(for: r)) … (deeper than \(Self.depthLimit) levels, not shown)")
            } else {
                seen.insert(r.index)
                emit("\(branch)\(key) → \(label(for: r))")
                walk(r, prefix: childPrefix, depth: depth + 1)
            }
        case .array(let items):
            emit("\(branch)\(key) = [\(items.count)]")
            for (i, item) in items.enumerated() {
                let last = i == items.count - 1
                line("[\(i)]", item, branch: childPrefix + (last ? "└─ " : "├─ "),
                     childPrefix: childPrefix + (last ? "   " : "│  "), depth: depth)
            }
        case .dictionary(let fields):
            emit("\(branch)\(key) = {\(fields.count)}")
            for (i, f) in fields.enumerated() {
                let last = i == fields.count - 1
                line(f.key, f.value, branch: childPrefix + (last ? "└─ " : "├─ "),
                     childPrefix: childPrefix + (last ? "   " : "│  "), depth: depth)
            }
        default:
            emit("\(branch)\(key) = \(RawValueFormatter.format(value))")
        }
    }
}

/// Formats a raw value for one line of output.
enum RawValueFormatter {
    static func format(_ value: ArchiveValue) -> String {
        switch value {
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .float(let f): return Geometry.formatNumber(Double(f))
        case .double(let d): return Geometry.formatNumber(d)
        case .string(let s): return Escape.quoted(s)
        case .date(let t): return "date(\(Geometry.formatNumber(t)))"
        case .null: return "nil"
        case .object(let r): return r.description
        case .array(let a): return "[\(a.count) items]"
        case .dictionary(let d): return "{\(d.count) entries}"
        case .data(let bytes):
            if let g = Geometry.components(bytes) { return Geometry.format(g) }
            if bytes.starts(with: Array("NIBArchive".utf8)) { return "<nested NIBArchive, \(bytes.count) bytes>" }
            if bytes.starts(with: Array("bplist00".utf8)) { return "<nested binary plist, \(bytes.count) bytes>" }
            if !bytes.isEmpty, bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0 || $0 == 0x0A }),
               let s = String(validating: bytes.last == 0 ? Array(bytes.dropLast()) : bytes, as: UTF8.self) {
                return "<\(bytes.count) bytes> " + Escape.quoted(s)
            }
            let hex = bytes.prefix(16).map { h2($0) }.joined(separator: " ")
            return "<\(bytes.count) bytes\(bytes.isEmpty ? "" : ": " + hex)\(bytes.count > 16 ? " …" : "")>"
        }
    }
}

private func h2(_ b: UInt8) -> String {
    let s = String(b, radix: 16, uppercase: true)
    return b < 16 ? "0" + s : s
}
