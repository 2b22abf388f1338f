/// What a `why` or `lint` run checked and what it did not, and why: one ``Entry`` per check
/// (`segue identifiers: 14 checked against 3 storyboards (compiled)`, `storyboard identifiers:
/// not checked — no storyboard among the inputs`), filled by the checks themselves as they run
/// (``NibSourceCheck/run()``, ``NibLint/run(_:options:enabled:)``), never guessed afterwards.
///
/// A check *ran* when it looked at its items (``Entry/checked``, possibly 0: nothing of that kind
/// to check), perhaps with some left out and the reason for each part (``Entry/notChecked``); it
/// was *skipped* when it could not run at all (``Entry/reason``: no storyboard among the inputs,
/// no sources read). A clean result is only as good as its coverage: ``incomplete`` lists what a
/// summary line must mention.
///
/// A check records itself once with ``record(check:title:rules:checked:unit:against:notChecked:skippedReason:)``;
/// recording the same check again adds to it (counts summed, parts not checked appended), so a
/// check that runs in pieces (source storyboards, then compiled ones) records each piece.
///
/// JSON: `{"<check>": {"title", "status": "ran" | "skipped", "checked", "unit", "against",
/// "notChecked": [{"count", "reason"}], "reason", "rules": [rule ids]}}`, one key per check
/// (unknown fields left out); the CLI writes it as `coverage` beside `findings`.
public struct Coverage: Sendable, Hashable, Encodable {
    /// Whether a check looked at its items.
    public enum Status: String, Sendable, Hashable, Codable {
        /// It looked at every item it counted as checked (see ``Entry/notChecked`` for the rest).
        case ran
        /// It did not run; ``Entry/reason`` says why.
        case skipped
    }

    /// Items a check left out, and why (`3`, `their class is not found in the sources read (A, B, C)`).
    public struct Gap: Sendable, Hashable, Codable {
        /// How many items (of the check's ``Entry/unit``).
        public var count: Int
        /// Why, as a clause that follows "not checked: ".
        public var reason: String

        public init(count: Int, reason: String) {
            self.count = count
            self.reason = reason
        }
    }

    /// One check.
    public struct Entry: Sendable, Hashable, Encodable, CustomStringConvertible {
        /// Stable id: `segue-identifiers`, `outlets`; for a `lint` nib rule, its rule id.
        public var check: String
        /// What is checked, in words (`segue identifiers`).
        public var title: String
        /// The rules whose findings the check reports.
        public var rules: [FindingCode]
        public var status: Status
        /// Items checked (0 when there was nothing of the kind, or when skipped).
        public var checked: Int
        /// What ``checked`` counts (`identifiers in code`, `connections`, `documents`).
        public var unit: String
        /// What was done to them, for ``description`` (`checked`; `read` for source files).
        public var verb: String = "checked"
        /// What the items were checked against (`3 storyboards (compiled)`, `12 classes`).
        public var against: String?
        /// Items the check left out, by reason.
        public var notChecked: [Gap]
        /// Why the check did not run (``Status/skipped`` only).
        public var reason: String?

        /// Whether something was left out: skipped, or some items not checked.
        public var isIncomplete: Bool { status == .skipped || notChecked.contains { $0.count > 0 } }

        /// One line: `segue identifiers: 14 identifiers in code checked against 3 storyboards
        /// (compiled)`, `…; 2 not checked: reason`, or `storyboard identifiers: not checked — reason`.
        public var description: String {
            if status == .skipped { return "\(title): not checked — \(reason ?? "not run")" }
            var s = "\(title): \(checked) \(unit) \(verb)"
            if let against { s += " against \(against)" }
            for gap in notChecked where gap.count > 0 { s += "; \(gap.count) not checked: \(gap.reason)" }
            return s
        }

        enum CodingKeys: String, CodingKey { case title, rules, status, checked, unit, against, notChecked, reason }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(title, forKey: .title)
            try c.encode(rules, forKey: .rules)
            try c.encode(status, forKey: .status)
            try c.encode(checked, forKey: .checked)
            try c.encode(unit, forKey: .unit)
            try c.encodeIfPresent(against, forKey: .against)
            let gaps = notChecked.filter { $0.count > 0 }
            if !gaps.isEmpty { try c.encode(gaps, forKey: .notChecked) }
            try c.encodeIfPresent(reason, forKey: .reason)
        }

        init(check: String, title: String, rules: [FindingCode], status: Status, checked: Int, unit: String,
             against: String?, notChecked: [Gap], reason: String?) {
            self.check = check
            self.title = title
            self.rules = rules
            self.status = status
            self.checked = checked
            self.unit = unit
            self.against = against
            self.notChecked = notChecked
            self.reason = reason
        }
    }

    /// The checks, in the order they recorded themselves.
    public private(set) var entries: [Entry] = []

    public init() {}

    /// Records what a check did.
    ///
    /// - Parameters:
    ///   - check: its stable id (`segue-identifiers`; a rule id for a `lint` nib rule).
    ///   - title: what it checks, in words (`segue identifiers`).
    ///   - rules: the rules whose findings it reports.
    ///   - checked: how many items it looked at.
    ///   - unit: what `checked` counts, plural (`identifiers in code`).
    ///   - verb: what was done to them, as the text says it (`checked`; `read`).
    ///   - against: what they were checked against (`3 storyboards (compiled)`).
    ///   - notChecked: items of the kind left out, with the reason for each part.
    ///   - skippedReason: when the check could not run at all, why (`no storyboard among the
    ///     inputs`); `checked` is then taken as 0.
    ///
    /// Recording a check that is already recorded adds to it: counts summed, parts not checked
    /// appended, `against` replaced when given; it is skipped only while every piece was skipped
    /// (the last reason kept).
    public mutating func record(check: String, title: String, rules: [FindingCode] = [], checked: Int = 0, unit: String,
                                verb: String = "checked", against: String? = nil, notChecked: [Gap] = [], skippedReason: String? = nil) {
        let status: Status = skippedReason == nil ? .ran : .skipped
        let checked = skippedReason == nil ? checked : 0
        guard let i = entries.firstIndex(where: { $0.check == check }) else {
            var e = Entry(check: check, title: title, rules: rules, status: status, checked: checked, unit: unit,
                          against: against, notChecked: notChecked, reason: skippedReason)
            e.verb = verb
            entries.append(e)
            return
        }
        var e = entries[i]
        e.checked += checked
        e.notChecked += notChecked
        if let against { e.against = against }
        for r in rules where !e.rules.contains(r) { e.rules.append(r) }
        if status == .ran {
            e.status = .ran
            e.reason = nil
        } else if e.status == .skipped {
            e.reason = skippedReason
        }
        entries[i] = e
    }

    /// Adds every entry of `other`, in order (as ``record(check:title:rules:checked:unit:against:notChecked:skippedReason:)``).
    public mutating func append(_ other: Coverage) {
        for e in other.entries {
            record(check: e.check, title: e.title, rules: e.rules, checked: e.checked, unit: e.unit, verb: e.verb, against: e.against,
                   notChecked: e.notChecked, skippedReason: e.status == .skipped ? (e.reason ?? "not run") : nil)
        }
    }

    /// The entry of `check`, if recorded.
    public subscript(check: String) -> Entry? { entries.first { $0.check == check } }

    /// The checks that were skipped or left something out.
    public var incomplete: [Entry] { entries.filter(\.isIncomplete) }

    /// This coverage with the checks none of whose rules are in `rules` marked skipped with
    /// `reason` (a `lint` run with `--only`, `--disable` or a configuration that turns rules off).
    /// Checks that report no rule are kept as they are.
    public func restricted(to rules: Set<FindingCode>, reason: String) -> Coverage {
        var out = self
        for i in out.entries.indices where !out.entries[i].rules.isEmpty && out.entries[i].rules.allSatisfy({ !rules.contains($0) }) {
            out.entries[i].status = .skipped
            out.entries[i].checked = 0
            out.entries[i].against = nil
            out.entries[i].notChecked = []
            out.entries[i].reason = reason
        }
        return out
    }

    public func encode(to encoder: any Encoder) throws {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        var c = encoder.container(keyedBy: Key.self)
        for e in entries { try c.encode(e, forKey: Key(stringValue: e.check)) }
    }
}
