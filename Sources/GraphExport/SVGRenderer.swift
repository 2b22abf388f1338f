import CGraphviz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The one global lock around libgvc/libcgraph. Graphviz keeps global state (the parser, the
/// error handler, layout scratch data) and crashes when used from two threads at once
/// (toolchain-notes.md §1 "Thread safety"), so every Graphviz call in the process happens
/// while holding it.
private let graphvizLock = Mutex<Void>(())

/// Graphviz's messages of the render in progress. Only touched while ``graphvizLock`` is held
/// (by ``captureGraphvizMessage`` and the render itself), which is what makes it safe.
nonisolated(unsafe) private var capturedMessages: [UInt8] = []

/// The process's one Graphviz context, made by the first render and kept (never freed): making
/// one reads the plugin configuration and loads the plugins, 18–37 ms here, while a render of a
/// small graph with it takes 0.1 ms; the `dot` program pays that once per run too. Only touched
/// while ``graphvizLock`` is held.
nonisolated(unsafe) private var sharedContext: OpaquePointer?

/// The `agusererrf` installed during a render: collects Graphviz's message pieces
/// (`"Error"`, `": "`, the text) instead of letting them reach stderr.
private let captureGraphvizMessage: agusererrf = { piece in
    guard let piece else { return 0 }
    var p = UnsafeRawPointer(piece).assumingMemoryBound(to: UInt8.self)
    while p.pointee != 0 {
        capturedMessages.append(p.pointee)
        p += 1
    }
    return 0
}

/// The result of one render.
public struct SVGRendering: Sendable {
    /// The rendered bytes: the SVG document's UTF-8 text, or a PNG or PDF file's bytes.
    public var bytes: [UInt8]
    /// The SVG document (UTF-8 text, starts with `<?xml`), for an `svg` render.
    public var svg: String { String(decoding: bytes, as: UTF8.self) }
    /// The layout engine that ran (`dot`, `sfdp`, …).
    public var engine: String
    /// Set when ``LayoutEngine/automatic`` chose another engine than `dot`; say it on stderr.
    public var note: String?
    /// Warnings Graphviz reported while rendering, one per line (rarely any).
    public var warnings: [String]
    /// Node and edge counts of the parsed graph.
    public var nodeCount: Int
    public var edgeCount: Int
    /// Wall-clock time of parsing, layout and SVG generation.
    public var parseTime: Duration
    public var layoutTime: Duration
    public var renderTime: Duration
}

/// Renders DOT text to SVG in-process with libgvc (`agread` → `gvLayout` → `gvRenderData`),
/// never by running the `dot` program. This file is the only one that imports `CGraphviz`.
///
/// Thread-safe: renders from many threads are serialized by one global lock. Graphviz's
/// messages never reach stderr; failures become ``RenderError`` carrying them.
public enum SVGRenderer {
    /// Graphviz output formats for ``render(dot:engine:format:)`` by the name the command line
    /// uses: `png` and `pdf` through the cairo renderer of libgvc's pango plugin
    /// (`libgvplugin_pango`, installed with `libgraphviz-dev`), anti-aliased, fonts through fontconfig.
    public static let formats: [String: String] = ["svg": "svg", "png": "png:cairo", "pdf": "pdf:cairo"]

    /// Renders `dot` to SVG (or another Graphviz output `format`: `png:cairo`, `pdf:cairo`, see
    /// ``formats``; ``SVGRendering/bytes`` holds a binary result).
    ///
    /// - Parameters:
    ///   - dot: DOT source text; only the first graph is read.
    ///   - engine: layout engine; ``LayoutEngine/automatic`` uses `dot` and switches to `sfdp`
    ///     above ``LayoutEngine/sfdpNodeThreshold`` nodes or ``LayoutEngine/sfdpEdgeThreshold`` edges.
    /// - Throws: ``RenderError`` with the failing stage and Graphviz's message.
    public static func render(dot: String, engine: LayoutEngine = .automatic,
                              format: String = "svg") throws(RenderError) -> SVGRendering {
        try render(dot: dot, format: format) { engine.resolved(nodes: $0, edges: $1) }
    }

    /// Renders with an engine given by name (no size-based switch); for tests of unknown engines.
    static func render(dot: String, engineNamed name: String, format: String = "svg") throws(RenderError) -> SVGRendering {
        try render(dot: dot, format: format) { _, _ in (name, nil) }
    }

    private static func render(dot: String, format: String,
                               chooseEngine: (Int, Int) -> (engine: String, note: String?)) throws(RenderError) -> SVGRendering {
        if dot.utf8.contains(0) { throw RenderError(stage: .parse, message: "the DOT text contains a NUL byte") }
        return try graphvizLock.withLock { _ throws(RenderError) -> SVGRendering in
            try renderLocked(dot: dot, format: format, chooseEngine: chooseEngine)
        }
    }

    /// The captured messages as one line each, trimmed, without empty ones.
    private static func takeMessages() -> [String] {
        let text = String(decoding: capturedMessages, as: UTF8.self)
        capturedMessages.removeAll(keepingCapacity: true)
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: " \t") }
            .filter { !$0.isEmpty }
    }

    private static func failure(_ stage: RenderError.Stage, fallback: String) -> RenderError {
        RenderError(stage: stage, message: message(from: takeMessages(), fallback: fallback))
    }

    /// One message from Graphviz's lines: `Error: ` prefixes dropped, lines joined by `; `.
    /// When Graphviz names an engine or format "not recognized" and lists nothing after
    /// "Use one of:", no plugin is registered at all (no `config6a`): the `dot -c` hint is added.
    static func message(from lines: [String], fallback: String) -> String {
        let messages = lines.map { $0.hasPrefix("Error: ") ? String($0.dropFirst(7)) : $0 }
        var message = messages.isEmpty ? fallback : messages.joined(separator: "; ")
        if message.contains("not recognized"), message.hasSuffix("Use one of:") {
            message = String(message.dropLast("Use one of:".count)).trimmingCharacters(in: " .")
                + "; " + RenderError.pluginHint
        }
        return message
    }

    private static func renderLocked(dot: String, format: String,
                                     chooseEngine: (Int, Int) -> (engine: String, note: String?)) throws(RenderError) -> SVGRendering {
        let previousHandler = agseterrf(captureGraphvizMessage)
        defer { agseterrf(previousHandler) }
        capturedMessages.removeAll(keepingCapacity: true)
        _ = agreseterrors()
        let clock = ContinuousClock()

        var start = clock.now
        if sharedContext == nil { sharedContext = gvContext() }
        guard let gvc = sharedContext else {
            throw failure(.context, fallback: "gvContext() returned no context")
        }
        // Graphviz 2.x's lexer keeps what it read ahead after a graph's closing brace (a
        // trailing newline) and lexes it at the start of the next agmemread, which shifts the
        // next syntax error's line number; hand it no trailing whitespace to read ahead.
        var end = dot.utf8.endIndex
        while end > dot.utf8.startIndex, [0x20, 0x0A, 0x0D, 0x09].contains(dot.utf8[dot.utf8.index(before: end)]) {
            end = dot.utf8.index(before: end)
        }
        guard let graph = OrderedRead.read(Array(dot.utf8[..<end])) else {
            throw failure(.parse, fallback: "agread could not read the DOT text")
        }
        defer {
            agclose(graph)
            OrderedRead.reset()
        }
        let nodeCount = Int(agnnodes(graph))
        let edgeCount = Int(agnedges(graph))
        let parseTime = clock.now - start

        // Cairo's bitmaps stop at 32,767 pixels a side, and its plugin then prints a note
        // straight to stderr: a PNG's drawing is capped at 340 inches (32,640 px at 96 dpi),
        // which Graphviz applies by scaling only drawings that are larger.
        if format.hasPrefix("png") {
            "size".withCString { name in
                "340,340".withCString { value in
                    "".withCString { _ = agsafeset(graph, UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: value), UnsafeMutablePointer(mutating: $0)) }
                }
            }
        }
        let (engineName, note) = chooseEngine(nodeCount, edgeCount)
        start = clock.now
        guard gvLayout(gvc, graph, engineName) == 0 else {
            throw failure(.layout, fallback: "gvLayout(\(engineName)) failed")
        }
        // Graphviz 2.43's dot_cleanup frees stale rank arrays of clusters when labelled edges
        // between nodes of one rank made the layout reallocate them (heap corruption, seen as
        // "double free or corruption" on corpus nibs drawn with --hierarchy; valgrind shows the
        // layout itself is clean). So a clustered layout is not freed: its memory is left to the
        // process (the graph and SVG are still freed; the context is kept for the next render).
        // Clusters are told by the public cgraph API, not the layout's internal count
        // (GD_n_cluster, a field of Graphviz's Agraphinfo_t whose layout changes between releases).
        let freeLayout = !hasCluster(graph)
        defer { if freeLayout { gvFreeLayout(gvc, graph) } }
        let layoutTime = clock.now - start

        start = clock.now
        let (status, buffer, length) = renderData(gvRenderData, gvc, graph, format)
        guard status == 0, let buffer else {
            throw failure(.render, fallback: "gvRenderData(\(format)) failed")
        }
        defer { gvFreeRenderData(buffer) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
        let renderTime = clock.now - start
        return SVGRendering(bytes: bytes, engine: engineName, note: note, warnings: takeMessages(),
                            nodeCount: nodeCount, edgeCount: edgeCount,
                            parseTime: parseTime, layoutTime: layoutTime, renderTime: renderTime)
    }

    /// Whether `graph` has a cluster subgraph at any depth: a subgraph whose name starts with
    /// "cluster" in any case, as dot decides (DOTWriter names them `cluster_<id>`). Public cgraph API
    /// only (agfstsubg, agnxtsubg, agnameof); a superset of the clusters dot lays out, which is the
    /// safe side for the decision above.
    private static func hasCluster(_ graph: UnsafeMutablePointer<Agraph_t>) -> Bool {
        var sub = agfstsubg(graph)
        while let s = sub {
            if let name = agnameof(s), String(cString: name).lowercased().hasPrefix("cluster") { return true }
            if hasCluster(s) { return true }
            sub = agnxtsubg(s)
        }
        return false
    }

    /// Calls `gvRenderData`, whose length parameter is `unsigned int *` in Graphviz 2.x and
    /// `size_t *` since 13.0 (style.md §7): generic over the length type so both compile.
    private static func renderData<Length: BinaryInteger>(
        _ function: (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?,
                     UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<Length>?) -> Int32,
        _ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, _ format: String
    ) -> (Int32, UnsafeMutablePointer<CChar>?, Int) {
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Length = 0
        let status = format.withCString { function(gvc, graph, $0, &buffer, &length) }
        return (status, buffer, Int(length))
    }
}

/// Reads DOT text as `agmemread` does (line by line from memory), with an ID discipline that
/// numbers named objects in the order they are first seen instead of by the address of their
/// interned name, which is what cgraph's default discipline (`AgIdDisc`) uses. Graphviz orders a
/// graph's subgraphs by ID, and `dot` lays clusters out in that order, so with the default the
/// layout followed the heap: the same DOT text came out as a different drawing from run to run
/// once other threads had used the heap (an app map with its sources: 3 different SVGs in 3
/// runs), while the `dot` program, which allocates the same way every time, did not vary. With
/// this discipline the subgraphs are in the order the DOT text gives them, every run.
///
/// Only used while ``graphvizLock`` is held (one graph is read and drawn at a time); ``reset()``
/// after `agclose`.
private enum OrderedRead {
    /// The DOT text being read and how far `afread` has handed it out.
    nonisolated(unsafe) static var text: [UInt8] = []
    nonisolated(unsafe) static var offset = 0
    /// Named objects' IDs (even, from 2) by name, and the names by ID / 2 - 1 (NUL-terminated
    /// copies, freed by ``reset()``); unnamed objects get odd IDs, as with the default discipline.
    nonisolated(unsafe) static var ids: [[UInt8]: UInt64] = [:]
    nonisolated(unsafe) static var names: [UnsafeMutablePointer<CChar>] = []
    nonisolated(unsafe) static var unnamed: UInt64 = 0
    /// The disciplines handed to `agread`, made once (cgraph keeps pointers to them).
    nonisolated(unsafe) static var discipline: UnsafeMutablePointer<Agdisc_t>?

    static func read(_ dot: [UInt8]) -> UnsafeMutablePointer<Agraph_t>? {
        text = dot
        offset = 0
        // The lexer's line count is global and agread, unlike agmemread, does not restart it:
        // agsetfile does (so a syntax error names its line in this text, not in all texts read).
        agsetfile(nil)
        return agread(nil, discipline ?? makeDiscipline())
    }

    static func reset() {
        for name in names { free(name) }
        names.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
        unnamed = 0
        text = []
    }

    private static func makeDiscipline() -> UnsafeMutablePointer<Agdisc_t> {
        let io = UnsafeMutablePointer<Agiodisc_t>.allocate(capacity: 1)
        io.initialize(to: cgv_io_disc())
        // One line per call, NUL and newline included, as agmemread's reader hands them out (the
        // lexer's line numbers in error messages stay the same).
        io.pointee.afread = { _, buffer, size in
            guard let buffer, size > 0, OrderedRead.offset < OrderedRead.text.count else { return 0 }
            var n = 0
            while n < Int(size), OrderedRead.offset < OrderedRead.text.count {
                let byte = OrderedRead.text[OrderedRead.offset]
                buffer[n] = CChar(bitPattern: byte)
                OrderedRead.offset += 1
                n += 1
                if byte == 0x0A || byte == 0 { break }
            }
            return Int32(n)
        }
        let id = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
        id.initialize(to: cgv_id_disc())
        id.pointee.open = { graph, _ in UnsafeMutableRawPointer(graph) }
        id.pointee.map = { _, _, name, result, create in
            guard let result else { return 0 }
            guard let name else {
                OrderedRead.unnamed += 1
                result.pointee = numericCast(OrderedRead.unnamed * 2 - 1)
                return 1
            }
            let key = Array(UnsafeRawBufferPointer(start: name, count: strlen(name)).bindMemory(to: UInt8.self))
            if let known = OrderedRead.ids[key] {
                result.pointee = numericCast(known)
            } else if create != 0, let copy = strdup(name) {
                OrderedRead.names.append(copy)
                let value = UInt64(OrderedRead.names.count) * 2
                OrderedRead.ids[key] = value
                result.pointee = numericCast(value)
            } else {
                result.pointee = 0   // not found: as the default discipline answers (ID 0, no object has it)
            }
            return 1
        }
        id.pointee.free = { _, _, _ in }   // the names live until reset()
        id.pointee.print = { _, _, value in
            let n = UInt64(value)
            guard n % 2 == 0, n >= 2, n / 2 <= UInt64(OrderedRead.names.count) else { return nil }
            return OrderedRead.names[Int(n / 2) - 1]
        }
        id.pointee.close = { _ in }
        id.pointee.idregister = { _, _, _ in }
        let disc = UnsafeMutablePointer<Agdisc_t>.allocate(capacity: 1)
        disc.initialize(to: cgv_default_disc())
        disc.pointee.id = id
        disc.pointee.io = io
        discipline = disc
        return disc
    }
}

extension StringProtocol {
    /// Drops leading and trailing characters that are in `set` (Foundation-free trimming).
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
