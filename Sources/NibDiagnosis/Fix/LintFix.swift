import Foundation
import NibModel

/// `lint --fix`: mechanical fixes of xib and storyboard sources, made as minimal edits of the XML
/// text — every byte outside the edited element is kept, nothing is re-serialised. Compiled nibs
/// are never edited.
///
/// A fix is made only when it cannot change what the nib does beyond removing the finding:
/// - `dangling-connection`: the connection element is removed (it names an object the document
///   does not have; at run time it does nothing or crashes);
/// - `duplicate-connection`: the repeated element is removed when an earlier element of the same
///   `<connections>` says the same thing (same outlet or selector, destination and event); two
///   outlets of one name to different objects are left alone (which one wins is a choice);
/// - `duplicate-constraint`: the repeated `<constraint>` is removed unless an outlet or another
///   element refers to its id;
/// - `custom-module`: the object's `customModule` is set to the one module `customModules` gives
///   its class (and a `customModuleProvider="target"`, which would override it, removed); a class
///   of several modules is left alone.
///
/// A container left empty by removals (`<connections>`, `<constraints>`) is removed with them,
/// whole lines at a time.
public enum LintFix {
    /// The rules with a mechanical fix.
    public static let fixable: Set<FindingCode> = [.danglingConnection, .duplicateConnection, .duplicateConstraint, .customModule]

    /// One edit of a file's bytes: `range` (UTF-8 offsets into the original) becomes `replacement`.
    public struct Edit: Sendable, Hashable {
        public var range: Range<Int>
        public var replacement: [UInt8]
        /// The finding it fixes.
        public var code: FindingCode
        public var line: Int?
    }

    /// A finding left unfixed, and why.
    public struct Skipped: Sendable {
        public var finding: Finding
        public var reason: String
    }

    /// The edits that fix `findings` (those of one source file, ``fixable`` codes) in `text`, the
    /// file's bytes, the findings they fix, and the findings left as they are with the reason.
    /// `options` gives `customModules`.
    public static func edits(for findings: [Finding], in text: [UInt8], options: LintOptions = LintOptions())
        -> (edits: [Edit], fixed: [Finding], skipped: [Skipped]) {
        let xml = XMLText(text)
        var edits: [Edit] = []
        var fixed: [Finding] = []
        var skipped: [Skipped] = []
        var removals: [(range: Range<Int>, code: FindingCode, line: Int?)] = []
        var seen = Set<Int>()
        for f in findings where fixable.contains(f.code) {
            guard let line = f.line else { skipped.append(Skipped(finding: f, reason: "no line in a source")); continue }
            switch f.code {
            case .danglingConnection, .duplicateConnection:
                guard let e = xml.element(atLine: line, tags: XMLText.connectionTags, where: { xml.attribute("property", of: $0) ?? xml.attribute("selector", of: $0) ?? xml.attribute("keyPath", of: $0) == f.member }) else {
                    skipped.append(Skipped(finding: f, reason: "the connection element was not found at line \(line)"))
                    continue
                }
                if f.code == .duplicateConnection, !xml.hasEarlierTwin(e) {
                    skipped.append(Skipped(finding: f, reason: "the connections differ (another destination or event): which one to keep is a choice"))
                    continue
                }
                guard seen.insert(e.start).inserted else { continue }
                removals.append((e.start..<e.end, f.code, line))
                fixed.append(f)
            case .duplicateConstraint:
                guard let e = xml.element(atLine: line, tags: ["constraint"], where: { _ in true }) else {
                    skipped.append(Skipped(finding: f, reason: "the constraint element was not found at line \(line)"))
                    continue
                }
                if let id = xml.attribute("id", of: e), xml.count(of: Array("\"\(id)\"".utf8)) > 1 {
                    skipped.append(Skipped(finding: f, reason: "another element refers to the constraint's id '\(id)'"))
                    continue
                }
                guard seen.insert(e.start).inserted else { continue }
                removals.append((e.start..<e.end, f.code, line))
                fixed.append(f)
            case .customModule:
                guard let custom = f.member else { continue }
                let modules = options[CustomModuleRule.customModules].filter { $0.value.contains(custom) }.map(\.key).sorted()
                guard modules.count == 1 else {
                    skipped.append(Skipped(finding: f, reason: "\(custom) is a class of \(modules.count) modules: which one is a choice"))
                    continue
                }
                guard let e = xml.element(atLine: line, tags: nil, where: { xml.attribute("customClass", of: $0) == custom }) else {
                    skipped.append(Skipped(finding: f, reason: "the element of class \(custom) was not found at line \(line)"))
                    continue
                }
                guard seen.insert(e.start).inserted else { continue }
                fixed.append(f)
                edits += xml.settingModule(modules[0], of: e).map { Edit(range: $0.range, replacement: $0.replacement, code: f.code, line: line) }
            default: continue
            }
        }
        edits += xml.wholeLineRemovals(removals.map(\.range)).map { range in
            let owner = removals.first { range.contains($0.range.lowerBound) } ?? removals[0]
            return Edit(range: range, replacement: [], code: owner.code, line: owner.line)
        }
        return (edits.sorted { $0.range.lowerBound < $1.range.lowerBound }, fixed, skipped)
    }

    /// `text` with `edits` made (sorted, not overlapping; an edit overlapping an earlier one is
    /// left out).
    public static func apply(_ edits: [Edit], to text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var at = 0
        for e in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where e.range.lowerBound >= at && e.range.upperBound <= text.count {
            out += text[at..<e.range.lowerBound]
            out += e.replacement
            at = e.range.upperBound
        }
        out += text[at...]
        return out
    }
}
