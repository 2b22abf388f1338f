import Foundation

/// Builds small NIBArchive files for tests, byte by byte after nib-format.md §2 (header, then
/// object, key, value and class tables in that order). Not a general writer: just enough to make
/// containers (nib bundles, storyboards, nested archives) in a temporary directory.
public struct TinyNib {
    public enum Value {
        case int(Int8)
        case bool(Bool)
        case data([UInt8])
        case ref(Int)
        /// A 64-bit float (value type 7), any bit pattern: NaN and infinities included.
        case double(Double)
    }

    private var classes: [String] = []
    private var keys: [String] = []
    private var objects: [(cls: Int, fields: [(key: Int, value: Value)])] = []

    public init() {}

    /// Appends an object; returns its index (the first object is the root).
    @discardableResult
    public mutating func add(_ className: String, _ fields: [(String, Value)] = []) -> Int {
        let cls = classes.firstIndex(of: className) ?? { classes.append(className); return classes.count - 1 }()
        var fs: [(key: Int, value: Value)] = []
        for (k, v) in fields {
            let key = keys.firstIndex(of: k) ?? { keys.append(k); return keys.count - 1 }()
            fs.append((key, v))
        }
        objects.append((cls, fs))
        return objects.count - 1
    }

    /// Reserves an object slot to fill later with ``set(_:_:_:)`` (for forward references).
    public mutating func reserve() -> Int { add("NSObject") }

    public mutating func set(_ index: Int, _ className: String, _ fields: [(String, Value)]) {
        let added = add(className, fields)
        objects[index] = objects[added]
        objects.removeLast()
    }

    /// An `NSString` object holding `text`.
    public mutating func string(_ text: String) -> Int { add("NSString", [("NS.bytes", .data(Array(text.utf8)))]) }

    /// The archive bytes.
    public func bytes(coderVersion: UInt32 = 9) -> [UInt8] {
        var objectTable: [UInt8] = [], keyTable: [UInt8] = [], valueTable: [UInt8] = [], classTable: [UInt8] = []
        var valueCount = 0
        for o in objects {
            objectTable += Self.varint(o.cls) + Self.varint(o.fields.isEmpty ? 0 : valueCount) + Self.varint(o.fields.count)
            for f in o.fields {
                valueTable += Self.varint(f.key)
                switch f.value {
                case .int(let i): valueTable += [0, UInt8(bitPattern: i)]
                case .bool(let b): valueTable += [b ? 5 : 4]
                case .data(let d): valueTable += [8] + Self.varint(d.count) + d
                case .ref(let r): valueTable += [10] + Self.u32(r)
                case .double(let d): valueTable += [7] + withUnsafeBytes(of: d.bitPattern.littleEndian, Array.init)
                }
                valueCount += 1
            }
        }
        for k in keys { keyTable += Self.varint(k.utf8.count) + Array(k.utf8) }
        for c in classes { classTable += Self.varint(c.utf8.count + 1) + Self.varint(0) + Array(c.utf8) + [0] }
        let objectsOffset = 50
        let keysOffset = objectsOffset + objectTable.count
        let valuesOffset = keysOffset + keyTable.count
        let classesOffset = valuesOffset + valueTable.count
        var out = Array("NIBArchive".utf8) + Self.u32(1) + Self.u32(Int(coderVersion))
        out += Self.u32(objects.count) + Self.u32(objectsOffset) + Self.u32(keys.count) + Self.u32(keysOffset)
        out += Self.u32(valueCount) + Self.u32(valuesOffset) + Self.u32(classes.count) + Self.u32(classesOffset)
        return out + objectTable + keyTable + valueTable + classTable
    }

    /// A root with one top-level object of class `className` (so variants can be told apart).
    public static func simple(_ className: String) -> [UInt8] {
        var nib = TinyNib()
        let root = nib.reserve()
        let top = nib.add(className)
        let list = nib.add("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .ref(top))])
        nib.set(root, "NSObject", [("UINibTopLevelObjectsKey", .ref(list))])
        return nib.bytes()
    }

    /// A view nib whose table view holds `cells` prototype nibs (iOS `UITableViewCellPrototypeNibs`
    /// → reuse id → `UINib.archiveData` → `NSData`), each `inner` bytes.
    public static func withPrototypes(_ cells: [(id: String, inner: [UInt8])]) -> [UInt8] {
        var nib = TinyNib()
        let root = nib.reserve()
        let table = nib.reserve()
        var dictFields: [(String, Value)] = [("NSInlinedValue", .bool(true))]
        for cell in cells {
            let id = nib.string(cell.id)
            let data = nib.add("NSData", [("NS.bytes", .data(cell.inner))])
            let uinib = nib.add("UINib", [("captureEnclosingNIBBundleOnDecode", .bool(true)), ("archiveData", .ref(data))])
            dictFields += [("UINibEncoderEmptyKey", .ref(id)), ("UINibEncoderEmptyKey", .ref(uinib))]
        }
        let dict = nib.add("NSMutableDictionary", dictFields)
        nib.set(table, "UITableView", [("UITableViewCellPrototypeNibs", .ref(dict))])
        let list = nib.add("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .ref(table))])
        nib.set(root, "NSObject", [("UINibTopLevelObjectsKey", .ref(list))])
        return nib.bytes()
    }

    public static func varint(_ v: Int) -> [UInt8] {
        var out: [UInt8] = []
        var x = v
        while x >= 128 { out.append(UInt8(x & 0x7F)); x >>= 7 }
        out.append(UInt8(x) | 0x80)
        return out
    }

    public static func u32(_ v: Int) -> [UInt8] {
        let x = UInt32(truncatingIfNeeded: v)
        return [UInt8(x & 0xFF), UInt8((x >> 8) & 0xFF), UInt8((x >> 16) & 0xFF), UInt8(x >> 24)]
    }
}
