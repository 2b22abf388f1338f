import ArchiveReader
import TextEscaping

/// Text shown above the documents of a multi-document input (nib bundle, `.storyboardc`,
/// directory): what the input is, the variants of a bundle, a storyboard's Info.plist and scenes.
enum ContainerText {
    /// Header lines; empty for a single flat file (whose output stays the bare tree).
    /// `documents`: how many documents the input shows (a directory's sources included); defaults
    /// to the container's compiled documents.
    static func header(_ c: NibContainer, documents: Int? = nil) -> String {
        var s = ""
        switch c.kind {
        case .file:
            return ""
        case .nibBundle:
            s += "\(Escape.terminal(c.name)): nib bundle\n"
            s += "variants: " + variantsLine(c.variants) + "\n"
        case .compiledStoryboard:
            break
        case .directory:
            let n = documents ?? c.documents.count
            s += "\(Escape.terminal(c.name)): directory, \(n) document\(n == 1 ? "" : "s")\n"
        }
        for sb in c.storyboards { s += storyboard(sb) }
        return s
    }

    /// `objects-13.0+.nib (read), runtime.nib, designable.nib (source), info.nib (metadata)`.
    static func variantsLine(_ variants: [NibVariant]) -> String {
        variants.map { v in
            var s = Escape.terminal(v.name)
            if v.chosen { s += " (read)" }
            else if v.role != .compiled { s += " (\(v.role.rawValue))" }
            else if v.size == 0 { s += " (empty)" }
            return s
        }.joined(separator: ", ")
    }

    /// A storyboard's summary: platform, Info.plist, entry point and scene → nib table.
    static func storyboard(_ sb: CompiledStoryboard) -> String {
        var s = "\(Escape.terminal(sb.name)): compiled storyboard"
        if let info = sb.info {
            s += " (\(info.platform.rawValue), \(Escape.terminal(sb.infoFile ?? "Info.plist"))"
            if let v = info.version { s += " version \(v)" }
            s += ")\n"
            s += "entry point: \(Escape.terminal(info.entryPoint ?? "none"))\n"
            if let menu = info.mainMenu { s += "main menu: \(Escape.terminal(menu))\n" }
            for (id, target) in info.externalReferences.sorted(by: { $0.key < $1.key }) {
                s += "external reference: \(Escape.terminal(id)) → \(Escape.terminal(target))\n"
            }
            s += "scenes:\n"
            for scene in sb.scenes {
                s += "  \(Escape.terminal(scene.identifier)) → \(Escape.terminal(scene.nibName)).nib"
                if scene.documents.isEmpty { s += " (missing)" }
                if scene.isEntryPoint { s += " (entry point)" }
                s += "\n"
            }
        } else {
            s += " (no Info.plist)\n"
        }
        if let dir = sb.nibDirectory { s += "nibs read from: \(Escape.terminal(dir))\n" }
        return s
    }

    /// `--list-variants`: each nib bundle at or below `path` with its files, one a line, `*`
    /// marking the one that would be read (`requested` or the default), and the warnings of the
    /// walk. Nothing is decoded, so a bundle whose variants are broken can still be listed.
    static func variantList(path: String, requested: String?) -> (text: String, diagnostics: [Diagnostic]) {
        var s = ""
        let (bundles, diagnostics) = NibBundle.bundles(under: path)
        for bundle in bundles {
            guard let nib = try? NibBundle(path: bundle.path) else { continue }
            let chosen = (try? nib.choose(requested))?.name ?? (try? nib.choose(nil))?.name
            let variants = nib.marking(chosen ?? "")
            s += Escape.terminal(bundle.name) + ":\n"
            let width = variants.map(\.name.count).max() ?? 0
            for v in variants {
                let name = Escape.terminal(v.name).padding(toLength: width, withPad: " ", startingAt: 0)
                s += "\(v.chosen ? "*" : " ") \(name)  \(v.role.rawValue)  \(v.format)  \(v.size) bytes\n"
            }
        }
        return (s, diagnostics)
    }
}

/// JSON for `json --raw` on a multi-document input:
/// `{"schemaVersion", "container": {kind, path, name, variants, storyboards, documents, diagnostics},
///   "documents": [<raw document>…], "failures": [{"name", "error"}]}`; `documents[i]` is
/// `container.documents[i]`.
enum ContainerJSON {
    /// The envelope of `documents` (`documents[i]` for ``LoadedContainer/archives`` `[i]`), each
    /// made when it is written.
    static func envelope(_ loaded: LoadedContainer, documents: LazyJSON) -> LazyJSON {
        .object([
            "schemaVersion": .value(.int(rawJSONSchemaVersion)),
            "container": .value(container(loaded.container)),
            "documents": documents,
            "failures": .value(.array(loaded.failures.map { .object(["name": .string($0.name), "error": .string("\($0.error)")]) })),
        ])
    }

    static func container(_ c: NibContainer) -> JSONValue {
        .object([
            "kind": .string(c.kind.rawValue), "path": .string(c.path), "name": .string(c.name),
            "variants": .array(c.variants.map(variant)),
            "storyboards": .array(c.storyboards.map(storyboard)),
            "documents": .array(c.documents.map(document)),
            "diagnostics": .array(c.diagnostics.map(RawJSON.diagnostic)),
        ])
    }

    static func variant(_ v: NibVariant) -> JSONValue {
        .object(["name": .string(v.name), "role": .string(v.role.rawValue), "format": .string(v.format),
                 "size": .int(Int64(v.size)), "chosen": .bool(v.chosen)])
    }

    static func document(_ d: NibContainer.Document) -> JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        return .object([
            "name": .string(d.name), "path": opt(d.path), "format": .string(d.format), "variant": opt(d.variant),
            "variants": .array(d.variants.map(variant)), "device": opt(d.device), "nibName": opt(d.nibName),
            "storyboard": opt(d.storyboard), "parent": opt(d.parent), "location": opt(d.location),
            "offset": d.offset.map { .int(Int64($0)) } ?? .null,
        ])
    }

    static func storyboard(_ sb: CompiledStoryboard) -> JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        var info: JSONValue = .null
        if let i = sb.info {
            info = .object([
                "platform": .string(i.platform.rawValue), "entryPoint": opt(i.entryPoint),
                "identifiersToNibNames": .object(i.identifiersToNibNames.mapValues { .string($0) }),
                "externalReferences": .object(i.externalReferences.mapValues { .string($0) }),
                "version": i.version.map { .int(Int64($0)) } ?? .null, "mainMenu": opt(i.mainMenu),
            ])
        }
        return .object([
            "name": .string(sb.name), "path": .string(sb.path), "device": opt(sb.device),
            "infoFile": opt(sb.infoFile), "info": info, "nibDirectory": opt(sb.nibDirectory),
            "scenes": .array(sb.scenes.map { s in
                .object(["identifier": .string(s.identifier), "nibName": .string(s.nibName),
                         "entryPoint": .bool(s.isEntryPoint), "documents": .array(s.documents.map { .string($0) })])
            }),
            "nibs": .array(sb.nibs.map { n in
                .object(["fileName": .string(n.fileName), "nibName": .string(n.nibName), "device": opt(n.device),
                         "bundle": .bool(n.isBundle), "documents": .array(n.documents.map { .string($0) })])
            }),
        ])
    }
}
