/// Text from an input made safe for a terminal: control characters (C0, DEL, C1) and the Unicode
/// bidirectional overrides are written as escapes (`\n`, `\t`, `\u{1b}`, `\u{202e}`), so nothing an
/// input holds can move the cursor, retitle the window, reorder a line or break one line into
/// two. Every string from an input passes through it on its way to text output and to stderr
/// (JSON, DOT and SVG escape by their own rules).
func terminalSafe(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: needsEscape) else { return s }
    var out = String.UnicodeScalarView()
    for scalar in s.unicodeScalars {
        guard needsEscape(scalar) else { out.append(scalar); continue }
        let text: String
        switch scalar {
        case "\n": text = "\\n"
        case "\r": text = "\\r"
        case "\t": text = "\\t"
        default: text = "\\u{\(String(scalar.value, radix: 16))}"
        }
        out.append(contentsOf: text.unicodeScalars)
    }
    return String(out)
}

/// C0 controls, DEL, C1 controls, and the bidirectional embeddings, overrides and isolates.
private func needsEscape(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return v < 0x20 || (v >= 0x7F && v <= 0x9F) || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
}
