import Foundation
import NibModel
import TextEscaping

/// A small XML element tree and its serializer, for the xib and storyboard writer
/// (``XIBWriter``): elements with ordered attributes, child elements, comments and text, written
/// the way Xcode indents xibs (four spaces, one element per line, self-closing empty elements).
///
/// Escaping is XML 1.0's, written once in ``Escape`` (TextEscaping): `&`, `<`, `>` and `"` become
/// entities; tab, line feed and carriage return in attribute values become character references
/// (so that attribute-value normalisation keeps them). Characters XML 1.0 cannot hold at all
/// (other C0 controls, U+FFFE, U+FFFF) never reach the output: ``XMLOutput/isRepresentable(_:)``
/// tells a writer to use another form (`base64-UTF8`) and the escapers replace them by U+FFFD.
struct XMLOutput {
    /// One node of the tree.
    indirect enum Node {
        case element(Element)
        case comment(String)
    }

    /// An element: name, attributes in output order, children, and optional text content.
    struct Element {
        var name: String
        var attributes: [(String, String)] = []
        var children: [Node] = []
        var text: String?

        init(_ name: String, _ attributes: [(String, String)] = [], children: [Node] = [], text: String? = nil) {
            self.name = name
            self.attributes = attributes
            self.children = children
            self.text = text
        }

        /// Sets `name` to `value`, replacing an attribute of that name.
        mutating func set(_ name: String, _ value: String) {
            if let i = attributes.firstIndex(where: { $0.0 == name }) { attributes[i].1 = value } else { attributes.append((name, value)) }
        }

        /// The value of attribute `name`, if set.
        subscript(_ name: String) -> String? { attributes.first { $0.0 == name }?.1 }

        mutating func append(_ element: Element) { children.append(.element(element)) }
    }

    /// True when every character of `s` can be written into an XML 1.0 document
    /// (``Escape/isXMLRepresentable(_:)``).
    static func isRepresentable(_ s: String) -> Bool { Escape.isXMLRepresentable(s) }

    /// `s` escaped for an attribute value quoted with `"` (``Escape/xmlAttribute(_:unrepresentable:)``).
    static func attribute(_ s: String) -> String { Escape.xmlAttribute(s) }

    /// `s` escaped for element text (``Escape/xmlText(_:unrepresentable:)``).
    static func text(_ s: String) -> String { Escape.xmlText(s) }

    /// Comment text that is valid XML (``Escape/xmlComment(_:)``).
    static func comment(_ s: String) -> String { Escape.xmlComment(s) }

    /// The document: XML declaration, then `root`, then a final line feed.
    static func document(_ root: Element) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        write(.element(root), depth: 0, into: &out)
        return out
    }

    private static func write(_ node: Node, depth: Int, into out: inout String) {
        let indent = String(repeating: "    ", count: depth)
        switch node {
        case .comment(let c):
            out += indent + "<!--" + comment(c) + "-->\n"
        case .element(let e):
            out += indent + "<" + e.name
            for (k, v) in e.attributes { out += " " + k + "=\"" + attribute(v) + "\"" }
            if e.children.isEmpty && e.text == nil {
                out += "/>\n"
            } else if e.children.isEmpty, let text = e.text {
                out += ">" + Self.text(text) + "</" + e.name + ">\n"
            } else {
                out += ">\n"
                if let text = e.text { out += Self.text(text) + "\n" }
                for child in e.children { write(child, depth: depth + 1, into: &out) }
                out += indent + "</" + e.name + ">\n"
            }
        }
    }
}
