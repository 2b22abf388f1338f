/// Objects and connections of the IB 3 archive format (see ``XIBArchiveReader``; nib-format.md
/// §4.4, §4.5, §7.1).
enum XIBArchiveObjects {
    /// The object for an archived element with IB object id `id`.
    static func object(_ e: XMLElementNode, id: String, platform: Platform, customClass flattened: String?,
                       reader: XIBArchiveReader) -> NibObject {
        let archived = e["class"] ?? e.name
        var className = archived
        var customClass: String?
        var placeholder: Placeholder?
        let nsClassName = reader.text(e.child(key: "NSClassName"))
        switch archived {
        case "NSCustomObject", "IBCustomObject":
            className = "NSObject"
            if let n = nsClassName, n != "NSObject" { customClass = n }
        case "NSCustomView":
            className = "NSView"
            if let n = nsClassName, n != "NSView" { customClass = n }
        case "NSWindowTemplate":
            // `NSWindowClass` holds the window's class whether custom or not, as in a keyed archive.
            (className, customClass) = ClassIdentity.window(reader.text(e.child(key: "NSWindowClass")))
        case "IBProxyObject":
            className = "UIProxyObject"
            let identifier = reader.text(e.child(key: "IBProxiedObjectIdentifier")) ?? ""
            switch identifier {
            case "IBFilesOwner": placeholder = Placeholder(kind: .filesOwner, identifier: identifier)
            case "IBFirstResponder": placeholder = Placeholder(kind: .firstResponder, identifier: identifier)
            default: placeholder = Placeholder(kind: .external, identifier: identifier)
            }
        default:
            if archived.hasPrefix("IBUI") { className = String(archived.dropFirst(2)) }
        }
        if placeholder == nil {
            switch id {
            case "-2": placeholder = Placeholder(kind: .filesOwner, identifier: platform == .iOS ? "IBFilesOwner" : "NSRoot")
            case "-1": placeholder = Placeholder(kind: .firstResponder, identifier: platform == .iOS ? "IBFirstResponder" : "FirstResponder")
            case "-3": placeholder = Placeholder(kind: .application, identifier: "NSApplication")
            default:
                if nsClassName == "FirstResponder" { placeholder = Placeholder(kind: .firstResponder, identifier: "FirstResponder") }
            }
        }
        if placeholder?.kind == .firstResponder { customClass = nil }
        if placeholder?.kind == .application {
            className = "NSApplication"
            if customClass == "NSApplication" { customClass = nil }
        }
        if let flattened, !flattened.isEmpty { customClass = flattened }
        var properties: [Property] = []
        if archived != className { properties.append(Property("archivedClass", .string(archived))) }
        for child in e.children {
            guard let key = child["key"], let value = scalar(child) ?? reader.text(child).map(PropertyValue.string) else { continue }
            properties.append(Property(key, value))
            if let alias = ArchiveKeyAliases.names[key] {
                // Geometry strings become typed values, as in the `<document>` format.
                if case .string(let text) = value, text.hasPrefix("{") {
                    properties.append(Property(alias, .geometry(text: text)))
                } else {
                    properties.append(Property(alias, value))
                }
            }
        }
        // A menu item's key equivalent as AppKit shows it (with its modifier mask), as compiled nibs give it.
        if case .string(let key)? = properties.first(where: { $0.key == "NSKeyEquiv" })?.value {
            properties.removeAll { $0.key == "keyEquivalent" }
            if !key.isEmpty {
                var mask: Int64?
                if case .int(let m)? = properties.first(where: { $0.key == "NSKeyEquivModMask" })?.value { mask = m }
                properties.append(Property("keyEquivalent", .keyEquivalent(KeyEquivalent(key: key, modifierMask: mask))))
            }
        }
        return NibObject(id: ObjectID(id), className: className, customClass: customClass,
                         placeholder: placeholder, properties: properties.sorted { $0.key < $1.key })
    }

    /// A scalar value element (`<string>`, `<int>`, `<bool>`, `<double>`, `<integer value>`,
    /// `<real value>`, `<boolean value>`), nil for objects and references.
    static func scalar(_ e: XMLElementNode) -> PropertyValue? {
        switch e.name {
        case "string": return .string(XIBProperties.stringValue(e))
        case "int", "integer":
            return (e["value"] ?? e.trimmedText).flatMap { Int64($0) }.map(PropertyValue.int)
        case "double", "float", "real":
            return (e["value"] ?? e.trimmedText).flatMap { Double($0) }.map(PropertyValue.double)
        case "bool", "boolean":
            return (e["value"] ?? e.trimmedText).map { .bool($0 == "YES") }
        case "object":
            // A font is worth showing inline.
            if e["class"] == "NSFont", let name = e.child(key: "NSName").map(XIBProperties.stringValue) {
                let size = e.child(key: "NSSize")?.trimmedText.flatMap(Double.init)
                return .finite(.font(Font(name: name, size: size)))
            }
            return nil
        default: return nil
        }
    }

    /// One `IBConnectionRecord`'s `connection` element as a model connection.
    static func connection(_ c: XMLElementNode, reader: XIBArchiveReader, ibID: [String: String]) -> Connection? {
        let cls = c["class"] ?? c.name
        let label = reader.text(c.child(key: "label")) ?? ""
        let sourceElement = reader.resolve(c.child(key: "source"))
        let destElement = reader.resolve(c.child(key: "destination"))
        var problems: [(code: DiagnosticCode, text: String)] = []
        func objectID(_ e: XMLElementNode?, _ role: String) -> ObjectID? {
            let code: DiagnosticCode = role == "source" ? .unresolvedSource : .unresolvedDestination
            guard let e else {
                if c.child(key: role) != nil { problems.append((code, "\(role) reference not found")) }
                return nil
            }
            guard let id = e["id"].flatMap({ ibID[$0] }) else {
                problems.append((code, "\(role) (archive id \(e["id"] ?? "?")) is not an IB object"))
                return nil
            }
            return ObjectID(id)
        }
        var source = objectID(sourceElement, "source")
        var destination = objectID(destElement, "destination")
        var connection: Connection
        switch cls {
        case "IBOutletConnection", "IBCocoaTouchOutletConnection":
            connection = Connection(kind: .outlet, source: source, destination: destination, label: label)
        case "IBActionConnection":
            // IB 3 stores the target as `source` and the control as `destination`.
            swap(&source, &destination)
            connection = Connection(kind: .action, source: source, destination: destination, label: label)
        case "IBCocoaTouchEventConnection":
            connection = Connection(kind: .action, source: source, destination: destination, label: label)
            if let t = c.child(key: "IBEventType")?.trimmedText.flatMap(Int.init), t > 0, t <= 32 {
                connection.controlEvents = ControlEvents(rawValue: UInt32(1) << UInt32(t - 1))
            }
        case "IBBindingConnection":
            let connector = reader.resolve(c.child(key: "connector"))
            let binding = reader.text(connector?.child(key: "NSBinding"))
            let keyPath = reader.text(connector?.child(key: "NSKeyPath"))
            var options: [String: String] = [:]
            if let dict = reader.resolve(connector?.child(key: "NSOptions")) {
                options = XIBArchiveObjects.dictionary(dict, reader: reader)
            }
            connection = Connection(kind: .binding, source: source, destination: destination,
                                    label: binding ?? label.components(separatedBy: ":").first ?? label,
                                    keyPath: keyPath ?? label.components(separatedBy: ": ").dropFirst().first,
                                    options: options.isEmpty ? nil : options)
        default:
            connection = Connection(kind: .other, source: source, destination: destination, label: label,
                                    value: .string(cls))
        }
        connection.sourceLine = c.line
        if let first = problems.first {
            // The text names the archived role; the code the role in the model, which IB 3 actions
            // swap (see above).
            var code = first.code
            if cls == "IBActionConnection" { code = code == .unresolvedSource ? .unresolvedDestination : .unresolvedSource }
            connection.unresolved = Diagnostic(code, problems.map(\.text).joined(separator: "; "),
                                               location: .init(object: connection.source, sourceLine: c.line, sourceColumn: c.column))
        }
        return connection
    }

    /// An archived `NSDictionary` (`NS.key.N`/`NS.object.N`, `dict.sortedKeys`/`dict.values`, or a
    /// `<dictionary>` with keyed children) as text key → text value.
    static func dictionary(_ d: XMLElementNode, reader: XIBArchiveReader) -> [String: String] {
        var out: [String: String] = [:]
        func text(_ e: XMLElementNode?) -> String? {
            guard let e = reader.resolve(e) else { return nil }
            if let s = scalar(e) { if case .string(let t) = s { return t }; return s.description }
            return e["class"] ?? e.name
        }
        var n = 0
        while let k = d.child(key: "NS.key.\(n)"), n < 10_000 {
            if let key = text(k) { out[key] = text(d.child(key: "NS.object.\(n)")) ?? "" }
            n += 1
        }
        if n == 0, let keys = d.child(key: "dict.sortedKeys"), let values = d.child(key: "dict.values") {
            for (k, v) in zip(reader.items(keys), reader.items(values)) { if let key = text(k) { out[key] = text(v) ?? "" } }
        } else if n == 0 {
            for c in d.children { if let key = c["key"] { out[key] = text(c) ?? "" } }
        }
        return out
    }
}
