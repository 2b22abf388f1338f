import Foundation
import NibModel

extension FindingCode {
    public static let colorAssets = FindingCode("color-assets")
}

/// `color-assets` (xiblint `color_assets`): every named colour a source caches in its
/// `<resources>` section (`<namedColor name="Accent"><color red=… green=… blue=… alpha=…/>`) is a
/// colour set of the asset catalog, with the same components to four decimals. The catalog is
/// the option `assetCatalog` (xiblint's `asset_catalog`, relative to the configuration file), or
/// else every catalog near the input. Once per file; sources only (a compiled nib caches no
/// colour values). A house rule, off by default.
///
/// Unlike xiblint 0.10.4, colour sets at any depth of the catalog are found (its non-recursive
/// `**` glob misses those directly in the catalog and those nested deeper than one folder), a
/// name matches its own set only (xiblint takes any set whose name ends with it), folders that
/// provide a namespace are honoured, `0x` components and greys (`white`) are read, and a set that
/// refers to a system colour is not compared (xiblint stops on it); without a catalog the rule
/// reports nothing (xiblint exits with an error).
struct ColorAssetsRule: NibRule {
    static let assetCatalog = LintOption.text("assetCatalog", default: "", describing: "the asset catalog's path; empty for the catalogs near each input")

    static let info = RuleInfo(
        .colorAssets, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.xiblint("color_assets")],
        options: [assetCatalog.spec], offByDefault: true,
        "A named colour's value cached in the source differs from the asset catalog's colour set, or the catalog has no such set (once per file).")

    let catalog: String

    init(options: LintOptions) { catalog = options[Self.assetCatalog] }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let file = context.sourceFileOnce else { return }
        var named: [(SourceElement, [SourceElement])] = []
        file.walk { e, ancestors in if e.name == "namedColor" { named.append((e, ancestors)) } }
        guard !named.isEmpty else { return }
        let sets = catalog.isEmpty ? context.resources.colorSets(near: context.path) : context.resources.colorSets(catalog: catalog)
        guard let sets else { return }
        let fix = "Open the file in Interface Builder and save it again, so that it caches the catalog's value"
        for (e, ancestors) in named {
            guard let name = e["name"], !name.isEmpty else {
                out.add(e, ancestors: ancestors, "Named color is missing a name", fix: fix)
                continue
            }
            guard let expected = sets.colors[name] else {
                out.add(e, ancestors: ancestors, member: name, "Named color '\(name)' is missing from the asset catalog",
                        fix: "Add the colour set '\(name)' to the catalog, or use a colour it has")
                continue
            }
            guard let color = e.children.first(where: { $0.name == "color" }) else {
                out.add(e, ancestors: ancestors, member: name, "Named color '\(name)' is missing its color definition", fix: fix)
                continue
            }
            let grey = color["white"] != nil && color["red"] == nil
            let written = (grey ? ["white", "white", "white", "alpha"] : ["red", "green", "blue", "alpha"]).compactMap { color[$0].flatMap(Double.init) }
            guard written.count == 4 else {
                out.add(e, ancestors: ancestors, member: name, "Named color '\(name)' has an invalid color value (not red, green, blue and alpha, or white and alpha)", fix: fix)
                continue
            }
            // A set that refers to a system colour (`"reference": "systemRedColor"`) has no value to compare.
            guard let expected else { continue }
            if zip(written, expected).allSatisfy({ String(format: "%.4f", $0) == String(format: "%.4f", $1) }) { continue }
            out.add(e, ancestors: ancestors, member: name,
                    "Color value for '\(name)' does not match the asset catalog (\(written.map { String(format: "%.4f", $0) }.joined(separator: ", ")) here, \(expected.map { String(format: "%.4f", $0) }.joined(separator: ", ")) in the catalog)",
                    fix: fix)
        }
    }
}
