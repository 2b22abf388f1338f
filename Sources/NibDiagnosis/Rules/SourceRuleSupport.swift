import Foundation
import NibModel

/// What the rules taken from xiblint share: they read a source's XML as xiblint does
/// (``NibDocument/source``), report on the object an element belongs to, and name classes as
/// `Module.Class`.
extension LintContext {
    /// The document's own XML (a storyboard scene, a xib), nil for compiled input.
    var sourceElement: SourceElement? { document.source?.element }

    /// The whole file's XML, for rules about the file (its `<resources>`, every id), given on the
    /// file's first document only so that each finding is reported once.
    var sourceFileOnce: SourceElement? { isFirstOfFile ? document.source?.file : nil }

    /// The object `element` belongs to: the nearest of it and its ancestors whose `id` is an
    /// object of the document (as xiblint's `get_object_id`); nil when none is.
    func owner(of element: SourceElement, ancestors: [SourceElement]) -> ObjectID? {
        for e in [element] + ancestors.reversed() {
            if let id = e["id"], document.object(ObjectID(id)) != nil { return ObjectID(id) }
        }
        return nil
    }
}

extension RuleFindings {
    /// Adds a finding on a source element: on the object it belongs to (its path before the
    /// message), at the element's line.
    mutating func add(_ element: SourceElement, ancestors: [SourceElement], className: String? = nil, member: String? = nil,
                      _ message: String, fix: String) {
        let owner = context.owner(of: element, ancestors: ancestors)
        let text = owner.map { "\(context.document.semanticPath(of: $0)): \(message)" } ?? message
        add(owner, line: element.line, className: className ?? owner.flatMap { context.document.object($0)?.effectiveClass }, member: member,
            text, fix: fix)
    }
}

enum SourceRules {
    /// `Module.Class` as xiblint writes a custom class (`None.Class` when the module is not
    /// written, which is what xiblint compares with).
    static func fullClassName(_ e: SourceElement) -> String {
        "\(e["customModule"] ?? "None").\(e["customClass"] ?? "None")"
    }

    /// The elements an ElementTree path (`label`, `stackView/color`) names below `root`, as
    /// `root.findall(".//" + path)` does: the first step anywhere below, each further step a
    /// child of the previous. Each with its ancestors.
    static func find(_ path: String, in root: SourceElement) -> [(element: SourceElement, ancestors: [SourceElement])] {
        let steps = path.split(separator: "/").map(String.init)
        guard let first = steps.first else { return [] }
        var found: [(SourceElement, [SourceElement])] = []
        root.walk { e, ancestors in
            guard !ancestors.isEmpty || e !== root, e.name == first || first == "*" else { return }
            found.append((e, ancestors))
        }
        for step in steps.dropFirst() {
            found = found.flatMap { e, ancestors in
                e.children.filter { $0.name == step || step == "*" }.map { ($0, ancestors + [e]) }
            }
        }
        return found
    }

    /// The value of a configuration list of allowed values for display: `` `YES`, `None` ``.
    static func allowed(_ values: [String?]) -> String {
        values.map { $0 ?? "None" }.joined(separator: "`, `")
    }
}

extension SourceRules {
    /// Whether `ancestors` (of an element, nearest last) put it in a localizer's comment: its
    /// great-grandparent is `<attributedString key="userComments">`, which xiblint skips.
    static func inUserComments(_ ancestors: [SourceElement]) -> Bool {
        guard ancestors.count >= 3 else { return false }
        let container = ancestors[ancestors.count - 3]
        return container.name == "attributedString" && container["key"] == "userComments"
    }

    /// Every `<fontDescription>` and `<font>` below `root` (attributed-string runs and button
    /// states included, localizer comments not), as xiblint's font rules read them, with the font
    /// the attributes describe.
    static func fonts(in root: SourceElement) -> [(element: SourceElement, ancestors: [SourceElement], font: Font)] {
        var out: [(SourceElement, [SourceElement], Font)] = []
        root.walk { e, ancestors in
            guard e.name == "fontDescription" || (e.name == "font" && !inUserComments(ancestors)) else { return }
            let font = Font(name: e["name"], size: (e.name == "font" ? e["size"] : e["pointSize"]).flatMap(Double.init),
                            textStyle: e["style"] ?? (e["name"] != nil ? e["textStyle"] : nil), systemType: e["type"],
                            weight: e["weight"], metaFont: e["metaFont"])
            out.append((e, ancestors, font))
        }
        return out
    }

    /// The name of a value element for messages: its `key` (`textColor`), else its element name.
    static func key(_ e: SourceElement) -> String { e["key"] ?? e.name }
}
