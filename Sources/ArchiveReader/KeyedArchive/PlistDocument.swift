/// A property list held flat, as the binary format stores it: one node per object, containers
/// holding node indexes. Both readers (binary and XML) produce this, so the keyed-archive layer
/// and ``PropertyList`` work the same on either; reference cycles are harmless here and are
/// detected when a tree is built.
struct PlistDocument {
    enum Node {
        /// Any non-container value (never `.array`, `.set` or `.dictionary`).
        case scalar(PlistValue)
        /// A range of ``refs`` holding the element node indexes.
        case array(Range<Int>)
        case set(Range<Int>)
        /// Ranges of ``refs`` holding key node indexes and value node indexes, pairwise, in file order.
        case dictionary(keys: Range<Int>, values: Range<Int>)
    }

    var nodes: [Node]
    /// Child node indexes of every container, in one buffer (one allocation for the whole list).
    var refs: [Int]
    /// Absolute byte offset of each node in the input (XML: the `<` of its element).
    var offsets: [Int]
    var top: Int

    /// The text of a string node.
    func string(at index: Int) -> String? {
        if case .scalar(.string(let s)) = nodes[index] { return s }
        return nil
    }

    /// The keys and value indexes of a dictionary node, when every key is a string.
    func entries(at index: Int) -> [(key: String, value: Int)]? {
        guard case .dictionary(let keys, let values) = nodes[index] else { return nil }
        var out: [(key: String, value: Int)] = []
        out.reserveCapacity(keys.count)
        for (k, v) in zip(refs[keys], refs[values]) {
            guard let key = string(at: k) else { return nil }
            out.append((key, v))
        }
        return out
    }

    /// Builds the ``PlistValue`` tree under `index`.
    ///
    /// - Throws: `referenceCycle` when a container contains itself, `limitExceeded(.nestingDepth)`
    ///   beyond `maxDepth` nested containers, `limitExceeded(.valueCount)` when shared containers
    ///   would expand to more than `budget` values, `malformed` for a non-string dictionary key.
    func tree(at index: Int, maxDepth: Int) throws(ArchiveError) -> PlistValue {
        var builder = TreeBuilder(document: self, maxDepth: maxDepth, budget: nodes.count * 8 + 65_536)
        return try builder.value(index, depth: 0)
    }

    private struct TreeBuilder {
        let document: PlistDocument
        let maxDepth: Int
        var budget: Int
        var onPath = Set<Int>()

        mutating func value(_ index: Int, depth: Int) throws(ArchiveError) -> PlistValue {
            budget -= 1
            let at = document.offsets[index]
            guard budget >= 0 else {
                throw ArchiveError(.limitExceeded(.valueCount, value: document.nodes.count * 8 + 65_536), at: at)
            }
            switch document.nodes[index] {
            case .scalar(let v): return v
            case .array(let items): return .array(try children(document.refs[items], of: index, depth: depth))
            case .set(let items): return .set(try children(document.refs[items], of: index, depth: depth))
            case .dictionary(let keys, let values):
                try enter(index, depth: depth)
                var out: [PlistEntry] = []
                for (k, v) in zip(document.refs[keys], document.refs[values]) {
                    guard let key = document.string(at: k) else {
                        throw ArchiveError(.malformed("dictionary key is not a string"), at: document.offsets[k])
                            .within("object #\(index)")
                    }
                    do throws(ArchiveError) {
                        out.append(PlistEntry(key, try value(v, depth: depth + 1)))
                    } catch {
                        throw error.within("key \"\(key)\"")
                    }
                }
                onPath.remove(index)
                return .dictionary(out)
            }
        }

        private mutating func enter(_ index: Int, depth: Int) throws(ArchiveError) {
            let at = document.offsets[index]
            guard depth < maxDepth else { throw ArchiveError(.limitExceeded(.nestingDepth, value: depth + 1), at: at) }
            guard onPath.insert(index).inserted else {
                throw ArchiveError(.referenceCycle, at: at, path: ["object #\(index)"])
            }
        }

        private mutating func children(_ items: ArraySlice<Int>, of index: Int, depth: Int) throws(ArchiveError) -> [PlistValue] {
            try enter(index, depth: depth)
            var out: [PlistValue] = []
            for (i, item) in items.enumerated() {
                do throws(ArchiveError) {
                    out.append(try value(item, depth: depth + 1))
                } catch {
                    throw error.within("item #\(i)")
                }
            }
            onPath.remove(index)
            return out
        }
    }
}
