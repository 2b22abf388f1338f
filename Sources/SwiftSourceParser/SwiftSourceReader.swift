import Foundation
#if !NIBINSPECT_SINGLE_MODULE
import SourceIndex   // (Scripts/fuzz.sh compiles it into the same module)
import struct SourceIndex.SourceLocation   // not SwiftSyntax's
#endif
#if NIBINSPECT_SWIFTPARSER
// Implementation-only: the targets that use this one (the CLI, nibbench, tests) then need neither
// the toolchain's module directory (-I) nor SwiftParser's modules. Safe without library evolution
// because no type or inlinable code of this module exposes a SwiftParser or SwiftSyntax type
// (the compiler's warning is about layouts that would).
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax
#endif

/// Swift sources -> ``SourceFileFacts``, read with the toolchain's own parser (`SwiftParser`, the
/// library the compiler itself uses), never with patterns over the text.
///
/// Recognised: `class` declarations (superclass = the first inherited type, generic parameters,
/// `@objc(Name)`, `@objcMembers`) and `extension`s of them; in their member blocks `@IBOutlet`
/// properties and collections (`weak`/`unowned`, `?`/`!`/non-optional, `[T]`), `@IBInspectable`
/// and other instance properties, instance methods with their Objective-C selector
/// (``objcSelector(base:labels:)``) and whether the runtime sees them; in method, initialiser and
/// `didSet` bodies the outlets they use; everywhere, string literals given to the segue, storyboard
/// and nib APIs (``SourceLiteral/Kind``). Nested classes are read under their own name.
///
/// Syntax errors are recovered by the parser; each yields a ``SourceProblem`` with its line and
/// what parsed is kept. Without SwiftParser (a toolchain that lacks `lib/swift/host`, see
/// `Package.swift`), ``available`` is nil and ``read(_:file:module:)`` yields one problem per file.
///
/// This target is the only one that imports SwiftParser and the only one built with unsafe flags
/// (`-I`/`-L` of the toolchain's `lib/swift/host`): no library product depends on it, so the
/// products stay usable as a versioned SwiftPM dependency. ``SourceCodeReader`` is given it as a
/// ``SwiftFileReader``.
public enum SwiftSourceReader {
    /// The reader to give ``SourceCodeReader/init(swift:)``; nil when this build has no SwiftParser.
    public static var available: (any SwiftFileReader)? {
        #if NIBINSPECT_SWIFTPARSER
        return Reader()
        #else
        return nil
        #endif
    }

    /// ``SwiftSourceReader/read(_:file:module:)`` as a ``SwiftFileReader``.
    struct Reader: SwiftFileReader {
        func read(_ text: String, file: String, module: String?) -> SourceFileFacts {
            SwiftSourceReader.read(text, file: file, module: module)
        }
    }

    /// The classes, literals and problems of one Swift file; `module` is the file's module when
    /// known (see ``SourceCodeReader/swiftModule(of:)``).
    ///
    /// A file nested past ``maxNesting`` or ``maxBracketNesting`` (``SwiftNesting``) is not
    /// parsed: it gives ``SourceFileFacts/notRead`` (``UnreadSourceFile/Reason/nestingTooDeep``)
    /// and one problem `not read (…)`. Others are parsed and walked on a thread of their own with
    /// a ``parserStackSize`` stack, never on the caller's: the parser recurses once per nesting
    /// level in places its own limit does not guard, and the walk once per level of the tree.
    public static func read(_ text: String, file: String, module: String?) -> SourceFileFacts {
        #if NIBINSPECT_SWIFTPARSER
        if let excess = SwiftNesting.excess(text) {
            return .unread(file, .swift, .nestingTooDeep, line: excess.line, detail: excess.description,
                           message: "not read (\(excess))")
        }
        return onLargeStack { parse(text, file: file, module: module) }
        #else
        return .unread(file, .swift, .noParser,
                       detail: "Swift sources not read: nibinspect was built without the toolchain's SwiftParser (lib/swift/host)")
        #endif
    }

    #if NIBINSPECT_SWIFTPARSER
    private static func parse(_ text: String, file: String, module: String?) -> SourceFileFacts {
        let tree = Parser.parse(source: text)
        let visitor = Visitor(file: file, module: module, converter: SourceLocationConverter(fileName: file, tree: tree))
        visitor.walk(tree)
        var problems: [SourceProblem] = []
        if tree.hasError {
            // What the parser recovered from: missing tokens and text it skipped, at most 20 per
            // file. (SwiftParserDiagnostics' generator would word these better, but traps on some
            // malformed input — a fuzz finding with Swift 6.3 — so it is not used.)
            let errors = ErrorVisitor(file: file, converter: visitor.converter)
            errors.walk(tree)
            problems = errors.problems
        }
        return SourceFileFacts(file: file, language: .swift, classes: visitor.finishedClasses(),
                               literals: visitor.literals, problems: problems, references: visitor.references)
    }
    #endif

    /// The stack (bytes) of the thread each Swift file is parsed on: 64 MiB, reserved address
    /// space of which only the part used is backed by memory. A file within ``maxNesting`` uses
    /// under 2 MiB (measured with Swift 6.3); 64 MiB holds 900 `(` of lookahead (16 MiB) and
    /// 3,000 nested `#if` (over 8 MiB) with room to spare, should the nesting scan miss a shape.
    public static let parserStackSize = 64 << 20

    /// Runs `body` on a thread with a ``parserStackSize`` stack and waits for it: one of
    /// ``LargeStackWorkers``, kept between files (a thread started per file cost a 64 MiB mapping
    /// and a thread start each time, and, under AddressSanitizer, clearing that stack's shadow).
    static func onLargeStack(_ body: @escaping @Sendable () -> SourceFileFacts) -> SourceFileFacts {
        let box = FactsBox()
        LargeStackWorkers.shared.run { box.value = body() }
        return box.value!
    }

    /// ``SwiftNesting/maxSquareBrackets``: `[` nested deeper makes a file unreadable.
    public static var maxBracketNesting: Int { SwiftNesting.maxSquareBrackets }

    /// ``SwiftNesting/maxNesting``: brackets, interpolations and `#if` blocks nested deeper
    /// together make a file unreadable.
    public static var maxNesting: Int { SwiftNesting.maxNesting }

    /// The Objective-C selector Swift gives a method `base(labels…)`: no parameters → `base`;
    /// first label `_` → `base:`; a first label → `base` + `With` + label + `:` unless the label's
    /// first word or the base name's last word is a preposition (`move(to:)` → `moveTo:`); later
    /// parameters add `label:` (or `:` for `_`). `save(sender:)` → `saveWithSender:`,
    /// `tap(_:forEvent:)` → `tap:forEvent:`. (The Swift compiler's rule, `getObjCSelector` with
    /// its preposition list.)
    public static func objcSelector(base: String, labels: [String?]) -> String {
        guard let first = labels.first else { return base }
        var selector = base
        if let label = first, !label.isEmpty {
            if !isPreposition(firstWord(label)) && !isPreposition(lastWord(base)) { selector += "With" }
            selector += label.prefix(1).uppercased() + label.dropFirst()
        }
        selector += ":"
        for label in labels.dropFirst() { selector += (label ?? "") + ":" }
        return selector
    }

    /// Overrides of Objective-C methods keep the overridden method's selector, which the SDK's
    /// name translation gives and the rule cannot: the ones the checks look for.
    static let importedSelectors: [String: String] = [
        "forwardingTarget(for:)": "forwardingTargetForSelector:",
        "forwardInvocation(_:)": "forwardInvocation:",
        "responds(to:)": "respondsToSelector:",
        "prepare(for:sender:)": "prepareForSegue:sender:",
        "setValue(_:forUndefinedKey:)": "setValue:forUndefinedKey:",
        "value(forUndefinedKey:)": "valueForUndefinedKey:",
    ]

    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since",
        "to", "until", "using", "via", "when", "with", "within",
    ]
    static func isPreposition(_ word: Substring) -> Bool { prepositions.contains(word.lowercased()) }
    static func firstWord(_ s: String) -> Substring {
        let end = s.dropFirst().firstIndex { $0.isUppercase } ?? s.endIndex
        return s[..<end]
    }
    static func lastWord(_ s: String) -> Substring {
        guard let start = s.lastIndex(where: { $0.isUppercase }) else { return s[...] }
        return s[start...]
    }
}

/// The result of a parse, written on the parser's thread before it signals and read after.
private final class FactsBox: @unchecked Sendable {
    var value: SourceFileFacts?
}

/// Threads with a ``SwiftSourceReader/parserStackSize`` stack that wait for work between files.
/// A caller takes an idle one or starts a new one, so there are never more than the callers that
/// ran at once (``SourceCodeReader/read(files:)`` runs one per core); they stay for the process's
/// life, each keeping the stack pages its deepest file touched (under 2 MiB for real code).
final class LargeStackWorkers: @unchecked Sendable {
    static let shared = LargeStackWorkers()
    private let lock = NSLock()
    private var idle: [Worker] = []

    /// Runs `job` on an idle worker (or a new one) and waits for it.
    func run(_ job: @escaping @Sendable () -> Void) {
        let worker = lock.withLock { idle.popLast() } ?? Worker(stackSize: SwiftSourceReader.parserStackSize)
        worker.run(job)
        lock.withLock { idle.append(worker) }
    }

    /// One thread looping over the jobs given to it, one at a time.
    final class Worker: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)
        private var job: (@Sendable () -> Void)?

        init(stackSize: Int) {
            let thread = Thread { [self] in
                while true {
                    ready.wait()
                    job?()
                    job = nil
                    done.signal()
                }
            }
            thread.stackSize = stackSize
            thread.start()
        }

        func run(_ job: @escaping @Sendable () -> Void) {
            self.job = job
            ready.signal()
            done.wait()
        }
    }
}
