import Foundation

/// Reads the first bytes of a file, for format sniffing, without reading the whole file.
enum FileProbe {
    /// Size and first bytes of the file at `path`, enough to tell its format: 1 KiB, or up to
    /// ``FileFormat/sniffLength`` for XML whose root element comes later (a long licence comment);
    /// nil when unreadable.
    static func head(_ path: String) -> (size: Int, head: [UInt8])? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        var bytes = [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
        if bytes.count == 1024, Self.looksLikeXMLWithoutRoot(bytes) {
            bytes += [UInt8]((try? handle.read(upToCount: FileFormat.sniffLength - 1024)) ?? Data())
        }
        return (size ?? bytes.count, bytes)
    }

    /// True when `bytes` start like XML (after a byte-order mark and blanks) but the root element
    /// has not started within them.
    private static func looksLikeXMLWithoutRoot(_ bytes: [UInt8]) -> Bool {
        let text = XMLProlog.utf8(bytes).bytes
        guard let first = text.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }), first == 0x3C
        else { return false }
        return XMLProlog.rootTag(text) == nil
    }

    /// True when `path` is a regular file (following symbolic links); FIFOs, sockets and devices
    /// are never opened while walking a directory, so reading cannot block.
    static func isRegularFile(_ path: String) -> Bool {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// True when `path` is a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Directory entries sorted by name, hidden files (`.DS_Store`) left out.
    static func entries(_ path: String) throws(InputError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw InputError(.unreadable((error as NSError).localizedDescription), path: path)
        }
    }

    static func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }
}
