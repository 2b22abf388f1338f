import Foundation
import NibModel

extension FindingCode {
    public static let customClassName = FindingCode("custom-class-name")
}

/// `custom-class-name` (IBLinter `custom_class_name`): a storyboard of one scene (other than
/// `Main`) whose view controller's custom class is not the storyboard's file name. A house rule,
/// off by default.
struct CustomClassNameRule: NibRule {
    static let info = RuleInfo(
        .customClassName, severity: .warning, appliesTo: RuleScope(documents: .storyboard),
        aliases: [.iblinter("custom_class_name")], offByDefault: true,
        "The view controller of a one-scene storyboard (Main excepted) has a custom class other than the storyboard's name.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isFirstOfFile, let storyboard = context.storyboard, storyboard.scenes.count == 1 else { return }
        let name = ((context.path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard name != "Main", let controller = storyboard.controllers.first, let custom = controller.customClass, custom != name,
              let id = controller.objects.first(where: { $0.document == context.document.name })?.id else { return }
        out.add(id, className: custom, "\(context.document.semanticPath(of: id)) has custom class \(custom); the storyboard is named \(name)",
                fix: "Rename the storyboard or the class so that they match")
    }
}
