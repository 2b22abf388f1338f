/// Source ids that survive compilation inside localizable strings (nib-format.md §7.5): an
/// `NSLocalizableString` is archived with `NSKey` = `<object id>.<property>`
/// (`7xK-OR-1CE.normalTitle`), so the object holding it is the source object with that id.
/// `NibComparer` (NibCompare) uses these as the surest matches. They are read from the archive
/// graph (every field of every object that references an `NSLocalizableString`, arrays included),
/// not from the resolved model, so they stay with the reader.
public enum LocalizationHints {
    /// Compiled object id (`#N`, as ``NibResolver`` names objects) → source object id, for every
    /// object with a field (directly or inside an array/dictionary value) that references an
    /// `NSLocalizableString`. When an object carries keys of several ids, the first one wins.
    public static func sourceIDs(in graph: ObjectGraph) -> [ObjectID: String] {
        var out: [ObjectID: String] = [:]
        for (index, object) in graph.objects.enumerated() {
            guard object.className != "NSLocalizableString" else { continue }
            for field in object.fields {
                if let id = sourceID(field.value, graph, depth: 0) {
                    if out[ObjectID(ObjectRef(index))] == nil { out[ObjectID(ObjectRef(index))] = id }
                    break
                }
            }
        }
        return out
    }

    /// The id part of the localizable-string key `value` references, if any.
    private static func sourceID(_ value: ArchiveValue, _ graph: ObjectGraph, depth: Int) -> String? {
        guard depth < 3 else { return nil }
        switch value {
        case .object(let ref):
            guard let target = graph[ref], target.className == "NSLocalizableString",
                  let key = graph.localizableKey(value) else { return nil }
            return idPart(key)
        case .array(let items):
            for item in items.prefix(64) { if let id = sourceID(item, graph, depth: depth + 1) { return id } }
            return nil
        default:
            return nil
        }
    }

    /// `uSm-wg-y7O.title` → `uSm-wg-y7O`; `123.title` → `123`; nil for keys without a dot.
    static func idPart(_ key: String) -> String? {
        guard let dot = key.firstIndex(of: "."), dot != key.startIndex else { return nil }
        return String(key[..<dot])
    }
}
