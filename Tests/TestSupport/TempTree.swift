import Foundation

/// A temporary directory tree made by a test, removed by ``remove()``.
public struct TempTree {
    public let root: String

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Absolute path of `relative`.
    public func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Writes `bytes` at `relative`, creating parent directories.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let p = path(relative)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    @discardableResult
    public func write(_ relative: String, text: String) throws -> String { try write(relative, Array(text.utf8)) }

    @discardableResult
    public func mkdir(_ relative: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        return path(relative)
    }

    /// A storyboard Info.plist (binary or XML) from a dictionary.
    @discardableResult
    public func writePlist(_ relative: String, _ dict: [String: Any], binary: Bool = true) throws -> String {
        let data = try PropertyListSerialization.data(fromPropertyList: dict, format: binary ? .binary : .xml, options: 0)
        return try write(relative, [UInt8](data))
    }

    /// Every file below the root with its size, modification date and content hash, to show
    /// that reading changed nothing.
    public func snapshot() -> [String: String] {
        var out: [String: String] = [:]
        guard let e = FileManager.default.enumerator(atPath: root) else { return out }
        while let rel = e.nextObject() as? String {
            let p = path(rel)
            let attrs = (try? FileManager.default.attributesOfItem(atPath: p)) ?? [:]
            let data = FileManager.default.contents(atPath: p) ?? Data()
            out[rel] = "\(attrs[.size] ?? 0) \(attrs[.modificationDate] ?? "") \(data.hashValue)"
        }
        return out
    }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }
}
