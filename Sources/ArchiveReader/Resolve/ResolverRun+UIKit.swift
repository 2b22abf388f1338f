/// The UIKit part of the resolver: the root keys of an iOS nib (nib-format.md §3.1), proxies
/// (§3.2) and the connection classes (§3.3). The same keys are read from a NIBArchive root object
/// and from a pre-iOS-6 keyed archive's synthetic `$top` object.
extension ResolverRun {
    mutating func resolveUIKit(root: ArchivedObject) {
        platform = .iOS
        for index in refs(root["UINibObjectsKey"]) { addMember(index) }
        topLevel = refs(root["UINibTopLevelObjectsKey"]).filter { object($0) != nil }
        for index in topLevel { addMember(index) }
        visibleWindows = refs(root["UINibVisibleWindowsKey"]).filter { object($0) != nil }
        for index in visibleWindows { addMember(index) }
        for index in refs(root["UINibConnectionsKey"]) { uikitConnection(index) }
        for index in refs(root["UINibAccessibilityConfigurationsKey"]) { uikitAccessibility(index) }
        for index in refs(root["UINibKeyValuePairsKey"]) { uikitKeyValuePair(index) }
        refinePlatform()
    }

    /// True when `value` refers to the `IBFirstResponder` proxy.
    func isFirstResponder(_ value: ArchiveValue?) -> Bool {
        guard let r = value?.objectRef, let target = object(r.index) else { return false }
        if target.className == "UIProxyObject" {
            return graph.string(target["UIProxiedObjectIdentifier"]) == "IBFirstResponder"
        }
        return false
    }

    /// One `UIRuntimeOutletConnection`, `UIRuntimeOutletCollectionConnection` or
    /// `UIRuntimeEventConnection` (any other connection class is kept as `.other`).
    mutating func uikitConnection(_ index: Int) {
        guard let c = object(index) else { return }
        let label = graph.string(c["UILabel"]) ?? ""
        let (source, sourceProblem) = endpoint(c["UISource"], role: .source, connection: index)
        if ObjectRoles.object(c, is: "UIRuntimeOutletCollectionConnection", in: graph) {
            var members: [ObjectID] = []
            var problem = sourceProblem
            if let items = graph.elements(c["UIDestination"]) {
                for (i, item) in items.enumerated() {
                    let (id, p) = endpoint(item, role: .member(i), connection: index)
                    if let id { members.append(id) } else if problem == nil { problem = p }
                }
            } else if problem == nil {
                problem = unresolved(.unresolvedDestination, c["UIDestination"] == nil ? "no destination collection archived"
                                     : "destination is not a collection", connection: index)
            }
            connections.append(Connection(
                kind: .outletCollection, source: source, destination: nil, label: label, members: members,
                collectionClass: graph.string(c["runtimeCollectionClassName"]),
                appendsToCollection: graph.bool(c["addsContentToExistingCollection"]),
                unresolved: problem, archiveIndex: index))
            return
        }
        let (destination, destinationProblem) = endpoint(c["UIDestination"], role: .destination, connection: index)
        let problem = sourceProblem ?? destinationProblem
        if ObjectRoles.object(c, is: "UIRuntimeEventConnection", in: graph) {
            var events: ControlEvents?
            if let mask = graph.integer(c["UIEventMask"]), mask != 0 {
                events = ControlEvents(rawValue: UInt32(truncatingIfNeeded: mask))
            }
            connections.append(Connection(
                kind: .action, source: source, destination: destination, label: label, controlEvents: events,
                isNilTargeted: isFirstResponder(c["UIDestination"]), unresolved: problem, archiveIndex: index))
        } else {
            let kind: Connection.Kind = ObjectRoles.object(c, is: "UIRuntimeOutletConnection", in: graph) ? .outlet : .other
            connections.append(Connection(
                kind: kind, source: source, destination: destination, label: kind == .other && label.isEmpty ? c.className : label,
                unresolved: problem, archiveIndex: index))
        }
    }

    /// Accessibility attribute keys of `UIRuntimeAccessibilityConfiguration` and their UIKit names.
    static let accessibilityKeys: [(String, String)] = [
        ("UIAccessibilityLabel", "accessibilityLabel"), ("UIAccessibilityHint", "accessibilityHint"),
        ("UIAccessibilityIdentifier", "accessibilityIdentifier"), ("UIAccessibilityValue", "accessibilityValue"),
        ("UIAccessibilityTraits", "accessibilityTraits"), ("UIIsAccessibilityElement", "isAccessibilityElement"),
    ]

    /// One `UIRuntimeAccessibilityConfiguration`: one `.accessibility` connection per attribute.
    mutating func uikitAccessibility(_ index: Int) {
        guard let c = object(index) else { return }
        let (source, problem) = endpoint(c["UIAccessibileObject"], role: .object, connection: index)
        var emitted = false
        for field in c.fields where field.key != "UIAccessibileObject" {
            let label = Self.accessibilityKeys.first { $0.0 == field.key }?.1 ?? field.key
            let value = PropertyDecoder(graph: graph).value(field.value)
            if label == "accessibilityIdentifier", let r = c["UIAccessibileObject"]?.objectRef,
               let text = graph.string(field.value) {
                accessibilityIdentifiers[r.index] = text
            }
            connections.append(Connection(kind: .accessibility, source: source, destination: nil, label: label,
                                          value: value, unresolved: problem, archiveIndex: index))
            emitted = true
        }
        if !emitted {
            connections.append(Connection(kind: .accessibility, source: source, destination: nil,
                                          label: "accessibility", unresolved: problem, archiveIndex: index))
        }
    }

    /// One `UINibKeyValuePair`: a user-defined runtime attribute.
    mutating func uikitKeyValuePair(_ index: Int) {
        guard let c = object(index) else { return }
        let (source, problem) = endpoint(c["UIObject"], role: .object, connection: index)
        let keyPath = graph.string(c["UIKeyPath"]) ?? ""
        connections.append(Connection(
            kind: .runtimeAttribute, source: source, destination: nil, label: keyPath, keyPath: keyPath,
            value: PropertyDecoder(graph: graph).value(c["UIValue"]), unresolved: problem, archiveIndex: index))
    }

    /// Marks every member `UIProxyObject` as a placeholder (§3.2).
    mutating func markUIKitPlaceholders() {
        for index in members.sorted() {
            guard let o = object(index), o.className == "UIProxyObject" else { continue }
            markPlaceholder(index, identifier: graph.string(o["UIProxiedObjectIdentifier"]) ?? "")
        }
    }
}
