import Foundation
#if !NIBINSPECT_SINGLE_MODULE
import TextEscaping   // Scripts/fuzz.sh compiles the sources as one module
#endif

/// Writes a ``PlistValue`` as an XML property list in Apple's layout (tab indentation, the
/// `PropertyList-1.0` DOCTYPE), with UIDs as `<dict><key>CF$UID</key><integer>n</integer></dict>`
/// (nib-format.md §4.1). XML has no sets: a set is written as an `<array>`.
package enum XMLPlistWriter {
    package static func write(_ value: PlistValue) -> [UInt8] {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
        element(value, indent: 0, into: &out)
        out += "</plist>\n"
        return Array(out.utf8)
    }

    private static func element(_ value: PlistValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .null: out += pad + "<string></string>\n"   // XML plists cannot say null
        case .bool(let b): out += pad + (b ? "<true/>\n" : "<false/>\n")
        case .int(let i): out += pad + "<integer>\(i)</integer>\n"
        case .uint(let u): out += pad + "<integer>\(u)</integer>\n"
        case .real(let d):
            let text = d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-infinity" : "+infinity") : "\(d)"
            out += pad + "<real>\(text)</real>\n"
        case .date(let t): out += pad + "<date>\(PlistDate.format(t))</date>\n"
        case .data(let bytes): out += pad + "<data>\(Data(bytes).base64EncodedString())</data>\n"
        case .string(let s): out += pad + "<string>\(Escape.xmlPlistText(s))</string>\n"
        case .uid(let n): out += pad + "<dict>\n\(pad)\t<key>CF$UID</key>\n\(pad)\t<integer>\(n)</integer>\n\(pad)</dict>\n"
        case .array(let list), .set(let list):
            if list.isEmpty { out += pad + "<array/>\n"; return }
            out += pad + "<array>\n"
            for v in list { element(v, indent: indent + 1, into: &out) }
            out += pad + "</array>\n"
        case .dictionary(let entries):
            if entries.isEmpty { out += pad + "<dict/>\n"; return }
            out += pad + "<dict>\n"
            for e in entries {
                out += pad + "\t<key>\(Escape.xmlPlistText(e.key))</key>\n"
                element(e.value, indent: indent + 1, into: &out)
            }
            out += pad + "</dict>\n"
        }
    }
}
