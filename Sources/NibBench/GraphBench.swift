import ArchiveReader
import Foundation
import GraphExport

/// `make bench` section for graph export: SVG rendered in-process by libgvc versus the same DOT
/// through the `dot` program (target: in-process no slower than the program).
///
/// Graphs: the largest compiled NIBArchive nib of the corpus (connection graph, and with
/// `--hierarchy`), and a synthetic document of 1,000 objects and 2,000 connections. Each line
/// gives nodes/edges, the layout engine, the DOT build time, the median in-process render and
/// the median `dot -K<engine> -Tsvg` run (wall clock, including process start), and their ratio;
/// then the same in CPU time (this process's around the in-process render, the child's from
/// `getrusage(RUSAGE_CHILDREN)`), which other processes on a shared machine disturb far less
/// (`make bench` checks issue 31's target, ≤ 0.8, on the CPU ratio).
///
/// - Returns: 0, or 1 when a render failed.
@discardableResult
func runGraphBench(corpus: URL?) -> Int32 {
    print("== Graph export: SVG in-process (libgvc) vs the `dot` program (target: in-process no slower)")
    let dotProgram = GraphBench.findProgram("dot")
    if dotProgram == nil { print("`dot` program not found on PATH; showing in-process times only") }
    var status: Int32 = 0

    if let corpus {
        if let (name, document) = GraphBench.largestCorpusNib(corpus) {
            for hierarchy in [false, true] {
                let options = GraphOptions(hierarchy: hierarchy)
                let label = "largest corpus nib \(name)" + (hierarchy ? " --hierarchy" : "")
                if !GraphBench.compare(label, { try ConnectionGraph(document: document, options: options) },
                                       repeats: 10, dotProgram: dotProgram) { status = 1 }
            }
        } else {
            print("corpus: no NIBArchive nib could be loaded from \(corpus.path)")
        }
    }
    let synthetic = GraphBench.syntheticDocument(objects: 1_000, connections: 2_000)
    if !GraphBench.compare("synthetic 1,000 objects / 2,000 connections", { try ConnectionGraph(document: synthetic) },
                           repeats: 5, dotProgram: dotProgram) { status = 1 }
    return status
}

enum GraphBench {
    /// The largest (by bytes) NIBArchive file of the corpus manifest that loads, resolved.
    static func largestCorpusNib(_ corpus: URL) -> (String, NibDocument)? {
        guard let text = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return nil }
        let rows = text.split(separator: "\n").dropFirst().compactMap { line -> (String, Int)? in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 7, cols[6] == "NIBArchive", let bytes = Int(cols[4]) else { return nil }
            return (String(cols[3]), bytes)
        }
        for (file, _) in rows.sorted(by: { $0.1 > $1.1 }) {
            let path = corpus.appendingPathComponent(file).path
            guard let archive = try? NibLoader().loadArchives(at: path).first else { continue }
            return (file, NibResolver.resolve(archive.graph, name: archive.name, path: path, variant: archive.variant))
        }
        return nil
    }

    /// Times building the DOT, rendering it in-process and running the `dot` program on it;
    /// in-process and program runs alternate so that load from other processes hits both alike.
    static func compare(_ label: String, _ build: () throws -> ConnectionGraph, repeats: Int,
                        dotProgram: URL?) -> Bool {
        let clock = ContinuousClock()
        do {
            var dot = ""
            let buildTime = try clock.measure { dot = DOTWriter.write(try build()) }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graphbench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let input = directory.appendingPathComponent("in.dot")
            try Data(dot.utf8).write(to: input)

            var rendering: SVGRendering?
            var inProcess: [Duration] = []
            var program: [Duration] = []
            var inProcessCPU: [Double] = []
            var programCPU: [Double] = []
            for _ in 0..<repeats {
                let cpu = Bench.cpuNow()
                inProcess.append(try clock.measure { rendering = try SVGRenderer.render(dot: dot) })
                inProcessCPU.append(Bench.cpuNow() - cpu)
                if let dotProgram, let engine = rendering?.engine {
                    let run = try runProgram(dotProgram, input: input, engine: engine)
                    program.append(run.wall)
                    programCPU.append(run.cpu)
                }
            }
            guard let rendering else { return false }
            var line = "\(label): \(rendering.nodeCount) nodes, \(rendering.edgeCount) edges, engine \(rendering.engine); "
                + "DOT \(ms(buildTime)), in-process median \(ms(median(inProcess))) "
                + "(layout \(ms(rendering.layoutTime)), SVG \(rendering.svg.utf8.count / 1024) KB)"
            if !program.isEmpty {
                let ratio = seconds(median(inProcess)) / max(seconds(median(program)), 1e-9)
                line += ", `dot` program median \(ms(median(program))) → in-process/program = "
                    + String(format: "%.2f", ratio) + (ratio <= 1.05 ? " (ok)" : " (SLOWER)")
                let cpuIn = medianSeconds(inProcessCPU), cpuProgram = medianSeconds(programCPU)
                line += String(format: "; CPU: in-process median %.1f ms, `dot` program median %.1f ms → in-process/program CPU = %.2f",
                               cpuIn * 1000, cpuProgram * 1000, cpuIn / max(cpuProgram, 1e-9))
            }
            print(line)
            if let note = rendering.note { print("  note: \(note)") }
            return true
        } catch {
            print("\(label): FAILED: \(error)")
            return false
        }
    }

    /// One `dot -K<engine> -Tsvg in.dot -o out.svg` run; its wall-clock time (process start included)
    /// and its CPU seconds (user + system of the reaped child, `getrusage(RUSAGE_CHILDREN)`).
    static func runProgram(_ program: URL, input: URL, engine: String) throws -> (wall: Duration, cpu: Double) {
        let process = Process()
        process.executableURL = program
        process.arguments = ["-K\(engine)", "-Tsvg", input.path, "-o",
                             input.deletingLastPathComponent().appendingPathComponent("out.svg").path]
        let before = childrenCPU()
        let time = try ContinuousClock().measure {
            try process.run()
            process.waitUntilExit()
        }
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "dot", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "dot exited with \(process.terminationStatus)"])
        }
        return (time, childrenCPU() - before)
    }

    /// User + system CPU seconds of this process's reaped children so far.
    static func childrenCPU() -> Double {
        let usage = HostSystem.usage(children: true)
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }

    static func medianSeconds(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func findProgram(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func ms(_ d: Duration) -> String {
        let s = seconds(d)
        return s >= 1 ? String(format: "%.2f s", s) : String(format: "%.1f ms", s * 1000)
    }

    /// A deterministic iOS-like document: File's Owner, First Responder and `objects - 2` views,
    /// buttons, labels and text fields in a hierarchy, with `connections` outlets, outlet
    /// collections, actions (some nil-targeted) and bindings between them.
    static func syntheticDocument(objects count: Int, connections: Int) -> NibDocument {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        func id(_ i: Int) -> ObjectID { ObjectID("#\(i)") }
        let classes = ["UIView", "UIButton", "UILabel", "UITextField", "UIImageView", "UISwitch"]
        var objects = [
            NibObject(id: id(0), className: "UIProxyObject", customClass: "SyntheticViewController",
                      placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")),
            NibObject(id: id(1), className: "UIProxyObject",
                      placeholder: Placeholder(kind: .firstResponder, identifier: "IBFirstResponder")),
        ]
        for i in 2..<max(count, 3) {
            let parent = i == 2 ? nil : id(2 + next(i - 2))
            objects.append(NibObject(id: id(i), className: classes[i % classes.count],
                                     name: i % 3 == 0 ? "Item \(i)" : nil, parent: parent))
        }
        var list: [Connection] = []
        while list.count < connections {
            let a = 2 + next(count - 2), b = 2 + next(count - 2)
            switch next(10) {
            case 0..<5:
                list.append(Connection(kind: .outlet, source: next(2) == 0 ? id(0) : id(a), destination: id(b),
                                       label: "outlet\(list.count)"))
            case 5..<8:
                let nilTargeted = next(4) == 0
                list.append(Connection(kind: .action, source: id(a), destination: nilTargeted ? nil : id(next(3) == 0 ? 0 : b),
                                       label: "action\(list.count):", controlEvents: ControlEvents(rawValue: 0x40),
                                       isNilTargeted: nilTargeted))
            case 8:
                list.append(Connection(kind: .outletCollection, source: id(0), destination: nil,
                                       label: "collection\(list.count)", members: [id(a), id(b)]))
            default:
                list.append(Connection(kind: .binding, source: id(a), destination: id(b), label: "value",
                                       keyPath: "selection.key\(list.count)"))
            }
        }
        return NibDocument(name: "Synthetic.nib", platform: .iOS, format: .nibArchive, objects: objects,
                           connections: list)
    }
}
