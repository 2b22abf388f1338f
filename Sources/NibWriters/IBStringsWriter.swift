import Foundation
import NibModel
import TextEscaping

/// Writes localizable strings (``IBString``) as `ibtool --generate-strings-file` writes a
/// `.strings` file, and orders them as Xcode's localization export (XLIFF, String Catalogs) does.
///
/// Where the rules come from (public ibtool output read with the `search` tools; nothing was run
/// on a Mac):
/// - Entry shape `/* Class = "UILabel"; text = "Welcome"; ObjectID = "…"; */` then
///   `"<id>.<property>" = "<text>";`, entries separated by one blank line: generated
///   `Main.strings`/`MainMenu.strings` files quoted in public repositories (e.g. Sparkle's
///   `de.lproj/SUUpdateAlert.strings`, iOS tutorials' `Main.strings`); ``render(_:)`` of
///   dwkim16/WorldTrotter's `Base.lproj/Main.storyboard` (commit b93ef52) is byte-identical to its
///   generated `en.lproj/Main.strings`.
/// - Order: the strings come in ibtool's order (by key in byte order). Xcode's *export* (XLIFF,
///   String Catalogs) compares numbers in keys as numbers instead (``exportPrecedes(_:_:)``): the
///   XLIFF in ncosgray/cuppa_mac's `XCLocalization/ga.xcloc` (6c8f5a7, Xcode 26.3, beside the
///   exported `MainMenu.xib`) lists `5Qf-No-6KB`, `29`, `56`, … `471`, `LAY-qA-dcS`, `fku-RV-THJ`;
///   its 64 trans-units — ids, sources, notes and order — are exactly ours for that xib.
/// - Escaping: `"` and `\` with a backslash, line feeds as `\n`, tabs as `\t` (Subtitle-Tool's
///   `"\tLeft to Right"`), in the comment as well as the value (`/* Class = "NSMenuItem"; title = "Fi\"le"; ObjectID = "83"; */` quoted in a public
///   strings merger's sources).
/// - ibtool writes UTF-16 with a byte-order mark; ``render(_:)`` returns text, the caller picks
///   the encoding.
public enum IBStringsWriter {
    /// `strings` in the order of Xcode's localization export (XLIFF, String Catalogs).
    public static func exportOrdered(_ strings: [IBString]) -> [IBString] {
        strings.sorted { exportPrecedes($0.key, $1.key) }
    }

    /// The key order of Xcode's localization export: numeric-aware and case-sensitive (as
    /// `NSNumericSearch`): runs of digits compare as numbers, other characters by code point.
    public static func exportPrecedes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var i = 0, j = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var ei = i, ej = j
                while ei < x.count && isDigit(x[ei]) { ei += 1 }
                while ej < y.count && isDigit(y[ej]) { ej += 1 }
                let dx = x[i..<ei].drop { $0 == 0x30 }, dy = y[j..<ej].drop { $0 == 0x30 }
                if dx.count != dy.count { return dx.count < dy.count }
                if !dx.elementsEqual(dy) { return dx.lexicographicallyPrecedes(dy) }
                i = ei; j = ej
                continue
            }
            if x[i] != y[j] { return x[i] < y[j] }
            i += 1; j += 1
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j }
        return x.lexicographicallyPrecedes(y)   // equal but for leading zeros: a total order
    }

    /// Escaped text (``Escape/stringsLiteral(_:)``) made safe inside a `/* … */` comment: `*/`
    /// written `*\/`, so that the comment does not end inside it and the file reads back.
    public static func inComment(_ escaped: String) -> String {
        escaped.replacingOccurrences(of: "*/", with: "*\\/")
    }

    /// ibtool's text: per string a comment and a line, separated by blank lines, starting with a
    /// line feed as ibtool's files do.
    public static func render(_ strings: [IBString]) -> String {
        var out = ""
        for s in strings {
            out += "\n/* \(s.comment) */\n\"\(Escape.stringsLiteral(s.key))\" = \"\(Escape.stringsLiteral(s.value))\";\n"
        }
        return out
    }
}

extension IBString {
    /// ibtool's comment text, without `/* */`:
    /// `Class = "UILabel"; text = "Welcome"; ObjectID = "kTg-3h-Qad";`. An element of a list
    /// (`segmentTitles[0]`, `ibShadowedToolTips[1]`, `scopeButtonTitles[0]`,
    /// `ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0]`) is named with its key, object
    /// id first (`NJH-oV-DbS.segmentTitles[0] = "All Bookmarks"`); a "Comment for Localizer" follows
    /// as `Note = "…";` (NetNewsWire's, Vienna's and CotEditor's generated `.strings`, see
    /// Tests/Conformance/strings). A `*/` in the text is written `*\/`, so that the comment does not
    /// end inside it and the file reads back.
    public var comment: String {
        let q = Escape.stringsLiteral
        let name = property.hasSuffix("]") ? key : property
        var text = "Class = \"\(q(className))\"; \(q(name)) = \"\(q(value))\"; ObjectID = \"\(q(objectID))\";"
        if let note { text += " Note = \"\(q(note))\";" }
        return IBStringsWriter.inComment(text)
    }
}
