/// A colour as archived: its colour space with components, a catalog or system colour name, or
/// an archived colour class nothing more is known of.
///
/// Read from (nib-format.md §2.9): UIKit `UIColor` — `UIRed`/`UIGreen`/`UIBlue`, `UIWhite`,
/// `UIAlpha`, `UISystemColorName`; AppKit `NSColor` — `NSRGB`/`NSWhite`/`NSCMYK`/`NSComponents`
/// (ASCII numbers), `NSColorName` with `NSCatalogName`; xib `<color>` — `red green blue`, `white`,
/// `cyan magenta yellow black`, `alpha`, `systemColor`, `name` with `catalog` (§7.1).
/// Components are fractions (0…1 for the device and calibrated spaces).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// What the colour is made of.
    public enum Space: String, Hashable, Sendable, Codable, CaseIterable {
        /// ``components`` are red, green, blue.
        case rgb
        /// ``components`` is one grey level (0 black … 1 white).
        case white
        /// ``components`` are cyan, magenta, yellow, black.
        case cmyk
        /// A named colour (``name``) of a colour list or asset catalog (``catalog``): AppKit
        /// `NSColorName`/`NSCatalogName` (`controlColor` of `System`), xib `name`/`catalog`.
        case catalog
        /// A UIKit system colour (``name``: `UISystemColorName`, xib `systemColor`), such as
        /// `systemBackgroundColor`.
        case system
        /// The numbers of a custom colour space (AppKit `NSComponents`), alpha included, in
        /// archive order.
        case components
        /// A colour object whose class is not decoded further; ``name`` is the class name.
        case otherClass
    }

    /// How the colour was written where it was read. Only ``description`` depends on it, so that
    /// colours print as earlier versions of the tool printed them.
    public enum Notation: String, Hashable, Sendable, Codable, CaseIterable {
        /// UIKit keys (`UIRed`…, `UIWhite`, `UISystemColorName`): `rgba(r g b a)`, `white(w a)`
        /// with alpha 1 when none is archived, numbers to 3 decimals.
        case uikit
        /// AppKit keys (`NSRGB`, `NSWhite`, `NSCMYK`, `NSComponents`, `NSColorName`): `rgb(…)`,
        /// `white(…)`, `cmyk(…)`, `components(…)` with the numbers that are archived, to 3
        /// decimals; `named(Catalog name)`.
        case appKit
        /// xib `<color>` attributes: `rgba(r g b a)`, `white(w a)`, `cmyka(c m y k a)` with
        /// alpha 1 when none is written, numbers as written; `name (catalog)`.
        case xib
    }

    public var space: Space
    /// The channels of ``space`` without alpha (every number for ``Space/components``); empty
    /// for catalog, system and other-class colours.
    public var components: [Double]
    /// Opacity 0…1 when archived (`UIAlpha`, the last `NSRGB`/`NSWhite`/`NSCMYK` number, xib
    /// `alpha`).
    public var alpha: Double?
    /// Colour name (``Space/catalog``, ``Space/system``) or class name (``Space/otherClass``).
    public var name: String?
    /// Colour list or asset catalog of a ``Space/catalog`` colour (`System`), when archived.
    public var catalog: String?
    public var notation: Notation
    /// The colour space of an RGB, white or CMYK colour, as a xib names it: `calibratedRGB`,
    /// `deviceRGB`, `calibratedWhite`, `deviceWhite` (a xib's `colorSpace`; AppKit `NSColorSpace`
    /// 1–4 without `NSCustomColorSpace`), or a custom space by the xib's `customColorSpace`
    /// (`sRGB`, `genericGamma22GrayColorSpace`, `displayP3`, …; AppKit `NSCustomColorSpace`
    /// with its `NSID`); nil where the input does not say (UIKit colours, legacy nibs, a custom
    /// space of unknown `NSID`). Not printed (``description``: colours print as before); in JSON
    /// as `colorSpaceName` when known. `compare` and the xib writer read it.
    public var colorSpaceName: String?

    public init(space: Space, components: [Double] = [], alpha: Double? = nil, name: String? = nil,
                catalog: String? = nil, notation: Notation, colorSpaceName: String? = nil) {
        self.space = space
        self.components = components
        self.alpha = alpha
        self.name = name
        self.catalog = catalog
        self.notation = notation
        self.colorSpaceName = colorSpaceName
    }

    /// Xcode's custom colour spaces by `NSColorSpace` `NSID` (an archived `NSCustomColorSpace`):
    /// 7 sRGB and 9 generic grey gamma 2.2 as Xcode and viraptor/ibtool's compiler archive them
    /// (`constant_objects.py`); other ids are not known here.
    public static let customSpaceNames: [Int64: String] = [7: "sRGB", 9: "genericGamma22GrayColorSpace"]

    /// `rgba(1 0.5 0 1)`, `white(0.2 1)`, `cmyka(0 0 0 1 1)`, `rgb(0.314 0.318 0.318)`,
    /// `named(System controlColor)`, `controlColor (System)`, `systemBlueColor`, `<NSColor>`:
    /// see ``Notation``.
    public var description: String {
        switch space {
        case .system:
            return name ?? ""
        case .catalog:
            let name = self.name ?? ""
            if notation == .xib { return catalog.map { "\(name) (\($0))" } ?? name }
            return "named(" + (catalog.map { $0 + " " } ?? "") + name + ")"
        case .otherClass:
            return "<\(name ?? "")>"
        case .rgb, .white, .cmyk, .components:
            return functionName + "(" + numbers.joined(separator: " ") + ")"
        }
    }

    private var functionName: String {
        switch (space, notation) {
        case (.rgb, .appKit): return "rgb"
        case (.rgb, _): return "rgba"
        case (.cmyk, .xib): return "cmyka"
        case (.cmyk, _): return "cmyk"
        default: return space.rawValue
        }
    }

    /// The printed numbers: components, then alpha (AppKit: only when archived).
    private var numbers: [String] {
        switch notation {
        case .xib: return (components + [alpha ?? 1]).map(ValueText.number)
        case .uikit: return (components + [alpha ?? 1]).map(ValueText.threeDecimals)
        case .appKit: return (components + (alpha.map { [$0] } ?? [])).map(ValueText.threeDecimals)
        }
    }
}

/// JSON: `{"space": "rgb", "components": [1, 0.5, 0], "alpha": 1, "notation": "uikit"}`;
/// `components` is left out when empty, `alpha`, `name`, `catalog` and `colorSpaceName` when
/// unknown.
extension Color: Codable {
    private enum CodingKeys: String, CodingKey { case space, components, alpha, name, catalog, notation, colorSpaceName }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(space: try c.decode(Space.self, forKey: .space),
                  components: try c.decodeIfPresent([Double].self, forKey: .components) ?? [],
                  alpha: try c.decodeIfPresent(Double.self, forKey: .alpha),
                  name: try c.decodeIfPresent(String.self, forKey: .name),
                  catalog: try c.decodeIfPresent(String.self, forKey: .catalog),
                  notation: try c.decode(Notation.self, forKey: .notation),
                  colorSpaceName: try c.decodeIfPresent(String.self, forKey: .colorSpaceName))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(space, forKey: .space)
        if !components.isEmpty { try c.encode(components, forKey: .components) }
        try c.encodeIfPresent(alpha, forKey: .alpha)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(catalog, forKey: .catalog)
        try c.encode(notation, forKey: .notation)
        try c.encodeIfPresent(colorSpaceName, forKey: .colorSpaceName)
    }
}
