import Foundation
import NibModel

/// One document being linted and the facts about it that several rules read, each worked out
/// once, when a rule first asks: whether it is the main nib, accessibility per object, the cells
/// of a control, the image an object shows, and the resources near the input (shared by every
/// document of a run).
final class LintContext {
    let document: NibDocument
    /// The file of the document (the input's path when the document has none of its own).
    let path: String
    /// The resources near each input, shared by the documents of one run.
    let resources: LintResources

    init(document: NibDocument, path: String, resources: LintResources) {
        self.document = document
        self.path = path
        self.resources = resources
    }

    /// Whether the document is the first of its file the run checks (a storyboard's first scene):
    /// rules about a file as a whole (its `<document>` attributes) report once per file on it.
    var isFirstOfFile = true
    /// The storyboard the document is a scene of (its scenes, controllers, entry point), nil
    /// for documents of no storyboard.
    var storyboard: StoryboardSummary?

    /// A xib or storyboard source (findings carry lines), not a compiled nib.
    var isSource: Bool { !document.format.isCompiled }

    /// ``NibLint/isMainNib(_:)`` of the document.
    private(set) lazy var isMainNib: Bool = NibLint.isMainNib(document)

    /// The connections to each object (by destination) and from it (by source).
    private(set) lazy var incoming: [ObjectID: [Connection]] = Dictionary(grouping: document.connections.filter { $0.destination != nil }) { $0.destination! }
    private(set) lazy var outgoing: [ObjectID: [Connection]] = Dictionary(grouping: document.connections.filter { $0.source != nil }) { $0.source! }

    /// The `placeholder` runtime attributes of text views, by object.
    private(set) lazy var runtimePlaceholders: [ObjectID: String] = {
        var out: [ObjectID: String] = [:]
        for c in document.connections where c.kind == .runtimeAttribute && (c.keyPath ?? c.label) == "placeholder" {
            if let s = c.source, let text = LintContext.text(c.value) { out[s] = text }
        }
        return out
    }()

    // MARK: Accessibility

    /// Accessibility facts of one object: label set, marked not an element, marked an element.
    struct Access {
        var labelled = false
        var notElement = false
        var element = false
    }

    static let labelAttributes: Set<String> = [
        "accessibilityLabel", "AXDescription", "accessibilityDescription", "AXTitle", "accessibilityTitle",
    ]

    /// Accessibility facts by object, from accessibility and runtime-attribute connections and from
    /// the objects' properties.
    private(set) lazy var accessibility: [ObjectID: Access] = Self.accessibility(of: document)

    private static func accessibility(of document: NibDocument) -> [ObjectID: Access] {
        var out: [ObjectID: Access] = [:]
        for c in document.connections where c.kind == .accessibility || c.kind == .runtimeAttribute {
            guard let s = c.source else { continue }
            let key = c.kind == .accessibility ? c.label : (c.keyPath ?? c.label)
            if Self.labelAttributes.contains(key) {
                if let text = Self.text(c.value), !text.isEmpty { out[s, default: Access()].labelled = true }
            } else if key == "isAccessibilityElement" || key == "accessibilityElement" {
                if case .bool(let b)? = c.value { b ? (out[s, default: Access()].element = true) : (out[s, default: Access()].notElement = true) }
                if case .int(let i)? = c.value { i != 0 ? (out[s, default: Access()].element = true) : (out[s, default: Access()].notElement = true) }
            }
        }
        for o in document.objects {
            for p in o.properties {
                switch p.key {
                case "accessibilityLabel", "accessibilityDescription", "AXDescription":
                    if let t = Self.text(p.value), !t.isEmpty { out[o.id, default: Access()].labelled = true }
                case "accessibility", "accessibilityConfiguration":
                    // A xib's `<accessibility>` element: `description` (AppKit) or `label` (UIKit), `isElement`.
                    if case .accessibility(let a) = p.value {
                        if a.label != nil { out[o.id, default: Access()].labelled = true }
                        if a.isElement == false { out[o.id, default: Access()].notElement = true }
                        if a.isElement == true { out[o.id, default: Access()].element = true }
                    }
                default: break
                }
            }
        }
        return out
    }

    /// Whether VoiceOver has something to read for `o` other than what it shows: an accessibility
    /// label, or the object marked not an accessibility element.
    func isLabelledForAccessibility(_ o: NibObject) -> Bool {
        let a = accessibility[o.id] ?? Access()
        return a.labelled || a.notElement
    }

    // MARK: Objects

    /// The text of a string or localized string, a key equivalent as shown (`⇧⌘Z`), or the text
    /// of a value the reader gives no type (`formatted`); nil for anything else.
    static func text(_ v: PropertyValue?) -> String? {
        switch v {
        case .string(let s)?: return s
        case .localizedString(let l)?: return l.text
        case .keyEquivalent(let k)?: return k.description
        case .formatted(let f)?: return f
        default: return nil
        }
    }

    /// A property of the object or of its cell (AppKit controls keep title, image and
    /// placeholder in their cell).
    func property(_ key: String, of o: NibObject) -> PropertyValue? {
        if let v = o.property(key) { return v }
        for id in cells(of: o) { if let v = document.object(id)?.property(key) { return v } }
        return nil
    }

    /// The cells of a control: its `cell` property, then children whose class ends in `Cell`.
    func cells(of o: NibObject) -> [ObjectID] {
        var out: [ObjectID] = []
        if case .object(let id)? = o.property("cell") { out.append(id) }
        for id in o.children where !out.contains(id) {
            if let c = document.object(id), c.className.hasSuffix("Cell") { out.append(id) }
        }
        return out
    }

    /// The image an object shows and whether it is a system image (SF Symbol, `NS…` named image).
    func image(of o: NibObject) -> (name: String, system: Bool)? {
        for candidate in [o.id] + cells(of: o) {
            guard let obj = document.object(candidate) else { continue }
            let catalogSystem = obj.property("catalog").flatMap(Self.text) == "system"
            for p in obj.properties where p.key == "image" {
                switch p.value {
                case .image(let ref):
                    return (ref.name, ref.isSystem || catalogSystem || NibLint.isSystemImageName(ref.name))
                case .string(let s) where !s.isEmpty:
                    return (s, catalogSystem || NibLint.isSystemImageName(s))
                default: break
                }
            }
        }
        return nil
    }
}

/// Resources near the inputs of one run: one search per directory, one read of each source's
/// SF Symbol names.
final class LintResources {
    private var byDirectory: [String: ResourceIndex] = [:]
    /// Source file → its SF Symbol names (a source storyboard is one document per scene).
    private var systemImages: [String: Set<String>] = [:]
    /// Asset catalog or input directory → its colour sets (nil: no catalog near).
    private var colorSets: [String: ColorSets?] = [:]

    /// The colour sets of the catalog at `catalog` (a configured path), read once per run.
    func colorSets(catalog: String) -> ColorSets {
        let key = "catalog:" + catalog
        if let cached = colorSets[key], let sets = cached { return sets }
        let sets = ColorSets.read(catalog)
        colorSets[key] = sets
        return sets
    }

    /// The colour sets of the catalogs near `path` (``ColorSets/near(_:)``), nil when none is.
    func colorSets(near path: String) -> ColorSets? {
        let key = "near:" + (index(for: path).root ?? "")
        if let cached = colorSets[key] { return cached }
        let sets = ColorSets.near(index(for: path))
        colorSets[key] = sets
        return sets
    }

    /// The SF Symbol names a xib or storyboard's `<resources>` section lists.
    func systemImages(ofSource path: String) -> Set<String> {
        if let cached = systemImages[path] { return cached }
        let names = ResourceIndex.systemImageNames(inSource: path)
        systemImages[path] = names
        return names
    }

    /// The images and asset catalogs near `path` (``ResourceIndex/near(_:)``).
    func index(for path: String) -> ResourceIndex {
        let directory = (path as NSString).deletingLastPathComponent
        if let cached = byDirectory[directory] { return cached }
        let index = ResourceIndex.near(path)
        byDirectory[directory] = index
        return index
    }
}
