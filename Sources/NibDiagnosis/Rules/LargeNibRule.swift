import NibModel

extension FindingCode {
    public static let largeNib = FindingCode("large-nib")
}

/// `large-nib`: more objects, or more top-level objects, than the configured thresholds.
struct LargeNibRule: NibRule {
    /// Above this many objects (placeholders not counted).
    static let maxObjects = LintOption.count("maxObjects", default: 500)
    /// Above this many top-level objects.
    static let maxTopLevelObjects = LintOption.count("maxTopLevelObjects", default: 20)

    static let info = RuleInfo(
        .largeNib, severity: .info, options: [maxObjects.spec, maxTopLevelObjects.spec],
        "A nib holds more objects or top-level objects than the threshold: all of them are created whenever it loads (Resource Programming Guide: make small nibs and load them lazily).")

    let maxObjects: Int
    let maxTopLevelObjects: Int

    init(options: LintOptions) {
        maxObjects = options[Self.maxObjects]
        maxTopLevelObjects = options[Self.maxTopLevelObjects]
    }

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        let count = document.objects.reduce(0) { $0 + ($1.placeholder == nil ? 1 : 0) }
        let top = document.topLevelObjects.filter { document.object($0)?.placeholder == nil }.count
        if count > maxObjects {
            out.add(nil,
                    "\(document.name) holds \(count) objects (more than \(maxObjects)): every one is created each time the nib loads",
                    fix: "Split it into smaller nibs loaded when needed (one per window, view controller or reusable view)")
        }
        if top > maxTopLevelObjects {
            out.add(nil,
                    "\(document.name) has \(top) top-level objects (more than \(maxTopLevelObjects)): all are created and must be retained whenever the nib loads",
                    fix: "Move groups of top-level objects to nibs of their own, loaded when needed")
        }
    }
}
