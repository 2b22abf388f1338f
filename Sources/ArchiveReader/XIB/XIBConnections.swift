/// Connection elements of the `<document>` format (nib-format.md §7.3) → ``Connection``.
///
/// `<outlet>`, `<outletCollection>`, `<action>` (iOS `destination` + `eventType`, macOS `target`),
/// `<binding>` (with its `options` dictionary), `<segue>`, `<userDefinedRuntimeAttribute>` and
/// `<accessibility>` labels. Every connection keeps the line of its element. Unknown elements
/// inside `<connections>` become `.other` connections named after the element.
enum XIBConnections {
    /// The connections one child of `<connections>` stands for (one, or none for text nodes).
    static func parse(_ e: XMLElementNode, source: ObjectID) -> [Connection] {
        let destination = (e["destination"] ?? e["target"]).map(ObjectID.init)
        switch e.name {
        case "outlet":
            return [Connection(kind: .outlet, source: source, destination: destination,
                               label: e["property"] ?? "", sourceLine: e.line)]
        case "outletCollection":
            return [Connection(kind: .outletCollection, source: source, destination: nil,
                               label: e["property"] ?? "", members: destination.map { [$0] } ?? [],
                               collectionClass: e["collectionClass"] ?? "NSArray",
                               appendsToCollection: e["appends"] == "YES", sourceLine: e.line)]
        case "action":
            var c = Connection(kind: .action, source: source, destination: destination,
                               label: e["selector"] ?? "", sourceLine: e.line)
            if let event = e["eventType"] {
                c.controlEvents = ControlEvents(eventType: event)
                if c.controlEvents == nil { c.options = ["eventType": event] }
            }
            return [c]
        case "binding":
            var options: [String: String] = [:]
            if let dict = e.children.first(where: { $0["key"] == "options" }) {
                for item in dict.children {
                    let key = item["key"] ?? item.name
                    options[key] = item["value"] ?? item.trimmedText ?? XIBProperties.raw(item)
                }
            }
            return [Connection(kind: .binding, source: source, destination: destination,
                               label: e["name"] ?? "", keyPath: e["keyPath"],
                               options: options.isEmpty ? nil : options, sourceLine: e.line)]
        case "segue":
            let segue = Segue(kind: Segue.Kind(rawValue: e["kind"] ?? "custom"), identifier: e["identifier"],
                              relationship: e["relationship"], segueClass: e["customClass"])
            return [Connection(kind: .segue, source: source, destination: destination,
                               label: e["kind"] ?? "custom", segue: segue, sourceLine: e.line)]
        default:
            return [Connection(kind: .other, source: source, destination: destination, label: e.name,
                               value: .formatted(XIBProperties.raw(e)), sourceLine: e.line)]
        }
    }

    /// `<userDefinedRuntimeAttribute type keyPath value>`; the value may also be a child element
    /// (`<color key="value">`, `<size key="value">`).
    static func runtimeAttribute(_ e: XMLElementNode, source: ObjectID) -> Connection {
        var value: PropertyValue?
        let type = e["type"] ?? "string"
        if let v = e["value"] {
            switch type {
            case "boolean": value = .bool(v == "YES")
            case "number":
                if let i = Int64(v) { value = .int(i) } else if let d = Double(v) { value = .double(d) } else { value = .string(v) }
            default: value = .string(v)
            }
        } else if let child = e.children.first(where: { $0["key"] == "value" }) {
            value = XIBProperties.properties(of: child).first?.value
        } else if type == "nil" {
            value = .null
        }
        return Connection(kind: .runtimeAttribute, source: source, destination: nil, label: e["keyPath"] ?? "",
                          keyPath: e["keyPath"], value: value, options: ["type": type], sourceLine: e.line)
    }

    /// `<accessibility key="accessibilityConfiguration" label hint identifier>` → one connection per
    /// attribute (`accessibilityLabel`, `accessibilityHint`, `accessibilityIdentifier`, traits).
    static func accessibility(_ e: XMLElementNode, source: ObjectID) -> [Connection] {
        var out: [Connection] = []
        for (attr, label) in [("label", "accessibilityLabel"), ("hint", "accessibilityHint"),
                              ("identifier", "accessibilityIdentifier"), ("isElement", "isAccessibilityElement")] {
            if let v = e[attr] {
                out.append(Connection(kind: .accessibility, source: source, destination: nil, label: label,
                                      value: XIBProperties.attributeValue(key: label, v), sourceLine: e.line))
            }
        }
        if let traits = e.child(named: "accessibilityTraits") {
            out.append(Connection(kind: .accessibility, source: source, destination: nil, label: "accessibilityTraits",
                                  value: XIBProperties.properties(of: traits).first?.value, sourceLine: e.line))
        }
        return out
    }

    /// Joins the `<outletCollection>` elements of one source and property into one connection whose
    /// ``Connection/members`` list every destination in document order (as compiled iOS nibs do,
    /// §3.3), at the position of the first element.
    static func mergeOutletCollections(_ connections: inout [Connection]) {
        guard connections.contains(where: { $0.kind == .outletCollection }) else { return }
        // Compacted in place (the kept connections move forward, in order), so that a large
        // document's connection list is not copied.
        var kept = 0
        var firstIndex: [String: Int] = [:]
        for r in connections.indices {
            let c = connections[r]
            guard c.kind == .outletCollection, let source = c.source else {
                connections[kept] = c
                kept += 1
                continue
            }
            let key = source.rawValue + "\u{0}" + c.label
            if let i = firstIndex[key] {
                connections[i].members = (connections[i].members ?? []) + (c.members ?? [])
                if let u = c.unresolved {
                    // One diagnostic for the merged collection: the first problem's code and line.
                    if var merged = connections[i].unresolved {
                        merged.message += "; " + u.message
                        connections[i].unresolved = merged
                    } else {
                        connections[i].unresolved = u
                    }
                }
            } else {
                firstIndex[key] = kept
                connections[kept] = c
                kept += 1
            }
        }
        connections.removeSubrange(kept...)
    }
}
