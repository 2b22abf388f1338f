import Foundation

/// Reads the first bytes of a file, for format sniffing, without reading the whole file.
enum FileProbe {
    /// Size and first `count` bytes of the file at `path`; nil when unreadable.
    static func head(_ path: String, count: Int = FileFormat.sniffLength) -> (size: Int, head: [UInt8])? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        let data = (try? handle.read(upToCount: count)) ?? nil
        return (size ?? data?.count ?? 0, [UInt8](data ?? Data()))
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
