import NibModel

/// AppKit and UIKit elements whose values a compiled nib keeps in its own shape: a segmented
/// cell's or control's `<segments>`, a toolbar's `<defaultToolbarItems>` and its standard items.
extension XIBBuilder {
    /// Attributes of `<segment>`, by the property suffix the readers give (`segment[i].label`
    /// of an AppKit segment, `segment[i].title` of a UIKit one).
    static let segmentAttributes = ["label", "title", "width", "image", "selected", "enabled", "tag"]

    /// One `segment[i].<attribute>` property into the `<segments>` element among `elements`: one
    /// `<segment>` per index up to the highest one given (`<segment label="A" width="32"/>`); a
    /// property of no `<segment>` attribute, or an index of 1,000 or more, is noted.
    func writeSegment(_ p: Property, into elements: inout [XMLOutput.Element], notes: inout [String]) {
        let key = p.key
        guard let close = key.firstIndex(of: "]"), key.index(after: close) < key.endIndex, key[key.index(after: close)] == ".",
              let index = Int(key[key.index(key.startIndex, offsetBy: "segment[".count)..<close]), (0..<1_000).contains(index) else {
            notes.append("\(key) = \(p.value)")
            return
        }
        let attribute = String(key[key.index(close, offsetBy: 2)...])
        let text: String?
        switch p.value {
        case .bool(let b): text = b ? "YES" : "NO"
        case .int(let i): text = String(i)
        case .double(let d): text = num(d)
        case .image(let image): text = image.name
        default: text = p.value.text
        }
        guard Self.segmentAttributes.contains(attribute), let text, XMLOutput.isRepresentable(text) else {
            notes.append("\(key) = \(p.value)")
            return
        }
        var list = elements.first { $0.name == "segments" } ?? XMLOutput.Element("segments")
        elements.removeAll { $0.name == "segments" }
        var segments: [XMLOutput.Element] = list.children.compactMap { if case .element(let x) = $0 { return x } else { return nil } }
        while segments.count <= index { segments.append(XMLOutput.Element("segment")) }
        segments[index].set(attribute, text)
        // Xcode's attribute order.
        segments[index].attributes.sort { (Self.segmentAttributes.firstIndex(of: $0.0) ?? 99) < (Self.segmentAttributes.firstIndex(of: $1.0) ?? 99) }
        list.children = segments.map { .element($0) }
        elements.append(list)
    }

    /// A matrix's cells as Xcode writes them, a `<column>` for each column, its cells top to
    /// bottom; the archive holds them row by row (`NSCells`, `numberOfRows` × `numberOfColumns`).
    /// Cells that do not fill the grid stay in one column.
    func matrixColumns(_ cells: [XMLOutput.Node], of matrix: NibObject) -> [XMLOutput.Node] {
        let elements = cells.filter { if case .element = $0 { return true } else { return false } }
        let others = cells.filter { if case .element = $0 { return false } else { return true } }
        var columns = 1
        if case .int(let c)? = matrix.property("numberOfColumns"), case .int(let r)? = matrix.property("numberOfRows"),
           c > 0, r > 0, Int(r) * Int(c) == elements.count {
            columns = Int(c)
        }
        let rows = columns > 0 ? elements.count / columns : 0
        var out = others
        for c in 0..<columns {
            out.append(.element(XMLOutput.Element("column", children: (0..<rows).map { elements[$0 * columns + c] })))
        }
        return out
    }

    /// `<defaultToolbarItems>` of `toolbar`: a `<toolbarItem reference=…/>` for each identifier,
    /// naming the allowed item (a child of the toolbar) of that identifier; an identifier no
    /// written item has is noted.
    func defaultToolbarItems(_ identifiers: [String], of toolbar: NibObject, notes: inout [String]) -> XMLOutput.Element {
        var list = XMLOutput.Element("defaultToolbarItems")
        let items = toolbar.children.compactMap { document.object($0) }
        for identifier in identifiers {
            if let item = items.first(where: { Self.toolbarItemIdentifier($0) == identifier }), isWritten(item.id), let id = xibID[item.id] {
                list.append(XMLOutput.Element("toolbarItem", [("reference", id)]))
            } else {
                notes.append("default toolbar item \(identifier) is not an allowed item")
            }
        }
        return list
    }

    /// A toolbar item's identifier: the compiled `NSToolbarItemIdentifier` (read as
    /// `implicitItemIdentifier`), a source's `explicitItemIdentifier` or `implicitItemIdentifier`.
    static func toolbarItemIdentifier(_ o: NibObject) -> String? {
        for key in ["explicitItemIdentifier", "implicitItemIdentifier"] {
            if let s = o.property(key)?.text, !s.isEmpty { return s }
        }
        return isStandardToolbarItem(o.className) ? o.className : nil
    }

    /// True for AppKit's standard toolbar item classes (``XIBClassTable/standardToolbarItems``:
    /// `NSToolbarFlexibleSpaceItem`, …), which a xib declares as a `<toolbarItem>` with the class
    /// name as `implicitItemIdentifier` and nothing else: AppKit supplies label, size and image.
    static func isStandardToolbarItem(_ className: String) -> Bool {
        XIBClassTable.standardToolbarItems.contains(className)
    }

    /// True for a toolbar item of any class (standard items included).
    static func isToolbarItem(_ className: String) -> Bool {
        className.hasSuffix("ToolbarItem") || isStandardToolbarItem(className)
    }
}
