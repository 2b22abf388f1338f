/// Builds an ``ObjectGraph`` the way Apple's `UINibEncoder` shapes one (nib-format.md §2.9, §3, §4.3),
/// for the sample generator, tests and the other archive writers.
///
/// Object 0 is the archive root (`NSObject`), created empty; fill it with ``setIOSRoot(topLevel:objects:connections:visibleWindows:accessibilityConfigurations:traitStorageLists:keyValuePairs:)``
/// or ``setMacOSRoot(objectData:systemFontUpdateVersion:)``. Strings are interned (one `NSString`
/// per distinct text, as Apple shares them) and the empty `NSArray` is shared by every root key
/// that has no elements.
///
/// ```swift
/// var b = NibGraphBuilder()
/// let owner = b.proxy("IBFilesOwner")
/// let view = b.add("UIView", ["UIBounds": NibGraphBuilder.rect(0, 0, 320, 480)])
/// b.setIOSRoot(topLevel: [owner, view], objects: [owner, view], connections: [b.outlet("view", from: owner, to: view)])
/// let bytes = try NibArchiveWriter().encode(b.graph())
/// ```
package struct NibGraphBuilder: Sendable {
    package private(set) var objects: [ArchivedObject] = [ArchivedObject(className: "NSObject")]
    private var strings: [String: ObjectRef] = [:]
    private var emptyArrayRef: ObjectRef?

    package init() {}

    /// The root, object 0.
    package var root: ObjectRef { ObjectRef(0) }

    // MARK: Objects

    /// Appends an object and returns its reference. `fallbacks` are NIBArchive fallback classes
    /// (§2.6, e.g. `UIColor` → `["NSColor"]`).
    @discardableResult
    package mutating func add(_ className: String, fallbacks: [String] = [], _ fields: KeyValuePairs<String, ArchiveValue> = [:]) -> ObjectRef {
        add(className, fallbacks: fallbacks, fields: fields.map { ArchiveField($0.key, $0.value) })
    }

    /// Appends an object with fields in the given order (keys may repeat).
    @discardableResult
    package mutating func add(_ className: String, fallbacks: [String] = [], fields: [ArchiveField]) -> ObjectRef {
        objects.append(ArchivedObject(className: className, classChain: fallbacks, fields: fields))
        return ObjectRef(objects.count - 1)
    }

    /// Appends fields to an existing object (for cycles: create first, fill in later).
    package mutating func append(_ fields: KeyValuePairs<String, ArchiveValue>, to ref: ObjectRef) {
        objects[ref.index].fields += fields.map { ArchiveField($0.key, $0.value) }
    }

    /// Appends one field to an existing object.
    package mutating func append(_ key: String, _ value: ArchiveValue, to ref: ObjectRef) {
        objects[ref.index].fields.append(ArchiveField(key, value))
    }

    // MARK: Foundation values (§2.9)

    /// An interned `NSString` (`NS.bytes` = UTF-8, no NUL).
    package mutating func string(_ text: String) -> ArchiveValue {
        if let r = strings[text] { return .object(r) }
        let r = add("NSString", ["NS.bytes": .data(Array(text.utf8))])
        strings[text] = r
        return .object(r)
    }

    /// An `NSLocalizableString`: `NS.bytes` text, `NSKey` strings-file key (`<xib id>.<property>`),
    /// `NSDev` development value.
    package mutating func localizableString(_ text: String, key: String) -> ArchiveValue {
        let k = string(key), dev = string(text)
        return .object(add("NSLocalizableString", ["NS.bytes": .data(Array(text.utf8)), "NSKey": k, "NSDev": dev]))
    }

    /// An `NSNumber` holding an integer (`NS.intval`).
    package mutating func number(_ value: Int64) -> ArchiveValue { .object(add("NSNumber", ["NS.intval": .int(value)])) }
    /// An `NSNumber` holding a double (`NS.dblval`).
    package mutating func number(_ value: Double) -> ArchiveValue { .object(add("NSNumber", ["NS.dblval": .double(value)])) }
    /// An `NSNumber` holding a boolean (`NS.boolval`).
    package mutating func number(_ value: Bool) -> ArchiveValue { .object(add("NSNumber", ["NS.boolval": .bool(value)])) }

    /// An array or set in the inlined form: `NSInlinedValue` = true, then one
    /// `UINibEncoderEmptyKey` per element. `className` may be `NSMutableArray`, `NSSet`, ….
    package mutating func array(_ items: [ArchiveValue], className: String = "NSArray") -> ArchiveValue {
        .object(add(className, fields: [ArchiveField("NSInlinedValue", .bool(true))]
            + items.map { ArchiveField("UINibEncoderEmptyKey", $0) }))
    }

    /// An array of object references.
    package mutating func array(_ refs: [ObjectRef], className: String = "NSArray") -> ArchiveValue {
        array(refs.map { .object($0) }, className: className)
    }

    /// The one shared empty `NSArray` (Apple shares it between root keys, §3.1).
    package mutating func emptyArray() -> ArchiveValue {
        if let r = emptyArrayRef { return .object(r) }
        guard case .object(let r) = array([ArchiveValue]()) else { return .null }
        emptyArrayRef = r
        return .object(r)
    }

    /// A dictionary in the inlined form: `NSInlinedValue`, then alternating key, value.
    package mutating func dictionary(_ pairs: [(ArchiveValue, ArchiveValue)], className: String = "NSDictionary") -> ArchiveValue {
        var fields = [ArchiveField("NSInlinedValue", .bool(true))]
        for (k, v) in pairs {
            fields.append(ArchiveField("UINibEncoderEmptyKey", k))
            fields.append(ArchiveField("UINibEncoderEmptyKey", v))
        }
        return .object(add(className, fields: fields))
    }

    // MARK: Geometry blobs (§2.9): tag 7 then little-endian float64s

    package static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> ArchiveValue {
        blob([x, y, width, height])
    }
    package static func point(_ x: Double, _ y: Double) -> ArchiveValue { blob([x, y]) }
    package static func size(_ width: Double, _ height: Double) -> ArchiveValue { blob([width, height]) }
    package static func insets(top: Double, left: Double, bottom: Double, right: Double) -> ArchiveValue {
        blob([top, left, bottom, right])
    }

    private static func blob(_ components: [Double]) -> ArchiveValue {
        var bytes: [UInt8] = [7]
        for c in components { withUnsafeBytes(of: c.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        return .data(bytes)
    }

    // MARK: IB objects (§3.2, §3.3, §3.5)

    /// A `UIProxyObject` placeholder: `IBFilesOwner`, `IBFirstResponder`, `UpstreamPlaceholder-1`, ….
    package mutating func proxy(_ identifier: String) -> ObjectRef {
        let id = string(identifier)
        return add("UIProxyObject", ["UIProxiedObjectIdentifier": id])
    }

    /// A `UIClassSwapper` (custom class; `customClass` may be a Swift runtime name, see
    /// ``SwiftNames``) with the original class's own keys after `UIClassName` and `UIOriginalClassName`.
    package mutating func classSwapper(_ customClass: String, original: String, fields: [ArchiveField] = []) -> ObjectRef {
        let c = string(customClass), o = string(original)
        return add("UIClassSwapper", fields: [ArchiveField("UIClassName", c), ArchiveField("UIOriginalClassName", o)] + fields)
    }

    /// A `UIRuntimeOutletConnection`: `source.<label> = destination`.
    package mutating func outlet(_ label: String, from source: ObjectRef, to destination: ObjectRef) -> ObjectRef {
        let l = string(label)
        return add("UIRuntimeOutletConnection", ["UILabel": l, "UISource": .object(source), "UIDestination": .object(destination)])
    }

    /// A `UIRuntimeEventConnection` (target/action); `UIEventMask` is omitted when 0 (§3.3, §3.4).
    package mutating func action(_ selector: String, from source: ObjectRef, to destination: ObjectRef, events: UInt32 = 0) -> ObjectRef {
        let l = string(selector)
        var fields = [ArchiveField("UILabel", l), ArchiveField("UISource", .object(source)),
                      ArchiveField("UIDestination", .object(destination))]
        if events != 0 { fields.append(ArchiveField("UIEventMask", .int(Int64(events)))) }
        return add("UIRuntimeEventConnection", fields: fields)
    }

    /// A `UIRuntimeOutletCollectionConnection`; `UIDestination` is an `NSMutableArray` of the members.
    package mutating func outletCollection(_ label: String, from source: ObjectRef, to members: [ObjectRef],
                                           collectionClassName: String = "NSArray", addsContent: Bool = false) -> ObjectRef {
        let l = string(label)
        let list = array(members, className: "NSMutableArray")
        let cls = string(collectionClassName)
        return add("UIRuntimeOutletCollectionConnection", [
            "UILabel": l, "UISource": .object(source), "UIDestination": list,
            "runtimeCollectionClassName": cls, "addsContentToExistingCollection": .bool(addsContent),
        ])
    }

    // MARK: Roots

    /// Fills object 0 with the seven `UINib…Key` arrays in Apple's order (§3.1); empty lists share
    /// one empty `NSArray`.
    package mutating func setIOSRoot(topLevel: [ObjectRef], objects registry: [ObjectRef], connections: [ObjectRef],
                                     visibleWindows: [ObjectRef] = [], accessibilityConfigurations: [ObjectRef] = [],
                                     traitStorageLists: [ObjectRef] = [], keyValuePairs: [ObjectRef] = []) {
        let lists: [(String, [ObjectRef])] = [
            ("UINibTopLevelObjectsKey", topLevel), ("UINibObjectsKey", registry), ("UINibConnectionsKey", connections),
            ("UINibVisibleWindowsKey", visibleWindows), ("UINibAccessibilityConfigurationsKey", accessibilityConfigurations),
            ("UINibTraitStorageListsKey", traitStorageLists), ("UINibKeyValuePairsKey", keyValuePairs),
        ]
        var fields: [ArchiveField] = []
        for (key, refs) in lists { fields.append(ArchiveField(key, refs.isEmpty ? emptyArray() : array(refs))) }
        objects[0].fields = ArchiveFields(fields)
    }

    /// Fills object 0 of a macOS NIBArchive nib (§4.3): `IB.objectdata` → `NSIBObjectData`,
    /// `IB.systemFontUpdateVersion`.
    package mutating func setMacOSRoot(objectData: ObjectRef, systemFontUpdateVersion: Int64 = 1) {
        objects[0].fields = [ArchiveField("IB.objectdata", .object(objectData)),
                             ArchiveField("IB.systemFontUpdateVersion", .int(systemFontUpdateVersion))]
    }

    /// An `NSIBObjectData` (§4.2/§4.3) with its keys in Apple's NIBArchive order; `parents` maps
    /// each object to its parent in the IB outline (`NSObjectsKeys`/`NSObjectsValues`), and oids are
    /// numbered 1…N in `oids` order.
    package mutating func ibObjectData(root: ObjectRef, visibleWindows: [ObjectRef] = [], connections: [ObjectRef],
                                       parents: [(child: ObjectRef, parent: ObjectRef)], oids: [ObjectRef]) -> ObjectRef {
        let windows = array(visibleWindows, className: "NSMutableSet")
        let conns = array(connections, className: "NSMutableArray")
        let keys = array(parents.map(\.child)), values = array(parents.map(\.parent))
        let oidKeys = array(oids)
        let oidValues = array((1...max(1, oids.count)).prefix(oids.count).map { number(Int64($0)) })
        let ax = array([ArchiveValue](), className: "NSMutableArray"), axOids = array([ArchiveValue]())
        return add("NSIBObjectData", [
            "NSRoot": .object(root), "NSVisibleWindows": windows, "NSConnections": conns,
            "NSObjectsKeys": keys, "NSObjectsValues": values, "NSOidsKeys": oidKeys, "NSOidsValues": oidValues,
            "NSAccessibilityConnectors": ax, "NSAccessibilityOidsKeys": axOids, "NSAccessibilityOidsValues": axOids,
        ])
    }

    /// The graph, root = object 0, versions 1 / `coderVersion`.
    package func graph(coderVersion: Int = 9) -> ObjectGraph {
        ObjectGraph(encoding: .nibArchive, objects: objects, root: ObjectRef(0), versionMajor: 1, versionMinor: coderVersion)
    }
}
