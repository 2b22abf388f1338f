/// The decoded, still class-agnostic content of a typedstream (nib-format.md §6): every literal
/// object with its class chain and its value groups in stream order.
///
/// A typedstream is self-describing at the group level (each group carries its type encodings),
/// so this layer needs no knowledge of any class; ``TypedstreamUnarchiver`` later assigns the
/// groups to class levels and names them.
///
/// Flat tables with indices, not nested arrays: one array of values, one of groups (each an
/// index range of the values) and one of objects (each an index range of the groups), with class
/// chains and encoding strings in side tables. Groups and objects are plain records, so reading
/// and freeing a stream allocates and reference-counts nothing per object or group.
struct TypedstreamStream: Sendable {
    /// One decoded value of a group, already in the shared form: integers `.int`, `f` `.float`,
    /// `d` `.double`, `B` `.bool`, C strings/atoms/selectors `.string`, `+` strings and `[Nc]`
    /// byte arrays `.data`, nil `.null`, objects `.object` (index into ``objects``), classes
    /// `.string` (the class name; its chain is in ``classChains``), C arrays and structs `.array`.
    typealias Value = ArchiveValue

    /// One group written by a single `encodeValuesOfObjCTypes:` call.
    struct Group: Hashable, Sendable {
        /// The group's encoding string, e.g. `@@@` or `iiffffi@@@@@c`: an index in
        /// ``TypedstreamStream/encodings``.
        var encoding: Int
        /// The group's values: positions `start..<end` of the stream's ``TypedstreamStream/values``
        /// (one array for the whole stream, not one per group).
        var start: Int
        var end: Int
        /// Absolute offset of the group's encoding-string head byte.
        var offset: Int

        /// How many values the group holds.
        var count: Int { end - start }
    }

    /// A class of an object's chain with its archived class version.
    struct ClassLevel: Hashable, Sendable {
        var name: String
        var version: Int
    }

    /// One literal object.
    struct Object: Hashable, Sendable {
        /// Identifies the class chain: an index in ``TypedstreamStream/chains`` (objects with
        /// equal `classNode` have equal classes); -1 only while the class is being read.
        var classNode: Int
        /// The object's groups: positions `groupStart..<groupEnd` of ``TypedstreamStream/groups``.
        var groupStart: Int
        var groupEnd: Int
        /// Absolute offset of the object's `0x84` tag.
        var offset: Int

        var groupRange: Range<Int> { groupStart..<groupEnd }
    }

    var bigEndian: Bool
    /// Header byte 0 (4 for every Mac OS X stream).
    var streamerVersion: Int
    /// Encoded integer after the signature (1000 for Mac OS X).
    var systemVersion: Int
    var objects: [Object]
    /// The class chain of each class node, most-derived class first, root class (`NSObject`)
    /// last; nil for a node no object or `#` value used.
    var chains: [[ClassLevel]?]
    /// The superclass node of each class node, -1 for a root class (``chains`` follows these).
    var superclassNodes: [Int]
    /// The class chain (most-derived first) of every class name read, for `#` values.
    var classChains: [String: [ClassLevel]]
    /// The groups of every object, each object's contiguous (``Object/groupStart``..<``Object/groupEnd``).
    var groups: [Group]
    /// The top-level groups (a nib has exactly one, `@` → `NSIBObjectData`).
    var topLevel: [Group]
    /// The encoding strings the groups name (``Group/encoding``).
    var encodings: [String]
    /// The values of every group, each group's contiguous (``Group/start``..<``Group/end``).
    var values: [Value]

    /// Most-derived class first; empty for an object whose class was never read.
    func classes(of object: Object) -> [ClassLevel] {
        object.classNode >= 0 && object.classNode < chains.count ? chains[object.classNode] ?? [] : []
    }
}

/// The values of one group (``TypedstreamStream/Group``) as a collection indexed from 0, over the
/// stream's shared value array.
struct TypedstreamValues: RandomAccessCollection {
    let storage: [ArchiveValue]
    let range: Range<Int>

    init(_ storage: [ArchiveValue], _ group: TypedstreamStream.Group) {
        self.storage = storage
        range = group.start..<group.end
    }

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }

    subscript(i: Int) -> ArchiveValue {
        precondition(i >= 0 && i < range.count, "TypedstreamValues index out of range")
        return storage[range.lowerBound + i]
    }
}
