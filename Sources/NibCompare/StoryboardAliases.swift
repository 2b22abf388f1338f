import NibModel

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

    /// Sets ``CompareSide/alias`` for the view nibs' File's Owners and the upstream placeholders,
    /// and adopts each view nib's roots into its controller.
    ///
    /// - Complexity: O(n) in the side's objects, properties and document names: documents are
    ///   found by their `-<controller id>` suffix, controllers by the nib name they hold and roots
    ///   by document through tables built once.
    static func apply(to side: inout CompareSide) {
        let documents = Set(side.nodes.values.map(\.document)).sorted()
        var byBase: [String: String] = [:]
        for d in documents { byBase[baseName(d)] = d }
        // Every `-<suffix>` of every base name → the first document (sorted) ending with it.
        var bySuffix: [String: String] = [:]
        for d in documents {
            let base = baseName(d)
            for i in base.indices where base[i] == "-" {
                let suffix = String(base[base.index(after: i)...])
                if bySuffix[suffix] == nil { bySuffix[suffix] = d }
            }
        }
        // Scene nib → its controller (outlet sceneViewController / sceneController from File's Owner).
        var controllerOfDocument: [String: String] = [:]
        for (doc, c) in side.connections where c.kind == .outlet
            && (c.label == "sceneViewController" || c.label == "sceneController") {
            if let d = c.destination?.rawValue { controllerOfDocument[doc] = d }
        }
        var naming: [String: [String]]?
        var rootsByDocument: [String: [String]]?
        var adoptedRoots = Set<String>()
        for key in side.order {
            guard let node = side.nodes[key], let p = node.object.placeholder else { continue }
            switch p.kind {
            case .filesOwner:
                // A device variant (`…-view-…~ipad`) belongs to the controller of the same
                // device's scene nib (`UIViewController-<vcID>~ipad`), whose `UINibName` has no
                // device suffix.
                let (base, device) = SceneNibName.splitDevice(baseName(node.document))
                guard let range = base.range(of: "-view-") else { continue }
                let vcID = String(base[..<range.lowerBound])
                var controller: String?
                if let sceneDoc = bySuffix[vcID + device] ?? bySuffix[vcID] {
                    controller = controllerOfDocument[sceneDoc]
                }
                if controller == nil {
                    if naming == nil { naming = controllersByNibName(side) }
                    let holders = naming?[base + device] ?? naming?[base] ?? []
                    controller = holders.first { side.nodes[$0].map { SceneNibName.splitDevice(baseName($0.document)).device == device } ?? false }
                        ?? holders.first
                }
                guard let controller, side.nodes[controller] != nil else { continue }
                side.alias[key] = controller
                if rootsByDocument == nil { rootsByDocument = viewNibRoots(side) }
                let adopted = rootsByDocument?.removeValue(forKey: node.document) ?? []
                adopt(adopted, into: controller, side: &side)
                adoptedRoots.formUnion(adopted)
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
        if !adoptedRoots.isEmpty { side.roots.removeAll { adoptedRoots.contains($0) } }
        // A placeholder bound to a container's copy of a controller stands for the controller.
        let copies = controllerCopies(side).primary
        if !copies.isEmpty {
            for (k, target) in side.alias { if let root = copies[target] { side.alias[k] = root } }
        }
    }

    /// The copies a compiled storyboard makes of a controller that has a scene nib of its own
    /// (a storyboard identifier or a view nib): ibtool archives a split view or navigation
    /// controller's contained controllers again in the container's nib. A copy is a controller
    /// that is not a root of its nib and whose class, device and storyboard identifier (else view
    /// nib name) are those of a root controller of another nib. Returns the copies with their subtrees (`objects`) and each copied
    /// controller's root controller (`primary`).
    static func controllerCopies(_ c: CompareSide) -> (objects: Set<String>, primary: [String: String]) {
        func identity(_ k: String) -> String? {
            guard let node = c.nodes[k], node.object.placeholder == nil, node.object.className.hasSuffix("Controller") else { return nil }
            // The storyboard identifier, else the view nib the controller names (one per
            // controller; without device suffix, so the device is part of the identity).
            let named = [node.object.property("storyboardIdentifier")?.text, node.object.property("nibName")?.text]
                .compactMap { $0 }.first { !$0.isEmpty }
            guard let named else { return nil }
            let device = SceneNibName.splitDevice(baseName(node.document)).device
            return "\(CompareClasses.base(node.object))|\(named)|\(device)"
        }
        var roots: [String: String] = [:]   // identity → the root controller
        for k in c.order where c.nodes[k]?.parent == nil {
            if let id = identity(k), roots[id] == nil { roots[id] = k }
        }
        guard !roots.isEmpty else { return ([], [:]) }
        var out = Set<String>(), primary: [String: String] = [:]
        for k in c.order where c.nodes[k]?.parent != nil {
            guard let id = identity(k), let root = roots[id], let d = c.nodes[k]?.document, c.nodes[root]?.document != d,
                  !out.contains(k) else { continue }
            primary[k] = root
            var stack = [k]
            while let x = stack.popLast(), out.count < c.order.count {
                guard out.insert(x).inserted else { continue }
                stack += c.nodes[x]?.children ?? []
            }
        }
        return (out, primary)
    }

    /// The roots of each document that are not placeholders, in ``CompareSide/roots`` order.
    static func viewNibRoots(_ side: CompareSide) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for r in side.roots {
            guard let node = side.nodes[r], node.object.placeholder == nil else { continue }
            out[node.document, default: []].append(r)
        }
        return out
    }

    /// Makes the roots of a view nib children of the controller that owns it, as in the source.
    static func adopt(_ roots: [String], into controller: String, side: inout CompareSide) {
        for r in roots {
            side.nodes[r]?.parent = controller
            side.nodes[controller]?.children.append(r)
        }
    }

    /// Each `nibName` property value → the objects (in ``CompareSide/order``) holding it: the
    /// controllers naming a view nib (`UINibName`/`NSNibName`), one per device variant.
    static func controllersByNibName(_ side: CompareSide) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for key in side.order {
            guard let o = side.object(key), let text = o.property("nibName")?.text else { continue }
            out[text, default: []].append(key)
        }
        return out
    }
}
