import NibModel
import TextEscaping

/// The localizable strings of one document, as `nibinspect strings` exports them.
public struct StringsTable: Sendable {
    /// The document's name (`Main.storyboard`, `Login.nib`): a heading, an XLIFF `<file original>`.
    public var name: String
    /// Its strings, in ibtool's order (``IBStrings``).
    public var strings: [IBString]
    /// True for a compiled nib, whose keys are xib ids only where the nib kept them.
    public var bestEffort: Bool

    public init(name: String, strings: [IBString], bestEffort: Bool) {
        self.name = name
        self.strings = strings
        self.bestEffort = bestEffort
    }
}

/// The export formats of `nibinspect strings`: ibtool's `.strings` text (``IBStringsWriter``),
/// XLIFF 1.2 as Xcode's Export Localizations writes it, a String Catalog (`.xcstrings`), and JSON
/// rows. Each returns the whole text; the caller picks the encoding (ibtool writes UTF-16).
public enum StringsExport {
    public static let bestEffortNote = "nibinspect: compiled nib, best effort: object ids are xib ids only where the nib kept the strings-file key (NSLocalizableString); other texts are keyed by archive index (#N) and archived property name; the class is the archived class."

    public static func strings(_ units: [StringsTable], headings: Bool) -> String {
        var out = ""
        for (i, u) in units.enumerated() {
            if headings { out += (i > 0 ? "\n" : "") + "/* == \(IBStringsWriter.inComment(Escape.stringsLiteral(u.name))) == */\n" }
            if u.bestEffort { out += "/* \(bestEffortNote) */\n" }
            out += IBStringsWriter.render(u.strings)
        }
        return out
    }

    /// XML text or a `"`-quoted attribute value (``Escape/xmlText(_:unrepresentable:)``,
    /// ``Escape/xmlAttribute(_:unrepresentable:)``); characters XML 1.0 cannot carry are written as
    /// ibtool's `\U001B` escapes.
    static func xml(_ s: String, attribute: Bool = false) -> String {
        attribute ? Escape.xmlAttribute(s, unrepresentable: .stringsEscape) : Escape.xmlText(s, unrepresentable: .stringsEscape)
    }

    /// XLIFF 1.2 as Xcode's Export Localizations writes it: one `<file>` per document.
    public static func xliff(_ units: [StringsTable], utf16: Bool, toolVersion: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"\(utf16 ? "UTF-16" : "UTF-8")\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" version=\"1.2\" xsi:schemaLocation=\"urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd\">\n"
        for u in units {
            out += "  <file original=\"\(xml(u.name, attribute: true))\" source-language=\"en\" datatype=\"plaintext\">\n"
            out += "    <header>\n      <tool tool-id=\"nibinspect\" tool-name=\"nibinspect\" tool-version=\"\(xml(toolVersion, attribute: true))\"/>\n"
            if u.bestEffort { out += "      <note>\(xml(bestEffortNote))</note>\n" }
            out += "    </header>\n    <body>\n"
            for s in IBStringsWriter.exportOrdered(u.strings) {
                out += "      <trans-unit id=\"\(xml(s.key, attribute: true))\" xml:space=\"preserve\">\n"
                out += "        <source>\(xml(s.value))</source>\n"
                out += "        <note>\(xml(s.comment))</note>\n"
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n  </file>\n"
        }
        return out + "</xliff>\n"
    }

    /// A String Catalog (`.xcstrings`) in Xcode's layout (two-space indent, `" : "`).
    public static func xcstrings(_ units: [StringsTable]) -> String {
        var out = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {"
        var seen = Set<String>()
        var first = true
        for u in units {
            for s in IBStringsWriter.exportOrdered(u.strings) where seen.insert(s.key).inserted {
                out += first ? "\n" : ",\n"
                first = false
                out += "    \(Escape.json(s.key)) : {\n"
                out += "      \"comment\" : \(Escape.json(s.comment)),\n"
                out += "      \"extractionState\" : \"manual\",\n"
                out += "      \"localizations\" : {\n        \"en\" : {\n          \"stringUnit\" : {\n"
                out += "            \"state\" : \"translated\",\n"
                out += "            \"value\" : \(Escape.json(s.value))\n"
                out += "          }\n        }\n      }\n    }"
            }
        }
        out += first ? "\n\n  },\n" : "\n  },\n"
        return out + "  \"version\" : \"1.0\"\n}\n"
    }

    /// `[{"key", "value", "class", "property", "objectID", "line"}]` in that member order, with
    /// `"file"` first for directories, `"note"` (the "Comment for Localizer") after `"objectID"`
    /// when the object has one, and `"bestEffort": true` for compiled nibs.
    public static func json(_ units: [StringsTable], withFile: Bool) -> String {
        var rows: [String] = []
        for u in units {
            for s in u.strings {
                var members: [String] = []
                if withFile { members.append("\"file\" : \(Escape.json(u.name))") }
                members += ["\"key\" : \(Escape.json(s.key))", "\"value\" : \(Escape.json(s.value))",
                            "\"class\" : \(Escape.json(s.className))", "\"property\" : \(Escape.json(s.property))",
                            "\"objectID\" : \(Escape.json(s.objectID))"]
                if let note = s.note { members.append("\"note\" : \(Escape.json(note))") }
                members.append("\"line\" : \(s.line.map(String.init) ?? "null")")
                if u.bestEffort { members.append("\"bestEffort\" : true") }
                rows.append("  {\n    " + members.joined(separator: ",\n    ") + "\n  }")
            }
        }
        return rows.isEmpty ? "[]\n" : "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }
}
