/// One Objective-C type encoding as used in typedstream value groups (nib-format.md §6).
///
/// Typedstreams use a subset of the runtime's encodings plus two of their own: `+` (raw bytes,
/// an unshared length-prefixed string) and `%` (a NeXTSTEP atom, a shared string). Qualifiers,
/// pointers, unions and bitfields never occur in archives and are rejected.
enum TypedstreamType: Hashable, Sendable {
    /// A one-character type: `c C s S i I l L q Q f d B * % : + # @ !`.
    case scalar(UInt8)
    /// `[Ntype]`: `count` values of `element`, without per-element type prefixes.
    indirect case array(count: Int, element: TypedstreamType)
    /// `{name=types}`: the fields one after another.
    case structure(name: String?, fields: [TypedstreamType])

    /// Deepest accepted nesting of arrays and structs inside one encoding.
    static let maxNesting = 32

    /// Scalar characters a typedstream can hold.
    static let scalarCodes: Set<UInt8> = Set("cCsSiIlLqQfdB*%:+#@!".utf8)

    /// The smallest number of stream bytes one value of this type occupies (`!` occupies none).
    var minimumByteSize: Int {
        switch self {
        case .scalar(let c): return c == UInt8(ascii: "!") ? 0 : 1
        case .array(let count, let element):
            let (product, overflow) = count.multipliedReportingOverflow(by: element.minimumByteSize)
            return overflow ? Int.max : product
        case .structure(_, let fields):
            var total = 0
            for f in fields {
                let (sum, overflow) = total.addingReportingOverflow(f.minimumByteSize)
                if overflow { return Int.max }
                total = sum
            }
            return total
        }
    }

    /// True for `[Nc]`/`[NC]`, which are read as one block of raw bytes.
    var isByteArray: Bool {
        if case .array(_, .scalar(let c)) = self { return c == UInt8(ascii: "c") || c == UInt8(ascii: "C") }
        return false
    }

    /// Splits an encoding string such as `iiffffi@@@@@c` or `{_NSRect={_NSPoint=ff}{_NSSize=ff}}`
    /// into its types. Returns nil when the string is empty or malformed.
    static func parseList(_ text: [UInt8]) -> [TypedstreamType]? {
        var parser = Parser(text: text)
        var out: [TypedstreamType] = []
        while parser.position < text.count {
            guard let t = parser.parse(depth: 0) else { return nil }
            out.append(t)
        }
        return out.isEmpty ? nil : out
    }

    private struct Parser {
        let text: [UInt8]
        var position = 0

        mutating func parse(depth: Int) -> TypedstreamType? {
            guard depth < TypedstreamType.maxNesting, position < text.count else { return nil }
            let c = text[position]
            position += 1
            switch c {
            case UInt8(ascii: "["):
                var count = 0
                var digits = 0
                while position < text.count, text[position] >= 0x30, text[position] <= 0x39 {
                    let (m, o1) = count.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.addingReportingOverflow(Int(text[position] - 0x30))
                    guard !o1, !o2 else { return nil }
                    count = s
                    digits += 1
                    position += 1
                }
                guard digits > 0, let element = parse(depth: depth + 1),
                      position < text.count, text[position] == UInt8(ascii: "]") else { return nil }
                position += 1
                return .array(count: count, element: element)
            case UInt8(ascii: "{"):
                // Optional name up to '=', unless a nested struct or the end comes first.
                var name: String?
                var scan = position
                while scan < text.count, text[scan] != UInt8(ascii: "="), text[scan] != UInt8(ascii: "}"),
                      text[scan] != UInt8(ascii: "{") { scan += 1 }
                if scan < text.count, text[scan] == UInt8(ascii: "=") {
                    name = String(decoding: text[position..<scan], as: UTF8.self)
                    position = scan + 1
                }
                var fields: [TypedstreamType] = []
                while position < text.count, text[position] != UInt8(ascii: "}") {
                    guard let f = parse(depth: depth + 1) else { return nil }
                    fields.append(f)
                }
                guard position < text.count else { return nil }
                position += 1
                return .structure(name: name, fields: fields)
            default:
                return TypedstreamType.scalarCodes.contains(c) ? .scalar(c) : nil
            }
        }
    }
}
