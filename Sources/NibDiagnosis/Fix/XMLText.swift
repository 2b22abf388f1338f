import NibModel

/// The bytes of a xib or storyboard, read as text for ``LintFix``: elements found by line and tag,
/// their attributes, and edits as byte ranges. Interface Builder writes one attribute value per
/// `name="value"` with `&quot;` for quotes, so a value never holds a `"`.
struct XMLText {
    let bytes: [UInt8]
    /// The offset each line starts at (line 1 at index 0).
    let lineStarts: [Int]

    /// Elements that are connections in a `<connections>` block.
    static let connectionTags: Set<String> = ["outlet", "outletCollection", "action", "binding", "segue"]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
        lineStarts = starts
    }

    /// An element: the offsets of its `<` and one past its end, and its tag.
    struct Element {
        var start: Int
        /// One past the `>` of the start tag.
        var startTagEnd: Int
        var end: Int
        var tag: String
    }

    /// The last element starting at or before the end of `line` (1-based) whose tag is one of
    /// `tags` (any tag when nil) and for which `accept` holds; an element's start tag may span
    /// lines, and readers give its first or last line, so the search starts at the line's end
    /// and goes back at most 40 lines.
    func element(atLine line: Int, tags: Set<String>?, where accept: (Element) -> Bool) -> Element? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let limit = line < lineStarts.count ? lineStarts[line] : bytes.count
        let floor = lineStarts[max(0, line - 41)]
        var i = limit - 1
        while i >= floor {
            if bytes[i] == UInt8(ascii: "<"), let e = element(at: i), tags?.contains(e.tag) ?? true, accept(e) {
                // The element must reach the line: its start tag ends at or after the line's start.
                if e.startTagEnd > lineStarts[line - 1] || e.start >= lineStarts[line - 1] { return e }
            }
            i -= 1
        }
        return nil
    }

    /// The element whose `<` is at `i`, nil for a closing tag, comment or declaration.
    func element(at i: Int) -> Element? {
        var j = i + 1
        while j < bytes.count, Self.isNameByte(bytes[j]) { j += 1 }
        guard j > i + 1, j < bytes.count else { return nil }
        let tag = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
        guard let close = tagEnd(from: j) else { return nil }
        if bytes[close - 1] == UInt8(ascii: "/") { return Element(start: i, startTagEnd: close + 1, end: close + 1, tag: tag) }
        // Find the matching end tag, counting nested elements of the same tag.
        var depth = 1
        var k = close + 1
        let open = Array("<\(tag)".utf8)
        let end = Array("</\(tag)>".utf8)
        while k < bytes.count {
            if bytes[k] == UInt8(ascii: "<") {
                if matches(end, at: k) {
                    depth -= 1
                    if depth == 0 { return Element(start: i, startTagEnd: close + 1, end: k + end.count, tag: tag) }
                    k += end.count
                    continue
                }
                if matches(open, at: k), k + open.count < bytes.count, !Self.isNameByte(bytes[k + open.count]),
                   let c = tagEnd(from: k + open.count), bytes[c - 1] != UInt8(ascii: "/") {
                    depth += 1
                }
            }
            k += 1
        }
        return nil
    }

    /// The offset of the `>` ending a start tag whose attributes begin at `from` (quotes skipped).
    private func tagEnd(from: Int) -> Int? {
        var k = from
        var quote: UInt8?
        while k < bytes.count {
            let b = bytes[k]
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: ">") {
                return k
            }
            k += 1
        }
        return nil
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".")
    }

    private func matches(_ needle: [UInt8], at k: Int) -> Bool {
        k + needle.count <= bytes.count && bytes[k..<(k + needle.count)].elementsEqual(needle)
    }

    /// The attributes of an element's start tag, in order, with the offsets of each value.
    func attributes(of e: Element) -> [(name: String, value: String, range: Range<Int>, whole: Range<Int>)] {
        var out: [(name: String, value: String, range: Range<Int>, whole: Range<Int>)] = []
        var k = e.start + 1 + e.tag.utf8.count
        while k < e.startTagEnd {
            while k < e.startTagEnd, [32, 9, 10, 13].contains(bytes[k]) { k += 1 }
            let nameStart = k
            while k < e.startTagEnd, Self.isNameByte(bytes[k]) { k += 1 }
            guard k > nameStart, k < e.startTagEnd, bytes[k] == UInt8(ascii: "=") else { break }
            let name = String(decoding: bytes[nameStart..<k], as: UTF8.self)
            let quote = bytes[k + 1]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { break }
            var v = k + 2
            while v < e.startTagEnd, bytes[v] != quote { v += 1 }
            out.append((name, String(decoding: bytes[(k + 2)..<v], as: UTF8.self), (k + 2)..<v, nameStart..<(v + 1)))
            k = v + 1
        }
        return out
    }

    func attribute(_ name: String, of e: Element) -> String? {
        attributes(of: e).first { $0.name == name }?.value
    }

    /// How many times `needle` occurs.
    func count(of needle: [UInt8]) -> Int {
        guard let first = needle.first else { return 0 }
        var n = 0
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == first, matches(needle, at: i) { n += 1 }
            i += 1
        }
        return n
    }

    /// Whether an element before `e` in the same block (the element enclosing it) has the same
    /// tag and attributes, its `id` aside.
    func hasEarlierTwin(_ e: Element) -> Bool {
        let key = attributes(of: e).filter { $0.name != "id" }.map { "\($0.name)=\($0.value)" }
        let blockStart = lastIndex(of: Array("<connections>".utf8), before: e.start) ?? 0
        var i = e.start - 1
        while i >= blockStart {
            if bytes[i] == UInt8(ascii: "<"), let other = element(at: i), other.tag == e.tag, other.end <= e.start,
               attributes(of: other).filter({ $0.name != "id" }).map({ "\($0.name)=\($0.value)" }) == key {
                return true
            }
            i -= 1
        }
        return false
    }

    private func lastIndex(of needle: [UInt8], before: Int) -> Int? {
        var i = min(before, bytes.count) - needle.count
        while i >= 0 {
            if matches(needle, at: i) { return i }
            i -= 1
        }
        return nil
    }

    /// Edits giving element `e` the custom module `module`: its `customModule` value replaced or
    /// the attribute added after `customClass`, and `customModuleProvider` removed.
    func settingModule(_ module: String, of e: Element) -> [(range: Range<Int>, replacement: [UInt8])] {
        let attrs = attributes(of: e)
        var out: [(range: Range<Int>, replacement: [UInt8])] = []
        if let m = attrs.first(where: { $0.name == "customModule" }) {
            out.append((m.range, Array(module.utf8)))
        } else if let c = attrs.first(where: { $0.name == "customClass" }) {
            out.append((c.whole.upperBound..<c.whole.upperBound, Array(" customModule=\"\(module)\"".utf8)))
        }
        if let p = attrs.first(where: { $0.name == "customModuleProvider" }) {
            // The attribute and the space before it.
            var start = p.whole.lowerBound
            while start > e.start, bytes[start - 1] == 32 { start -= 1 }
            out.append((start..<p.whole.upperBound, []))
        }
        return out
    }

    /// Removals of `ranges` (elements), each widened to its whole lines when nothing else shares
    /// them, and a `<connections>` or `<constraints>` block left holding only white space removed
    /// whole instead. Sorted, not overlapping.
    func wholeLineRemovals(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var widened = ranges.map(widen)
        // Blocks emptied by the removals.
        var blocks: [Range<Int>] = []
        for r in ranges {
            for tag in ["connections", "constraints"] {
                guard let open = lastIndex(of: Array("<\(tag)>".utf8), before: r.lowerBound), let e = element(at: open),
                      e.end >= r.upperBound, !blocks.contains(e.start..<e.end) else { continue }
                let inner = e.startTagEnd..<(e.end - "</\(tag)>".utf8.count)
                let left = inner.filter { i in !widened.contains { $0.contains(i) } && ![32, 9, 10, 13].contains(bytes[i]) }
                if left.isEmpty { blocks.append(e.start..<e.end) }
            }
        }
        widened = widened.filter { r in !blocks.contains { $0.contains(r.lowerBound) } } + blocks.map(widen)
        var out: [Range<Int>] = []
        for r in widened.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound < last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// `r` with the indentation before it and the line break after it when it alone fills its lines.
    private func widen(_ r: Range<Int>) -> Range<Int> {
        var start = r.lowerBound
        while start > 0, bytes[start - 1] == 32 || bytes[start - 1] == 9 { start -= 1 }
        var end = r.upperBound
        while end < bytes.count, bytes[end] == 32 || bytes[end] == 9 || bytes[end] == 13 { end += 1 }
        let atLineStart = start == 0 || bytes[start - 1] == 10
        if atLineStart, end < bytes.count, bytes[end] == 10 { return start..<(end + 1) }
        if atLineStart, end == bytes.count { return start..<end }
        return r
    }
}
