import Foundation

// nibbench <section> [arguments]: one benchmark section per process, so that peak memory
// (getrusage ru_maxrss) belongs to that section alone. Scripts/bench.sh runs every section.
// Readers add a section in their own file (e.g. KeyedArchiveBench.swift) and register it here.

let sections: [BenchSection] = NibArchiveBench.sections + WhyBench.sections + KeyedBench.sections + OpenBench.sections + ScanBench.sections + GrowthBench.sections + DiffBench.sections + MemoryBench.sections + AppMapBench.sections + [ChildProcess.section] + [
    BenchSection(name: "typedstream-corpus", arguments: "<corpus-dir>",
                 summary: "decode every typedstream nib of the corpus (CPU time per pass, peak RSS)",
                 run: { runTypedstreamBench(corpus: URL(fileURLWithPath: $0.first ?? "../shared/corpus")) }),
    BenchSection(name: "graph", arguments: "[<corpus-dir>]",
                 summary: "SVG of the largest corpus nib and of a synthetic 1,000-object / 2,000-connection document, in-process vs the `dot` program",
                 run: { runGraphBench(corpus: $0.first.map { URL(fileURLWithPath: $0) }) }),
]

let args = Array(CommandLine.arguments.dropFirst())
guard let name = args.first, let section = sections.first(where: { $0.name == name }) else {
    var usage = "usage: nibbench <section> [arguments]\n\nsections:\n"
    for s in sections { usage += "  \(s.name) \(s.arguments)\n      \(s.summary)\n" }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(args.isEmpty || args.first == "--help" ? 0 : 64)
}
exit(section.run(Array(args.dropFirst())))
