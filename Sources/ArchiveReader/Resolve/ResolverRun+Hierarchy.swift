/// The Interface Builder outline: which object is under which (nib-format.md §3.5, §4.2, §4.5).
///
/// Children come from the structural keys of ``ObjectRoles/childKeys`` (`UISubviews`,
/// `NSSubviews`, a controller's view and child controllers, navigation and tab items, menus via
/// `NSMenuItems`/`NSSubmenu`, windows via `NSWindowView`, cells, constraints) and, on macOS, from
/// the parent table `NSObjectsKeys`/`NSObjectsValues`, which wins when the two disagree. Each
/// object is claimed by exactly one parent (the first to reach it in a depth-first walk from the
/// top-level objects); placeholders and top-level objects are never children; a visited set makes
/// cycles harmless and the walk uses an explicit stack, so depth is bounded by the object count.
extension ResolverRun {
    /// Structural children of `index`, in child-key order, without duplicates or plumbing.
    func structuralChildren(_ index: Int) -> [Int] {
        guard let o = object(index) else { return [] }
        var out: [Int] = []
        var seen = Set<Int>()
        for key in ObjectRoles.childKeys {
            guard let value = o[key], !ObjectRoles.skipsChildKey(key, of: o, in: graph) else { continue }
            for item in graph.elements(value) ?? [value] {
                guard var r = item.objectRef?.index, let child = object(r) else { continue }
                if let via = ObjectRoles.passThrough[child.className] {
                    guard let next = child[via]?.objectRef?.index else { continue }
                    r = next
                }
                guard r != index, let c = object(r), !ObjectRoles.isPlumbing(c.className),
                      r != graph.root.index, seen.insert(r).inserted else { continue }
                out.append(r)
            }
        }
        return out
    }

    /// Adds every object reachable through structural keys from the members, and builds the tree.
    mutating func buildHierarchy() {
        var structural: [Int: [Int]] = [:]
        var queue = members.sorted()
        var head = 0
        while head < queue.count {
            let index = queue[head]
            head += 1
            if structural[index] != nil { continue }
            let kids = placeholders[index] == nil ? structuralChildren(index) : []
            structural[index] = kids
            for kid in kids where !members.contains(kid) {
                addMember(kid)
                if members.contains(kid) { queue.append(kid) }
            }
        }
        let topSet = Set(topLevel)
        var hasCandidateParent = Set<Int>()
        for (_, kids) in structural { hasCandidateParent.formUnion(kids) }
        for (child, p) in tableParent where p != rootObject { hasCandidateParent.insert(child) }

        var visited = Set<Int>()
        func claimable(_ c: Int, by n: Int) -> Bool {
            guard members.contains(c), !visited.contains(c), placeholders[c] == nil, !topSet.contains(c) else { return false }
            if let p = tableParent[c], p != n { return false }
            return true
        }
        let sorted = members.sorted()
        let rootOrder = topLevel + sorted.filter { !hasCandidateParent.contains($0) } + sorted
        for start in rootOrder where members.contains(start) && !visited.contains(start) && placeholders[start] == nil {
            visited.insert(start)
            var stack = [start]
            while let n = stack.popLast() {
                var kids: [Int] = []
                for c in structural[n] ?? [] where claimable(c, by: n) {
                    visited.insert(c)
                    kids.append(c)
                }
                for c in tableChildren[n] ?? [] where claimable(c, by: n) {
                    visited.insert(c)
                    kids.append(c)
                }
                if !kids.isEmpty { children[n] = kids }
                for c in kids { parent[c] = n }
                stack.append(contentsOf: kids.reversed())
            }
        }
    }
}
