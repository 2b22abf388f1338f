import Foundation
@testable import ArchiveReader

/// Foundation's `PropertyListSerialization` result as a ``PlistValue``: an independent oracle for
/// our readers. Dictionaries come back unordered, so both sides are compared with sorted keys.
/// UIDs are Foundation's internal `_NSKeyedArchiverUID`, read through `Mirror` (toolchain-notes §2).
enum FoundationPlist {
    static func value(_ any: Any) -> PlistValue {
        if String(describing: type(of: any)).contains("KeyedArchiverUID"),
           let v = Mirror(reflecting: any).children.first(where: { $0.label == "value" })?.value {
            if let n = v as? UInt32 { return .uid(UInt64(n)) }
            if let n = v as? UInt64 { return .uid(n) }
            if let n = v as? Int { return .uid(UInt64(n)) }
        }
        switch any {
        case let b as Bool where type(of: any) == Bool.self: return .bool(b)
        case let s as String: return .string(s)
        case let d as Data: return .data([UInt8](d))
        case let d as Date: return .date(d.timeIntervalSinceReferenceDate)
        case let a as [Any]: return .array(a.map(value))
        case let d as [AnyHashable: Any]:
            return .dictionary(d.map { PlistEntry(String(describing: $0.key.base), value($0.value)) }.sorted { $0.key < $1.key })
        case let n as NSNumber:
            let type = String(cString: n.objCType)
            if type == "d" || type == "f" { return .real(n.doubleValue) }
            if type == "Q", n.uint64Value > UInt64(Int64.max) { return .uint(n.uint64Value) }
            return .int(n.int64Value)
        default:
            return .string("<unknown \(type(of: any))>")
        }
    }

    /// `value` with every dictionary sorted by key, sets as arrays, fill/null untouched.
    static func sorted(_ value: PlistValue) -> PlistValue {
        switch value {
        case .array(let a), .set(let a): return .array(a.map(sorted))
        case .dictionary(let entries):
            return .dictionary(entries.map { PlistEntry($0.key, sorted($0.value)) }.sorted { $0.key < $1.key })
        default: return value
        }
    }
}

extension FoundationPlist {
    /// A path to the first difference between two values, for failure messages.
    static func firstDifference(_ a: PlistValue, _ b: PlistValue, path: String = "") -> String? {
        switch (a, b) {
        case (.array(let x), .array(let y)), (.set(let x), .set(let y)):
            if x.count != y.count { return "\(path): count \(x.count) vs \(y.count)" }
            for (i, (p, q)) in zip(x, y).enumerated() {
                if let d = firstDifference(p, q, path: "\(path)[\(i)]") { return d }
            }
            return nil
        case (.dictionary(let x), .dictionary(let y)):
            if x.map(\.key) != y.map(\.key) { return "\(path): keys \(x.map(\.key)) vs \(y.map(\.key))" }
            for (p, q) in zip(x, y) {
                if let d = firstDifference(p.value, q.value, path: "\(path).\(p.key)") { return d }
            }
            return nil
        default:
            return a == b ? nil : "\(path): \(a) vs \(b)"
        }
    }
}
