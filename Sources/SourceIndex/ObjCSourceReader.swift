/// Objective-C sources (`.h`, `.m`, `.mm`) -> ``SourceFileFacts``, with a tokenizer and a scan
/// over the tokens (no compiler, no regular expressions, no preprocessing beyond dropping `#` lines).
///
/// What is recognised:
/// - Each `@interface X : Super <P>` (a declaration: ``SourceClass/declarations`` and
///   ``SourceClass/superclass``), class extension `@interface X ()`, category `@interface X (Cat)`
///   and `@implementation X` (these in ``SourceClass/extensions``) gives one ``SourceClass``;
///   ``SourceIndex`` merges them by name.
/// - `IBOutlet` instance variables in `{ … }` blocks after `@interface` or `@implementation`
///   (named as written, `_title` stays `_title`).
/// - Every `@property`, outlet or not: `IBOutlet`, `IBOutletCollection(T)` (element `T`),
///   `IBInspectable`; weak for `weak`, `assign`, `unsafe_unretained`, `__weak`,
///   `__unsafe_unretained` on object types; optionality from `nullable`/`_Nullable`/`__nullable`,
///   `nonnull`/`_Nonnull`/`__nonnull`, `null_unspecified`, and `NS_ASSUME_NONNULL_BEGIN/END`
///   regions; several declarators (`UILabel *a, *b;`); block and function-pointer types.
/// - Instance methods (`-`) declared or defined, by selector; `IBAction` return types make
///   actions. Class methods (`+`) are skipped.
/// - In `@implementation` method bodies, the first use per name and method of `self.name`,
///   `[self name]`, `_name` (recorded as `name`) and `name` alone (an instance variable used
///   bare: `[extendBackwardsItem setKeyEquivalent:…]`), and `other.name` and `[other name]` as
///   uses on other objects (`prepareForSegue:sender:` is recorded as `prepare(for:sender:)`); the
///   first assignment `name = …` of each too.
/// - Selectors and message sends naming methods (``MethodReference``: `@selector(save:)`,
///   `NSSelectorFromString(@"save:")`, the first keyword of `[x save:y]`).
/// - `@"…"` literals given to `performSegueWithIdentifier:`, `instantiateViewControllerWithIdentifier:`,
///   `instantiateControllerWithIdentifier:`, `storyboardWithName:`, `initWithNibName:`,
///   `nibWithNibName:`, `loadNibNamed:`, `initWithWindowNibName:` and `initWithNibNamed:`.
///
/// Skipped: `@class`, `@protocol` declarations and bodies, C functions, structs, enums, `NS_ENUM`,
/// attributes and availability macros, `@synthesize`, `@dynamic`, C++ classes, templates and
/// namespaces. Not recognised: a local variable or parameter that shadows an instance variable
/// (its uses count as the ivar's), uses through local aliases, macros that expand to declarations, and
/// the conditional groups the tokenizer does not read (see ``ObjCTokenizer``).
///
/// Locations are those of the name token (the class, property, method's first selector part, used
/// name or literal): 1-based line and column, the column counted in UTF-8 bytes.
///
/// Malformed input never stops the reader: every loop moves forward, nesting is counted rather
/// than recursed into, and what cannot be understood (a missing `@end` or `}`, an unreadable
/// `@property`) is reported as a ``SourceProblem`` while the rest is kept.
public enum ObjCSourceReader {
    /// The classes, literals and problems of one Objective-C file.
    public static func read(_ text: String, file: String) -> SourceFileFacts {
        let tokenizer = ObjCTokenizer.tokenize(text)
        var parser = ObjCParser(tokens: tokenizer.tokens, file: file)
        for p in tokenizer.problems {
            parser.problems.append(SourceProblem(location: SourceLocation(file: file, line: p.line, column: p.column), message: p.message))
        }
        parser.parseFile()
        let literals = parser.literals()
        var problems = parser.problems.sorted { $0.location < $1.location }
        if problems.count > maxProblems {
            let dropped = problems.count - maxProblems
            problems.removeLast(dropped)
            problems.append(SourceProblem(location: problems[maxProblems - 1].location, message: "\(dropped) further problems not shown"))
        }
        return SourceFileFacts(file: file, language: .objectiveC, classes: parser.classes, literals: literals, problems: problems,
                               references: parser.references())
    }

    /// At most this many problems are kept per file (random bytes would give one per token).
    static let maxProblems = 50

    /// The selector keyword before an `@"…"` argument, and what the literal names.
    static let literalKeywords: [String: SourceLiteral.Kind] = [
        "performSegueWithIdentifier": .segueIdentifier,
        "instantiateViewControllerWithIdentifier": .storyboardIdentifier,
        "instantiateControllerWithIdentifier": .storyboardIdentifier,
        "storyboardWithName": .storyboardName,
        "initWithNibName": .nibName, "nibWithNibName": .nibName, "loadNibNamed": .nibName,
        "initWithWindowNibName": .nibName, "initWithNibNamed": .nibName,
    ]
}

/// The scan over one file's tokens. Each `parse…` starts at its first token and returns after its
/// last; none recurses into nested braces.
struct ObjCParser {
    let tokens: [ObjCToken]
    let file: String
    var p = 0
    var classes: [SourceClass] = []
    var problems: [SourceProblem] = []
    /// Token ranges of `@implementation` blocks with their class, for the literals' enclosing class.
    var implementations: [(range: Range<Int>, name: String)] = []
    var assumeNonnull = false
    /// The parameters of the method being read whose type is a class pointer (`(Cell *)cell`).
    var parameterClasses: [String: String] = [:]
    /// The names of the parameters of the method being read.
    var parameterNames: Set<String> = []

    init(tokens: [ObjCToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    // MARK: Token helpers

    private func token(_ offset: Int = 0) -> ObjCToken? {
        let j = p + offset
        return j >= 0 && j < tokens.count ? tokens[j] : nil
    }
    private func at(_ punct: String, _ offset: Int = 0) -> Bool { token(offset)?.isPunct(punct) ?? false }
    func location(_ t: ObjCToken) -> SourceLocation {
        SourceLocation(file: file, line: Int(t.line), column: Int(t.column))
    }
    private mutating func problem(_ t: ObjCToken, _ message: String) {
        problems.append(SourceProblem(location: location(t), message: message))
    }
    /// Keywords that begin or end a declaration block; none can stand inside braces or a declaration.
    private static let structural: Set<String> = [
        "@interface", "@implementation", "@end", "@protocol", "@property", "@class", "@synthesize",
        "@dynamic", "@optional", "@required",
    ]
    private func isStructural(_ t: ObjCToken) -> Bool {
        // `@protocol(Name)` is an expression.
        t.kind == .atKeyword && Self.structural.contains(t.text) && !(t.text == "@protocol" && tokens.indices.contains(p + 1) && tokens[p + 1].isPunct("("))
    }
    private func isBlockKeyword(_ t: ObjCToken) -> Bool {
        t.kind == .atKeyword && (t.text == "@interface" || t.text == "@implementation" || t.text == "@end")
    }
    private mutating func trackNonnull(_ t: ObjCToken) {
        if t.text == "NS_ASSUME_NONNULL_BEGIN" { assumeNonnull = true }
        if t.text == "NS_ASSUME_NONNULL_END" { assumeNonnull = false }
    }

    /// From an opening `(`, `[`, `<` or `{` to after its partner; stops without consuming at a
    /// block keyword (`@interface`, `@implementation`, `@end`) or the end of the file, reporting
    /// a problem. Returns the tokens inside.
    @discardableResult
    private mutating func skipGroup() -> ArraySlice<ObjCToken> {
        let open = tokens[p]
        let close = ["(": ")", "[": "]", "<": ">", "{": "}"][open.text] ?? ""
        let start = p + 1
        var depth = 0
        while p < tokens.count {
            let t = tokens[p]
            if t.kind == .punct {
                if t.text == open.text { depth += 1 }
                else if t.text == close {
                    depth -= 1
                    if depth == 0 { p += 1; return tokens[start..<(p - 1)] }
                }
            } else if isBlockKeyword(t) {
                break
            }
            p += 1
        }
        problem(open, "no closing '\(close)' for this '\(open.text)'")
        return tokens[start..<p]
    }

    /// To after the next `;` outside parentheses; stops without consuming at a structural keyword,
    /// a brace or the end of the file (reporting a problem when `report`). Returns the tokens before `;`.
    @discardableResult
    private mutating func skipStatement(report: Bool = true) -> ArraySlice<ObjCToken> {
        let start = p
        var depth = 0
        while p < tokens.count {
            let t = tokens[p]
            if t.kind == .punct {
                switch t.text {
                case "(", "[": depth += 1
                case ")", "]": depth = max(0, depth - 1)
                case ";" where depth == 0: p += 1; return tokens[start..<(p - 1)]
                case "{", "}": if report { problem(t, "expected ';'") }; return tokens[start..<p]
                default: break
                }
            } else if p > start && isStructural(t) {
                if report { problem(t, "expected ';' before \(t.text)") }
                return tokens[start..<p]
            }
            p += 1
        }
        if report, let last = tokens.last { problem(last, "expected ';' at the end of the file") }
        return tokens[start..<p]
    }

    // MARK: Declarations

    mutating func parseFile() {
        while p < tokens.count {
            let t = tokens[p]
            switch t.kind {
            case .atKeyword:
                switch t.text {
                case "@interface": parseInterface()
                case "@implementation": parseImplementation()
                case "@protocol": skipProtocol()
                case "@class": skipStatement()
                case "@end": problem(t, "@end without @interface or @implementation"); p += 1
                default: p += 1
                }
            case .punct where t.text == "{":
                // `extern "C" {` holds declarations; any other brace at file level is a body.
                if p > 0, tokens[p - 1].kind == .cString { p += 1 } else { skipGroup() }
            case .identifier:
                trackNonnull(t)
                p += 1
            default:
                p += 1
            }
        }
    }

    /// `@protocol P;` / `@protocol P, Q;`, or a protocol's body to its `@end` (its methods are no
    /// class's methods).
    private mutating func skipProtocol() {
        let start = tokens[p]
        if at("(", 1) { p += 1; return }
        if at(";", 2) || at(",", 2) { skipStatement(); return }
        p += 1
        while p < tokens.count {
            let t = tokens[p]
            if t.kind == .atKeyword && t.text == "@end" { p += 1; return }
            if t.kind == .atKeyword && (t.text == "@interface" || t.text == "@implementation") { break }
            p += 1
        }
        problem(start, "@protocol has no @end")
    }

    /// `@interface Name<T> : Super <P> { ivars } members @end`, or `@interface Name (Category) …`.
    private mutating func parseInterface() {
        let start = tokens[p]
        p += 1
        guard let name = token(), name.kind == .identifier else { problem(start, "expected a class name after @interface"); return }
        p += 1
        var cls = SourceClass(name: name.text, language: .objectiveC)
        if at("<") { skipGroup() }   // lightweight generic parameters
        if at("(") {
            skipGroup()
            cls.extensions = [location(name)]
        } else {
            cls.declarations = [location(name)]
            if at(":") {
                p += 1
                if let s = token(), s.kind == .identifier { cls.superclass = s.text; p += 1 }
                else { problem(name, "expected a superclass name after ':'") }
            }
        }
        if at("<") { skipGroup() }   // protocols
        if at("{") { parseInstanceVariables(into: &cls) }
        parseMembers(into: &cls, implementation: false, start: start)
        classes.append(cls)
    }

    /// `@implementation Name (Category) { ivars } methods @end`.
    private mutating func parseImplementation() {
        let start = tokens[p]
        p += 1
        guard let name = token(), name.kind == .identifier else { problem(start, "expected a class name after @implementation"); return }
        p += 1
        var cls = SourceClass(name: name.text, language: .objectiveC, extensions: [location(name)])
        if at("(") { skipGroup() }
        if at(":"), token(1)?.kind == .identifier { p += 2 }
        if at("{") { parseInstanceVariables(into: &cls) }
        let first = p
        parseMembers(into: &cls, implementation: true, start: start)
        implementations.append((first..<p, name.text))
        classes.append(cls)
    }

    /// The members of an `@interface` or `@implementation` up to and including its `@end`.
    private mutating func parseMembers(into cls: inout SourceClass, implementation: Bool, start: ObjCToken) {
        while p < tokens.count {
            let t = tokens[p]
            switch t.kind {
            case .atKeyword:
                switch t.text {
                case "@end": p += 1; return
                case "@property": parseProperty(into: &cls)
                case "@synthesize", "@dynamic": skipStatement()
                case "@interface", "@implementation":
                    problem(start, "\(start.text) \(cls.name) has no @end"); return
                case "@protocol" where !at("(", 1):
                    problem(start, "\(start.text) \(cls.name) has no @end"); return
                default: p += 1
                }
            case .punct where t.text == "-" || t.text == "+":
                parseMethod(into: &cls, implementation: implementation, isInstance: t.text == "-")
            case .punct where t.text == "{":
                skipGroup()   // a C function's body
            case .identifier:
                trackNonnull(t)
                p += 1
            default:
                p += 1
            }
        }
        problem(start, "\(start.text) \(cls.name) has no @end")
    }

    /// `{ IBOutlet NSButton *button; … }`: the outlets among the instance variables.
    private mutating func parseInstanceVariables(into cls: inout SourceClass) {
        let body = skipGroup()
        var declaration: [ObjCToken] = []
        var depth = 0
        for t in body {
            if t.kind == .atKeyword { continue }   // @private, @public, …
            if t.isPunct("{") { depth += 1 } else if t.isPunct("}") { depth -= 1 }
            if depth == 0 && t.isPunct(";") {
                cls.properties += declarators(declaration, attributes: []).filter(\.isOutlet)
                declaration.removeAll()
            } else {
                declaration.append(t)
            }
        }
        cls.properties += declarators(declaration, attributes: []).filter(\.isOutlet)
    }

    /// `@property (attributes) Type *name, *other;`
    private mutating func parseProperty(into cls: inout SourceClass) {
        let start = tokens[p]
        p += 1
        var attributes: [String] = []
        if at("(") { attributes = skipGroup().filter { $0.kind == .identifier }.map(\.text) }
        let declaration = skipStatement()
        let found = declarators(Array(declaration), attributes: attributes)
        if found.isEmpty { problem(start, "could not read this @property") }
        cls.properties += found
    }

    private static let ignoredQualifiers: Set<String> = [
        "const", "volatile", "__strong", "__autoreleasing", "__kindof", "__block", "static", "extern",
        "__unused", "register", "IBOutlet", "IBInspectable", "__weak", "__unsafe_unretained",
        "_Nullable", "__nullable", "_Nonnull", "__nonnull", "_Null_unspecified", "__null_unspecified",
        "nullable", "nonnull", "null_unspecified", "null_resettable", "_Null_resettable",
    ]
    /// Words that begin a C type without completing it (`unsigned long long`, `struct CGRect`).
    private static let typePrefixes: Set<String> = ["unsigned", "signed", "long", "short", "struct", "enum", "union"]

    /// The variables one declaration (`IBOutlet UILabel *a, *b` without the `;`) declares.
    private func declarators(_ tokens: [ObjCToken], attributes: [String]) -> [SourceProperty] {
        var isOutlet = false, isCollection = false, isInspectable = false
        var elementType: String?
        var weak = attributes.contains { ["weak", "assign", "unsafe_unretained"].contains($0) }
        var nullability: Optionality?
        for a in attributes {
            if a == "nullable" { nullability = .optional }
            if a == "nonnull" { nullability = .nonOptional }
            if a == "null_unspecified" || a == "null_resettable" { nullability = .implicitlyUnwrapped }
        }
        // Split at top-level commas.
        var segments: [[ObjCToken]] = [[]]
        var depth = 0
        for t in tokens {
            if t.kind == .punct {
                if "([{<".contains(t.text) { depth += 1 } else if ")]}>".contains(t.text) { depth -= 1 }
                if depth == 0 && t.text == "," { segments.append([]); continue }
            }
            segments[segments.count - 1].append(t)
        }
        var type: [ObjCToken] = []
        var typeIsComplete = false
        var found: [(name: ObjCToken, type: String, isObject: Bool)] = []
        for segment in segments {
            var name: ObjCToken?
            var isPointer = false
            var blockType: [ObjCToken]?
            var i = 0
            /// The tokens of the group opening at `i` (exclusive), with `i` moved past it.
            func group() -> ArraySlice<ObjCToken> {
                let open = segment[i].text, close = ["(": ")", "<": ">", "[": "]", "{": "}"][open] ?? ""
                var depth = 0, j = i
                while j < segment.count {
                    if segment[j].isPunct(open) { depth += 1 }
                    else if segment[j].isPunct(close) { depth -= 1; if depth == 0 { break } }
                    j += 1
                }
                defer { i = min(j + 1, segment.count) }
                return segment[(i + 1)..<min(j, segment.count)]
            }
            while i < segment.count {
                let t = segment[i]
                if t.kind == .identifier {
                    switch t.text {
                    case "IBOutlet": isOutlet = true
                    case "IBInspectable": isInspectable = true
                    case "__weak", "__unsafe_unretained": weak = true
                    case "_Nullable", "__nullable", "nullable": nullability = .optional
                    case "_Nonnull", "__nonnull", "nonnull": nullability = .nonOptional
                    case "_Null_unspecified", "__null_unspecified", "null_unspecified": nullability = .implicitlyUnwrapped
                    default: break
                    }
                    let next = i + 1 < segment.count ? segment[i + 1] : nil
                    if t.text == "IBOutletCollection", next?.isPunct("(") == true {
                        isOutlet = true
                        isCollection = true
                        i += 1
                        elementType = group().first { $0.kind == .identifier }?.text
                        continue
                    }
                    if Self.ignoredQualifiers.contains(t.text) { i += 1; continue }
                    if next?.isPunct("(") == true, !isBlockDeclarator(segment, i + 1) {
                        i += 1
                        _ = group()   // a macro with arguments: API_AVAILABLE(…), __attribute__((…))
                        continue
                    }
                    if !typeIsComplete {
                        type.append(t)
                        typeIsComplete = !Self.typePrefixes.contains(t.text)
                        i += 1
                        while i + 2 < segment.count, segment[i].isPunct(":"), segment[i + 1].isPunct(":"),
                              segment[i + 2].kind == .identifier {   // C++ std::string
                            type += segment[i...(i + 2)]
                            i += 3
                        }
                        if i < segment.count, segment[i].isPunct("<") {
                            let start = i
                            _ = group()
                            type += segment[start..<i]
                        }
                        continue
                    }
                    if name == nil { name = t }
                    i += 1   // a later identifier: a trailing macro
                } else if t.isPunct("(") {
                    if typeIsComplete && name == nil && isBlockDeclarator(segment, i) {
                        // void (^name)(args), int (*name)(args)
                        let inner = group()
                        name = inner.first { $0.kind == .identifier && !Self.ignoredQualifiers.contains($0.text) }
                        if inner.contains(where: { $0.text == "_Nullable" || $0.text == "__nullable" }) { nullability = .optional }
                        var spelled = type + [ObjCToken(kind: .punct, text: "(", line: 0, column: 0)]
                        spelled += inner.filter { $0.kind == .punct } + [ObjCToken(kind: .punct, text: ")", line: 0, column: 0)]
                        if i < segment.count, segment[i].isPunct("(") {
                            let start = i
                            _ = group()
                            spelled += segment[start..<i]
                        }
                        blockType = spelled
                        isPointer = true
                    } else {
                        _ = group()
                    }
                } else if t.isPunct("[") || t.isPunct("{") {
                    _ = group()
                } else if t.isPunct(":") || t.isPunct("=") {
                    break   // a bit-field width or an initializer
                } else {
                    if t.isPunct("*") || t.isPunct("^") || t.isPunct("&") { isPointer = true }
                    i += 1
                }
            }
            if name == nil, found.isEmpty, type.count >= 2 { name = type.removeLast() }   // unsigned long count
            guard let name else { continue }
            let typeText = Self.spell(blockType ?? type)
            let isObject = isPointer || typeText == "id" || typeText.hasPrefix("id<") || typeText == "instancetype"
            found.append((name, typeText, isObject))
        }
        return found.map { d in
            SourceProperty(name: d.name.text, type: d.type, elementType: elementType, isOutlet: isOutlet,
                           isCollection: isCollection, isInspectable: isInspectable, isWeak: weak && d.isObject,
                           optionality: nullability ?? (assumeNonnull ? .nonOptional : .implicitlyUnwrapped),
                           location: location(d.name))
        }
    }

    /// Whether the parenthesis at `i` opens a block or function-pointer declarator, `(^name)` / `(*name)`.
    private func isBlockDeclarator(_ segment: [ObjCToken], _ i: Int) -> Bool {
        i + 1 < segment.count && segment[i].isPunct("(") && (segment[i + 1].isPunct("^") || segment[i + 1].isPunct("*"))
    }

    /// Tokens as a type is usually written: `NSArray<NSString *>`, `void (^)(BOOL)`.
    static func spell<S: Sequence>(_ tokens: S) -> String where S.Element == ObjCToken {
        var s = ""
        for t in tokens {
            let tight = s.isEmpty || [">", ",", ")", "]", "<"].contains(t.text) || "<(^[".contains(s.last ?? " ")
                || (t.text == "*" && s.last == "*") || (t.text == "(" && s.last == ")") || t.text == ":" || s.last == ":"
            if !tight { s += " " }
            s += t.text
        }
        return s
    }

    // MARK: Methods

    /// `- (IBAction)save:(id)sender;` in an interface, `- (void)viewDidLoad { … }` in an
    /// implementation (its body scanned for outlet uses); `+` methods are read past and dropped.
    private mutating func parseMethod(into cls: inout SourceClass, implementation: Bool, isInstance: Bool) {
        p += 1
        parameterClasses = [:]
        parameterNames = []
        var isAction = false
        if at("(") { isAction = skipGroup().contains { $0.isIdentifier("IBAction") } }
        guard let first = token(), first.kind == .identifier else { return }   // `- 1` in an initializer, or garbage
        var selector = first.text
        p += 1
        if at(":") {
            selector += ":"
            p += 1
            skipParameter()
            while true {
                if let t = token(), t.kind == .identifier, at(":", 1) {
                    selector += t.text + ":"
                    p += 2
                } else if at(":") {
                    selector += ":"
                    p += 1
                } else {
                    break
                }
                skipParameter()
            }
        }
        // Trailing attributes and variadic `, ...` up to `;` or the body.
        while let t = token(), !t.isPunct(";"), !t.isPunct("{"), !t.isPunct("}"), !t.isPunct("-"), !t.isPunct("+"), !isStructural(t) {
            if t.isPunct("(") { skipGroup() } else { p += 1 }
        }
        if implementation && at(";") && at("{", 1) { p += 1 }
        if isInstance {
            cls.methods.append(SourceMethod(selector: selector, displayName: selector, isAction: isAction, location: location(first)))
        }
        if at(";") { p += 1 }
        else if at("{") {
            let uses = scanBody(method: selector == "prepareForSegue:sender:" ? "prepare(for:sender:)" : selector)
            if isInstance && implementation { cls.outletUses += uses }
        } else if let t = token() {
            problem(t, "expected ';' or '{' after the method \(selector)")
        }
    }

    /// `(Type)name` (or `name` alone, typed `id`) after a selector keyword.
    private mutating func skipParameter() {
        var type: String?
        if at("(") { type = Self.pointerClass(skipGroup()) }
        if let t = token(), t.kind == .identifier {
            if let type { parameterClasses[t.text] = type }
            parameterNames.insert(t.text)
            p += 1
        }
    }

    /// A method body from its `{` to after its `}`: the names it uses on `self` and on other
    /// objects, first use per name (and first assignment `name = …`). Nesting is counted.
    private mutating func scanBody(method: String) -> [OutletUse] {
        let open = tokens[p]
        var uses: [OutletUse] = []
        var seen: Set<String> = []
        var depth = 0
        let tokens = tokens
        // Locals declared `Cell *cell` in the body, and the parameters: their classes.
        var locals = parameterClasses
        // Every name the method declares (parameters, locals): it shadows an instance variable.
        var declared = parameterNames
        /// The name token at `i`; `name = …` (not `==`) is an assignment. For a use on another
        /// object, the receiver token at `r` when it is a variable whose class is known.
        func use(_ i: Int, _ name: String, other: Bool, receiver r: Int? = nil) {
            let t = tokens[i]
            let assigned = i + 1 < tokens.count && tokens[i + 1].isPunct("=") && !(i + 2 < tokens.count && tokens[i + 2].isPunct("="))
            let type = r.flatMap { tokens[$0].kind == .identifier ? locals[tokens[$0].text] : nil }
            if seen.insert((other ? "." + (type ?? "") : "") + (assigned ? "=" : "") + name).inserted {
                uses.append(OutletUse(outlet: name, method: method, isOnOtherObject: other, isAssignment: assigned, location: location(t),
                                      receiverType: type))
            }
        }
        while p < tokens.count {
            let t = tokens[p]
            switch t.kind {
            case .punct where (t.text == "-" || t.text == "+") && t.column == 1 && at("(", 1) && depth > 0:
                // `- (void)next` at the start of a line: the next method; this body was left open.
                problem(open, "no closing '}' for the body of \(method)")
                return uses
            case .punct:
                if t.text == "{" { depth += 1 }
                else if t.text == "}" { depth -= 1; if depth == 0 { p += 1; return uses } }
                else if t.text == ".", let member = token(1), member.kind == .identifier, let receiver = token(-1) {
                    // self.name / other.name / (cast).name / [message].name
                    if receiver.isIdentifier("self") { use(p + 1, member.text, other: false) }
                    else if receiver.kind == .identifier || receiver.isPunct(")") || receiver.isPunct("]") {
                        use(p + 1, member.text, other: true, receiver: p - 1)
                    }
                }
            case .identifier:
                if t.text.hasPrefix("_"), !t.text.hasPrefix("__"), t.text.count > 1, !(token(-1)?.isPunct(".") ?? false) {
                    use(p, String(t.text.dropFirst()), other: false)
                } else if at("]", 1), let receiver = token(-1),
                          receiver.kind == .identifier || receiver.isPunct("]") || receiver.isPunct(")") {
                    // [self name] / [other name]
                    if receiver.isIdentifier("self") { use(p, t.text, other: false) }
                    else if !receiver.isIdentifier("super") { use(p, t.text, other: true, receiver: p - 1) }
                } else if t.text.first?.isUppercase == true, at("*", 1), let v = token(2), v.kind == .identifier,
                          let before = token(-1), before.isPunct("{") || before.isPunct(";") || before.isPunct("(") {
                    // `Cell *cell = …;` / `for (Cell *cell in …)`: a local of that class.
                    locals[v.text] = t.text
                    declared.insert(v.text)
                } else if let before = token(-1), before.kind == .identifier || before.isPunct("*"),
                          isDeclarator(p), !Self.bareNameStopWords.contains(before.text) {
                    // `NSInteger count`, `id item`, `NSMenuItem *item`: a local declaration.
                    declared.insert(t.text)
                } else if !declared.contains(t.text), isBareName(p) {
                    // `extendBackwardsItem` alone: the instance variable an `IBOutlet` ivar
                    // declares (SourceIndex keeps the names that are outlets of the class).
                    use(p, t.text, other: false)
                }
            case .atKeyword where isBlockKeyword(t):
                problem(open, "no closing '}' for the body of \(method)")
                return uses
            default:
                break
            }
            p += 1
        }
        problem(open, "no closing '}' for the body of \(method)")
        return uses
    }

    // MARK: Literals

    /// `keyword:@"…"` for the keywords of ``ObjCSourceReader/literalKeywords``, with the
    /// `@implementation` that holds each; a literal followed by another (`@"a" @"b"`) or by `.` is
    /// not plain and is left out.
    func literals() -> [SourceLiteral] {
        var out: [SourceLiteral] = []
        var k = 0
        let blocks = implementations.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (i, t) in tokens.enumerated() where t.kind == .objcString && i >= 2 {
            guard tokens[i - 1].isPunct(":"), tokens[i - 2].kind == .identifier,
                  let kind = ObjCSourceReader.literalKeywords[tokens[i - 2].text] else { continue }
            if i + 1 < tokens.count, tokens[i + 1].kind == .objcString || tokens[i + 1].isPunct(".") { continue }
            while k < blocks.count, blocks[k].range.upperBound <= i { k += 1 }
            let enclosing = k < blocks.count && blocks[k].range.contains(i) ? blocks[k].name : nil
            out.append(SourceLiteral(kind: kind, value: Self.unescape(t.text), enclosingClass: enclosing, location: location(t)))
        }
        out += registrations(blocks)
        out += presentations(blocks)
        return out
    }

    /// `registerClass:[Cell class] forCellReuseIdentifier:` (also `Cell.class`, and the
    /// collection view, header/footer and supplementary forms): a class registered without its nib.
    func registrations(_ blocks: [(range: Range<Int>, name: String)]) -> [SourceLiteral] {
        let follows: Set<String> = ["forCellReuseIdentifier", "forCellWithReuseIdentifier",
                                    "forHeaderFooterViewReuseIdentifier", "forSupplementaryViewOfKind"]
        var out: [SourceLiteral] = []
        for (i, t) in tokens.enumerated() where t.kind == .identifier && t.text == "registerClass" && i + 6 < tokens.count {
            guard tokens[i + 1].isPunct(":") else { continue }
            var j = i + 2
            let name: ObjCToken
            if tokens[j].isPunct("["), tokens[j + 1].kind == .identifier, tokens[j + 2].text == "class", tokens[j + 3].isPunct("]") {
                name = tokens[j + 1]
                j += 4
            } else if tokens[j].kind == .identifier, tokens[j + 1].isPunct("."), tokens[j + 2].text == "class" {
                name = tokens[j]
                j += 3
            } else { continue }
            guard j < tokens.count, tokens[j].kind == .identifier, follows.contains(tokens[j].text) else { continue }
            let enclosing = blocks.first { $0.range.contains(i) }?.name
            out.append(SourceLiteral(kind: .registeredClass, value: name.text, enclosingClass: enclosing, location: location(name)))
        }
        return out
    }

    /// `\"`, `\\`, `\n`, `\t` resolved; other escapes kept as written.
    static func unescape(_ s: String) -> String {
        guard s.contains("\\") else { return s }
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"", "\\", "'": out.append(c)
                default: out.append("\\"); out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
