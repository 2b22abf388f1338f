import NibModel

/// The prototypes still free for ``NestedArchiveCompare``, by reuse identifier and by class key,
/// in document order: the first few free ones of either kind are found without scanning past
/// those already taken (skip pointers), so assigning many nested archives stays linear.
struct PrototypeCandidates {
    /// Prototype positions (in ``PrototypeIndex/prototypes``) of one reuse identifier or class key.
    private struct List {
        var positions: [Int] = []
        var free = FreePositions(count: 0)
    }

    private let prototypes: [PrototypeIndex.Prototype]
    private var byReuse: [String: List] = [:]
    private var byKey: [String: List] = [:]
    /// Where each id sits: (list is by reuse, list key, slot in the list).
    private var slots: [ObjectID: [(reuse: Bool, key: String, slot: Int)]] = [:]

    init(_ prototypes: [PrototypeIndex.Prototype]) {
        self.prototypes = prototypes
        for (i, p) in prototypes.enumerated() {
            if let reuse = p.reuse {
                slots[p.id, default: []].append((true, reuse, byReuse[reuse, default: List()].positions.count))
                byReuse[reuse, default: List()].positions.append(i)
            }
            let key = CompareClasses.key(p.object)
            slots[p.id, default: []].append((false, key, byKey[key, default: List()].positions.count))
            byKey[key, default: List()].positions.append(i)
        }
        byReuse = byReuse.mapValues { List(positions: $0.positions, free: FreePositions(count: $0.positions.count)) }
        byKey = byKey.mapValues { List(positions: $0.positions, free: FreePositions(count: $0.positions.count)) }
    }

    /// The first `limit` free prototypes with reuse identifier `reuse`, in document order.
    mutating func first(_ limit: Int, reuse: String) -> [PrototypeIndex.Prototype] {
        guard var list = byReuse.removeValue(forKey: reuse) else { return [] }
        defer { byReuse[reuse] = list }
        return Self.first(limit, of: &list, prototypes)
    }

    /// The first `limit` free prototypes whose ``CompareClasses/key(_:)`` is `key`, in document order.
    mutating func first(_ limit: Int, key: String) -> [PrototypeIndex.Prototype] {
        guard var list = byKey.removeValue(forKey: key) else { return [] }
        defer { byKey[key] = list }
        return Self.first(limit, of: &list, prototypes)
    }

    /// Takes every prototype with `id` out of the candidates.
    mutating func use(_ id: ObjectID) {
        for s in slots[id] ?? [] {
            if s.reuse { byReuse[s.key]?.free.take(s.slot) } else { byKey[s.key]?.free.take(s.slot) }
        }
    }

    private static func first(_ limit: Int, of list: inout List, _ prototypes: [PrototypeIndex.Prototype]) -> [PrototypeIndex.Prototype] {
        var out: [PrototypeIndex.Prototype] = []
        var slot = list.free.first(from: 0)
        while slot < list.positions.count && out.count < limit {
            out.append(prototypes[list.positions[slot]])
            slot = list.free.first(from: slot + 1)
        }
        return out
    }
}

/// Positions `0..<count`, each free until taken; ``first(from:)`` finds the first free one at or
/// after a position in amortised near-constant time (skip pointers shortened as they are followed).
struct FreePositions {
    /// `next[i] == i` when `i` is free; else a position at or before the next free one. `next[count]`
    /// is the end.
    private var next: [Int]

    init(count: Int) { next = Array(0...max(0, count)) }

    /// The first free position `>= i`, or `count` when there is none.
    mutating func first(from i: Int) -> Int {
        var i = min(i, next.count - 1)
        while next[i] != i {
            next[i] = next[next[i]]
            i = next[i]
        }
        return i
    }

    /// Marks `i` as taken.
    mutating func take(_ i: Int) {
        guard i >= 0 && i < next.count - 1 else { return }
        next[i] = i + 1
    }
}
