/// XML plist `<date>` text (ISO 8601, `2024-01-02T03:04:05Z`) ⇄ seconds since
/// 2001-01-01 00:00:00 UTC, without Foundation date formatters (proleptic Gregorian calendar,
/// UTC only, as CoreFoundation writes it).
enum PlistDate {
    /// Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Seconds between 1970-01-01 and 2001-01-01.
    static let epoch2001: Int = daysFromCivil(2001, 1, 1) * 86_400

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (also accepts a missing `Z` and a date without time).
    static func parse(_ text: String) -> Double? {
        let t = Array(text.utf8.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= t.count else { return nil }
            var v = 0
            for b in t[from..<(from + count)] {
                guard b >= 0x30, b <= 0x39 else { return nil }
                v = v * 10 + Int(b - 0x30)
            }
            return v
        }
        var i = 0
        var sign = 1
        if t.first == 0x2D { sign = -1; i = 1 }
        guard let year = number(i, 4), t.count > i + 4, t[i + 4] == 0x2D,
              let month = number(i + 5, 2), (1...12).contains(month), t.count > i + 7, t[i + 7] == 0x2D,
              let day = number(i + 8, 2), (1...31).contains(day) else { return nil }
        i += 10
        var seconds = 0.0
        if i < t.count, t[i] == 0x54 {   // "T"
            guard let h = number(i + 1, 2), h < 24, t.count > i + 3, t[i + 3] == 0x3A,
                  let mi = number(i + 4, 2), mi < 60, t.count > i + 6, t[i + 6] == 0x3A,
                  let s = number(i + 7, 2), s < 61 else { return nil }
            seconds = Double(h * 3600 + mi * 60 + s)
            i += 9
            if i < t.count, t[i] == 0x2E {
                var j = i + 1, scale = 0.1
                while j < t.count, t[j] >= 0x30, t[j] <= 0x39 { seconds += Double(t[j] - 0x30) * scale; scale /= 10; j += 1 }
                i = j
            }
        }
        if i < t.count, t[i] == 0x5A { i += 1 }   // "Z"
        guard i == t.count else { return nil }
        let days = daysFromCivil(sign * year, month, day)
        return Double(days * 86_400 - epoch2001) + seconds
    }

    /// Formats as `YYYY-MM-DDTHH:MM:SSZ` (whole seconds, as CoreFoundation's XML writer does).
    static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e14 else { return "2001-01-01T00:00:00Z" }
        let total = Int((seconds).rounded(.down)) + epoch2001
        var days = total / 86_400
        var rest = total % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        // Civil from days (inverse of daysFromCivil).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(abs(v))
            return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))Z"
    }
}
