import Foundation
#if !NIBINSPECT_SINGLE_MODULE
import ArchiveReader
import TextEscaping
#endif
#if !NIBINSPECT_SINGLE_MODULE
import NibModel
#endif

/// One line of `nibinspect scan`: one document of one unit, or the error that stopped a unit.
///
/// Every line is self-contained (where it comes from, what it is, what is in it), so that a
/// collection of lines can be filtered, sharded and loaded into a query engine line by line. The
/// shape is described by `Schemas/nibinspect-scan.schema.json`.
///
/// ```json
/// {"archive":"App.ipa","classes":["UIButton","UILabel","UIView"],"connections":[…],
///  "container":"nib","counts":{"actions":1,"connections":3,"objects":6,"outlets":2,…},
///  "document":"Login.nib","format":"NIBArchive","input":"App.ipa",
///  "member":"Payload/App.app/Login.nib","path":"App.ipa/Payload/App.app/Login.nib",
///  "platform":"iOS","schemaVersion":1,…}
/// ```
public struct ScanRecord: Encodable, Sendable, Hashable {
    /// Version of the line format; bumped on any incompatible change.
    public static let currentSchemaVersion = 1

    public var schemaVersion = ScanRecord.currentSchemaVersion
    /// The `PATH` argument the unit was found under, as given.
    public var input: String
    /// The zip archive (`.ipa`, `.zip`) holding the unit: the input itself or a file below it;
    /// nil for a unit on disk.
    public var archive: String?
    /// The unit's path inside ``archive`` (`Payload/App.app/Base.lproj/Main.storyboardc`).
    public var member: String?
    /// The unit's path: on disk as reached from ``input``, or ``archive``/``member``. `--shard`
    /// selects units by a hash of this string.
    public var path: String
    /// What the unit is: `nib` (a compiled file), `nibBundle`, `storyboard` (a `.storyboardc`),
    /// `source` (xib or storyboard), `archive` (a zip that could not be read), `input` (a path
    /// that could not be opened or listed). `input` and `archive` also on a line with no document
    /// and no error that carries what the walk of the path or the archive's members skipped after
    /// its last unit (``diagnostics``: a link leading outside, a FIFO, a directory too deep).
    public var container: String
    /// The document's name (`Login.nib`, `Main.storyboardc/UIViewController-abc.nib`,
    /// `Login.nib/objects-13.0+.nib`); nil on an error line.
    public var document: String?
    /// `iOS`, `macOS`, … (``Platform``); nil on an error line.
    public var platform: String?
    /// `NIBArchive`, `keyed archive (binary plist)`, `typedstream`, `xib`, `storyboard`, …
    /// (``SourceFormat/displayName``); nil on an error line.
    public var format: String?
    /// The nib-bundle variant read (`objects-13.0+.nib`), if any.
    public var variant: String?
    /// How many objects, placeholders and connections of each kind the document has.
    public var counts: Counts?
    /// Framework classes of the document's objects (archived class names: `UIWebView`,
    /// `NSButton`), placeholders left out, sorted, each once.
    public var classes: [String]?
    /// Custom classes (`LoginDemo.PrimaryButton`, as demangled) of objects and placeholders,
    /// sorted, each once.
    public var customClasses: [String]?
    /// The connections in archive (or document) order.
    public var connections: [Row]?
    /// What the reader and resolver noticed (the document's diagnostics; the first line of a unit
    /// also carries the unit's own: listing notes, missing scene nibs, …).
    public var diagnostics: [Diagnostic] = []
    /// Set on an error line: the unit (or one document of it) could not be read.
    public var error: Failure?

    /// Object and connection counts of one document.
    public struct Counts: Encodable, Sendable, Hashable {
        /// Every object, placeholders included.
        public var objects: Int
        public var placeholders: Int
        /// Every connection, of any kind.
        public var connections: Int
        public var outlets: Int
        public var outletCollections: Int
        public var actions: Int
        public var bindings: Int
        public var segues: Int
        /// Connections whose end could not be resolved.
        public var unresolved: Int
    }

    /// One connection: kind, label, and both ends with their classes.
    public struct Row: Encodable, Sendable, Hashable {
        /// ``Connection/Kind`` (`outlet`, `outletCollection`, `action`, `binding`, `segue`, …).
        public var kind: String
        /// Outlet name, action selector, binding name or segue identifier.
        public var label: String
        /// Object id of the source (`#12` or a xib id); nil when unresolved.
        public var source: String?
        /// Effective class of the source (custom class if any); placeholders by role
        /// (`File's Owner`, `First Responder`).
        public var sourceClass: String?
        public var destination: String?
        public var destinationClass: String?
    }

    /// Why a unit or one of its documents gave no document line.
    public struct Failure: Encodable, Sendable, Hashable {
        /// One line naming what is wrong and where (byte offset, member, breadcrumb).
        public var message: String
        /// The exit status this failure stands for: 65 malformed or not a supported format,
        /// 66 missing or unreadable, 64 bad `--variant`.
        public var status: Int
        /// The document or member that failed, when it is not the whole unit.
        public var name: String?
    }
}

extension ScanRecord {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, input, archive, member, path, container, document, platform, format, variant, counts,
             classes, customClasses, connections, diagnostics, error
    }

    /// Every key on every line, `null` where it does not apply, so that tools that infer a table
    /// from the lines (DuckDB's `read_json_auto`, Spark) see the same columns whatever the sample.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(input, forKey: .input)
        try c.encode(archive, forKey: .archive)
        try c.encode(member, forKey: .member)
        try c.encode(path, forKey: .path)
        try c.encode(container, forKey: .container)
        try c.encode(document, forKey: .document)
        try c.encode(platform, forKey: .platform)
        try c.encode(format, forKey: .format)
        try c.encode(variant, forKey: .variant)
        try c.encode(counts, forKey: .counts)
        try c.encode(classes, forKey: .classes)
        try c.encode(customClasses, forKey: .customClasses)
        try c.encode(connections, forKey: .connections)
        try c.encode(diagnostics, forKey: .diagnostics)
        try c.encode(error, forKey: .error)
    }

    /// The line of a resolved document.
    init(document d: NibDocument, unit: ScanUnit, notes: [Diagnostic]) {
        self.init(input: unit.input, archive: unit.archive, member: unit.member, path: unit.displayPath,
                  container: unit.container, document: d.name)
        platform = d.platform.rawValue
        format = d.format.displayName
        variant = d.variant
        var counts = Counts(objects: d.objects.count, placeholders: 0, connections: d.connections.count, outlets: 0,
                            outletCollections: 0, actions: 0, bindings: 0, segues: 0, unresolved: 0)
        var classes = Set<String>()
        var custom = Set<String>()
        for o in d.objects {
            if let p = o.placeholder {
                counts.placeholders += 1
                if let c = p.target?.customClass ?? o.customClass { custom.insert(c) }
            } else {
                classes.insert(o.className)
                if let c = o.customClass { custom.insert(c) }
            }
        }
        for c in d.connections {
            switch c.kind {
            case .outlet: counts.outlets += 1
            case .outletCollection: counts.outletCollections += 1
            case .action: counts.actions += 1
            case .binding: counts.bindings += 1
            case .segue: counts.segues += 1
            default: break
            }
            if c.unresolved != nil { counts.unresolved += 1 }
        }
        self.counts = counts
        self.classes = classes.sorted()
        customClasses = custom.sorted()
        func className(_ id: ObjectID?) -> String? {
            guard let o = d.object(id) else { return nil }
            if let p = o.placeholder { return p.target?.effectiveClass ?? p.kind.displayName }
            return o.effectiveClass
        }
        connections = d.connections.map {
            Row(kind: $0.kind.rawValue, label: $0.label, source: $0.source?.rawValue, sourceClass: className($0.source),
                destination: $0.destination?.rawValue, destinationClass: className($0.destination))
        }
        diagnostics = notes + d.diagnostics
    }

    /// An error line for `unit` (or its document `name`).
    init(failure error: any Error, unit: ScanUnit, name: String? = nil, notes: [Diagnostic] = []) {
        self.init(input: unit.input, archive: unit.archive, member: unit.member, path: unit.displayPath,
                  container: unit.container)
        diagnostics = notes
        self.error = Failure(message: ScanRecord.describe(error), status: Int(ScanRecord.status(for: error)), name: name)
    }

    /// One line for an error: the error's own message (readers' errors carry offset and breadcrumb).
    static func describe(_ error: any Error) -> String {
        switch error {
        case let e as InputError: return "\(e.path): \(e.description)"
        case let e as CustomStringConvertible: return e.description
        default: return "\(error)"
        }
    }

    /// The exit status an error stands for (as the other commands map it).
    static func status(for error: any Error) -> Int32 {
        switch error {
        case is InputError: return 66
        case is VariantNotFound: return 64
        default: return 65
        }
    }
}

extension ScanRecord {
    /// The record as one line of JSON (keys sorted, `/` unescaped, control and bidi characters as
    /// `\u` escapes: ``Escape/jsonText(_:)-([UInt8])``), without the newline.
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else {
            // Encoding plain strings and numbers cannot fail; say so in the line's own shape if it does.
            let quoted = (try? encoder.encode(path)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
            return #"{"error":{"message":"internal error: record could not be encoded","status":70},"path":"# + quoted + "}"
        }
        return String(decoding: Escape.jsonText([UInt8](data)), as: UTF8.self)
    }
}
