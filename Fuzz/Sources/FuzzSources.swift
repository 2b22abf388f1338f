// libFuzzer entry point for the source readers of `nibinspect why` (Sources/SourceIndex). Built
// outside SwiftPM by Scripts/fuzz.sh (`build-sources`): this file is compiled together with every
// file of Sources/SourceIndex into one module, linked against the toolchain's SwiftParser, with
// `swiftc -sanitize=fuzzer,address -parse-as-library`.
//
// FUZZ_LANG=swift reads each input as a Swift file, FUZZ_LANG=objc as an Objective-C file (the
// default reads it as both). Then the facts are merged into a SourceIndex and every lookup the
// checks use runs on every class. Malformed sources must never trap, hang (-timeout) or use
// unbounded memory; problems are expected.
import Foundation

private let language = ProcessInfo.processInfo.environment["FUZZ_LANG"] ?? "both"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSources(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var files: [SourceFileFacts] = []
    if language != "objc" { files.append(SwiftSourceReader.read(text, file: "Fuzz.swift", module: "Fuzz")) }
    if language != "swift" { files.append(ObjCSourceReader.read(text, file: "Fuzz.m")) }
    for f in files {
        for p in f.problems { precondition(p.location.line >= 1 && p.location.column >= 1, "bad location \(p)") }
    }
    let index = SourceIndex(files)
    for c in index.classes {
        _ = index.chain(c.name, near: c.home)
        _ = index.frameworkBase(c.name)
        for p in c.properties { _ = index.property(p.name, of: c.name) }
        for m in c.methods { _ = index.method(m.selector, of: c.name) }
    }
    return 0
}
