// libFuzzer entry point for the ArchiveReader readers. Built outside SwiftPM by Scripts/fuzz.sh:
// this file is compiled together with every file of Sources/ArchiveReader into ONE module
// (no `import ArchiveReader`), with `swiftc -sanitize=fuzzer,address -parse-as-library`, so
// libFuzzer's own main() drives it (toolchain-notes.md §6, finding 3).
//
// Each input goes through the same path as `nibinspect tree -` on standard input (XML sources
// through SourceReader):
// FileFormat(sniffing:) → NibLoader.loadContainer(bytes:name:) (magic-byte dispatch, then every
// nested archive), and for every graph that decodes, every accessor of ObjectGraph+Foundation on
// every field of every object. Built with -DFUZZ_RESOLVE it also runs the resolver when present.
// Errors are expected; only traps, hangs (-timeout) and memory blow-ups (-rss_limit_mb) are bugs.

/// Touches every accessor on `value` and, through arrays/dictionaries, on its children (bounded).
private func walk(_ graph: ObjectGraph, _ value: ArchiveValue, depth: Int, budget: inout Int) {
    budget -= 1
    guard depth < 8, budget > 0 else { return }
    _ = graph.string(value)
    _ = graph.localizableKey(value)
    _ = graph.integer(value)
    _ = graph.double(value)
    _ = graph.bool(value)
    _ = graph.data(value)
    _ = graph.className(value)
    if let items = graph.elements(value) {
        for item in items.prefix(64) { walk(graph, item, depth: depth + 1, budget: &budget) }
    }
    if let pairs = graph.pairs(value) {
        for pair in pairs.prefix(64) {
            walk(graph, pair.key, depth: depth + 1, budget: &budget)
            walk(graph, pair.value, depth: depth + 1, budget: &budget)
        }
    }
}

private func exercise(_ graph: ObjectGraph) {
    // Every `.object` reference must already be valid (ObjectGraph contract): check it here so a
    // reader that forgets to validate shows up as a fuzz crash, not later in a consumer.
    // Each step can read every field of an object (elements, pairs): a budget of 200 000 steps made
    // 4 KB inputs take 20 s under ASan (harness time, not the readers': `nibinspect` opens them in 0.04 s).
    var budget = 20_000
    for object in graph.objects {
        _ = object.className
        _ = object.classChain
        for field in object.fields {
            check(graph, field.value, depth: 0)
            walk(graph, field.value, depth: 0, budget: &budget)
        }
    }
    walk(graph, .object(graph.root), depth: 0, budget: &budget)
}

/// Traps on a `.object` reference outside the object table.
private func check(_ graph: ObjectGraph, _ value: ArchiveValue, depth: Int) {
    guard depth < 64 else { return }
    switch value {
    case .object(let ref):
        precondition(ref.index >= 0 && ref.index < graph.objects.count, "dangling \(ref) in decoded graph")
    case .array(let items): for v in items { check(graph, v, depth: depth + 1) }
    case .dictionary(let fields): for f in fields { check(graph, f.value, depth: depth + 1) }
    default: break
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = FileFormat(sniffing: bytes)
    _ = FileFormat(sniffing: bytes.prefix(1024))
    var limits = DecodingLimits.default
    limits.maxFileSize = 1 << 20
    // XML sources (xib, storyboard, designable.nib): the source reader, then the model checks.
    if SourceReader.isSource(bytes) {
        if let input = try? SourceReader.read(bytes: bytes, name: "fuzz-input.xib") {
            #if FUZZ_RESOLVE
            for document in input.documents { checkDocument(document) }
            #else
            _ = input
            #endif
        }
        return 0
    }
    let loader = NibLoader(limits: limits)
    guard let loaded = try? loader.loadContainer(bytes: bytes, name: "fuzz-input") else { return 0 }
    for archive in loaded.archives {
        precondition(archive.graph.objects.isEmpty || archive.graph.root.index < archive.graph.objects.count,
                     "root out of range")
        exercise(archive.graph)
        #if FUZZ_RESOLVE
        fuzzResolve(archive)
        #endif
    }
    return 0
}
