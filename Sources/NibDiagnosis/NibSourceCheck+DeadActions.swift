import NibModel
import SourceIndex

/// Dead actions: `@IBAction` methods that nothing can send.
///
/// A method is alive when
/// - an action connection of some document names its selector with an explicit target (an iOS
///   `destination`, a macOS `target`) whose class is the method's class or a subclass (targets
///   whose class the sources do not declare — a compiled nib's File's Owner, a framework object —
///   keep every method of the selector alive);
/// - an action connection to First Responder names its selector anywhere in the documents read:
///   the responder chain may deliver it to any object, so every method of that selector is alive;
/// - code names it: a selector (`#selector`, `Selector("…")`, `@selector`, `NSSelectorFromString`
///   — what `addTarget`, `sendAction`, `NSApp.sendAction` and `action = …` take) or a direct call
///   (``SourceIndex/reference(to:)``, matched by name, not receiver), or a property list of the
///   source directories holds its selector as a string (keyboard-shortcut and toolbar tables that
///   code sends with `NSSelectorFromString`).
///
/// A method that an `action-selector-mismatch` names (the nib sends `store:`, the class has
/// `store(sender:)`) is not reported again. Not checked: `override`s (the superclass, often the framework, sends them: `copy(_:)`,
/// `showWindow(_:)`), `@IBSegueAction`s (a storyboard segue calls them) and members of extensions
/// of framework classes. Meaningful only when every document of the app is read: with single files
/// as inputs (``NibSourceCheck/checksLiterals`` false) the check is skipped.
extension NibSourceCheck {
    /// Selectors kept alive by the documents' action connections.
    struct ConnectedSelectors {
        /// Selectors sent to First Responder, or to a target whose class the sources do not declare.
        var anywhere: Set<String> = []
        /// `class identity|selector` for every class in the chain of a target's class.
        var byClass: Set<String> = []
        /// `class identity|selector base` of connections whose selector the target's class does not
        /// implement: `action-selector-mismatch` names the method meant, which is not dead.
        var mismatched: Set<String> = []
        var firstResponder = 0
        var targeted = 0
    }

    func connectedSelectors() -> ConnectedSelectors {
        var out = ConnectedSelectors()
        for (i, c) in allConnections where c.kind == .action {
            if c.isNilTargeted {
                out.firstResponder += 1
                out.anywhere.insert(c.label)
                continue
            }
            out.targeted += 1
            guard let ai = appearance(doc: i, id: c.destination), sourceClass(appearances[ai]) != nil else {
                out.anywhere.insert(c.label)
                continue
            }
            let a = appearances[ai]
            for k in chain(a) { out.byClass.insert(k.identity + "|" + c.label) }
            if sources.method(c.label, of: a.className, near: a.home) == nil {
                for k in chain(a) { out.mismatched.insert(k.identity + "|" + Self.selectorBase(c.label)) }
            }
        }
        return out
    }

    func deadActionFindings(coverage: inout Coverage) -> [Finding] {
        let reason = noClassesReason ?? (docs.isEmpty ? "no document read" : literalsReason)
        var checked = 0
        var byCode = 0
        var byFirstResponder = 0
        var leftOut = 0
        let connected = reason == nil ? connectedSelectors() : ConnectedSelectors()
        defer {
            coverage.record(check: "dead-actions", title: "actions declared in code", rules: [.deadAction], checked: checked,
                            unit: "@IBAction methods",
                            against: reason == nil ? "the \(Self.count(connected.targeted + connected.firstResponder, "action connection", "action connections")) of \(Self.count(docs.count, "document", "documents")) (\(connected.firstResponder) to First Responder) and the selectors and calls in code (\(byFirstResponder) sent through First Responder, \(byCode) named by code\(leftOut > 0 ? "; \(Self.count(leftOut, "override or @IBSegueAction", "overrides and @IBSegueActions")) left out by design" : ""))" : nil,
                            skippedReason: reason)
        }
        guard reason == nil else { return [] }
        var out: [Finding] = []
        for cls in sources.classes where cls.isDeclared {
            for m in cls.methods where m.isAction {
                if m.isSegueAction || m.isOverride {
                    leftOut += 1
                    continue
                }
                checked += 1
                if connected.byClass.contains(cls.identity + "|" + m.selector)
                    || connected.mismatched.contains(cls.identity + "|" + Self.selectorBase(m.selector)) { continue }
                if connected.anywhere.contains(m.selector) {
                    byFirstResponder += 1
                    continue
                }
                if sources.reference(to: m) != nil {
                    byCode += 1
                    continue
                }
                let name = cls.language == .swift ? m.displayName : m.selector
                let appears = appearances.indices.filter { ai in chain(appearances[ai]).contains { $0.identity == cls.identity } }
                let where_ = appears.isEmpty ? "\(cls.name) appears in no document read"
                    : "no action connection to \(cls.name) in \(documentList(appears)) names it"
                out.append(located(Finding(.deadAction,
                    "Action \(name) of \(cls.name) is sent by nothing: \(where_), no document sends \(m.selector) to First Responder, and no code names it (#selector, addTarget, sendAction, a call, or a selector string in code or a property list)",
                    className: cls.module.map { "\($0).\(cls.name)" } ?? cls.name, member: m.selector,
                    fix: "Connect it in Interface Builder, or delete it if it is no longer used", sources: [m.location]),
                    at: m.location))
            }
        }
        return out
    }
}
