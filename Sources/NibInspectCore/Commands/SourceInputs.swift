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
}
