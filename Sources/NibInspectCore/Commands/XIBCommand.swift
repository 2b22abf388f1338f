import ArchiveReader
import Foundation
import NibWriters

/// `nibinspect xib [-o FILE] PATH`: rebuilds Interface Builder source from a compiled nib (a xib)
/// or a `.storyboardc` (a storyboard) with ``XIBWriter``.
enum XIBCommand: Command {
    static let spec = CommandSpec(
        name: "xib",
        abstract: "Rebuild a xib from a compiled nib, or a storyboard from a .storyboardc.",
        arguments: [("path", "A compiled nib (NIBArchive, keyed archive, typedstream), nib bundle, .storyboardc, or '-' for standard input.")],
        options: [
            .option("--output", "-o", value: "path", help: "Write to this file instead of standard output."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        Writes the <document> format Xcode reads: a CocoaTouch or Cocoa xib for a nib, a storyboard
        with every scene, its view hierarchy, connections, segues (relationship segues included,
        a cell's segue in its cell), storyboard identifiers and the initial view controller for a
        .storyboardc (one layout per scene: the first of ~iphone/~ipad variants). Placeholders
        (File's Owner with its class where the nib records it, First Responder, Application,
        external objects), objects as the elements Xcode names their classes after, customClass
        and customModule (Swift names demangled), frames, autoresizing masks or Auto Layout,
        colours, fonts, images, titles, text, tool tips, states, tags, key equivalents,
        constraints, static table sections, outlets, outlet collections, actions with their
        control events, bindings, user-defined runtime attributes and accessibility.
        Ids are fresh, in Interface Builder's abc-de-fgh shape and the same for the same input;
        ids kept by localizable strings, and a storyboard controller's own (UIViewController-
        abc-de-fgh), are reused. What a xib cannot say (objects of private
        classes, values of no xib form, unresolved connections) is written in an XML comment
        beside its object. Legacy typedstream nibs are best effort, said so at the top.
        Nested archives (prototype cells, reusable views) are named in the top comment: their
        objects are in the main nib on macOS; a lone iOS nib's prototype cells have no xib form
        (a storyboard gets them back in <prototypes>).
        'nibinspect compare rebuilt.xib original.nib' checks a rebuild, and 'nibinspect diff
        --only objects --only connections rebuilt.xib original.xib' against the original source.
        Exit status 65 for an input that is already a source or holds no compiled document,
        66 for a missing input or an empty directory.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <path>") }
        let path = args.positionals[0]
        let output = args.value("--output")
        if let output { try OutputError.checkNotInput(output, inputs: [path]) }
        let (input, status, _) = try context.loadResolvedWithStatus(path)
        let text = try context.withFile(path) { try XIBWriter.source(for: input) }
        if let output {
            try OutputError.write(Array(text.utf8), to: output)
        } else {
            context.console.write(text)
        }
        return context.finish(input, status: status)
    }
}
