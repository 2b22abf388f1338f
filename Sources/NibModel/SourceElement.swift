/// One element of a xib or storyboard source as written: its name, attributes and line, and its
/// child elements in order (character data is not kept). The reader keeps the tree of every
/// source it reads (``NibDocument/source``) so that `lint`'s rules taken from xiblint, which are
/// written against the XML (`.//viewControllerPlaceholder[@bundleIdentifier]`, a `<color
/// key="NSColor">` inside an attributed string, the `<resources>` section), see exactly what it
/// sees, including what the reader does not turn into objects.
///
/// Immutable once built, so one tree is shared by every document of a file.
public final class SourceElement: Sendable {
    /// The element name: `button`, `color`, `namedColor`.
    public let name: String
    /// Every attribute as written (`key` included).
    public let attributes: [String: String]
    /// 1-based line of the start tag.
    public let line: Int
    public let children: [SourceElement]

    public init(name: String, attributes: [String: String], line: Int, children: [SourceElement] = []) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.children = children
    }

    public subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// Direct children named `name`.
    public func children(named name: String) -> [SourceElement] { children.filter { $0.name == name } }

    /// Visits the element and every element below it in document order with its ancestors
    /// (nearest last), as `.//` in XPath does; the walk is iterative, so no nesting depth can
    /// exhaust the stack.
    public func walk(_ visit: (_ element: SourceElement, _ ancestors: [SourceElement]) -> Void) {
        var stack: [(element: SourceElement, next: Int)] = [(self, 0)]
        visit(self, [])
        while let top = stack.last {
            guard top.next < top.element.children.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let child = top.element.children[top.next]
            visit(child, stack.map(\.element))
            stack.append((child, 0))
        }
    }
}

/// The XML a source document was read from: its own subtree (a storyboard scene's `<scene>`, a
/// xib's `<document>`) and the whole file's `<document>` (the `<resources>` section, every scene).
/// Design-time facts for `lint`; not part of the document's identity: two documents are equal
/// whatever their sources, and nothing of it is encoded.
public struct SourceXML: Hashable, Sendable {
    public let element: SourceElement
    public let file: SourceElement

    public init(element: SourceElement, file: SourceElement) {
        self.element = element
        self.file = file
    }

    public static func == (a: SourceXML, b: SourceXML) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
