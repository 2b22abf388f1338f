import NibModel
import SourceIndex

extension FindingCode {
    public static let unhandledFirstResponderAction = FindingCode("unhandled-first-responder-action")
}

/// Actions sent to First Responder that nothing handles, and controls that trigger a segue while
/// their action performs one in code too.
extension NibSourceCheck {
    /// Why First Responder actions are not checked (nil: they are): they are checked against every
    /// class of the app, so only when the sources declare classes and the inputs are a project.
    var firstResponderReason: String? {
        noClassesReason ?? (literalsReason.map { _ in "the inputs are single files, not a project directory: an action sent to First Responder is checked against every class of the app" })
    }

    /// `unhandled-first-responder-action`: an action sent to First Responder whose selector no
    /// class of the sources implements (any class, its extensions and categories: the responder
    /// chain may reach any of them) and that is not an action AppKit or UIKit objects implement
    /// themselves (``FrameworkMembers/responderActions``, and the members of extensions of
    /// framework classes). Nothing in the chain handles it: AppKit disables the menu item, a
    /// control does nothing. One finding per sending object and selector.
    func firstResponderFindings() -> [Finding] {
        guard firstResponderReason == nil else { return [] }
        var implemented = FrameworkMembers.responderActions.union(frameworkExtensionMembers.selectors)
        for cls in sources.classes {
            for m in cls.methods where m.isObjCVisible { implemented.insert(m.selector) }
        }
        var out: [Finding] = []
        var seen: Set<String> = []
        for (i, c) in allConnections where c.kind == .action && c.isNilTargeted && !implemented.contains(c.label) {
            guard let s = c.source, seen.insert("\(i)|\(s.rawValue)|\(c.label)").inserted else { continue }
            let p = place(.init(doc: i, id: s))
            let mac = docs[i].document.platform == .macOS
            out.append(Finding(.unhandledFirstResponderAction,
                "\(p.object) sends \(c.label) to First Responder, but no class of the sources implements \(c.label) and no AppKit or UIKit responder does: nothing in the responder chain handles it (\(mac ? "the menu item or control stays disabled" : "it does nothing"))",
                className: docs[i].document.object(s)?.effectiveClass, member: c.label, document: p.document, path: p.path,
                object: p.object, objectID: s, line: c.sourceLine ?? p.line,
                fix: "Implement \(c.label) as an @IBAction (or @objc method) in a class of the responder chain (a view, its view or window controller, the app delegate), or connect the action to its target"))
        }
        return out
    }

    /// `event-to-several-targets`, with code: a control that triggers a segue (a storyboard
    /// segue from the control; compiled, `perform:` sent to a segue template) and sends an action
    /// whose method also performs a segue in code (a `performSegue(withIdentifier:)` literal
    /// between the method's declaration and the next declaration of its file): both run when the
    /// control fires, two transitions. Methods that perform a segue through a constant or a
    /// variable are not seen.
    func segueAlsoInCodeFindings() -> [Finding] {
        guard noClassesReason == nil else { return [] }
        let performed = sources.literals(.segueIdentifier)
        guard !performed.isEmpty else { return [] }
        // Declaration lines per file, to bound a method's body.
        var starts: [String: [Int]] = [:]
        for cls in sources.classes {
            for l in cls.declarations + cls.extensions { starts[l.file, default: []].append(l.line) }
            for m in cls.methods { starts[m.location.file, default: []].append(m.location.line) }
        }
        var out: [Finding] = []
        for (i, d) in docs.enumerated() {
            let doc = d.document
            var triggers: Set<ObjectID> = []
            for c in doc.connections {
                guard let s = c.source else { continue }
                // A segue from a control or cell, not a manual segue from its view controller.
                if c.kind == .segue, let o = doc.object(s), !o.className.hasSuffix("Controller") { triggers.insert(s) }
                if c.kind == .action, c.label == "perform:", let t = c.destination, doc.object(t)?.effectiveClass.contains("SegueTemplate") == true {
                    triggers.insert(s)
                }
            }
            guard !triggers.isEmpty else { continue }
            var seen: Set<String> = []
            for c in doc.connections where c.kind == .action && c.label != "perform:" {
                guard let s = c.source, triggers.contains(s), let ai = appearance(doc: i, id: c.destination),
                      let cls = sourceClass(appearances[ai]),
                      let (method, owner) = sources.method(c.label, of: cls.name, near: appearances[ai].home) else { continue }
                let file = method.location.file
                let end = (starts[file] ?? []).filter { $0 > method.location.line }.min() ?? Int.max
                guard let literal = performed.first(where: { $0.location.file == file && $0.location.line > method.location.line && $0.location.line < end }),
                      seen.insert("\(s.rawValue)|\(c.label)").inserted else { continue }
                let p = place(.init(doc: i, id: s))
                out.append(Finding(.eventToSeveralTargets,
                    "\(p.object) triggers a segue and sends \(c.label) to \(owner.name), whose \(method.displayName) also performs segue \"\(literal.value)\" in code (\(literal.location.short)): both run when it fires, two transitions",
                    className: runtimeName(appearances[ai]), member: c.label, document: p.document, path: p.path, object: p.object,
                    objectID: s, line: c.sourceLine ?? p.line,
                    fix: "Keep one: delete the control's triggered segue and keep performSegue in \(method.displayName), or remove the performSegue call",
                    sources: [method.location, literal.location]))
            }
        }
        return out
    }
}
