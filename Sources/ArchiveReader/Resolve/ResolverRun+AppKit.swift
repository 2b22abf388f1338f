/// The AppKit part of the resolver: `NSIBObjectData` (nib-format.md §4.2, §4.3), placeholders and
/// custom objects (§4.5) and the connector classes (§4.4). The same keys come from NIBArchive,
/// keyed-archive and typedstream nibs; collections are read through the graph's accessors.
extension ResolverRun {
    mutating func resolveAppKit(data: ArchivedObject) {
        platform = .macOS
        if let r = data["NSRoot"]?.objectRef, object(r.index) != nil {
            rootObject = r.index
            addMember(r.index)
            placeholders[r.index] = Placeholder(kind: .filesOwner, identifier: "NSRoot")
        }
        for (key, value) in parallel(data, "NSObjectsKeys", "NSObjectsValues") {
            guard let child = key.objectRef?.index, object(child) != nil else { continue }
            addMember(child)
            guard let parentIndex = value.objectRef?.index, object(parentIndex) != nil, parentIndex != child else { continue }
            addMember(parentIndex)
            if tableParent[child] == nil {
                tableParent[child] = parentIndex
                tableChildren[parentIndex, default: []].append(child)
            }
        }
        if let root = rootObject { topLevel = tableChildren[root] ?? [] }
        for (key, value) in parallel(data, "NSNamesKeys", "NSNamesValues") {
            if let k = key.objectRef?.index, let name = graph.string(value), !name.isEmpty { names[k] = name }
        }
        for (key, value) in parallel(data, "NSClassesKeys", "NSClassesValues") {
            if let k = key.objectRef?.index, let name = graph.string(value), !name.isEmpty { classTable[k] = name }
        }
        for (key, value) in parallel(data, "NSOidsKeys", "NSOidsValues") {
            guard let k = key.objectRef?.index else { continue }
            addMember(k)
            if let oid = graph.integer(value) { oids[k] = oid }
        }
        visibleWindows = refs(data["NSVisibleWindows"]).filter { object($0) != nil }
        for index in visibleWindows { addMember(index) }
        for index in refs(data["NSConnections"]) { appkitConnection(index) }
        for index in refs(data["NSAccessibilityConnectors"]) { appkitConnection(index) }
    }

    /// Marks AppKit placeholders among the members: external/storyboard placeholders, the
    /// Application object and a design-time First Responder (§4.5).
    mutating func markAppKitPlaceholders() {
        for index in members.sorted() where placeholders[index] == nil {
            guard let o = object(index) else { continue }
            if o.className == "NSNibExternalObjectPlaceholder" {
                markPlaceholder(index, identifier: graph.string(o["NSExternalObjectPlaceholderIdentifier"]) ?? "")
            } else if o.className == "NSCustomObject" {
                let cls = graph.string(o["NSClassName"])
                if cls == "NSApplication" || names[index] == "Application" {
                    placeholders[index] = Placeholder(kind: .application, identifier: cls ?? "NSApplication")
                } else if cls == "FirstResponder" || names[index] == "First Responder" {
                    placeholders[index] = Placeholder(kind: .firstResponder, identifier: "FirstResponder")
                }
            }
        }
    }

    /// The most specific connector class of `c` this resolver knows.
    private func connectorClass(_ c: ArchivedObject) -> String {
        let known = ["NSNibOutletConnector", "NSNibControlConnector", "NSNibAuxiliaryActionConnector",
                     "NSNibBindingConnector", "NSIBUserDefinedRuntimeAttributesConnector", "NSIBHelpConnector",
                     "NSNibAXAttributeConnector", "NSNibAXRelationshipConnector"]
        // IB 2 (typedstream) spellings of the outlet and action connectors.
        let legacy = ["NSIBOutletConnector": "NSNibOutletConnector", "NSIBControlConnector": "NSNibControlConnector"]
        for name in [c.className] + c.classChain {
            if known.contains(name) { return name }
            if let modern = legacy[name] { return modern }
        }
        return c.className
    }

    /// One connector; a runtime-attributes connector yields one connection per key path.
    mutating func appkitConnection(_ index: Int) {
        guard let c = object(index) else { return }
        let label = graph.string(c["NSLabel"]) ?? ""
        switch connectorClass(c) {
        case "NSNibOutletConnector":
            let (source, p1) = endpoint(c["NSSource"], role: .source, connection: index)
            let (destination, p2) = endpoint(c["NSDestination"], role: .destination, connection: index)
            connections.append(Connection(kind: .outlet, source: source, destination: destination, label: label,
                                          unresolved: p1 ?? p2, archiveIndex: index))
        case "NSNibControlConnector", "NSNibAuxiliaryActionConnector":
            let (source, p1) = endpoint(c["NSSource"], role: .source, connection: index)
            // A missing or nil destination is a First Responder action (§4.4), not a broken one.
            var destination: ObjectID?
            var p2: Diagnostic?
            var nilTargeted = false
            switch c["NSDestination"] {
            case nil, .null?: nilTargeted = true
            case let value?: (destination, p2) = endpoint(value, role: .destination, connection: index)
            }
            if let d = c["NSDestination"]?.objectRef, let o = object(d.index), o.className == "NSCustomObject",
               graph.string(o["NSClassName"]) == "FirstResponder" {
                nilTargeted = true
            }
            connections.append(Connection(kind: .action, source: source, destination: destination, label: label,
                                          isNilTargeted: nilTargeted, unresolved: p1 ?? p2, archiveIndex: index))
        case "NSNibBindingConnector":
            let (source, p1) = endpoint(c["NSSource"], role: .source, connection: index)
            let (destination, p2) = endpoint(c["NSDestination"], role: .destination, connection: index)
            let binding = graph.string(c["NSBinding"])
                ?? label.split(separator: ":", maxSplits: 1).first.map { String($0) } ?? label
            var options: [String: String]?
            if let pairs = graph.pairs(c["NSOptions"]), !pairs.isEmpty {
                var dict: [String: String] = [:]
                let decoder = PropertyDecoder(graph: graph)
                for (k, v) in pairs {
                    guard let key = graph.string(k) else { continue }
                    dict[key] = decoder.value(v).map(\.description) ?? "nil"
                }
                options = dict
            }
            connections.append(Connection(kind: .binding, source: source, destination: destination, label: binding,
                                          keyPath: graph.string(c["NSKeyPath"]), options: options,
                                          unresolved: p1 ?? p2, archiveIndex: index))
        case "NSIBUserDefinedRuntimeAttributesConnector":
            let (source, problem) = endpoint(c["NSObject"], role: .object, connection: index)
            let keyPaths = graph.elements(c["NSKeyPaths"]) ?? []
            let values = graph.elements(c["NSValues"]) ?? []
            let decoder = PropertyDecoder(graph: graph)
            for (i, keyValue) in keyPaths.enumerated() {
                let keyPath = graph.string(keyValue) ?? ""
                let value = i < values.count ? decoder.value(values[i]) : nil
                connections.append(Connection(kind: .runtimeAttribute, source: source, destination: nil, label: keyPath,
                                              keyPath: keyPath, value: value, unresolved: problem, archiveIndex: index))
            }
            if keyPaths.isEmpty {
                connections.append(Connection(kind: .runtimeAttribute, source: source, destination: nil, label: "",
                                              unresolved: problem ?? unresolved(.noKeyPaths, "no key paths archived", connection: index),
                                              archiveIndex: index))
            }
        case "NSIBHelpConnector":
            let (source, problem) = endpoint(c["NSDestination"], role: .object, connection: index)
            let file = graph.string(c["NSFile"]) ?? ""
            let marker = graph.string(c["NSMarker"]) ?? ""
            connections.append(Connection(kind: .other, source: source, destination: nil, label: "help",
                                          value: .string(marker.isEmpty ? file : "\(file)#\(marker)"),
                                          unresolved: problem, archiveIndex: index))
        case "NSNibAXAttributeConnector":
            let (source, problem) = endpoint(c["AXDestinationArchiveKey"], role: .object, connection: index)
            let attribute = graph.string(c["AXAttributeTypeArchiveKey"]) ?? "accessibility"
            connections.append(Connection(kind: .accessibility, source: source, destination: nil, label: attribute,
                                          value: PropertyDecoder(graph: graph).value(c["AXAttributeValueArchiveKey"]),
                                          unresolved: problem, archiveIndex: index))
        default:
            // Bare `NSNibConnector` ordering markers (source + message label) and unknown connectors.
            let (source, p1) = endpoint(c["NSSource"] ?? c["AXSourceArchiveKey"], role: .source, connection: index)
            var destination: ObjectID?
            var p2: Diagnostic?
            if let d = c["NSDestination"] ?? c["AXDestinationArchiveKey"] { (destination, p2) = endpoint(d, role: .destination, connection: index) }
            connections.append(Connection(kind: c.className == "NSNibAXRelationshipConnector" ? .accessibility : .other,
                                          source: source, destination: destination,
                                          label: label.isEmpty ? c.className : label,
                                          unresolved: p1 ?? p2, archiveIndex: index))
        }
    }
}
