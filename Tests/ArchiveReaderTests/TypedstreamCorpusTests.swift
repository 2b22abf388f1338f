import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// The corpus's typedstream `objects.nib` files (IB 2 era, nib-format.md §6).
@Suite("Typedstream corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct TypedstreamCorpusTests {
    static var entries: [Corpus.Entry] { Corpus.entries(format: "typedstream") }

    @Test("every typedstream file decodes; its NSIBObjectData has a root, connections and names")
    func everyFileDecodes() throws {
        #expect(Self.entries.count == 14)
        for entry in Self.entries {
            let bytes = try Corpus.bytes(entry)
            let graph: ObjectGraph
            do {
                graph = try NibLoader().loadArchive(bytes: bytes, name: entry.file).graph
            } catch {
                Issue.record("\(entry): \(error)")
                continue
            }
            #expect(graph.encoding == .typedstream && graph.versionMajor == 4 && graph.versionMinor == 1000)
            let top = graph[graph.root]
            #expect(top?.className == "$top", "\(entry)")
            let data = top?["IB.objectdata"]?.objectRef.flatMap { graph[$0] }
            #expect(data?.className == "NSIBObjectData", "\(entry)")
            guard let data else { continue }
            let root = data["NSRoot"]?.objectRef.flatMap { graph[$0] }
            #expect(root?.className == "NSCustomObject", "\(entry)")
            #expect(graph.string(root?["NSClassName"])?.isEmpty == false, "\(entry)")
            let connections = graph.elements(data["NSConnections"]) ?? []
            #expect(!connections.isEmpty, "\(entry)")
            for connection in connections {
                let object = connection.objectRef.flatMap { graph[$0] }
                #expect(object.map { ([$0.className] + $0.classChain).contains { $0.hasSuffix("Connector") } } == true,
                        "\(entry)")
                #expect(graph.string(object?["NSLabel"] ?? object?["NSMarker"]) != nil, "\(entry)")
            }
            let nameValues = graph.elements(data["NSNamesValues"]) ?? []
            #expect(nameValues.compactMap { graph.string($0) }.contains("File's Owner"), "\(entry)")
            #expect(graph.elements(data["NSNamesKeys"])?.count == nameValues.count, "\(entry)")
            let oids = graph.elements(data["NSOidsValues"]) ?? []
            #expect(!oids.isEmpty && oids.allSatisfy { graph.integer($0) != nil }, "\(entry)")
            #expect(graph.diagnostics.isEmpty, "\(entry): \(graph.diagnostics)")
        }
    }

    @Test("the cjwl/cocotron bundles agree with their keyed twins (connections, classes, names)")
    func keyedTwinsAgree() throws {
        let twins = Self.entries.filter { $0.file.hasPrefix("cjwl__cocotron@30916ff/") }
        #expect(twins.count == 4)
        for entry in twins {
            let graph = try TypedstreamUnarchiver.decode(Corpus.bytes(entry))
            let keyedURL = entry.url.deletingLastPathComponent().appendingPathComponent("keyedobjects.nib")
            let keyed = try KeyedTwin(url: keyedURL)
            let data = try #require(graph[graph.root]?["IB.objectdata"]?.objectRef.flatMap { graph[$0] })

            let connections = (graph.elements(data["NSConnections"]) ?? []).compactMap { value -> String? in
                guard let c = value.objectRef.flatMap({ graph[$0] }) else { return nil }
                let source = graph.className(c["NSSource"]).map { customName(graph, $0, c["NSSource"]) } ?? "nil"
                let destination = graph.className(c["NSDestination"]).map { customName(graph, $0, c["NSDestination"]) } ?? "nil"
                return "\(c.className) \(source) \(graph.string(c["NSLabel"]) ?? "?") \(destination)"
            }
            #expect(!connections.isEmpty)
            #expect(connections.sorted() == keyed.connections.sorted(), "\(entry)")

            let custom = graph.objects.filter { $0.className == "NSCustomObject" }.compactMap { graph.string($0["NSClassName"]) }
            #expect(custom.sorted() == keyed.customClassNames.sorted(), "\(entry)")

            let names = (graph.elements(data["NSNamesValues"]) ?? []).compactMap { graph.string($0) }
            #expect(names.sorted() == keyed.names.sorted(), "\(entry)")
        }
    }

    /// Keys whose values must agree with the keyed twins, per class (compared as multisets over
    /// all objects of the class; references compare by class name or string content).
    static let twinKeys: [String: [String]] = [
        "NSWindowTemplate": ["NSWindowRect", "NSWindowTitle", "NSWindowClass", "NSWindowStyleMask", "NSWindowBacking",
                             "NSWTFlags", "NSMinSize", "NSScreenRect", "NSWindowView"],
        "NSMatrix": ["NSNumRows", "NSNumCols", "NSCellSize", "NSIntercellSpacing", "NSMatrixFlags", "NSCellClass",
                     "NSProtoCell", "NSSelectedCell", "NSCells", "NSFrame", "NSFrameSize", "NSvFlags"],
        "NSBox": ["NSOffsets", "NSTitleCell", "NSContentView", "NSFrame", "NSFrameSize", "NSvFlags"],
        "NSScrollView": ["NSVScroller", "NSHScroller", "NSContentView", "NSFrame", "NSFrameSize", "NSvFlags"],
        "NSClipView": ["NSDocView", "NSBGColor", "NSFrame", "NSFrameSize", "NSvFlags"],
        "NSSliderCell": ["NSMaxValue", "NSValue"],
        "NSCustomObject": ["NSClassName"],
        "NSIBObjectData": ["NSNextOid", "NSFramework", "NSRoot", "NSVisibleWindows", "NSConnections"],
        "NSFont": ["NSName", "NSSize"],
        "NSColor": ["NSColorSpace", "NSWhite", "NSRGB", "NSCatalogName", "NSColorName"],
        "NSCustomView": ["NSClassName", "NSFrame", "NSFrameSize", "NSvFlags"],
        "NSMenuItem": ["NSTitle", "NSKeyEquiv", "NSAction", "NSSubmenu"],
        "NSButtonCell": ["NSContents", "NSKeyEquivalent", "NSAlternateContents", "NSAlternateImage", "NSNormalImage",
                         "NSButtonFlags", "NSButtonFlags2", "NSCellFlags", "NSCellFlags2", "NSSupport", "NSControlView",
                         "NSTag", "NSAction", "NSTarget"],
        "NSButton": ["NSCell", "NSEnabled", "NSTag", "NSSuperview", "NSvFlags", "NSNextResponder", "NSFrame", "NSFrameSize"],
        "NSView": ["NSSubviews", "NSSuperview", "NSvFlags", "NSNextResponder", "NSFrame", "NSFrameSize"],
        "NSScroller": ["NSTarget", "NSAction", "NSvFlags", "NSFrame", "NSFrameSize"],
        "NSTextField": ["NSCell", "NSEnabled", "NSSuperview", "NSvFlags", "NSFrame", "NSFrameSize"],
        "NSSlider": ["NSCell", "NSEnabled", "NSvFlags", "NSFrame", "NSFrameSize"],
        "NSMenu": ["NSTitle", "NSName", "NSMenuItems"],
        "NSTextFieldCell": ["NSContents", "NSBackgroundColor", "NSTextColor", "NSCellFlags", "NSCellFlags2", "NSSupport",
                            "NSControlView"],
    ]

    @Test("class fields agree with the keyed twins of the cjwl/cocotron bundles")
    func keyedTwinFieldsAgree() throws {
        let twins = Self.entries.filter { $0.file.hasPrefix("cjwl__cocotron@30916ff/") }
        var compared = 0
        for entry in twins {
            let graph = try TypedstreamUnarchiver.decode(Corpus.bytes(entry))
            let keyed = try KeyedTwin(url: entry.url.deletingLastPathComponent().appendingPathComponent("keyedobjects.nib"))
            for (className, keys) in Self.twinKeys {
                for key in keys {
                    var ours = graph.objects.filter { $0.className == className }.map { describe(graph, $0[key]) }
                    var theirs = keyed.values(className: className, key: key)
                    if key == "NSvFlags" {
                        // Only the autoresizing mask (bits 0-5) and autoresizes-subviews (bit 8) carry over.
                        let known = { (text: String) in Int64(text).map { String($0 & 0x13F) } ?? text }
                        ours = ours.map(known)
                        theirs = theirs.map(known)
                    }
                    guard ours.count == theirs.count else {
                        Issue.record("\(entry): \(className) count \(ours.count) vs keyed \(theirs.count)")
                        continue
                    }
                    // The keyed form omits nil values and zero tags/flags; compare the others.
                    let omitted: Set<String> = ["NSTag", "NSvFlags"].contains(key) ? ["nil", "0"] : ["nil"]
                    let a = ours.filter { !omitted.contains($0) }.sorted()
                    let b = theirs.filter { !omitted.contains($0) }.sorted()
                    if a != b {
                        Issue.record("\(className).\(key) in \(entry.file): ours \(a.prefix(6)) keyed \(b.prefix(6))")
                    }
                    compared += ours.count
                }
            }
        }
        #expect(compared > 300)
    }

    /// A value as comparable text: numbers, strings (also of NSString objects), class names of
    /// other objects, `nil`.
    func describe(_ graph: ObjectGraph, _ value: ArchiveValue?) -> String {
        guard let value else { return "nil" }
        switch value {
        case .null: return "nil"
        case .int(let i): return String(i)
        case .bool(let b): return b ? "1" : "0"
        case .float(let f): return TypedstreamGeometry.number(.float(f)) ?? "?"
        case .double(let d): return TypedstreamGeometry.number(.double(d)) ?? "?"
        case .string(let s): return s
        case .data(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .object(let ref):
            if let text = graph.string(value) { return text }
            return graph[ref]?.className ?? "?"
        default: return "\(value)"
        }
    }

    /// `NSCustomObject(ClassName)` or the plain class name.
    func customName(_ graph: ObjectGraph, _ className: String, _ value: ArchiveValue?) -> String {
        guard className == "NSCustomObject", let ref = value?.objectRef,
              let name = graph.string(graph[ref]?["NSClassName"]) else { return className }
        return "NSCustomObject(\(name))"
    }
}

/// A quick look at a keyed `keyedobjects.nib` through `PropertyListSerialization` (independent
/// of the project's keyed reader): UIDs are read through `Mirror` (toolchain-notes.md §2).
struct KeyedTwin {
    var objects: [Any]
    var connections: [String] = []
    var customClassNames: [String] = []
    var names: [String] = []

    init(url: URL) throws {
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), options: [], format: nil)
        let top = try #require(plist as? [String: Any])
        objects = try #require(top["$objects"] as? [Any])
        let topDict = try #require(top["$top"] as? [String: Any])
        let data = try #require(object(topDict["IB.objectdata"]))
        for c in list(data["NSConnections"]) {
            guard let dict = object(c) else { continue }
            let label = string(dict["NSLabel"]) ?? "?"
            connections.append("\(className(dict)) \(describe(dict["NSSource"])) \(label) \(describe(dict["NSDestination"]))")
        }
        for case let dict as [String: Any] in objects where className(dict) == "NSCustomObject" {
            if let name = string(dict["NSClassName"]) { customClassNames.append(name) }
        }
        names = list(data["NSNamesValues"]).compactMap { string($0) }
    }

    /// The values of `key` over every object of `className`, as comparable text (see
    /// `TypedstreamCorpusTests.describe`).
    func values(className wanted: String, key: String) -> [String] {
        objects.compactMap { item -> String? in
            guard let dict = item as? [String: Any], className(dict) == wanted else { return nil }
            return text(dict[key])
        }
    }

    func text(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if let s = value as? String { return s }
        if let d = value as? Data { return String(decoding: d, as: UTF8.self) }
        if let b = value as? Bool, type(of: value) == Bool.self { return b ? "1" : "0" }
        if let n = value as? NSNumber {
            let d = n.doubleValue
            return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        }
        if uid(value) != nil {
            if let s = string(value) { return s }
            if let dict = object(value) { return className(dict) }
            return "nil"
        }
        return "\(value)"
    }

    func uid(_ value: Any?) -> Int? {
        guard let value else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let v = child.value as? UInt32 { return Int(v) }
        }
        return nil
    }

    func object(_ value: Any?) -> [String: Any]? {
        guard let i = uid(value), i > 0, i < objects.count else { return nil }
        return objects[i] as? [String: Any]
    }

    func className(_ dict: [String: Any]) -> String {
        (object(dict["$class"])?["$classname"] as? String) ?? "?"
    }

    func string(_ value: Any?) -> String? {
        if let s = value as? String { return s }
        guard let i = uid(value), i > 0, i < objects.count else { return nil }
        if let s = objects[i] as? String { return s }
        return (objects[i] as? [String: Any]).flatMap { string($0["NS.string"]) }
    }

    func list(_ value: Any?) -> [Any] {
        guard let dict = object(value) else { return [] }
        return (dict["NS.objects"] as? [Any]) ?? []
    }

    func describe(_ value: Any?) -> String {
        guard let dict = object(value) else { return "nil" }
        let name = className(dict)
        if name == "NSCustomObject", let custom = string(dict["NSClassName"]) { return "NSCustomObject(\(custom))" }
        return name
    }
}
