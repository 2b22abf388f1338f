/// A menu item's or button's key equivalent: the archived key and modifier mask, shown as
/// AppKit's menus show it (`⌘Q`, `⌥⌘N`, `⇧⌘F` for an uppercase `F`, which implies Shift; `⌘↑`,
/// `F5`, `⌦`).
///
/// Read from `NSKeyEquiv`/`NSKeyEquivModMask` (menu items), `NSKeyEquivalent` and
/// `NSButtonFlags2 >> 8` (button cells), a xib's `keyEquivalent` attribute and
/// `<modifierMask key="keyEquivalentModifierMask">` (nib-format.md §4.5).
///
/// ``description`` is the shown form, modifiers in Apple's order ⌃⌥⇧⌘ then ``keyName``; the
/// bare key when no modifier mask is archived. Function keys are the Unicode private-use
/// characters of `NSEvent` (`NSUpArrowFunctionKey` U+F700 … `NSF35FunctionKey` U+F726,
/// `NSDeleteFunctionKey` U+F728, Home, End, Page Up/Down); control characters are Backspace ⌫,
/// Tab ⇥, Return ↩, Enter ⌤, Escape ⎋.
///
/// Two key equivalents are equal when they show the same (the same keys to press): an archived
/// `Z` with ⌘ and a `z` with ⇧⌘ are both `⇧⌘Z`.
public struct KeyEquivalent: Hashable, Sendable, CustomStringConvertible {
    /// Modifier keys, by their bits of `NSEventModifierFlags`.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int64
        public init(rawValue: Int64) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1 << 17)
        public static let control = Modifiers(rawValue: 1 << 18)
        public static let option = Modifiers(rawValue: 1 << 19)
        public static let command = Modifiers(rawValue: 1 << 20)
    }

    /// The key as archived: one character (`q`, `Q`, U+F704 for F1), rarely more.
    public var key: String
    /// The archived modifier mask (`NSEventModifierFlags` bits); nil when none is archived.
    public var modifierMask: Int64?

    public init(key: String, modifierMask: Int64?) {
        self.key = key
        self.modifierMask = modifierMask
    }

    /// The modifiers as shown: those of the mask, plus Shift for an uppercase letter.
    public var modifiers: Modifiers {
        var m = Modifiers(rawValue: (modifierMask ?? 0) & (Modifiers.shift.rawValue | Modifiers.control.rawValue
            | Modifiers.option.rawValue | Modifiers.command.rawValue))
        if impliesShift { m.insert(.shift) }
        return m
    }

    /// A single uppercase character without a name of its own: AppKit adds Shift to the mask
    /// it matches and shows.
    private var impliesShift: Bool {
        let scalars = Array(key.unicodeScalars)
        if scalars.count == 1, Self.specialKeyNames[scalars[0].value] != nil { return false }
        return key.count == 1 && key.lowercased() != key
    }

    /// The key as shown, without modifiers: `Q` (letters uppercase), `F5`, `↩`, `Space`.
    public var keyName: String {
        let scalars = Array(key.unicodeScalars)
        if scalars.count == 1, scalars[0].value >= 0xF704, scalars[0].value <= 0xF726 {
            return "F\(scalars[0].value - 0xF704 + 1)"
        }
        if scalars.count == 1, let special = Self.specialKeyNames[scalars[0].value] { return special }
        return impliesShift ? key : key.uppercased()
    }

    /// `⌃⌥⇧⌘` (those set) then ``keyName``: `⇧⌘Z`, `⌘Q`, `F5`.
    public var description: String {
        var s = ""
        let m = modifiers
        if modifierMask != nil {
            if m.contains(.control) { s += "⌃" }
            if m.contains(.option) { s += "⌥" }
        }
        if m.contains(.shift) { s += "⇧" }
        if modifierMask != nil, m.contains(.command) { s += "⌘" }
        return s + keyName
    }

    /// The key equivalent `shown` describes (``description``, as JSON keeps it): leading ⌃⌥⇧⌘
    /// are modifiers, the rest is the key name (`F5`, `↩`, `Space`, a letter). nil for empty text.
    public init?(shown: String) {
        var rest = Substring(shown)
        var mask: Int64 = 0
        let bits: [Character: Modifiers] = ["⌃": .control, "⌥": .option, "⇧": .shift, "⌘": .command]
        while let f = rest.first, let bit = bits[f], rest.count > 1 {
            mask |= bit.rawValue
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty else { return nil }
        let name = String(rest)
        var key = name.lowercased()
        if let code = Self.specialKeyNames.filter({ $0.value == name }).keys.min(), let u = Unicode.Scalar(code) {
            key = String(Character(u))
        } else if name.count > 1, name.first == "F", let n = UInt32(name.dropFirst()), (1...35).contains(n),
                  let u = Unicode.Scalar(0xF704 + n - 1) {
            key = String(Character(u))
        }
        self.init(key: key, modifierMask: mask == 0 ? nil : mask)
    }

    public static func == (a: KeyEquivalent, b: KeyEquivalent) -> Bool { a.description == b.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Symbols for the keys that have no printable character of their own.
    public static let specialKeyNames: [UInt32: String] = [
        0x03: "⌤", 0x08: "⌫", 0x09: "⇥", 0x0D: "↩", 0x19: "⇤", 0x1B: "⎋", 0x20: "Space", 0x7F: "⌫",
        0xF700: "↑", 0xF701: "↓", 0xF702: "←", 0xF703: "→",
        0xF727: "Insert", 0xF728: "⌦", 0xF729: "↖", 0xF72B: "↘", 0xF72C: "⇞", 0xF72D: "⇟",
        0xF739: "⌧", 0xF746: "Help",
    ]
}
