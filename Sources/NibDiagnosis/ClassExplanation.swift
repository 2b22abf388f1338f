import NibModel
import SourceIndex

/// The answer to "why is this outlet nil?" for one class (and optionally one outlet or action):
/// where the class and its members are declared, every document and scene where the class
/// appears, per appearance whether each member is connected and from which object, when during
/// loading it is set, and the findings that concern it.
public struct ClassExplanation: Sendable, Codable, Hashable {
    /// The class as asked, the name the runtime looks up, its language and module.
    public var className: String
    public var runtimeName: String
    public var language: String?
    public var module: String?
    /// `File.swift:12` of the class declarations and extensions; empty when no source declares it.
    public var declarations: [String]
    /// The superclass chain, nearest first, ending with the first framework class.
    public var superclasses: [String]
    public var appearances: [Place]
    public var members: [Member]
    public var findings: [Finding]
    /// One sentence.
    public var verdict: String

    /// One object standing for the class.
    public struct Place: Sendable, Codable, Hashable {
        public var document: String
        public var path: String
        public var object: String
        public var role: String
        public var scene: String?
    }

    /// An outlet or action of the class with its status in every appearance.
    public struct Member: Sendable, Codable, Hashable {
        /// `outlet`, `outletCollection` or `action`.
        public var kind: String
        public var name: String
        public var declaredIn: String?
        /// `weak UILabel!`, `strong [UIButton]`, `@IBAction save(_:)`.
        public var declaration: String?
        public var source: String?
        public var statuses: [Status]
    }

    /// A member in one appearance.
    public struct Status: Sendable, Codable, Hashable {
        public var document: String
        public var object: String
        /// `connected`, `not connected`.
        public var state: String
        /// What it is connected to (outlets: destinations; actions: the senders with events).
        public var connections: [String]
        /// When loading sets it.
        public var when: String?
    }
}

extension NibSourceCheck {
    /// The explanation for `className` (a Swift or Objective-C name, or a module-qualified runtime
    /// name), restricted to `member` (an outlet name or a selector) when given; nil when neither
    /// the sources nor any nib know the class.
    public func explain(className query: String, member: String? = nil, findings all: [Finding]? = nil) -> ClassExplanation? {
        explainAll(className: query, member: member, findings: all).first
    }

    /// ``explain(className:member:findings:)`` for every class of that name: several when targets
    /// declare same-named classes (a macOS and an iOS `FeedInspectorViewController`), each with the
    /// appearances that resolve to it (by where their documents live). Empty when nothing knows it.
    public func explainAll(className query: String, member: String? = nil, findings all: [Finding]? = nil) -> [ClassExplanation] {
        let bare = String(query.split(separator: ".").last ?? Substring(query))
        let variants = sources.classes.filter { $0.name == bare || $0.objcName == bare }
        if variants.count <= 1 {
            return explain(variants.first, name: variants.first?.name ?? bare, member: member, findings: all).map { [$0] } ?? []
        }
        var out = variants.compactMap { explain($0, name: $0.name, member: member, findings: all) }
        // Asked for one member: the classes that declare it, when some do.
        if member != nil, out.contains(where: { $0.members.contains { $0.source != nil } }) {
            out.removeAll { !$0.members.contains { $0.source != nil } }
        }
        return out
    }

    func explain(_ cls: SourceClass?, name: String, member: String?, findings all: [Finding]?) -> ClassExplanation? {
        // Appearances of the class or a subclass (of this variant, when the sources know it).
        let apps = appearances.indices.filter { ai in
            if let cls { return chain(appearances[ai]).contains { $0.identity == cls.identity } }
            return appearances[ai].className == name
        }
        guard cls != nil || !apps.isEmpty else { return nil }
        let classChain = cls.map { sources.chain($0.name, near: $0.home) } ?? []
        var superclasses = classChain.dropFirst().map(\.name)
        if let base = classChain.last?.superclass { superclasses.append(base) }
        let runtime = apps.first.map { runtimeName(appearances[$0]) } ?? cls.map { c in c.module.map { "\($0).\(c.name)" } ?? c.name } ?? name

        let places = apps.map { ai -> ClassExplanation.Place in
            let a = appearances[ai]
            let p = place(a.members[0])
            return .init(document: p.document, path: p.path, object: p.object, role: a.role.rawValue, scene: a.scene)
        }

        var members: [ClassExplanation.Member] = []
        let outlets = classChain.flatMap { c in c.outlets.map { (c, $0) } }
        let actions = classChain.flatMap { c in c.actions.map { (c, $0) } }
        var wanted: [(kind: String, name: String, owner: SourceClass?, property: SourceProperty?, method: SourceMethod?)] = []
        for (c, p) in outlets where member == nil || member == p.name {
            wanted.append((p.isCollection ? "outletCollection" : "outlet", p.name, c, p, nil))
        }
        for (c, m) in actions where member == nil || member == m.selector || m.displayName.hasPrefix((member ?? "") + "(") {
            wanted.append(("action", m.selector, c, nil, m))
        }
        if let member, wanted.isEmpty {
            // Not declared: report what the nibs connect under this name (a selector has colons or
            // is the label of an action).
            let isAction = member.contains(":") || docs.contains { $0.document.connections.contains { $0.kind == .action && $0.label == member } }
            wanted.append((isAction ? "action" : "outlet", member, nil, nil, nil))
        }
        for w in wanted {
            var statuses: [ClassExplanation.Status] = []
            if w.kind == "action" {
                // Senders through the responder chain (First Responder, nil target) reach the class
                // when it is in the chain: listed once, by document.
                for d in docs {
                    let senders = d.document.connections.filter { $0.kind == .action && $0.label == w.name && ($0.isNilTargeted
                        || $0.destination.flatMap { d.document.object($0)?.placeholder?.kind } == .firstResponder) }
                    guard !senders.isEmpty else { continue }
                    statuses.append(.init(document: d.document.name, object: "First Responder", state: "sent through the responder chain",
                                          connections: senders.map { c in c.source.map { d.document.semanticPath(of: $0) } ?? "?" }, when: nil))
                }
            }
            for ai in apps {
                let a = appearances[ai]
                var lines: [String] = []
                var when: String?
                let viewOutlets = a.role == .controller ? viewNibOutlets(ai) : []
                for m in a.members {
                    let doc = document(m)
                    for c in doc.connections {
                        if w.kind == "action" {
                            guard c.kind == .action, c.destination == m.id, c.label == w.name else { continue }
                            lines.append((c.source.map { doc.semanticPath(of: $0) } ?? "?") + (c.controlEvents.map { " [\($0)]" } ?? ""))
                        } else {
                            guard c.kind == .outlet || c.kind == .outletCollection, c.source == m.id, c.label == w.name else { continue }
                            lines.append(c.destination.map { doc.semanticPath(of: $0) } ?? "?")
                        }
                    }
                }
                if !lines.isEmpty && w.kind != "action" {
                    if viewOutlets.contains(w.name) {
                        when = "when the controller's view loads (loadView), before viewDidLoad"
                    } else if a.role == .filesOwner {
                        let isController = FrameworkMembers.isViewController(sources.frameworkBase(a.className, near: a.home))
                        when = isController ? "when the view controller loads its view (loadView), before viewDidLoad"
                            : "while the nib is loaded with this owner, before awakeFromNib"
                    } else {
                        when = "while the nib is loaded, before awakeFromNib"
                    }
                }
                let p = place(a.members[0])
                statuses.append(.init(document: p.document, object: p.object, state: lines.isEmpty ? "not connected" : "connected",
                                      connections: lines, when: when))
            }
            var declaration: String?
            if let p = w.property {
                let opt = p.optionality == .optional ? "?" : p.optionality == .implicitlyUnwrapped ? "!" : ""
                let type = p.isCollection ? "[\(p.elementType ?? p.type)]" : p.type
                declaration = (p.isWeak ? "weak " : "strong ") + type + opt
            } else if let m = w.method {
                declaration = "@IBAction " + m.displayName
            }
            members.append(.init(kind: w.kind, name: w.name, declaredIn: w.owner?.name, declaration: declaration,
                                 source: (w.property?.location ?? w.method?.location)?.short, statuses: statuses))
        }

        let related = (all ?? findings()).filter { f in
            let c = f.className.map { String($0.split(separator: ".").last ?? Substring($0)) }
            return (c == name || apps.contains { appearances[$0].className == c }) && (member == nil || f.member == member)
        }
        let verdict: String
        if let worst = related.first(where: { $0.severity == .error }) ?? related.first(where: { $0.severity == .warning })
            ?? related.first {
            verdict = worst.message
        } else if apps.isEmpty {
            verdict = "\(name) appears in none of the documents read: nothing to check"
        } else if cls == nil {
            verdict = "\(name) is declared in no source read: its outlets and actions cannot be checked"
        } else if members.allSatisfy({ $0.statuses.contains { $0.state == "connected" } }) {
            verdict = "every \(member == nil ? "outlet and action" : "appearance") is connected where \(name) appears"
        } else {
            verdict = "nothing wrong found"
        }
        return ClassExplanation(className: name, runtimeName: runtime, language: cls?.language.rawValue, module: cls?.module,
                                declarations: unique((cls?.declarations ?? []).map(\.description) + (cls?.extensions ?? []).map(\.description)),
                                superclasses: superclasses, appearances: places, members: members, findings: related, verdict: verdict)
    }
}

/// `items` without repeats, in first-seen order.
private func unique(_ items: [String]) -> [String] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0).inserted }
}
