import Foundation
import NibModel

extension FindingCode {
    public static let accessibilityFormat = FindingCode("accessibility-format")
}

/// `accessibility-format` (xiblint `accessibility_format`): Lyft's accessibility extensions used
/// consistently. A view with the runtime attribute `accessibilityFormat` or the outlet collection
/// `accessibilitySources` has both; an old-style format (`%@`) has as many `%@` as sources and no
/// other specifier, and is no plain label; a new-style format (`[identifier]`) names exactly the
/// accessibility identifiers of its sources, every source has one, and it has no `%@`. Reads the
/// connections, so compiled nibs are checked too. A house rule, off by default.
struct AccessibilityFormatRule: NibRule {
    static let info = RuleInfo(
        .accessibilityFormat, severity: .warning, aliases: [.xiblint("accessibility_format")], offByDefault: true,
        "Lyft's accessibilityFormat and accessibilitySources disagree: a format without sources or sources without a format, specifiers that do not match the sources, or identifiers no source has.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        var formats: [ObjectID: String] = [:]
        var sources: [ObjectID: [ObjectID]] = [:]
        var order: [ObjectID] = []
        for c in document.connections {
            guard let s = c.source else { continue }
            if c.kind == .runtimeAttribute, (c.keyPath ?? c.label) == "accessibilityFormat" {
                if formats[s] == nil && sources[s] == nil { order.append(s) }
                formats[s] = LintContext.text(c.value) ?? ""
            } else if c.kind == .outletCollection, c.label == "accessibilitySources" {
                if formats[s] == nil && sources[s] == nil { order.append(s) }
                sources[s, default: []] += c.members ?? c.destination.map { [$0] } ?? []
            }
        }
        for view in order {
            let members = sources[view] ?? []
            let path = document.semanticPath(of: view)
            func report(_ message: String) {
                out.add(view, className: document.object(view)?.effectiveClass, member: "accessibilityFormat", "\(path): \(message)",
                        fix: "Make accessibilityFormat and the accessibilitySources outlet collection agree")
            }
            guard let format = formats[view] else {
                report("has \(members.count) accessibility source(s) but accessibilityFormat is unset")
                continue
            }
            let used = Self.identifiers(in: format)
            if used.isEmpty {
                for m in format.matches(of: /%(.)/) where m.1 != "@" && m.1 != "%" {
                    report("unexpected format type %\(m.1) in accessibility format '\(format)'")
                }
                let expected = format.matches(of: /%@/).count
                if expected == 0 && !format.contains("[self]") {
                    report("no format specifiers in '\(format)'; use accessibilityLabel instead")
                }
                if members.count != expected {
                    report("format string '\(format)' has \(expected) format specifiers, but the view has \(members.count) sources")
                }
            } else {
                var byIdentifier: [String: ObjectID] = [:]
                var unidentified: [ObjectID] = []
                for m in members {
                    if let id = Self.accessibilityIdentifier(of: m, in: context), !id.isEmpty { byIdentifier[id] = m } else { unidentified.append(m) }
                }
                for id in used.subtracting(byIdentifier.keys).sorted() { report("missing accessibility source for identifier '\(id)' in accessibility format") }
                for id in Set(byIdentifier.keys).subtracting(used).sorted() { report("unused accessibility source with identifier '\(id)' in accessibility format") }
                for m in unidentified { report("accessibility source '\(m.rawValue)' has no accessibility identifier") }
                if format.contains("%@") { report("new-style accessibility format contains '%@'") }
            }
        }
    }

    /// The `[identifier]`s of a new-style format, `[self]` excepted.
    static func identifiers(in format: String) -> Set<String> {
        Set(format.matches(of: /\[(.+?)\]/).map { String($0.1) }.filter { $0 != "self" })
    }

    static func accessibilityIdentifier(of id: ObjectID, in context: LintContext) -> String? {
        for c in context.document.connections where c.source == id && c.kind == .accessibility && c.label == "accessibilityIdentifier" {
            if let t = LintContext.text(c.value) { return t }
        }
        for p in context.document.object(id)?.properties ?? [] {
            if case .accessibility(let a) = p.value, let i = a.identifier { return i }
        }
        return nil
    }
}
