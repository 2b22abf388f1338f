/// An image by name: resources are not inside a nib, only their names.
///
/// Read from (nib-format.md §2.9): `UIImageNibPlaceholder` `UIResourceName`; `NSCustomResource`
/// `NSResourceName` with `NSCatalogName`; `NSImage` `NSImageName`.
public struct ImageReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name the image is loaded by: `star`, `NSMenuCheckmark`, `gearshape`.
    public var name: String
    /// The asset catalog it comes from, when archived (`NSCatalogName`); `system` for SF Symbols.
    public var catalog: String?

    public init(name: String, catalog: String? = nil) {
        self.name = name
        self.catalog = catalog
    }

    /// True for an SF Symbol: an image of catalog `system`. False when the catalog is unknown.
    public var isSystemSymbol: Bool { catalog == "system" }

    /// The name: `star`.
    public var description: String { name }
}
