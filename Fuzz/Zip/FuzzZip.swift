// libFuzzer entry point for `nibinspect scan`'s archive path. Built outside SwiftPM by
// Scripts/fuzz.sh (target `ziparchive`): compiled together with every file of Sources/NibModel,
// Sources/ArchiveReader and Sources/NibScan into ONE module (-DNIBINSPECT_SINGLE_MODULE), with
// libarchive through Sources/CArchive's module map.
//
// Each input is a zip archive held in memory, taken the way `scan` takes an .ipa:
// ZipMembers.read(bytes:) (libarchive; members kept by Scanner.keep, small limits so that a zip
// bomb hits them) → the members as a FileTree → the units listed as on disk → every unit opened
// through NibOpener and rendered as its JSON line. Errors are expected (they become error lines);
// only traps, hangs (-timeout) and memory blow-ups (-rss_limit_mb) are bugs.
import Foundation

private let scanner = Scanner(jobs: 1, limits: {
    var limits = DecodingLimits.default
    limits.maxFileSize = 1 << 20
    return limits
}(), archiveLimits: ArchiveLimits(maxMemberBytes: 1 << 20, maxTotalBytes: 8 << 20, maxMembers: 10_000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let members: ZipMembers
    do { members = try ZipMembers.read(bytes: bytes, limits: scanner.archiveLimits, keep: Scanner.keep) } catch {
        // One error line for the archive.
        let unit = ScanUnit(input: "fuzz.ipa", archive: "fuzz.ipa", displayPath: "fuzz.ipa", container: "archive", files: .disk)
        precondition(!ScanRecord(failure: error, unit: unit).jsonLine().isEmpty)
        return 0
    }
    precondition(members.files.values.allSatisfy { $0.count <= scanner.archiveLimits.maxMemberBytes }, "member over the limit kept")
    let (units, failures) = scanner.units(of: members, archive: "/fuzz/fuzz.ipa", input: "fuzz.ipa")
    for f in failures { precondition(f.error != nil && !f.jsonLine().isEmpty) }
    for unit in units {
        let records = (try? Concurrently.wait { await scanner.decode(unit) }) ?? []
        precondition(!records.isEmpty, "a unit gave no line")
        for r in records { precondition(r.jsonLine().hasPrefix("{")) }
    }
    return 0
}
