import Foundation

/// `make bench` growth sections (issue 17): every command of the built `nibinspect` on inputs of
/// 1×, 4× and 16× one size, one child process per run, with the growth factor of each 4× step.
///
/// A step that costs more than 5× in time, or a run whose peak RSS exceeds 2 × its input + 100 MB,
/// is flagged. Time is CPU time (user + system of the child): the other processes of a shared
/// machine disturb it far less than wall time, which is printed alongside.
enum GrowthBench {
    static let sections = [
        BenchSection(name: "growth-synthetic", arguments: "<nibinspect> [<screens at 1x>]",
                     summary: "every command on the synthetic NIBArchive (and its xib for compare) at 1x, 4x, 16x (default 930 screens, about 5, 20 and 80 MB)",
                     run: synthetic),
        BenchSection(name: "growth-corpus", arguments: "<nibinspect> <corpus-dir>",
                     summary: "every command on a directory holding the corpus 1x, 4x, 16x",
                     run: corpus),
        BenchSection(name: "synthetic-pair", arguments: "<directory> <screens>",
                     summary: "write the synthetic nib and its xib source of `screens` screens (Synthetic.nib, Synthetic.xib), as growth-synthetic uses them",
                     run: pair),
    ]

    static func pair(_ args: [String]) -> Int32 {
        guard args.count == 2, let screens = Int(args[1]), screens > 0 else {
            print("synthetic-pair: usage: nibbench synthetic-pair <directory> <screens>")
            return 64
        }
        do {
            try Data(try SyntheticNib.make(screens: screens)).write(to: URL(fileURLWithPath: args[0] + "/Synthetic.nib"))
            try Data(SyntheticXib.make(screens: screens).utf8).write(to: URL(fileURLWithPath: args[0] + "/Synthetic.xib"))
            return 0
        } catch {
            print("synthetic-pair: \(error)")
            return 70
        }
    }

    /// Input multiples.
    static let steps = [1, 4, 16]
    /// Largest time factor allowed for one 4× step.
    static let maxStepFactor = 4.0 * 1.25

    /// One command line: its arguments for the inputs of one size and the bytes it reads.
    struct Case {
        var name: String
        var arguments: [String]
        var inputBytes: Int
    }

    /// One measured point.
    struct Point {
        var inputBytes: Int
        var measurement: ChildProcess.Measurement
    }

    // MARK: Sections

    static func synthetic(_ args: [String]) -> Int32 {
        guard let tool = args.first, FileManager.default.isExecutableFile(atPath: tool) else {
            print("growth-synthetic: usage: nibbench growth-synthetic <nibinspect> [screens]")
            return 64
        }
        let base = args.count > 1 ? max(1, Int(args[1]) ?? 930) : 930
        guard let dir = temporaryDirectory() else { return 73 }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sizes: [[Case]] = []
        for step in steps {
            let screens = base * step
            let nib = dir + "/Synthetic\(step)x.nib", xib = dir + "/Synthetic\(step)x.xib"
            do {
                let bytes = try SyntheticNib.make(screens: screens)
                try Data(bytes).write(to: URL(fileURLWithPath: nib))
                try Data(SyntheticXib.make(screens: screens).utf8).write(to: URL(fileURLWithPath: xib))
            } catch {
                print("growth-synthetic: cannot write the synthetic inputs: \(error)")
                return 70
            }
            let nibBytes = fileSize(nib), both = nibBytes + fileSize(xib)
            sizes.append(commands(on: nib, bytes: nibBytes) + [Case(name: "compare", arguments: ["compare", xib, nib], inputBytes: both)])
        }
        let inputs = sizes.map { $0[0].inputBytes }
        print("growth-synthetic: synthetic NIBArchive of \(steps.map { "\(base * $0)" }.joined(separator: ", ")) screens: "
              + inputs.map(Bench.mb).joined(separator: ", ") + " (compare: the xib source + the nib)")
        return report("synthetic", tool: tool, sizes: sizes, target: "json")
    }

    static func corpus(_ args: [String]) -> Int32 {
        guard args.count > 1, FileManager.default.isExecutableFile(atPath: args[0]) else {
            print("growth-corpus: usage: nibbench growth-corpus <nibinspect> <corpus-dir>")
            return 64
        }
        let tool = args[0], corpus = args[1]
        guard FileManager.default.fileExists(atPath: corpus + "/MANIFEST.tsv") else {
            print("growth-corpus: corpus not found (need \(corpus)/MANIFEST.tsv); skipped")
            return 0
        }
        guard let dir = temporaryDirectory() else { return 73 }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sizes: [[Case]] = []
        for step in steps {
            let root = dir + "/corpus\(step)x"
            do {
                try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
                for copy in 0..<step {
                    try FileManager.default.copyItem(atPath: corpus, toPath: root + String(format: "/copy%02d", copy))
                }
            } catch {
                print("growth-corpus: cannot copy the corpus: \(error)")
                return 70
            }
            sizes.append(commands(on: root, bytes: treeSize(root)))
        }
        print("growth-corpus: \(corpus) copied " + steps.map { "\($0)×" }.joined(separator: ", ") + ": "
              + sizes.map { Bench.mb($0[0].inputBytes) }.joined(separator: ", ") + " (compare takes one source and one nib: not run)")
        return report("corpus", tool: tool, sizes: sizes, target: nil)
    }

    /// The commands run on one input: `tree`, `connections` in each format, `json`, `json --raw`, `graph`.
    static func commands(on path: String, bytes: Int) -> [Case] {
        [
            Case(name: "tree", arguments: ["tree", path], inputBytes: bytes),
            Case(name: "connections", arguments: ["connections", path], inputBytes: bytes),
            Case(name: "connections tsv", arguments: ["connections", "--format", "tsv", path], inputBytes: bytes),
            Case(name: "connections json", arguments: ["connections", "--format", "json", path], inputBytes: bytes),
            Case(name: "json", arguments: ["json", path], inputBytes: bytes),
            Case(name: "json --raw", arguments: ["json", "--raw", path], inputBytes: bytes),
            Case(name: "graph", arguments: ["graph", path], inputBytes: bytes),
        ]
    }

    // MARK: Measuring and reporting

    /// Runs every command at every size (each `GROWTH_RUNS` times, default 1, keeping the run with
    /// the least CPU time), prints the table and the flags; `target` names the command held to the
    /// issue's memory target at 16×.
    static func report(_ label: String, tool: String, sizes: [[Case]], target: String?) -> Int32 {
        let runs = max(1, Int(ProcessInfo.processInfo.environment["GROWTH_RUNS"] ?? "") ?? 1)
        var timeFlags = 0, memoryFlags = 0, failures = 0, worstStep = 0.0
        var targetRSS: (rss: Int, budget: Int)?
        /// Peak RSS and input bytes of each command at the largest size, for `make bench`'s targets.
        var largest: [(name: String, rss: Int, input: Int)] = []
        for (c, first) in sizes[0].enumerated() {
            var points: [Point] = []
            for (s, cases) in sizes.enumerated() {
                let command = cases[c]
                var best: ChildProcess.Measurement?
                for _ in 0..<runs {
                    guard let m = ChildProcess.measureThroughHelper(tool, command.arguments) else { continue }
                    if best == nil || m.cpu < best!.cpu { best = m }
                }
                guard let m = best else {
                    print("growth-\(label): \(command.name) at \(steps[s])×: could not run \(tool)")
                    failures += 1
                    continue
                }
                let point = Point(inputBytes: command.inputBytes, measurement: m)
                var line = (s == 0 ? first.name : "").padding(toLength: 18, withPad: " ", startingAt: 0)
                line += String(format: "%3d× %9@: cpu %7.2f s", steps[s], Bench.mb(point.inputBytes), m.cpu)
                var flags: [String] = []
                if let previous = points.last {
                    let step = m.cpu / max(previous.measurement.cpu, 1e-3)
                    worstStep = max(worstStep, step)
                    line += String(format: " ×%4.1f", step)
                    if step > maxStepFactor { flags.append(String(format: "TIME: step ×%.1f > ×%.0f", step, maxStepFactor)); timeFlags += 1 }
                } else {
                    line += "      "
                }
                line += String(format: "  (wall %7.2f s)  peak RSS %9@", m.wall, Bench.mb(m.peakRSS))
                if let previous = points.last {
                    line += String(format: " ×%4.1f", Double(m.peakRSS) / Double(max(previous.measurement.peakRSS, 1)))
                }
                let budget = 2 * point.inputBytes + 100_000_000
                if m.peakRSS > budget { flags.append("RSS > 2 × input + 100 MB = \(Bench.mb(budget))"); memoryFlags += 1 }
                if m.status > 1 { flags.append("EXIT \(m.status)"); failures += 1 }
                if !flags.isEmpty { line += "  FLAG " + flags.joined(separator: "; ") }
                print(line)
                points.append(point)
                if command.name == target && s == sizes.count - 1 { targetRSS = (m.peakRSS, budget) }
                if s == sizes.count - 1 { largest.append((command.name, m.peakRSS, point.inputBytes)) }
            }
        }
        print(String(format: "growth-%@: worst 4× step ×%.1f in CPU time; %d time flag(s) (step > ×%.0f), %d memory flag(s) (peak RSS > 2 × input + 100 MB)",
                     label, worstStep, timeFlags, maxStepFactor, memoryFlags))
        print("growth-\(label): target (issue 17) every 4× step at most ×5 in time: " + (timeFlags == 0 ? "met" : "MISSED"))
        if let target, let t = targetRSS {
            print("growth-\(label): target (issue 17) peak RSS of `\(target)` at 16× \(Bench.mb(t.rss)) under 2 × input + 100 MB = "
                  + "\(Bench.mb(t.budget)): " + (t.rss < t.budget ? "met" : "MISSED"))
        }
        // One line per command, read by Scripts/bench.sh: `growth-LABEL-rss NAME PEAK_BYTES INPUT_BYTES`
        // (spaces in the name as underscores).
        for l in largest {
            print("growth-\(label)-rss \(l.name.replacingOccurrences(of: " ", with: "_")) \(l.rss) \(l.input)")
        }
        return failures == 0 ? 0 : 1
    }

    // MARK: Files

    static func temporaryDirectory() -> String? {
        let dir = NSTemporaryDirectory() + "nibbench-growth-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            return dir
        } catch {
            print("growth: cannot create \(dir): \(error)")
            return nil
        }
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Bytes of every regular file below `root`.
    static func treeSize(_ root: String) -> Int {
        var total = 0
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + relative)
            if attributes?[.type] as? FileAttributeType == .typeRegular {
                total += (attributes?[.size] as? NSNumber)?.intValue ?? 0
            }
        }
        return total
    }
}
