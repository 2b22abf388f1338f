#if !NIBINSPECT_SINGLE_MODULE
import ArchiveReader
#endif
import CArchive

/// The members of a zip archive (`.ipa`, `.zip`) read into memory through libarchive, with bounds:
/// the only file of the package that touches the libarchive C API.
///
/// Members are read in archive order. For each regular member the first ``ArchiveLimits/headLength``
/// bytes are decompressed and handed to the caller's `keep` test; kept members are read whole, the
/// others skipped. No member larger than ``ArchiveLimits/maxMemberBytes`` once decompressed, and no
/// more than ``ArchiveLimits/maxTotalBytes`` in all, is held (a zip bomb ends in a refusal, not in
/// memory running out). Nothing is written to disk.
public struct ZipMembers: Sendable {
    /// Kept members by normalised path inside the archive (`Payload/App.app/Login.nib`).
    public var files: [String: [UInt8]] = [:]
    /// Kept members that were not read, with the reason (larger than the member limit), and
    /// members whose name cannot be read (`<member N>`, N counting regular members from 1).
    public var refused: [(path: String, error: ArchiveError)] = []
    /// Set when reading stopped early because the total limit was reached; what was read is kept.
    public var stopped: ArchiveError?
    /// Regular members seen (kept or not).
    public var memberCount = 0

    /// Reads the zip archive in `bytes`.
    ///
    /// - Parameters:
    ///   - limits: member, total and count limits.
    ///   - keep: whether to read a member whole, given its normalised path and first bytes.
    /// - Throws: ``ArchiveError`` `.malformed` when libarchive cannot read the archive (not a zip,
    ///   truncated, a broken entry) with the compressed byte offset reached; `.limitExceeded` when
    ///   it has more members than ``ArchiveLimits/maxMembers``.
    public static func read(bytes: [UInt8], limits: ArchiveLimits = .default,
                            keep: (String, [UInt8]) -> Bool) throws(ArchiveError) -> ZipMembers {
        let result: Result<ZipMembers, ArchiveError> = bytes.withUnsafeBytes { raw in
            guard let reader = Reader(limits: limits) else { return .failure(Reader.outOfMemory) }
            defer { reader.close() }
            // An empty buffer still needs a valid pointer.
            let status = withUnsafePointer(to: 0) { zero in
                archive_read_open_memory(reader.handle, raw.baseAddress ?? UnsafeRawPointer(zero), raw.count)
            }
            if status != ARCHIVE_OK { return .failure(reader.error("cannot open")) }
            return Result { () throws(ArchiveError) in try reader.members(keep: keep) }
        }
        return try result.get()
    }

    /// Reads the zip archive at `path` (see ``read(bytes:limits:keep:)``), streaming it from disk.
    ///
    /// - Throws: ``InputError`` when the file cannot be opened; ``ArchiveError`` as
    ///   ``read(bytes:limits:keep:)``.
    public static func read(path: String, limits: ArchiveLimits = .default,
                            keep: (String, [UInt8]) -> Bool) throws -> ZipMembers {
        guard let reader = Reader(limits: limits) else { throw Reader.outOfMemory }
        defer { reader.close() }
        if archive_read_open_filename(reader.handle, path, 1 << 16) != ARCHIVE_OK {
            let message = reader.message
            throw InputError(.unreadable(message.isEmpty ? "cannot open" : message), path: path)
        }
        return try reader.members(keep: keep)
    }

    /// `name` as a path inside the archive: no leading `/` or `./`, no `.` or `..` components
    /// (a member never leaves the archive's root), `\` read as `/`; nil when nothing is left.
    static func normalise(_ name: String) -> String? {
        var parts: [Substring] = []
        for part in name.replacingOccurrences(of: "\\", with: "/").split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// One libarchive read handle, used on one thread from ``init(limits:)`` to ``close()``: that
    /// thread's character type is a UTF-8 locale meanwhile, so that member names stored as UTF-8
    /// (`Écran.xib`, `Payload/Ünïcode.app/…`, the zip UTF-8 flag) are converted, not dropped.
    private final class Reader {
        let handle: OpaquePointer
        let limits: ArchiveLimits
        private let locale: carchive_locale_state
        static let outOfMemory = ArchiveError(.malformed("zip: libarchive could not allocate a reader"), at: 0)

        init?(limits: ArchiveLimits) {
            let locale = carchive_enter_utf8_ctype()
            guard let a = archive_read_new() else {
                carchive_leave_utf8_ctype(locale)
                return nil
            }
            archive_read_support_format_zip(a)
            handle = a
            self.limits = limits
            self.locale = locale
        }

        func close() {
            archive_read_free(handle)
            carchive_leave_utf8_ctype(locale)
        }

        var message: String { archive_error_string(handle).map { String(cString: $0) } ?? "" }

        /// Compressed bytes consumed so far: where in the archive reading stopped.
        var offset: Int { Int(clamping: archive_filter_bytes(handle, -1)) }

        func error(_ what: String) -> ArchiveError {
            let detail = message
            return ArchiveError(.malformed("zip: \(what)" + (detail.isEmpty ? "" : ": \(detail)")), at: offset)
        }

        func members(keep: (String, [UInt8]) -> Bool) throws(ArchiveError) -> ZipMembers {
            var out = ZipMembers()
            var total = 0
            var entry: OpaquePointer?
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let status = archive_read_next_header(handle, &entry)
                if status == ARCHIVE_EOF { break }
                guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                    throw error("cannot read the entry after member \(out.memberCount)")
                }
                guard carchive_is_regular(entry) != 0 else { continue }
                out.memberCount += 1
                if out.memberCount > limits.maxMembers {
                    throw ArchiveError(.limitExceeded(.objectCount, value: out.memberCount), at: offset,
                                       detail: "zip: more than \(limits.maxMembers) members")
                }
                let raw = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
                    ?? archive_entry_pathname(entry).map { String(cString: $0) }
                guard let raw else {
                    // A name that cannot be converted (not valid UTF-8 under the UTF-8 flag): an
                    // error line of its own, not a member silently missing.
                    let detail = message
                    out.refused.append(("<member \(out.memberCount)>", ArchiveError(
                        .malformed("zip: the name of member \(out.memberCount) cannot be read" + (detail.isEmpty ? "" : ": \(detail)")),
                        at: offset)))
                    continue
                }
                guard let name = ZipMembers.normalise(raw) else { continue }
                var bytes: [UInt8] = []
                // The head, then (when kept) the rest, in chunks; never more than the member limit + 1.
                func readMore(upTo cap: Int) throws(ArchiveError) -> Bool {
                    while bytes.count < cap {
                        let want = min(buffer.count, cap - bytes.count)
                        let n = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, want) }
                        if n < 0 { throw error("cannot read member \(name)") }
                        if n == 0 { return true }
                        bytes.append(contentsOf: buffer[0..<n])
                    }
                    return false
                }
                var ended = try readMore(upTo: limits.headLength)
                guard keep(name, bytes) else { continue }
                if !ended { ended = try readMore(upTo: limits.maxMemberBytes + 1) }
                if bytes.count > limits.maxMemberBytes {
                    out.refused.append((name, ArchiveError(.limitExceeded(.fileSize, value: bytes.count), at: offset,
                                                           detail: "zip member larger than \(limits.maxMemberBytes) bytes decompressed; not read")))
                    continue
                }
                total += bytes.count
                if total > limits.maxTotalBytes {
                    out.stopped = ArchiveError(.limitExceeded(.fileSize, value: total), at: offset,
                                               detail: "zip members to read exceed \(limits.maxTotalBytes) bytes in all; stopped at \(name)")
                    break
                }
                if out.files[name] == nil { out.files[name] = bytes }
            }
            return out
        }
    }
}

/// Bounds on what ``ZipMembers`` reads from one archive.
public struct ArchiveLimits: Sendable, Hashable {
    /// Bytes decompressed from every member to decide whether to keep it (default 1 KiB).
    public var headLength = 1024
    /// Largest member kept, decompressed (default 64 MiB).
    public var maxMemberBytes = 64 << 20
    /// Largest sum of kept members (default 512 MiB).
    public var maxTotalBytes = 512 << 20
    /// Most regular members an archive may have (default 1 million).
    public var maxMembers = 1_000_000

    public static let `default` = ArchiveLimits()

    public init(headLength: Int = 1024, maxMemberBytes: Int = 64 << 20, maxTotalBytes: Int = 512 << 20,
                maxMembers: Int = 1_000_000) {
        self.headLength = headLength
        self.maxMemberBytes = maxMemberBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxMembers = maxMembers
    }
}
