import Foundation

/// Runs a program as a child process and measures it alone: wall time, CPU time and peak RSS
/// come from `wait4`'s resource usage of that one child.
///
/// Linux starts a child's peak RSS at its parent's resident size (the parent's memory is the
/// child's until `exec`), so a parent holding large inputs would inflate every figure. The
/// measured program is therefore started by a fresh `nibbench measure` process
/// (``measureThroughHelper(_:_:)``), whose own small size is the floor of every measurement.
enum ChildProcess {
    struct Measurement {
        /// Exit status, or 128 + the signal number when the child was killed.
        var status: Int32
        var wall: Double
        /// User + system CPU seconds of the child.
        var cpu: Double
        /// Peak resident set size of the child, in bytes.
        var peakRSS: Int
    }

    /// Runs `executable` with `arguments`, its standard output and error sent to /dev/null
    /// (the cost of printing is the command's; the cost of a terminal or a file is not).
    static func measure(_ executable: String, _ arguments: [String]) -> Measurement? {
        var actions = HostSystem.uninitialisedFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = HostSystem.environmentBlock()
        defer { HostSystem.freeCStrings(argv); HostSystem.freeCStrings(environment) }
        var pid = pid_t()
        let start = Bench.now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environment) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let wall = Bench.now() - start
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        let rss = HostSystem.peakRSSBytes(usage)
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Measurement(status: code, wall: wall, cpu: cpu, peakRSS: rss)
    }

    /// ``measure(_:_:)`` run by a fresh `nibbench measure` process (this executable), so that the
    /// figures do not include this process's memory; nil when it cannot be run.
    static func measureThroughHelper(_ executable: String, _ arguments: [String]) -> Measurement? {
        let pipe = Pipe()
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: HostSystem.executablePath)
        helper.arguments = ["measure", executable] + arguments
        helper.standardOutput = pipe
        do { try helper.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        helper.waitUntilExit()
        let fields = output.split(separator: " ").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 5, fields[0] == "measured", let status = Int32(fields[1]), let wall = Double(fields[2]),
              let cpu = Double(fields[3]), let rss = Int(fields[4]) else { return nil }
        return Measurement(status: status, wall: wall, cpu: cpu, peakRSS: rss)
    }

    /// `nibbench measure <program> [arguments]`: runs the program once and prints
    /// `measured <status> <wall s> <cpu s> <peak RSS bytes>`.
    static let section = BenchSection(
        name: "measure", arguments: "<program> [arguments]",
        summary: "run a program once (output discarded) and print its exit status, wall and CPU seconds and peak RSS",
        run: { args in
            guard let program = args.first, let m = measure(program, Array(args.dropFirst())) else { return 70 }
            print("measured \(m.status) \(m.wall) \(m.cpu) \(m.peakRSS)")
            return 0
        })

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
}
