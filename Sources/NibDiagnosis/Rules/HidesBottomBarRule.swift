import NibModel

extension FindingCode {
    public static let hidesBottomBar = FindingCode("hides-bottom-bar")
}

/// `hides-bottom-bar` (IBLinter `hides_bottom_bar`): every scene's view controller of a
/// storyboard has 'Hide Bottom Bar on Push' (`hidesBottomBarWhenPushed`), except the classes the
/// option `hidesBottomBarExcluded` lists. A house rule, off by default. UIKit storyboards only:
/// AppKit has no such setting (IBLinter reports every Mac view controller, NetNewsWire's 9), and a
/// scene member that is no controller (a Mac storyboard's Application) is not one.
struct HidesBottomBarRule: NibRule {
    static let excluded = LintOption.list("hidesBottomBarExcluded", default: [], describing: "view controller classes")

    static let info = RuleInfo(
        .hidesBottomBar, severity: .warning, appliesTo: RuleScope(documents: .storyboard, platforms: [.iOS, .tvOS, .visionOS]),
        aliases: [.iblinter("hides_bottom_bar")], options: [excluded.spec], offByDefault: true,
        "A storyboard scene's view controller does not have 'Hide Bottom Bar on Push' (classes in hidesBottomBarExcluded excepted).")

    let excludedClasses: Set<String>

    init(options: LintOptions) { excludedClasses = Set(options[Self.excluded]) }

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard o.property("sceneMemberID") == .string("viewController"), o.className.hasSuffix("Controller"), !excludedClasses.contains(o.effectiveClass),
              o.property("hidesBottomBarWhenPushed") != .bool(true) else { return }
        out.add(o.id, className: o.effectiveClass,
                "\(context.document.semanticPath(of: o.id)) does not hide the bottom bar when pushed",
                fix: "Turn on 'Hide Bottom Bar on Push', or list the class in hidesBottomBarExcluded")
    }
}
