/// A Swift class name recovered from the Objective-C runtime name that Interface Builder stores
/// for a custom class of a Swift module (nib-format.md §3.5): `_TtC9COVIDSafe33RegistrationConsentViewController`
/// is module `COVIDSafe`, type `RegistrationConsentViewController`.
///
/// Nested types keep every enclosing name: `_TtCC8MyModule5Outer5Inner` → module `MyModule`,
/// names `["Outer", "Inner"]`, ``qualifiedName`` `MyModule.Outer.Inner`.
public struct SwiftName: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The module (`Swift` for the `Ss` / `s` standard-library substitution).
    public var module: String
    /// The type names, outermost first (one element for a top-level class).
    public var names: [String]

    public init(module: String, names: [String]) {
        self.module = module
        self.names = names
    }

    /// The innermost name joined with its enclosing types: `Outer.Inner`.
    public var name: String { names.joined(separator: ".") }
    /// `Module.Outer.Inner`, as Swift and Xcode's identity inspector write it.
    public var qualifiedName: String { module + "." + name }
    public var description: String { qualifiedName }
}

/// Demangling and mangling of the Objective-C runtime names of Swift classes (the `_Tt` prefix
/// form that `NSStringFromClass` returns for a Swift class exposed to Objective-C).
///
/// Only the shapes Interface Builder writes are understood: `_Tt` followed by one or more type-kind
/// letters (`C` class, `V` struct, `O` enum), a module (`Ss` or `s` = `Swift`, or a length-prefixed
/// identifier), then one length-prefixed identifier per kind letter. Anything else (generics,
/// private discriminators, the `$s` mangling) is not understood: ``demangle(_:)`` returns nil and
/// ``displayName(_:)`` returns the string unchanged. Never traps.
public enum SwiftNames {
    /// The module and type names of a `_Tt…` runtime name, or nil when `runtimeName` is not one
    /// this decoder understands.
    /// - Complexity: O(n) in the length of the name.
    public static func demangle(_ runtimeName: String) -> SwiftName? {
        let bytes = Array(runtimeName.utf8)
        guard bytes.count > 4, bytes.starts(with: Array("_Tt".utf8)) else { return nil }
        var i = 3
        var kinds = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: "C") || bytes[i] == UInt8(ascii: "V") || bytes[i] == UInt8(ascii: "O") {
            kinds += 1
            i += 1
        }
        guard kinds > 0, i < bytes.count else { return nil }
        let module: String
        if bytes[i] == UInt8(ascii: "S"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "s") {
            module = "Swift"
            i += 2
        } else if bytes[i] == UInt8(ascii: "s") {
            module = "Swift"
            i += 1
        } else {
            guard let m = identifier(bytes, &i) else { return nil }
            module = m
        }
        var names: [String] = []
        for _ in 0..<kinds {
            guard let n = identifier(bytes, &i) else { return nil }
            names.append(n)
        }
        guard i == bytes.count else { return nil }
        return SwiftName(module: module, names: names)
    }

    /// `Module.Name` for a `_Tt…` runtime name, otherwise `runtimeName` unchanged (plain
    /// Objective-C class names such as `UIButton` or `LoginViewController`).
    public static func displayName(_ runtimeName: String) -> String {
        demangle(runtimeName)?.qualifiedName ?? runtimeName
    }

    /// The runtime name of a Swift class: `mangledClassName(module: "LoginDemo", names:
    /// ["LoginViewController"])` → `_TtC9LoginDemo19LoginViewController`.
    ///
    /// - Precondition: every name is a non-empty identifier that does not start with a digit.
    public static func mangledClassName(module: String, names: [String]) -> String {
        precondition(!names.isEmpty, "a class needs a name")
        let kinds = String(repeating: "C", count: names.count)
        let mod = module == "Swift" ? "s" : "\(module.utf8.count)\(module)"
        return "_Tt" + kinds + mod + names.map { "\($0.utf8.count)\($0)" }.joined()
    }

    /// Reads a decimal length then that many bytes; nil when malformed or out of bounds.
    private static func identifier(_ bytes: [UInt8], _ i: inout Int) -> String? {
        var length = 0
        let start = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
            length = length * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            i += 1
            if length > bytes.count { return nil }
        }
        guard i > start, length > 0, bytes[start] != UInt8(ascii: "0"), length <= bytes.count - i else { return nil }
        let name = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
        i += length
        return name
    }
}
