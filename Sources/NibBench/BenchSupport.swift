import Foundation

/// One `nibbench` section: a name, its arguments, and the function that runs it (returns an exit status).
struct BenchSection: Sendable {
    var name: String
    var arguments: String
    var summary: String
    var run: @Sendable ([String]) -> Int32
}

/// Timing, memory and corpus helpers shared by every benchmark section.
enum Bench {
    /// Peak resident set size of this process so far, in bytes (ru_maxrss is KiB on Linux, bytes on macOS).
    static func peakRSS() -> Int {
        HostSystem.peakRSSBytes(HostSystem.usage())
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds (user + system) used by this process so far: unlike wall time, barely affected
    /// by other processes competing for the cores of a shared machine.
    static func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    /// `name: 12.3 MB in 0.045 s = 273.3 MB/s, peak RSS 45.6 MB` (one line, stable for grep).
    static func report(_ name: String, bytes: Int, seconds: Double, extra: String = "") {
        let rate = Double(bytes) / 1_000_000 / max(seconds, 1e-9)
        print(String(format: "%@: %@ in %.3f s = %.1f MB/s, peak RSS %@%@", name, mb(bytes), seconds, rate,
                     mb(peakRSS()), extra))
    }

    /// Paths of the corpus files of `format` (MANIFEST.tsv column 7), or nil when the corpus is absent.
    static func corpusFiles(_ root: String, format: String) -> [String]? {
        guard let text = try? String(contentsOfFile: root + "/MANIFEST.tsv", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 7, cols[6] == format else { return nil }
            return root + "/" + cols[3]
        }
    }

    /// The whole file, read straight into one array (no intermediate `Data` copy; open, fstat,
    /// read, close: the fewest system calls).
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        let size = Int(st.st_size)
        guard size >= 0 else { return nil }
        var ok = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buf, count in
            count = 0
            while count < size, let base = buf.baseAddress {
                let n = read(fd, base + count, size - count)
                if n <= 0 { ok = n == 0 && count == size; break }
                count += n
            }
            ok = ok && count == size
        }
        return ok ? bytes : nil
    }
}
