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
        // A UIKit view's system layout guides (the safe area) name their view
        // (`UILayoutGuideOwningView`); the view does not list them. They follow its constraints,
        // as a storyboard lists `<viewLayoutGuide key="safeArea">`.
        for r in ownedLayoutGuides[index] ?? [] where r != index && seen.insert(r).inserted { out.append(r) }
        return out
    }

    /// Owning view → its `UILayoutGuide`s (`UILayoutGuideOwningView`), in archive order.
    func layoutGuidesByOwner() -> [Int: [Int]] {
        var out: [Int: [Int]] = [:]
        for (i, o) in graph.objects.enumerated() where o.className == "UILayoutGuide" {
            guard let owner = o["UILayoutGuideOwningView"]?.objectRef?.index, owner != i, object(owner) != nil else { continue }
            out[owner, default: []].append(i)
        }
        return out
    }

    /// Adds every object reachable through structural keys from the members, and builds the tree.
    mutating func buildHierarchy() {
        // One flag per archived object rather than sets of indexes, and children only for objects
        // that have some: a large nib has hundreds of thousands of members, and these tables are
        // its resolution's peak memory.
        let count = graph.objects.count
        ownedLayoutGuides = layoutGuidesByOwner()
        var structural: [Int: [Int]] = [:]
        var scanned = [Bool](repeating: false, count: count)
        var queue = members.sorted()
        var head = 0
        while head < queue.count {
            let index = queue[head]
            head += 1
            guard index >= 0, index < count, !scanned[index] else { continue }
            scanned[index] = true
            let kids = placeholders[index] == nil ? structuralChildren(index) : []
            if !kids.isEmpty { structural[index] = kids }
            for kid in kids where !members.contains(kid) {
                addMember(kid)
                if members.contains(kid) { queue.append(kid) }
            }
        }
        scanned = []
        queue = []
        let topSet = Set(topLevel)
        var hasCandidateParent = [Bool](repeating: false, count: count)
        for (_, kids) in structural { for k in kids where k >= 0 && k < count { hasCandidateParent[k] = true } }
        for (child, p) in tableParent where p != rootObject && child >= 0 && child < count { hasCandidateParent[child] = true }

        var visited = [Bool](repeating: false, count: count)
        func claimable(_ c: Int, by n: Int) -> Bool {
            guard c >= 0, c < count, members.contains(c), !visited[c], placeholders[c] == nil, !topSet.contains(c) else { return false }
            if let p = tableParent[c], p != n { return false }
            return true
        }
        // Roots in this order: the top-level objects, members no structure claims, then the rest.
        func walk(from start: Int) {
            guard start >= 0, start < count, members.contains(start), !visited[start], placeholders[start] == nil else { return }
            visited[start] = true
            var stack = [start]
            while let n = stack.popLast() {
                var kids: [Int] = []
                for c in structural[n] ?? [] where claimable(c, by: n) {
                    visited[c] = true
                    kids.append(c)
                }
                for c in tableChildren[n] ?? [] where claimable(c, by: n) {
                    visited[c] = true
                    kids.append(c)
                }
                if !kids.isEmpty { children[n] = kids }
                for c in kids { parent[c] = n }
                stack.append(contentsOf: kids.reversed())
            }
        }
        let sorted = members.sorted()
        for start in topLevel { walk(from: start) }
        for start in sorted where start >= 0 && start < count && !hasCandidateParent[start] { walk(from: start) }
        for start in sorted { walk(from: start) }
    }
}
