import ArchiveReader
import Foundation
import TextEscaping

/// Version of the resolved JSON of `json` and `connections --format json`
/// (Schemas/nibinspect.schema.json); bumped on any incompatible change (2: typed property values;
/// `diagnostics` objects instead of `warnings` strings; `unresolved` is a diagnostic object).
let resolvedJSONSchemaVersion = 2

/// `nibinspect json FILE`: one input's resolved documents and storyboard summary.
struct ResolvedOutput: Encodable {
    var schemaVersion = resolvedJSONSchemaVersion
    var path: String
    var kind: String
    var variants: [String]
    var documents: [NibDocument]
    var storyboard: StoryboardSummary?
    /// Every storyboard summary, only when the input holds more than one.
    var storyboards: [StoryboardSummary]?
    /// The input's diagnostics (container, storyboard, documents not read); each document carries
    /// its own.
    var diagnostics: [Diagnostic]

    init(_ input: NibInput) {
        path = input.path
        kind = input.kind
        variants = input.variants
        documents = input.documents
        storyboard = input.storyboard
        storyboards = input.storyboards.count > 1 ? input.storyboards : nil
        diagnostics = input.diagnostics
    }
}

/// `nibinspect connections --format json`: the connection rows of an input.
struct ConnectionsOutput: Encodable {
    var schemaVersion = resolvedJSONSchemaVersion
    var path: String
    var connections: [Row]

    /// A connection with the name of the document (the nib) it belongs to, and the storyboard
    /// controller each end stands for (``StoryboardSummary/Controller/id``), when it does.
    struct Row: Encodable {
        var document: String
        var connection: Connection
        var sourceController: String? = nil
        var destinationController: String? = nil
    }
}

enum ResolvedJSON {
    /// The output format of every resolved JSON: pretty-printed, keys sorted, slashes as is.
    static let formatting: JSONEncoder.OutputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    /// Pretty-printed JSON with sorted keys and a trailing newline; control and bidi characters in
    /// strings as `\u` escapes (``Escape/jsonText(_:)-([UInt8])``). Arrays keep the model's
    /// stable order (objects by id, connections in archive order). The commands write the same
    /// text piece by piece (``write(_:to:)-(ResolvedOutput,_)``); this is the reference it is
    /// tested against.
    static func render<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        let data = try encoder.encode(value)
        return String(decoding: Escape.jsonText([UInt8](data)), as: UTF8.self) + "\n"
    }
}
