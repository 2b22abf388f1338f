/// An image by name: resources are not inside a nib, only their names, and where the image is
/// looked up (``Location``).
///
/// Read from (nib-format.md §2.9): `UIImageNibPlaceholder` `UIResourceName`; `NSCustomResource`
/// `NSResourceName` with `NSCatalogName`; `NSImage` `NSImageName`; a xib's
/// `<imageReference image catalog>` element (kept whole in ``element``).
///
/// JSON (Codable): `{"name": "star", "catalog": "system"}`, `catalog` left out when unknown; an
/// image read from a xib element is written by ``PropertyValue`` as the element's text instead.
public struct ImageReference: Hashable, Sendable, CustomStringConvertible {
    /// Where an image is looked up when the nib is loaded.
    public enum Location: Hashable, Sendable {
        /// A system image: an SF Symbol (catalog `system`), or one of AppKit's named images
        /// (`NSActionTemplate`, `NSAdvanced`: `NS` and an uppercase letter, on macOS).
        case system
        /// An image set of the named asset catalog (`NSCatalogName`, a xib's `catalog`).
        case assetCatalog(String)
        /// An image file of the bundle: the name has an image file extension (`logo.png`).
        case file
        /// The app bundle by name: an image set of its asset catalogs or an image file; the
        /// archive does not say which.
        case bundle
    }

    /// The name the image is loaded by: `star`, `NSMenuCheckmark`, `gearshape`.
    public var name: String
    /// The asset catalog it comes from, when archived (`NSCatalogName`); `system` for SF Symbols.
    public var catalog: String?
    /// Where the image is looked up: said by the reader; by default worked out from ``catalog``
    /// and the name's extension (``init(name:catalog:location:element:)``).
    public var location: Location
    /// The xib element it was read from (`<imageReference>`), which is how it prints; nil for an
    /// image of a compiled nib.
    public var element: XIBElement?

    /// `location` nil: ``Location/system`` for catalog `system` or an AppKit named image (`NS`
    /// and an uppercase letter, no catalog), ``Location/assetCatalog(_:)`` for another catalog,
    /// ``Location/file`` for a name with an image file extension, else ``Location/bundle``.
    public init(name: String, catalog: String? = nil, location: Location? = nil, element: XIBElement? = nil) {
        self.name = name
        self.catalog = catalog
        self.location = location ?? Self.location(name: name, catalog: catalog)
        self.element = element
    }

    /// The location a name and catalog say by themselves (see ``init(name:catalog:location:element:)``).
    public static func location(name: String, catalog: String?) -> Location {
        if let catalog { return catalog == "system" ? .system : .assetCatalog(catalog) }
        if name.hasPrefix("NS"), name.dropFirst(2).first?.isUppercase == true { return .system }
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        return imageFileExtensions.contains(ext) ? .file : .bundle
    }

    /// Extensions of the image files a bundle can hold by name.
    public static let imageFileExtensions: Set<String> = ["png", "jpg", "jpeg", "pdf", "gif", "tif", "tiff", "heic", "icns", "bmp", "svg"]

    /// True for an SF Symbol: an image of catalog `system`. False when the catalog is unknown.
    public var isSystemSymbol: Bool { catalog == "system" }

    /// True for a system image (``Location/system``): an SF Symbol or an AppKit named image.
    public var isSystem: Bool { location == .system }

    /// The name (`star`), or the xib element it was read from
    /// (`imageReference(catalog=system, image=star)`).
    public var description: String { element?.description ?? name }
}

extension ImageReference: Codable {
    private enum CodingKeys: String, CodingKey { case name, catalog }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name), catalog: try c.decodeIfPresent(String.self, forKey: .catalog))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(catalog, forKey: .catalog)
    }
}
