/// A deliberately small demangler for the Objective-C runtime names of Swift classes that
/// Interface Builder stores as custom classes (`UIClassName`, `NSClassName`; user-needs.md §B1.8).
///
/// Handles the old-style class manglings `_TtC<len><module><len><name>` and nested classes
/// `_TtCC<len><module><len><outer><len><inner>` (one `C` per nesting level), with `s` standing for
/// the `Swift` module. Anything else (generic `_TtG…`, private discriminators, Swift 5 `$s`
/// manglings) is left alone: ``demangle(_:)`` returns nil and callers keep the raw string.
enum SwiftDemangler {
    /// `(module, "Outer.Inner")` for a mangled class name, nil when `name` is not one this handles.
    static func demangle(_ name: String) -> (module: String, className: String)? {
        let bytes = Array(name.utf8)
        guard bytes.count > 4, bytes.starts(with: Array("_Tt".utf8)) else { return nil }
        var i = 3
        var depth = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: "C") {
            depth += 1
            i += 1
        }
        guard depth > 0, depth <= 16 else { return nil }
        var parts: [String] = []
        // The module: `s` for Swift, else a length-prefixed identifier.
        if i < bytes.count, bytes[i] == UInt8(ascii: "s") {
            parts.append("Swift")
            i += 1
        } else if let (ident, next) = identifier(bytes, at: i) {
            parts.append(ident)
            i = next
        } else {
            return nil
        }
        for _ in 0..<depth {
            guard let (ident, next) = identifier(bytes, at: i) else { return nil }
            parts.append(ident)
            i = next
        }
        guard i == bytes.count, parts.count == depth + 1 else { return nil }
        return (parts[0], parts.dropFirst().joined(separator: "."))
    }

    /// A decimal length followed by that many bytes of identifier.
    private static func identifier(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        var i = start
        var length = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            length = length * 10 + Int(bytes[i] - 0x30)
            guard length < 4096 else { return nil }
            i += 1
        }
        guard i > start, length > 0, i + length <= bytes.count else { return nil }
        guard let text = String(validating: bytes[i..<(i + length)], as: UTF8.self) else { return nil }
        return (text, i + length)
    }
}
