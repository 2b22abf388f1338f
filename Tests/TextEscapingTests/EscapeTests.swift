import Foundation
import Testing
import TextEscaping

/// The rules of each output language, character by character: what is kept byte for byte
/// (ordinary text, as every output wrote it before the escapers were one module) and what each
/// unsafe character becomes.
@Suite("Escaping rules")
struct EscapeTests {
    /// One of each unsafe kind: C0 (NUL, BEL, ESC), DEL, C1 (NEL, CSI), ALM, LRM, RLM, the line
    /// and paragraph separators, an override (RLO) and an isolate (FSI).
    static let unsafe: [Unicode.Scalar] = ["\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{61C}", "\u{200E}",
                                            "\u{200F}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"]
    static let ordinary = "Sign In — “Welcome” 日本 👋🏽 ⌘Q é \\N 100% <b>&amp; a:b,c 'x' \"y\""

    @Test("the unsafe set: C0, DEL, C1, bidi marks, embeddings, overrides, isolates, U+2028/9; nothing else")
    func unsafeSet() {
        for s in Self.unsafe + ["\n", "\r", "\t"] { #expect(Escape.isUnsafe(s), "\(s.value)") }
        for v: UInt32 in [0x20, 0x7E, 0xA0, 0x61B, 0x61D, 0x200D, 0x2010, 0x2027, 0x202F, 0x2065, 0x206A, 0xFEFF, 0x1F600] {
            #expect(!Escape.isUnsafe(Unicode.Scalar(v)!), "\(v)")
        }
        #expect(!Escape.containsUnsafe(Self.ordinary))
    }

    @Test("terminal: \\n \\r \\t and \\u{hex}; ordinary text and backslashes unchanged")
    func terminal() {
        #expect(Escape.terminal(Self.ordinary) == Self.ordinary)
        #expect(Escape.terminal("a\nb\tc\r\u{0}\u{1B}\u{7F}\u{85}\u{202E}\u{2066}")
                == "a\\nb\\tc\\r\\u{0}\\u{1b}\\u{7f}\\u{85}\\u{202e}\\u{2066}")
        #expect(Escape.terminal("\u{61C}\u{200E}\u{200F}\u{2028}\u{2029}") == "\\u{61c}\\u{200e}\\u{200f}\\u{2028}\\u{2029}")
        for s in Self.unsafe { #expect(!Escape.containsUnsafe(Escape.terminal("x" + String(s) + "y"))) }
        // OSC 8 hyperlink and an SGR sequence become visible text.
        #expect(Escape.terminal("\u{1B}]8;;https://e.x\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}[31m")
                == "\\u{1b}]8;;https://e.x\\u{1b}\\link\\u{1b}]8;;\\u{1b}\\\\u{1b}[31m")
    }

    @Test("quoted: a Swift string literal, one line")
    func quoted() {
        #expect(Escape.quoted("say \"hi\"\n") == "\"say \\\"hi\\\"\\n\"")
        #expect(Escape.quoted("a\\b\u{202E}") == "\"a\\\\b\\u{202e}\"")
        #expect(Escape.quoted("Sign In") == "\"Sign In\"")
    }

    @Test(".strings literal: ibtool's escapes, other unsafe characters as \\UXXXX")
    func stringsLiteral() {
        #expect(Escape.stringsLiteral("Fi\"le\\\n\r\tx") == "Fi\\\"le\\\\\\n\\r\\tx")
        #expect(Escape.stringsLiteral("a\u{1B}[31m\u{202E}\u{0}\u{2028}") == "a\\U001B[31m\\U202E\\U0000\\U2028")
        #expect(Escape.stringsLiteral("Welcome é 日本 👋🏽") == "Welcome é 日本 👋🏽")
    }

    @Test("XML property list text: only & < > and CR escaped, controls and bidi kept (data, read back exactly)")
    func xmlPlist() {
        #expect(Escape.xmlPlistText("a&b<c>d\re") == "a&amp;b&lt;c&gt;d&#13;e")
        #expect(Escape.xmlPlistText("\u{1}\u{7F}\u{202E}\n\t") == "\u{1}\u{7F}\u{202E}\n\t")
        #expect(Escape.xmlText("\u{202E}") != Escape.xmlPlistText("\u{202E}"))
    }

    @Test("XML text and attributes as XML 1.0 reads them back; comments valid")
    func xml() {
        #expect(Escape.xmlText("a<b>&c\r\n\t\"'") == "a&lt;b&gt;&amp;c&#13;\n\t\"'")
        #expect(Escape.xmlAttribute("a<b>&c\r\n\t\"'") == "a&lt;b&gt;&amp;c&#13;&#10;&#9;&quot;'")
        #expect(Escape.xmlText("a\u{1B}b\u{FFFE}") == "a\u{FFFD}b\u{FFFD}")
        #expect(Escape.xmlText("a\u{1B}b", unrepresentable: .stringsEscape) == "a\\U001Bb")
        #expect(Escape.xmlAttribute("a\u{0}", unrepresentable: .stringsEscape) == "a\\U0000")
        // Unsafe characters XML can hold: character references, a parser gives them back.
        #expect(Escape.xmlText("\u{202E}\u{85}\u{7F}\u{2028}") == "&#x202E;&#x85;&#x7F;&#x2028;")
        #expect(Escape.xmlAttribute("\u{200F}\u{61C}") == "&#x200F;&#x61C;")
        #expect(Escape.xmlComment("a--b---\u{1B}\n\u{FFFE}-") == "a- -b- - -\\u{1b}\\n\u{FFFD}- ")
        #expect(Escape.isXMLRepresentable("tab\tnl\ncr\r日本") && !Escape.isXMLRepresentable("\u{1B}"))
    }

    @Test("HTML: the terminal form, then entities")
    func html() {
        #expect(Escape.html("<a href='x'>\"R&D\"</a>") == "&lt;a href=&#39;x&#39;&gt;&quot;R&amp;D&quot;&lt;/a&gt;")
        #expect(Escape.html("a\n\u{202E}<") == "a\\n\\u{202e}&lt;")
    }

    @Test("DOT quoted labels", arguments: [
        ("plain", "\"plain\""),
        ("Say \"hi\"", "\"Say \\\"hi\\\"\""),
        ("back\\slash \\N", "\"back\\\\slash \\\\N\""),
        ("a\nb\r\n", "\"a\\nb\\n\""),
        ("<b>{a|b}</b>", "\"<b>{a|b}</b>\""),
        ("R&D &amp;", "\"R&amp;D &amp;amp;\""),
        ("tab\tbell\u{7}", "\"tab bell \""),
        ("日本 👋🏽", "\"日本 👋🏽\""),
        ("ends with \\", "\"ends with \\\\\""),
        ("rlo\u{202E}ls\u{2028}nel\u{85}lrm\u{200E}", "\"rlo ls nel lrm \""),
    ])
    func dotLabel(_ input: String, _ expected: String) {
        #expect(Escape.dotQuoted(input) == expected)
    }

    @Test("DOT ids keep ampersands and flatten newlines; HTML-like labels use entities and spaces")
    func dotIDsAndHTMLLabels() {
        #expect(Escape.dotQuoted("a&b\nc", isLabel: false) == "\"a&b c\"")
        #expect(Escape.dotQuoted("x\"\\", isLabel: false) == "\"x\\\"\\\\\"")
        #expect(Escape.dotHTMLLabel("<R&D> \"x\"\n\t\u{202E}é") == "&lt;R&amp;D&gt; &quot;x&quot;   é")
    }

    @Test("JSON: unsafe characters as \\u escapes, everything else kept; encoder output; script-safe JSON")
    func json() {
        #expect(Escape.json("a\"b\\c\n\r\t\u{0}\u{1B}\u{7F}\u{85}\u{202E}\u{2028}/é") == "\"a\\\"b\\\\c\\n\\r\\t\\u0000\\u001b\\u007f\\u0085\\u202e\\u2028/é\"")
        #expect(Escape.json(Self.ordinary) == "\"" + Self.ordinary.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"")
        // JSONEncoder's text: the characters it writes raw become escapes, nothing else changes.
        let encoded = "{\"k\" : \"a\u{7F}\u{85}\u{A0}\u{61C}\u{61D}\u{200D}\u{200E}\u{2026}\u{2028}\u{202E}\u{2069}\u{206A}→👋\"}"
        #expect(Escape.jsonText(encoded) == "{\"k\" : \"a\\u007f\\u0085\u{A0}\\u061c\u{61D}\u{200D}\\u200e\u{2026}\\u2028\\u202e\\u2069\u{206A}→👋\"}")
        #expect(Escape.jsonText(Self.ordinary) == Self.ordinary)
        #expect(Escape.scriptSafeJSON("[\"</script><!--&\u{2028}\u{2029}\"]")
                == "[\"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029\"]")
    }

    @Test("GitHub workflow commands: %, CR, LF percent-encoded; properties also : and ,")
    func github() {
        #expect(Escape.githubData("100% done\r\nnext") == "100%25 done%0D%0Anext")
        #expect(Escape.githubData("a\u{1B}[31m\u{202E}") == "a\\u{1b}[31m\\u{202e}")
        #expect(Escape.githubProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        // A value made one line first: its line feed is text, not a line of the annotation.
        #expect(Escape.githubData(Escape.terminal("x\ny") + "\nFix: z") == "x\\ny%0AFix: z")
    }

    @Test("Mermaid label: entity codes for \" # & < > `, <br/> for a line feed, the terminal form for other unsafe characters")
    func mermaidLabel() {
        #expect(Escape.mermaidLabel("Sign In — “Welcome” 日本 👋🏽 ⌘Q é \\N 100% a:b,c 'x' [y] (z) {w} |v|")
                == "Sign In — “Welcome” 日本 👋🏽 ⌘Q é \\N 100% a:b,c 'x' [y] (z) {w} |v|")
        #expect(Escape.mermaidLabel("say \"hi\" #12 <b>&amp;</b> `x`") == "say #34;hi#34; #35;12 #60;b#62;#38;amp;#60;/b#62; #96;x#96;")
        #expect(Escape.mermaidLabel("two\nlines") == "two<br/>lines")
        #expect(Escape.mermaidLabel("a\r\tb\u{1B}\u{202E}\u{2028}") == "a\\r\\tb\\u{1b}\\u{202e}\\u{2028}")
        for s in Self.unsafe where s != "\n" {
            #expect(!Escape.containsUnsafe(Escape.mermaidLabel("x" + String(s))), "\(s.value)")
        }
    }
}
