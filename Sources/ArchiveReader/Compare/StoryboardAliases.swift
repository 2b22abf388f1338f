/// Joins the scene nibs of a compiled storyboard into one object space for comparison
/// (nib-format.md §5.2, §5.3):
///
/// * a view nib `<vcID>-view-<viewID>.nib` has File's Owner = its view controller, archived in the
///   scene nib (`UIViewController-<vcID>.nib`, or the nib whose controller names the view nib);
/// * an `UpstreamPlaceholder-N` stands for the object its ``Placeholder/resolvedTarget``
///   (`<scene nib name>:<object id>`) names.
enum StoryboardAliases {
    /// The scene nib base name of a document name: `Main.storyboardc/Foo.nib/runtime.nib` → `Foo`.
    static func baseName(_ document: String) -> String {
        let parts = document.split(separator: "/").map(String.init)
        let nib = parts.first { $0.hasSuffix(".nib") } ?? parts.last ?? document
        return nib.hasSuffix(".nib") ? String(nib.dropLast(4)) : nib
    }

    static func apply(to side: inout CompareSide) {
        let documents = Set(side.nodes.values.map(\.document)).sorted()
        var byBase: [String: String] = [:]
        for d in documents { byBase[baseName(d)] = d }
        // Scene nib → its controller (outlet sceneViewController / sceneController from File's Owner).
        var controllerOfDocument: [String: String] = [:]
        for (doc, c) in side.connections where c.kind == .outlet
            && (c.label == "sceneViewController" || c.label == "sceneController") {
            if let d = c.destination?.rawValue { controllerOfDocument[doc] = d }
        }
        for key in side.order {
            guard let node = side.nodes[key], let p = node.object.placeholder else { continue }
            switch p.kind {
            case .filesOwner:
                let base = baseName(node.document)
                guard let range = base.range(of: "-view-") else { continue }
                let vcID = String(base[..<range.lowerBound])
                var controller: String?
                if let sceneDoc = documents.first(where: { baseName($0).hasSuffix("-" + vcID) }) {
                    controller = controllerOfDocument[sceneDoc]
                }
                if controller == nil { controller = controllerNaming(viewNib: base, side) }
                guard let controller, side.nodes[controller] != nil else { continue }
                side.alias[key] = controller
                adopt(document: node.document, into: controller, side: &side)
            case .upstream:
                guard let target = p.resolvedTarget, let colon = target.lastIndex(of: ":") else { continue }
                let nib = baseName(String(target[..<colon]))
                let id = String(target[target.index(after: colon)...])
                if let doc = byBase[nib] {
                    let k = "\(doc)|\(id)"
                    if side.nodes[k] != nil { side.alias[key] = k }
                }
            default:
                continue
            }
        }
    }

    /// Makes the roots of a view nib children of the controller that owns it, as in the source.
    static func adopt(document: String, into controller: String, side: inout CompareSide) {
        let adopted = side.roots.filter { side.nodes[$0]?.document == document && side.nodes[$0]?.object.placeholder == nil }
        for r in adopted {
            side.nodes[r]?.parent = controller
            side.nodes[controller]?.children.append(r)
        }
        side.roots.removeAll { adopted.contains($0) }
    }

    /// A controller object with a string property equal to `viewNib` (`UINibName`/`NSNibName`).
    static func controllerNaming(viewNib: String, _ side: CompareSide) -> String? {
        for key in side.order {
            guard let o = side.object(key) else { continue }
            for p in o.properties {
                if p.value.text == viewNib { return key }
            }
        }
        return nil
    }
}
