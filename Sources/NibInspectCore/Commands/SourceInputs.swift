import ArchiveReader
import Foundation

extension Context {
    /// The input at `path` read as an Interface Builder XML source (xib, storyboard, IB 3
    /// `designable.nib`; nib-format.md §7) when its first bytes say it is one, else nil.
    ///
    /// `-` reads standard input once; when it is not a source, the bytes are resolved as a
    /// compiled nib here so that standard input is not read twice.
    func loadSourceOrStdin(_ path: String) throws -> NibInput? {
        if path == "-" {
            let bytes = console.readStdin()
            if SourceReader.isSource(bytes) {
                return try withFile(path) { try SourceReader.read(bytes: bytes, name: "<stdin>") }
            }
            let archive = try withFile(path) { try loader.loadArchive(bytes: bytes, name: "<stdin>") }
            let document = NibResolver.resolve(archive.graph, name: archive.name)
            return NibInput(path: "<stdin>", kind: document.format.displayName, documents: [document])
        }
        if let variant = requestedSourceVariant(path) {
            // `--variant designable.nib`: the bundle's IB 3 XML source, asked for by name.
            let bytes = try withFile(path) { try NibLoader.readFile(variant.file) }
            let name = (path as NSString).lastPathComponent + "/" + variant.name
            return try withFile(path) { try SourceReader.read(bytes: bytes, name: name, path: variant.file) }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let head = [UInt8](handle.readData(ofLength: 1024))
        try? handle.close()
        guard SourceReader.isSource(head) else { return nil }
        let bytes = try withFile(path) { try NibLoader.readFile(path) }
        return try withFile(path) {
            try SourceReader.read(bytes: bytes, name: (path as NSString).lastPathComponent, path: path)
        }
    }

    /// The `--variant` asked for when `path` is a nib bundle and that variant is an Interface
    /// Builder XML source (the IB 3 `designable.nib`, by role and by its first bytes): its name,
    /// file path and format; nil otherwise (compiled variants go through the container loader).
    func requestedSourceVariant(_ path: String) -> (name: String, file: String, format: FileFormat)? {
        guard path != "-", let requested = loader.variant,
              (path as NSString).lastPathComponent.hasSuffix(".nib"),
              let bundle = try? NibBundle(path: path),
              let variant = bundle.variants.first(where: { $0.name == requested || $0.name == requested + ".nib" }),
              variant.role == .source else { return nil }
        let file = (path as NSString).appendingPathComponent(variant.name)
        guard let handle = FileHandle(forReadingAtPath: file) else { return nil }
        let head = [UInt8](handle.readData(ofLength: 1024))
        try? handle.close()
        guard SourceReader.isSource(head) else { return nil }
        return (variant.name, file, FileFormat(sniffing: head))
    }

    /// Refuses `--raw` with a `--variant` that is an XML source (usage error, exit 64): the raw
    /// commands print compiled archive tables, which a source does not have.
    func rejectSourceVariantForRaw(_ path: String) throws {
        guard let variant = requestedSourceVariant(path) else { return }
        let what = variant.format == .xibArchive ? "the IB 3 XML source" : "an Interface Builder XML source"
        throw UsageError("\(variant.name) is \(what); --raw reads compiled variants only")
    }
}
