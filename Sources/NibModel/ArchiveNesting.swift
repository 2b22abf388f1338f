/// Where a nested archive sits in its parent document (nib-format.md §2.9 "Nested archives").
public struct ArchiveNesting: Hashable, Sendable, Codable {
    /// Name of the document whose data value holds the archive.
    public var parent: String
    /// `prototype "Cell"` (iOS `UITableViewCellPrototypeNibs`), `reusable view "Name"` (AppKit
    /// `NSTableViewArchivedReusableViewsKey`), `<key> "<id>"` for other dictionaries, or
    /// `<key> of #12 UINib` / `data of #12 NSData` when no dictionary names it.
    public var location: String
    /// Absolute offset of the archive's first byte in the outermost file, when known.
    public var offset: Int?
    /// 1 for an archive inside a top-level document, 2 inside that one, …
    public var depth: Int

    public init(parent: String, location: String, offset: Int?, depth: Int) {
        self.parent = parent
        self.location = location
        self.offset = offset
        self.depth = depth
    }
}
