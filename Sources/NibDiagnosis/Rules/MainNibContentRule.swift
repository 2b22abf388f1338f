import NibModel

extension FindingCode {
    public static let mainNibContent = FindingCode("main-nib-content")
}

/// `main-nib-content`: a macOS main nib should hold the menu bar, the application delegate and
/// plain objects only (Resource Programming Guide: keep the main nib minimal).
struct MainNibContentRule: NibRule {
    static let info = RuleInfo(
        .mainNibContent, severity: .info, appliesTo: RuleScope(text: "macOS main nibs (MainMenu)"),
        "A macOS main nib (MainMenu) holds windows or other interface besides the menu bar and the application delegate: all of it loads at launch (Resource Programming Guide: keep the main nib minimal, load the rest on demand).")

    /// Top-level classes a main nib may hold besides the menu bar: the application delegate and
    /// other plain objects (custom objects are `NSObject`), the font manager, controllers.
    static let plainTopLevelClasses: Set<String> = [
        "NSObject", "NSCustomObject", "NSMenu", "NSMenuItem", "NSFontManager", "NSUserDefaultsController", "NSObjectController",
        "NSArrayController", "NSTreeController", "NSDictionaryController", "NSController", "NSApplication",
        "NSWindowController", "NSViewController",
    ]

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isMainNib else { return }
        let document = context.document
        var top = document.topLevelObjects.filter { document.object($0)?.placeholder == nil }
        if top.isEmpty { top = document.roots }
        for id in top {
            guard let o = document.object(id), !Self.plainTopLevelClasses.contains(o.className) else { continue }
            out.add(id, className: o.effectiveClass,
                    "\(document.semanticPath(of: id)) is a top-level \(o.className) of the main nib: it is created at launch, before the user asks for it, and adds to the launch time",
                    fix: "Move it to its own nib (with a window or view controller as File's Owner) loaded when it is first needed")
        }
    }
}
