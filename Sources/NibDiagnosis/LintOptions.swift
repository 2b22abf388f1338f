/// The options of the nib rules that `lint` runs (``NibLint``), as a configuration file
/// (`.nibinspect.json`, key `"options"`) sets them: values by option key, each option declared by
/// the rule that reads it (``LintOption``); an option not set takes its default.
public struct LintOptions: Sendable, Hashable {
    /// The values set, by option key (`maxObjects`), as the configuration gives them.
    public var values: [String: LintOptionValue] = [:]

    /// Options with the given values set and the others at their defaults.
    public init(bannedClasses: [String: String]? = nil, maxObjects: Int? = nil, maxTopLevelObjects: Int? = nil) {
        if let bannedClasses { self.bannedClasses = bannedClasses }
        if let maxObjects { self.maxObjects = maxObjects }
        if let maxTopLevelObjects { self.maxTopLevelObjects = maxTopLevelObjects }
    }

    /// The value of `option`: the one set when it is valid, else its default.
    public subscript<Value>(option: LintOption<Value>) -> Value {
        get { values[option.key].flatMap(option.decode) ?? option.defaultValue }
        set { values[option.key] = option.encode(newValue) }
    }

    /// Class → reason; objects of these classes (or subclasses named as custom classes of them)
    /// are `banned-class` findings.
    public var bannedClasses: [String: String] {
        get { self[BannedClassRule.bannedClasses] }
        set { self[BannedClassRule.bannedClasses] = newValue }
    }
    /// `large-nib` above this many objects (placeholders not counted).
    public var maxObjects: Int {
        get { self[LargeNibRule.maxObjects] }
        set { self[LargeNibRule.maxObjects] = newValue }
    }
    /// `large-nib` above this many top-level objects.
    public var maxTopLevelObjects: Int {
        get { self[LargeNibRule.maxTopLevelObjects] }
        set { self[LargeNibRule.maxTopLevelObjects] = newValue }
    }

    /// The default list of `banned-class`, each with the reason a reviewer is given.
    public static var defaultBannedClasses: [String: String] { BannedClassRule.bannedClasses.defaultValue }
}

/// One option of a rule, declared in the rule's file: its key in the configuration's `"options"`
/// object, its default, and how a configured value is read and checked.
public struct LintOption<Value: Sendable>: Sendable {
    public let key: String
    public let defaultValue: Value
    /// The values allowed, in words, for error messages: `a whole number, 0 or more`.
    public let allowed: String
    /// nil when the value is not allowed.
    let decode: @Sendable (LintOptionValue) -> Value?
    let encode: @Sendable (Value) -> LintOptionValue

    /// The option without its type, for the registry and configuration files.
    public var spec: LintOptionSpec {
        LintOptionSpec(key: key, allowed: allowed, accepts: { [decode] in decode($0) != nil })
    }
}

extension LintOption where Value == Int {
    /// A count: a whole number, 0 or more.
    public static func count(_ key: String, default value: Int) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "a whole number, 0 or more",
                   decode: { if case .integer(let n) = $0, n >= 0 { n } else { nil } }, encode: { .integer($0) })
    }
}

extension LintOption where Value == [String: String] {
    /// A map of names to texts (`{"UIWebView": "use WKWebView"}`).
    public static func names(_ key: String, default value: [String: String], describing what: String) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "an object whose values are strings (\(what))",
                   decode: { v in
                       guard case .object(let o) = v else { return nil }
                       var out: [String: String] = [:]
                       for (k, x) in o {
                           guard case .string(let s) = x else { return nil }
                           out[k] = s
                       }
                       return out
                   },
                   encode: { .object($0.mapValues { .string($0) }) })
    }
}

extension LintOption where Value == Bool {
    /// A switch: `true` or `false`.
    public static func flag(_ key: String, default value: Bool) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "true or false",
                   decode: { if case .bool(let b) = $0 { b } else { nil } }, encode: { .bool($0) })
    }
}

extension LintOption where Value == Double {
    /// A number (whole or not).
    public static func number(_ key: String, default value: Double) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "a number",
                   decode: {
                       switch $0 {
                       case .integer(let n): Double(n)
                       case .number(let d) where d.isFinite: d
                       default: nil
                       }
                   },
                   encode: { .number($0) })
    }
}

extension LintOption where Value == String {
    /// A text (`"retina4_7"`).
    public static func text(_ key: String, default value: String, describing what: String) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "a string (\(what))",
                   decode: { if case .string(let s) = $0 { s } else { nil } }, encode: { .string($0) })
    }
}

extension LintOption where Value == [String] {
    /// A list of names (`["ComicSans-Regular"]`).
    public static func list(_ key: String, default value: [String], describing what: String) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "an array of strings (\(what))",
                   decode: { v in
                       guard case .array(let a) = v else { return nil }
                       var out: [String] = []
                       for x in a {
                           guard case .string(let s) = x else { return nil }
                           out.append(s)
                       }
                       return out
                   },
                   encode: { .array($0.map { .string($0) }) })
    }
}

extension LintOption where Value == [String: [String]] {
    /// Classes to lists of class names (`{"UILabel": ["PrimaryLabel"]}`).
    public static func classLists(_ key: String, default value: [String: [String]]) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "an object whose values are arrays of class names",
                   decode: { v in
                       guard case .object(let o) = v else { return nil }
                       var out: [String: [String]] = [:]
                       for (k, x) in o {
                           guard case .array(let a) = x else { return nil }
                           var names: [String] = []
                           for n in a {
                               guard case .string(let s) = n else { return nil }
                               names.append(s)
                           }
                           out[k] = names
                       }
                       return out
                   },
                   encode: { .object($0.mapValues { .array($0.map { .string($0) }) }) })
    }
}

/// A font as xiblint's `strict_fonts` names it: PostScript name and point size.
public struct FontSpec: Sendable, Hashable {
    public var name: String
    public var size: Double
    public init(name: String, size: Double) {
        self.name = name
        self.size = size
    }
}

extension LintOption where Value == [FontSpec] {
    /// A list of fonts, each `{"name": "ComicSans-Bold", "size": 14}`.
    public static func fonts(_ key: String, default value: [FontSpec]) -> LintOption {
        LintOption(key: key, defaultValue: value, allowed: "an array of {\"name\": string, \"size\": number}",
                   decode: { v in
                       guard case .array(let a) = v else { return nil }
                       var out: [FontSpec] = []
                       for x in a {
                           guard case .object(let o) = x, o.count == 2, case .string(let name)? = o["name"] else { return nil }
                           switch o["size"] {
                           case .integer(let n)?: out.append(FontSpec(name: name, size: Double(n)))
                           case .number(let d)? where d.isFinite: out.append(FontSpec(name: name, size: d))
                           default: return nil
                           }
                       }
                       return out
                   },
                   encode: { .array($0.map { .object(["name": .string($0.name), "size": .number($0.size)]) }) })
    }
}

/// A rule's option without its value type: key, allowed values, check.
public struct LintOptionSpec: Sendable {
    public let key: String
    public let allowed: String
    /// Whether a configured value is allowed.
    public let accepts: @Sendable (LintOptionValue) -> Bool
}

/// An option's value as a JSON configuration gives it.
public enum LintOptionValue: Sendable, Hashable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    /// A number without a fraction that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([LintOptionValue])
    case object([String: LintOptionValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Int.self) { self = .integer(n) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([LintOptionValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: LintOptionValue].self)) }
    }

    /// The value in JSON's notation, objects with their keys sorted (`-1`, `"3"`, `{"A": 1}`).
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let n): return String(n)
        case .number(let d): return String(d)
        case .string(let s): return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { "\(LintOptionValue.string($0)): \(o[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}

extension LintOption where Value == [String: [String: [String?]]] {
    /// Names to keys to the values allowed, `null` for "not set": xiblint's
    /// `{"label": {"adjustsFontForContentSizeCategory": ["YES"]}, "button": {"reversesTitleShadowWhenHighlighted": [null, "NO"]}}`.
    public static func allowedValues(_ key: String, describing what: String) -> LintOption {
        LintOption(key: key, defaultValue: [:], allowed: "an object of objects whose values are arrays of strings or null (\(what))",
                   decode: { v in
                       guard case .object(let o) = v else { return nil }
                       var out: [String: [String: [String?]]] = [:]
                       for (name, keys) in o {
                           guard case .object(let k) = keys else { return nil }
                           for (key, values) in k {
                               guard case .array(let a) = values else { return nil }
                               var allowed: [String?] = []
                               for x in a {
                                   switch x {
                                   case .string(let s): allowed.append(s)
                                   case .null: allowed.append(nil)
                                   default: return nil
                                   }
                               }
                               out[name, default: [:]][key] = allowed
                           }
                       }
                       return out
                   },
                   encode: { .object($0.mapValues { .object($0.mapValues { .array($0.map { $0.map(LintOptionValue.string) ?? .null }) }) }) })
    }
}
