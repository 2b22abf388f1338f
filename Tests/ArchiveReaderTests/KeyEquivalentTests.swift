import Testing
@testable import ArchiveReader

/// Menu key equivalents as AppKit's menus show them (issue 11 item 3).
@Suite("Key equivalents")
struct KeyEquivalentTests {
    static let command: Int64 = 1 << 20, shift: Int64 = 1 << 17, option: Int64 = 1 << 19, control: Int64 = 1 << 18

    @Test("an uppercase letter implies Shift; a lowercase one does not", arguments: [
        ("q", command, "⌘Q"), ("F", command, "⇧⌘F"), ("z", command | shift, "⇧⌘Z"), ("Z", command, "⇧⌘Z"),
        ("V", command | option, "⌥⇧⌘V"), ("s", command | option | control, "⌃⌥⌘S"), (",", command, "⌘,"),
        ("1", command, "⌘1"), ("é", command, "⌘É"),
    ])
    func letters(key: String, mask: Int64, expected: String) {
        #expect(PropertyDecoder.keyEquivalent(key, mask: mask) == expected)
    }

    @Test("function keys and control characters print as their symbols", arguments: [
        ("\u{F700}", "⌘↑"), ("\u{F701}", "⌘↓"), ("\u{F702}", "⌘←"), ("\u{F703}", "⌘→"),
        ("\u{F704}", "⌘F1"), ("\u{F70F}", "⌘F12"), ("\u{F726}", "⌘F35"), ("\u{F728}", "⌘⌦"),
        ("\u{F729}", "⌘↖"), ("\u{F72B}", "⌘↘"), ("\u{F72C}", "⌘⇞"), ("\u{F72D}", "⌘⇟"),
        ("\u{8}", "⌘⌫"), ("\u{7F}", "⌘⌫"), ("\r", "⌘↩"), ("\u{1B}", "⌘⎋"), ("\t", "⌘⇥"), (" ", "⌘Space"),
    ])
    func specialKeys(key: String, expected: String) {
        #expect(PropertyDecoder.keyEquivalent(key, mask: Self.command) == expected)
    }

    @Test("without an archived modifier mask the bare key is shown")
    func bareKey() {
        #expect(PropertyDecoder.keyEquivalent("q", mask: nil) == "Q")
        #expect(PropertyDecoder.keyEquivalent("\u{F704}", mask: 0) == "F1")
    }
}
