import NibModel

extension FindingCode {
    public static let missingImage = FindingCode("missing-image")
}

/// `missing-image`: an image the nib names that no asset catalog or image file near the input
/// holds (checked only when some are found there), and that is no system image. IBLinter's
/// `image_resources` is the same check; unlike IBLinter, AppKit's named images (`NSActionTemplate`)
/// and SF Symbols are known to be the system's, and images found as loose files count.
struct MissingImageRule: NibRule {
    static let info = RuleInfo(
        .missingImage, severity: .warning, aliases: [.iblinter("image_resources")],
        "An image the nib names exists in no asset catalog (imageset, symbolset) or bundle next to it, and is no SF Symbol: it shows nothing.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        var named: [(name: String, catalog: String?, object: ObjectID)] = []
        var seen = Set<String>()
        var systemImages: Set<String>?
        for o in document.objects {
            let catalogSystem = LintContext.text(o.property("catalog")) == "system"
            for p in o.properties {
                var found: (name: String, catalog: String?)?
                switch p.value {
                case .string where p.key == "image" || p.key.hasSuffix("Image"):
                    if context.isSource && systemImages == nil {
                        // The `<resources>` section says which names are SF Symbols: read once per file.
                        systemImages = document.path.map { context.resources.systemImages(ofSource: $0) } ?? []
                    }
                    found = ResourceIndex.imageNamed(by: p, systemImages: systemImages ?? [])
                default:
                    found = ResourceIndex.imageNamed(by: p, systemImages: [])
                }
                guard var image = found, seen.insert(image.name).inserted else { continue }
                if catalogSystem && p.key == "image" && image.catalog == nil { image.catalog = "system" }
                named.append((image.name, image.catalog, o.id))
            }
        }
        guard !named.isEmpty else { return }
        let index = context.resources.index(for: context.path)
        guard index.root != nil, !(index.images.isEmpty && index.assets.isEmpty) else { return }
        for image in named {
            if image.catalog == "system" || NibLint.isSystemImageName(image.name) { continue }
            guard case (.missing, _) = index.lookup(.image, image.name, catalog: image.catalog, platform: document.platform)
            else { continue }
            out.add(image.object, member: image.name,
                    "\(document.semanticPath(of: image.object)) shows the image '\(image.name)', which is in no asset catalog and no image file under \(index.root!): at run time imageNamed: returns nil and nothing is drawn",
                    fix: "Add '\(image.name)' to an asset catalog of the target, or correct the name")
        }
    }
}
