import Foundation
import NibModel

/// Writes a resolved compiled document back as Interface Builder source: a `<document>` xib
/// (`com.apple.InterfaceBuilder3.CocoaTouch.XIB` for iOS, `…Cocoa.XIB` for macOS), or a
/// storyboard from the documents of a `.storyboardc` (``storyboard(_:)``) — `nibinspect xib`.
///
/// What is written (nib-format.md §7.1–7.3): placeholders (File's Owner with its class where the
/// nib records it, First Responder, Application, external objects); every object as the element
/// Xcode names its class after (`<button>` for `UIButton`, `<textFieldCell>` for
/// `NSTextFieldCell`; the inverse of ``XIBClassTable``), with `customClass` and `customModule`
/// (demangled from Swift runtime names); the view and menu hierarchy (`subviews`, `items`,
/// `menu key="submenu"`, `cell`, `contentView`, `constraints`); the decoded properties (frames,
/// colours, fonts, images, titles, text, tags, states, key equivalents, identifiers);
/// connections (outlets, outlet collections, actions with their control events, bindings),
/// user-defined runtime attributes and accessibility.
///
/// Ids are fresh, in Interface Builder's `abc-de-fgh` shape and the same for the same input
/// (derived from each object's archive id); an id a localizable string kept (`NSKey`
/// `uSm-wg-y7O.title`, §7.5) is reused. Placeholders take the ids Xcode gives them (`-1`,
/// `-2`, `-3`). What the xib format cannot say (objects of private classes, values of no xib
/// form, connections without a resolved end) is written in an XML comment beside its object,
/// never dropped silently. The output is well-formed XML that ``SourceReader`` reads back.
public enum XIBWriter {
    /// The xib for one resolved compiled document.
    ///
    /// - Parameter note: a line for the comment at the top of the file (the input it was rebuilt
    ///   from is always named there); typedstream input adds its own best-effort note.
    /// - Returns: the xib text (UTF-8, ending in a line feed).
    ///   - nested: nested archives of `document` (documents named `<document> > prototype "Cell"`):
    ///     iOS prototype cells are written inside their table or collection view's `<prototypes>`.
    public static func xib(_ document: NibDocument, nested: [NibDocument] = [], note: String? = nil) -> String {
        var builder = XIBBuilder(document: document, ids: IDAllocator())
        builder.addPrototypes(nested)
        var root = XIBBuilder.documentElement(platform: document.platform, storyboard: false)
        var header = "Rebuilt by nibinspect xib from \(document.name) (\(document.platform.rawValue) \(document.format.displayName)): "
            + "ids are fresh (IB object ids a nib keeps, oid, are not written), frames and values as archived; what the xib format cannot say is kept in comments."
        if document.format == .typedstream {
            header += " Legacy typedstream nib: best effort; only the objects, hierarchy, connections and the properties the reader decodes are written."
        }
        if let note { header += " " + note }
        root.children.append(.comment(" " + header + " "))
        root.append(XIBBuilder.dependencies(platform: document.platform))
        var objects = XMLOutput.Element("objects")
        objects.children = builder.objectNodes()
        root.append(objects)
        return XMLOutput.document(root)
    }

    /// A fresh id in Interface Builder's shape, `abc-de-fgh` (letters and digits), determined by
    /// `seed`.
    static func freshID(seed: String) -> String {
        var state = fnv1a(seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var chars: [Character] = []
        for _ in 0..<8 {
            state = splitMix(&state)
            chars.append(alphabet[Int(state % UInt64(alphabet.count))])
        }
        return String(chars[0..<3]) + "-" + String(chars[3..<5]) + "-" + String(chars[5..<8])
    }

    /// True for an id of Interface Builder's shape (`uSm-wg-y7O`).
    static func isIBID(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [3, 2, 3] else { return false }
        return parts.allSatisfy { $0.unicodeScalars.allSatisfy { ($0.value < 128) && (CharacterSet.alphanumerics.contains($0)) } }
    }

    private static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Hands out unique ids: reserved ones first, then fresh ones from a seed, re-seeded on a clash.
struct IDAllocator {
    private(set) var taken: Set<String> = []

    /// `preferred` when it is still free, else a fresh id from `seed`.
    mutating func id(preferred: String? = nil, seed: String) -> String {
        if let preferred, taken.insert(preferred).inserted { return preferred }
        var n = 0
        while true {
            let id = XIBWriter.freshID(seed: n == 0 ? seed : "\(seed)#\(n)")
            if taken.insert(id).inserted { return id }
            n += 1
        }
    }
}

/// Builds the `<objects>` of one document (and the scene contents of a storyboard).
struct XIBBuilder {
    let document: NibDocument
    let platform: Platform
    var ids: IDAllocator
    /// Object id → xib id.
    private(set) var xibID: [ObjectID: String] = [:]
    /// Connections by source, in document order.
    private(set) var outgoing: [ObjectID: [Connection]] = [:]
    /// Connections without a source, for the top-level comment.
    private(set) var sourceless: [Connection] = []
    /// Storyboard plumbing that compilation adds (``isCompilationArtefact(_:in:)``), for a comment.
    private(set) var artefacts: [Connection] = []
    /// The First Responder's xib id (written even when the nib archives none).
    var firstResponderID = ""
    /// Static table views and the data source objects holding their sections.
    var staticTables: [ObjectID: ObjectID] = [:]
    var staticDataSources: Set<ObjectID> = []
    /// Objects written without an id: a table column's header cell, as Xcode writes it (so no
    /// connection can name it: ``isWritten(_:)`` is false).
    var idless: Set<ObjectID> = []
    /// A scroll view's document view that the nib's outline lists under the scroll view (IB 3
    /// nibs): written in the clip view's `<subviews>`, as a xib holds it (clip view → views).
    var adopted: [ObjectID: [ObjectID]] = [:]
    var adoptedAway: Set<ObjectID> = []
    /// `<segue>` elements of a storyboard's segue templates, by the template as an upstream
    /// placeholder names it (`<scene nib>:<object id>`): a cell's `selectionSegueTemplate` or
    /// `accessoryActionSegueTemplate` outlet to one is written as that segue in the cell.
    var cellSegues: [String: XMLOutput.Element] = [:]
    /// Id namespace for seeds (the scene, in a storyboard).
    var seedPrefix = ""
    /// How deep ``nodes(for:parent:key:)`` is in the hierarchy; below ``maxDepth`` levels the
    /// rest of a branch is a comment (a hostile nib nests views thousands deep; HierarchyWalk's
    /// limit is 512, Interface Builder's own files stay far below this).
    var depth = 0
    static let maxDepth = 256
    /// Objects whose xib id is given (storyboard placeholders bound to their controller).
    var preset: [ObjectID: String] = [:]
    /// Objects not written here, with their subtrees (a storyboard writes contained controllers
    /// as scenes of their own, and segue templates as `<segue>` elements).
    var skip: Set<ObjectID> = []
    /// True in a storyboard scene: placeholders are not written (unless ``preset``).
    var storyboardMode = false
    /// Nodes added inside an object's element (a storyboard controller's view from its view nib),
    /// and connection elements added to its `<connections>` (the view nib's outlets, segues).
    var injected: [ObjectID: [XMLOutput.Node]] = [:]
    var injectedConnections: [ObjectID: [XMLOutput.Element]] = [:]
    /// `sceneMemberID` of an object (a storyboard scene's controller).
    var sceneMember: [ObjectID: String] = [:]
    /// Prototype cells from nested nibs, per table or collection view, and their identifiers.
    var prototypes: [ObjectID: [XMLOutput.Node]] = [:]
    var prototypeNames: Set<String> = []
    var prototypeDocuments: Set<String> = []

    init(document: NibDocument, ids: IDAllocator, seedPrefix: String = "", preset: [ObjectID: String] = [:],
         storyboardMode: Bool = false) {
        self.storyboardMode = storyboardMode
        self.document = document
        self.platform = document.platform == .unknown ? .iOS : document.platform
        self.ids = ids
        self.seedPrefix = seedPrefix
        self.preset = preset
        self.xibID = preset
        for o in document.objects where o.className.contains("SegueTemplate") { skip.insert(o.id) }
        if platform == .macOS {
            var firstClipViews: [ObjectID: ObjectID] = [:]
            for o in document.objects where Self.isFolded(o, in: document, firstClipViews: &firstClipViews) { skip.insert(o.id) }
            for o in document.objects where o.className.hasSuffix("ScrollView") {
                let kids = o.children.compactMap { document.object($0) }
                guard let clip = kids.first(where: { $0.className.hasSuffix("ClipView") }),
                      !clip.children.contains(where: { document.object($0)?.className.hasSuffix("Constraint") == false }) else { continue }
                let documentViews = kids.filter { k in
                    !["ClipView", "Scroller", "HeaderView", "CornerView", "Constraint"].contains { k.className.hasSuffix($0) }
                        && !k.className.hasSuffix("Cell") && k.placeholder == nil
                }
                guard documentViews.count == 1 else { continue }
                adopted[clip.id] = documentViews.map(\.id)
                adoptedAway.formUnion(documentViews.map(\.id))
            }
            for o in document.objects where o.className.hasSuffix("TableHeaderCell")
                && o.parent.flatMap({ document.object($0) })?.className.hasSuffix("TableColumn") == true {
                idless.insert(o.id)
            }
        }
        // A static table's sections live in a data source object the controller's
        // `staticDataSource` outlet names; the source has them in the table (`<sections>`).
        var viewOutlet: [ObjectID: ObjectID] = [:]
        for c in document.connections where c.kind == .outlet && c.label == "view" {
            if let s = c.source, let d = c.destination, viewOutlet[s] == nil { viewOutlet[s] = d }
        }
        for c in document.connections where c.kind == .outlet && c.label == "staticDataSource" {
            guard let ds = c.destination, let owner = c.source, let table = viewOutlet[owner],
                  document.object(table)?.className.hasSuffix("TableView") == true else { continue }
            staticTables[table] = ds
            staticDataSources.insert(ds)
            skip.insert(ds)
        }
        for c in document.connections {
            if Self.isCompilationArtefact(c, in: document) {
                artefacts.append(c)
            } else if let s = c.source, document.object(s) != nil {
                outgoing[s, default: []].append(c)
            } else {
                sourceless.append(c)
            }
        }
        assignIDs()
    }

    var isMac: Bool { platform == .macOS }

    // MARK: ids

    private mutating func assignIDs() {
        // Placeholders take Xcode's fixed ids; objects the ids their localizable strings kept.
        for p in document.placeholders {
            guard let kind = p.placeholder?.kind else { continue }
            var fixed: String?
            switch kind {
            case .filesOwner: fixed = isMac ? "-2" : "-1"
            case .firstResponder: fixed = isMac ? "-1" : "-2"
            case .application: fixed = isMac ? "-3" : nil
            default: fixed = nil
            }
            if seedPrefix.isEmpty, let fixed {
                xibID[p.id] = ids.id(preferred: fixed, seed: fixed)
            }
        }
        for o in document.objects where xibID[o.id] == nil && !(storyboardMode && o.placeholder != nil) {
            let recovered = o.properties.lazy.compactMap { p -> String? in
                guard case .localizedString(let l) = p.value, let dot = l.key.firstIndex(of: ".") else { return nil }
                let id = String(l.key[..<dot])
                return XIBWriter.isIBID(id) ? id : nil
            }.first
            xibID[o.id] = ids.id(preferred: recovered, seed: seedPrefix + document.name + "|" + o.id.rawValue + "|" + o.className)
        }
        if let fr = document.placeholders.first(where: { $0.placeholder?.kind == .firstResponder }), xibID[fr.id] != nil {
            firstResponderID = xibID[fr.id] ?? ""
        } else {
            let fixed = seedPrefix.isEmpty ? (isMac ? "-1" : "-2") : nil
            firstResponderID = ids.id(preferred: fixed, seed: seedPrefix + document.name + "|First Responder")
        }
    }

    // MARK: document frame

    static func documentElement(platform: Platform, storyboard: Bool) -> XMLOutput.Element {
        let mac = platform == .macOS
        let type = "com.apple.InterfaceBuilder3." + (mac ? "Cocoa" : "CocoaTouch") + (storyboard ? ".Storyboard" : "") + ".XIB"
        var attrs: [(String, String)] = [("type", type), ("version", "3.0"), ("toolsVersion", "23504"),
                                         ("targetRuntime", mac ? "MacOSX.Cocoa" : "iOS.CocoaTouch"),
                                         ("propertyAccessControl", "none")]
        if !mac { attrs += [("useAutolayout", "YES"), ("colorMatched", "YES")] }
        return XMLOutput.Element("document", attrs)
    }

    static func dependencies(platform: Platform) -> XMLOutput.Element {
        let mac = platform == .macOS
        var d = XMLOutput.Element("dependencies")
        d.append(XMLOutput.Element("plugIn", [("identifier", mac ? "com.apple.InterfaceBuilder.CocoaPlugin" : "com.apple.InterfaceBuilder.IBCocoaTouchPlugin"),
                                              ("version", "23504")]))
        return d
    }
}
