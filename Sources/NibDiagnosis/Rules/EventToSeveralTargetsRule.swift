import NibModel

extension FindingCode {
    public static let eventToSeveralTargets = FindingCode("event-to-several-targets")
}

/// `event-to-several-targets`: one control event of one control connected to several actions.
struct EventToSeveralTargetsRule: NibRule {
    static let info = RuleInfo(
        .eventToSeveralTargets, severity: .warning,
        "One control event of one control is sent to several targets or selectors: often a leftover from copying a control. With sources, also a control that triggers a segue while its action's method performs a segue in code: two transitions.")

    init(options: LintOptions) {}

    /// `perform:` sent to a storyboard segue template: how a compiled storyboard triggers a segue.
    func isSegueTrigger(_ pair: String, in document: NibDocument) -> Bool {
        let parts = pair.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, parts[1] == "perform:", let target = document.object(ObjectID(parts[0])) else { return false }
        return target.effectiveClass.contains("SegueTemplate")
    }

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        // Action connections per control: (event bit or 0) → distinct (target, selector) pairs.
        var actions: [ObjectID: [UInt32: [String]]] = [:]
        var firstLine: [ObjectID: Int] = [:]
        // Connections to no object of the document are dangling-connection findings only.
        for c in document.connections where c.kind == .action {
            guard let s = c.source, c.unresolved == nil,
                  c.isNilTargeted || c.destination.map({ document.object($0) != nil }) ?? true else { continue }
            let target = c.isNilTargeted ? "First Responder" : (c.destination?.rawValue ?? "nil")
            let pair = "\(target)\u{0}\(c.label)"
            var bits: [UInt32] = []
            if let events = c.controlEvents, events.rawValue != 0 {
                var rest = events.rawValue
                while rest != 0 {
                    let bit = rest & (~rest &+ 1)
                    bits.append(bit)
                    rest &= ~bit
                }
            } else {
                bits = [0]
            }
            for bit in bits where !(actions[s]?[bit]?.contains(pair) ?? false) {
                actions[s, default: [:]][bit, default: []].append(pair)
            }
            if firstLine[s] == nil, let l = c.sourceLine { firstLine[s] = l }
        }
        for s in actions.keys.sorted() {
            guard let o = document.object(s), o.placeholder == nil else { continue }
            for (bit, pairs) in actions[s]!.sorted(by: { $0.key < $1.key }) {
                // A triggered segue (compiled: `perform:` sent to a segue template) beside an action
                // is how Interface Builder makes a control run code and a segue: intentional.
                let actionPairs = pairs.filter { !isSegueTrigger($0, in: document) }
                guard actionPairs.count > 1 else { continue }
                let segues = pairs.count - actionPairs.count
                let described = actionPairs.map { pair -> String in
                    let parts = pair.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
                    let target = parts[0] == "First Responder" || parts[0] == "nil" ? parts[0] : document.semanticPath(of: ObjectID(parts[0]))
                    return "\(parts[1]) → \(target)"
                }
                let event = ControlEvents(rawValue: bit).description
                // AppKit controls and menu items keep one target and action; UIKit controls,
                // gesture recognizers and bar items call every target.
                let mac = document.platform == .macOS
                out.add(s, line: firstLine[s], className: o.effectiveClass,
                        mac ? "\(document.semanticPath(of: s)) has \(actionPairs.count) action connections (\(described.joined(separator: ", "))), but an AppKit control or menu item has one target and one action: only the last one connected is kept"
                            : "\(document.semanticPath(of: s)) sends \(bit == 0 ? "its action" : event) to \(actionPairs.count) actions (\(described.joined(separator: ", "))): every one runs, in no guaranteed order",
                        fix: "Keep the one intended action connection and delete the others (often left over from copying the control)"
                            + (segues > 0 ? "; the triggered segue is intended, keep it" : ""))
            }
        }
    }
}
