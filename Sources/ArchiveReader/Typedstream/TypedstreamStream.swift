/// The decoded, still class-agnostic content of a typedstream (nib-format.md §6): every literal
/// object with its class chain and its value groups in stream order.
///
/// A typedstream is self-describing at the group level (each group carries its type encodings),
/// so this layer needs no knowledge of any class; ``TypedstreamUnarchiver`` later assigns the
/// groups to class levels and names them.
struct TypedstreamStream: Sendable {
    /// One decoded value of a group, already in the shared form: integers `.int`, `f` `.float`,
    /// `d` `.double`, `B` `.bool`, C strings/atoms/selectors `.string`, `+` strings and `[Nc]`
    /// byte arrays `.data`, nil `.null`, objects `.object` (index into ``objects``), classes
    /// `.string` (the class name; its chain is in ``classChains``), C arrays and structs `.array`.
    typealias Value = ArchiveValue

    /// One group written by a single `encodeValuesOfObjCTypes:` call.
    struct Group: Hashable, Sendable {
        /// The group's encoding string, e.g. `@@@` or `iiffffi@@@@@c`.
        var encoding: String
        var values: [Value]
        /// Absolute offset of the group's encoding-string head byte.
        var offset: Int
    }

    /// A class of an object's chain with its archived class version.
    struct ClassLevel: Hashable, Sendable {
        var name: String
        var version: Int
    }

    /// One literal object.
    struct Object: Hashable, Sendable {
        /// Most-derived class first, root class (`NSObject`) last.
        var classes: [ClassLevel]
        /// Identifies the class chain: objects with equal `classNode` have equal `classes`.
        var classNode: Int
        var groups: [Group]
        /// Absolute offset of the object's `0x84` tag.
        var offset: Int
    }

    var bigEndian: Bool
    /// Header byte 0 (4 for every Mac OS X stream).
    var streamerVersion: Int
    /// Encoded integer after the signature (1000 for Mac OS X).
    var systemVersion: Int
    var objects: [Object]
    /// The class chain (most-derived first) of every class name read, for `#` values.
    var classChains: [String: [ClassLevel]]
    /// The top-level groups (a nib has exactly one, `@` → `NSIBObjectData`).
    var topLevel: [Group]
}
