/// Lets libxml2 read XML plists as CoreFoundation writes and reads them.
///
/// CoreFoundation writes control characters in `<string>`s raw (e.g. an `NSKeyEquiv` of `\r` or
/// `ESC`) and reads them back unchanged, but XML 1.0 forbids U+0000–U+001F except tab, LF and CR,
/// and normalises a raw CR to LF. Before parsing, each such byte outside markup (and every CR) is
/// replaced by the private-use scalar U+10FF00 + byte (4 UTF-8 bytes, `F4 8F BC 80+b`);
/// ``restore(_:)`` maps text back and ``originalOffset(_:)`` maps parser offsets back to the input.
struct ControlCharacterShield {
    /// The bytes to parse (the input itself when nothing needed shielding).
    let bytes: [UInt8]
    /// Original offsets of the replaced bytes, ascending.
    let positions: [Int]

    init(_ input: [UInt8]) {
        var needed = false
        for b in input where b < 0x20 && b != 0x09 && b != 0x0A { needed = true; break }
        guard needed else { bytes = input; positions = []; return }
        var out: [UInt8] = []
        out.reserveCapacity(input.count + 64)
        var replaced: [Int] = []
        var inMarkup = false
        for (i, b) in input.enumerated() {
            if b == 0x3C { inMarkup = true } else if b == 0x3E { inMarkup = false }
            if b < 0x20, b != 0x09, b != 0x0A, !inMarkup || b == 0x0D {
                out += [0xF4, 0x8F, 0xBC, 0x80 + b]
                replaced.append(i)
            } else {
                out.append(b)
            }
        }
        bytes = out
        positions = replaced
    }

    /// `text` with shielded characters turned back into the original control characters.
    func restore(_ text: String) -> String {
        guard !positions.isEmpty, text.unicodeScalars.contains(where: { $0.value & 0xFFFF_FFE0 == 0x10_FF00 }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value & 0xFFFF_FFE0 == 0x10_FF00, let original = Unicode.Scalar(scalar.value - 0x10_FF00) {
                out.append(original)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The input offset of byte `offset` of ``bytes``.
    func originalOffset(_ offset: Int) -> Int {
        guard !positions.isEmpty else { return offset }
        // Replacement k sits at shielded offset positions[k] + 3k; count those before `offset`.
        var low = 0, high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if positions[mid] + 3 * mid < offset { low = mid + 1 } else { high = mid }
        }
        return max(0, offset - 3 * low)
    }
}
