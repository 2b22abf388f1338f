import NibModel

/// Text and sequence helpers of ``NibDiff``: generated ids in values, moves among siblings.
extension NibDiff {
    /// `s` with every Interface Builder id in it (`aVn-c1-Mj6`) replaced by `*`: values that
    /// differ only by generated ids (`UpstreamPlaceholder-aVn-c1-Mj6`) are an `ids` change.
    static func withoutIDs(_ s: String) -> String {
        let u = Array(s.unicodeScalars)
        guard u.count >= 10 else { return s }
        func alnum(_ c: Unicode.Scalar) -> Bool { c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        var out = String.UnicodeScalarView(), i = 0
        while i < u.count {
            if i + 10 <= u.count, u[i + 3] == "-", u[i + 6] == "-",
               [0, 1, 2, 4, 5, 7, 8, 9].allSatisfy({ alnum(u[i + $0]) }),
               i == 0 || !alnum(u[i - 1]), i + 10 == u.count || !alnum(u[i + 10]) {
                out.append("*"); i += 10
            } else { out.append(u[i]); i += 1 }
        }
        return String(out)
    }

    /// Indices of `seq` outside one longest strictly increasing subsequence (the elements that
    /// moved when the others kept their order). O(n log n).
    static func notInLongestIncreasing(_ seq: [Int]) -> [Int] {
        var tails: [Int] = [], tailIndex: [Int] = [], prev = [Int](repeating: -1, count: seq.count)
        for (i, v) in seq.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi { let m = (lo + hi) / 2; if tails[m] < v { lo = m + 1 } else { hi = m } }
            if lo > 0 { prev[i] = tailIndex[lo - 1] }
            if lo == tails.count { tails.append(v); tailIndex.append(i) } else { tails[lo] = v; tailIndex[lo] = i }
        }
        var keep = Set<Int>()
        var i = tailIndex.last ?? -1
        while i >= 0 { keep.insert(i); i = prev[i] }
        return seq.indices.filter { !keep.contains($0) }
    }
}
