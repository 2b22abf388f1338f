/// Decoding of Foundation's archived values, the same way for every encoding.
///
/// NIBArchive conventions are in nib-format.md §2.9 (`NSInlinedValue` + `UINibEncoderEmptyKey`
/// collections, `NS.bytes` strings); keyed archives use `NS.objects`/`NS.keys`/`NS.string`/
/// `NS.bytes`/`NS.data` and plist-native inline values (§4.1); typedstream readers produce the keyed
/// spelling. Every accessor returns nil when the value is not of the asked shape; none throws,
/// and every traversal is bounded by a visited set or a depth limit.
extension ObjectGraph {
    /// The text of a string value: inline `.string`, UTF-8 `.data`, or a reference to an
    /// `NSString`/`NSMutableString`/`NSLocalizableString` (`NS.bytes` or `NS.string`).
    public func string(_ value: ArchiveValue?) -> String? {
        string(value, depth: 0)
    }

    private func string(_ value: ArchiveValue?, depth: Int) -> String? {
        guard let value, depth < 8 else { return nil }
        switch value {
        case .string(let s): return s
        case .data(let bytes): return String(validatingUTF8Bytes: bytes)
        case .object(let ref):
            guard let object = self[ref] else { return nil }
            if let bytes = object["NS.bytes"] { return string(bytes, depth: depth + 1) }
            if let inner = object["NS.string"] { return string(inner, depth: depth + 1) }
            // NSAttributedString: the plain text.
            if object.className.contains("AttributedString"), let inner = object["NSString"] {
                return string(inner, depth: depth + 1)
            }
            return nil
        default: return nil
        }
    }

    /// The strings-file key of an `NSLocalizableString` (`NSKey`, e.g. `uSm-wg-y7O.title`, which
    /// carries the xib object id, §2.9), when `value` refers to one.
    public func localizableKey(_ value: ArchiveValue?) -> String? {
        guard let ref = value?.objectRef, let object = self[ref], object["NSKey"] != nil else { return nil }
        return string(object["NSKey"])
    }

    /// An integer from an inline number or an `NSNumber` (`NS.intval`, `NS.boolval`).
    public func integer(_ value: ArchiveValue?) -> Int64? {
        guard let value else { return nil }
        switch value {
        case .int(let i): return i
        case .bool(let b): return b ? 1 : 0
        case .object(let ref):
            guard let object = self[ref] else { return nil }
            if case .int(let i)? = object["NS.intval"] { return i }
            if case .bool(let b)? = object["NS.boolval"] { return b ? 1 : 0 }
            return nil
        default: return nil
        }
    }

    /// A floating-point number from an inline number or an `NSNumber` (`NS.dblval`, `NS.intval`).
    public func double(_ value: ArchiveValue?) -> Double? {
        double(value, depth: 0)
    }

    private func double(_ value: ArchiveValue?, depth: Int) -> Double? {
        guard let value, depth < 8 else { return nil }   // NS.dblval referring to itself: nil
        switch value {
        case .double(let d): return d
        case .float(let f): return Double(f)
        case .int(let i): return Double(i)
        case .object(let ref):
            guard let object = self[ref] else { return nil }
            if let d = object["NS.dblval"] { return double(d, depth: depth + 1) }
            if let i = object["NS.intval"] { return double(i, depth: depth + 1) }
            return nil
        default: return nil
        }
    }

    /// A boolean from an inline bool/int or an `NSNumber`.
    public func bool(_ value: ArchiveValue?) -> Bool? {
        guard let value else { return nil }
        if case .bool(let b) = value { return b }
        return integer(value).map { $0 != 0 }
    }

    /// The bytes of a data value: inline `.data`, or a reference to an `NSData`/`NSMutableData`
    /// (`NS.bytes` in NIBArchive and for plist-native keyed data, `NS.data` in keyed archives, §4.1).
    public func data(_ value: ArchiveValue?) -> [UInt8]? {
        guard let value else { return nil }
        switch value {
        case .data(let bytes): return bytes
        case .object(let ref):
            guard let object = self[ref], object.className.hasSuffix("Data") else { return nil }
            if case .data(let bytes)? = object["NS.bytes"] ?? object["NS.data"] { return bytes }
            return nil
        default: return nil
        }
    }

    /// The elements of an array or set, in archive order: an inline `.array`, or a reference to an
    /// `NSArray`/`NSSet` (and mutable variants) in either the NIBArchive inlined form or the keyed
    /// `NS.objects` form.
    public func elements(_ value: ArchiveValue?) -> [ArchiveValue]? {
        elements(value, depth: 0)
    }

    private func elements(_ value: ArchiveValue?, depth: Int) -> [ArchiveValue]? {
        guard let value, depth < 8 else { return nil }   // NS.objects referring to itself: nil
        switch value {
        case .array(let items): return items
        case .object(let ref):
            guard let object = self[ref] else { return nil }
            if let items = object["NS.objects"], object["NS.keys"] == nil {
                if case .array(let list) = items { return list }
                if case .object = items { return elements(items, depth: depth + 1) }
            }
            if object["NSInlinedValue"] != nil || object.fields.contains(where: { $0.key == "UINibEncoderEmptyKey" }) {
                return object.values(forKey: "UINibEncoderEmptyKey")
            }
            if object.className.hasSuffix("Array") || object.className.hasSuffix("Set") {
                return []
            }
            return nil
        default: return nil
        }
    }

    /// The key/value pairs of a dictionary in archive order: an inline `.dictionary`, or a
    /// reference to an `NSDictionary` in the NIBArchive inlined form (alternating
    /// `UINibEncoderEmptyKey` key, value) or the keyed form (`NS.keys` + `NS.objects`).
    public func pairs(_ value: ArchiveValue?) -> [(key: ArchiveValue, value: ArchiveValue)]? {
        guard let value else { return nil }
        switch value {
        case .dictionary(let fields): return fields.map { (ArchiveValue.string($0.key), $0.value) }
        case .object(let ref):
            guard let object = self[ref] else { return nil }
            if let keys = elements(object["NS.keys"]), let values = elements(object["NS.objects"]) {
                return zip(keys, values).map { ($0, $1) }
            }
            let items = object.values(forKey: "UINibEncoderEmptyKey")
            guard object.className.contains("Dictionary") else { return nil }
            var out: [(key: ArchiveValue, value: ArchiveValue)] = []
            var i = 0
            while i + 1 < items.count {
                out.append((items[i], items[i + 1]))
                i += 2
            }
            return out
        default: return nil
        }
    }

    /// Class name of the referenced object, if `value` is a valid reference.
    public func className(_ value: ArchiveValue?) -> String? {
        guard let ref = value?.objectRef else { return nil }
        return self[ref]?.className
    }
}

extension String {
    /// Decodes UTF-8 bytes, dropping one trailing NUL; nil when the bytes are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var slice = bytes[...]
        if slice.last == 0 { slice = slice.dropLast() }
        guard let s = String(validating: slice, as: UTF8.self) else { return nil }
        self = s
    }
}
