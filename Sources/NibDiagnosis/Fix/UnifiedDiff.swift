extension LintFix {
    /// The unified diff (`diff -u`, 3 lines of context) of `edits` on `text`, the file at `path`:
    /// `--- a/PATH`, `+++ b/PATH`, then `@@ -start,count +start,count @@` hunks. Built from the
    /// edits themselves (each widened to the lines it touches), so it is exact and linear in the
    /// file's size. Empty when there is no edit.
    public static func unifiedDiff(_ edits: [Edit], on text: [UInt8], path: String) -> String {
        guard !edits.isEmpty else { return "" }
        let xml = XMLText(text)
        let starts = xml.lineStarts
        func line(of offset: Int) -> Int {
            // The 0-based line holding `offset`.
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        func lines(_ bytes: ArraySlice<UInt8>) -> [String] {
            guard !bytes.isEmpty else { return [] }
            var out = bytes.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            if bytes.last == 10 { out.removeLast() }
            return out
        }
        let oldLines = lines(text[...])
        // Each change: old lines [from, to) replaced by new lines.
        struct Change { var from: Int; var to: Int; var new: [String] }
        var changes: [Change] = []
        for e in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let first = line(of: e.range.lowerBound)
            let lastByte = max(e.range.lowerBound, e.range.upperBound - 1)
            let last = e.range.isEmpty ? first : line(of: lastByte)
            if let previous = changes.last, first < previous.to {
                // Edits on shared lines (they never share bytes): one change from the original.
                let to = max(previous.to, last + 1)
                let span = starts[previous.from]..<(to < starts.count ? starts[to] : text.count)
                let inSpan = edits.filter { span.contains($0.range.lowerBound) }.map {
                    Edit(range: ($0.range.lowerBound - span.lowerBound)..<($0.range.upperBound - span.lowerBound), replacement: $0.replacement, code: $0.code, line: $0.line)
                }
                changes[changes.count - 1] = Change(from: previous.from, to: to, new: lines(LintFix.apply(inSpan, to: Array(text[span]))[...]))
                continue
            }
            let from = starts[first]
            let to = last + 1 < starts.count ? starts[last + 1] : text.count
            let replaced = Array(text[from..<e.range.lowerBound]) + e.replacement + Array(text[e.range.upperBound..<to])
            changes.append(Change(from: first, to: last + 1, new: lines(replaced[...])))
        }
        // Hunks: changes whose 3-line contexts touch are one hunk.
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var i = 0
        var delta = 0
        while i < changes.count {
            var j = i
            while j + 1 < changes.count, changes[j + 1].from - changes[j].to <= 6 { j += 1 }
            let start = max(0, changes[i].from - 3)
            let end = min(oldLines.count, changes[j].to + 3)
            var body: [String] = []
            var at = start
            var newCount = 0
            var deltaInHunk = 0
            for k in i...j {
                let c = changes[k]
                for l in at..<c.from { body.append(" " + oldLines[l]); newCount += 1 }
                for l in c.from..<min(c.to, oldLines.count) { body.append("-" + oldLines[l]) }
                for l in c.new { body.append("+" + l); newCount += 1 }
                deltaInHunk += c.new.count - (min(c.to, oldLines.count) - c.from)
                at = c.to
            }
            for l in at..<end { body.append(" " + oldLines[l]); newCount += 1 }
            let oldCount = end - start
            out += "@@ -\(oldCount == 0 ? start : start + 1),\(oldCount) +\(newCount == 0 ? start + delta : start + delta + 1),\(newCount) @@\n"
            out += body.joined(separator: "\n") + "\n"
            delta += deltaInHunk
            i = j + 1
        }
        return out
    }
}
