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
                               literals: visitor.literals, problems: problems)
    }
    #endif

    /// The stack (bytes) of the thread each Swift file is parsed on: 64 MiB, reserved address
    /// space of which only the part used is backed by memory. A file within ``maxNesting`` uses
    /// under 2 MiB (measured with Swift 6.3); 64 MiB holds 900 `(` of lookahead (16 MiB) and
    /// 3,000 nested `#if` (over 8 MiB) with room to spare, should the nesting scan miss a shape.
    public static let parserStackSize = 64 << 20

    /// Runs `body` on a new thread with a ``parserStackSize`` stack and waits for it.
    static func onLargeStack(_ body: @escaping @Sendable () -> SourceFileFacts) -> SourceFileFacts {
        let box = FactsBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = parserStackSize
        thread.start()
        done.wait()
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

#if NIBINSPECT_SWIFTPARSER
/// The places where the parser inserted missing tokens or skipped unexpected text.
private final class ErrorVisitor: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var problems: [SourceProblem] = []

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
        super.init(viewMode: .all)
    }

    func add(_ node: some SyntaxProtocol, _ message: String) {
        guard problems.count < 20 else { return }
        let l = node.startLocation(converter: converter)
        problems.append(SourceProblem(location: SourceLocation(file: file, line: l.line, column: l.column),
                                      message: "Swift syntax error: " + message))
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            let text = token.text.isEmpty ? "\(token.tokenKind)".split(separator: "(").first.map(String.init) ?? "token" : "'\(token.text)'"
            add(token, "expected \(text)")
        }
        return .skipChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        let text = node.trimmedDescription
        add(node, "unexpected text '\(text.prefix(30))\(text.count > 30 ? "…" : "")'")
        return .skipChildren
    }
}

/// One pass over a file's syntax tree.
final class Visitor: SyntaxVisitor {
    let file: String
    let module: String?
    let converter: SourceLocationConverter
    var classes: [SourceClass] = []
    var literals: [SourceLiteral] = []
    /// The class (index into `classes`) of each enclosing class or extension, nil for other types.
    var typeStack: [Int?] = []
    /// The enclosing method's name and the uses recorded in it.
    var methodStack: [(name: String, seen: Set<String>)] = []
    var objcMembers: [Bool] = []

    init(file: String, module: String?, converter: SourceLocationConverter) {
        self.file = file
        self.module = module
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    func finishedClasses() -> [SourceClass] { classes }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let l = node.startLocation(converter: converter)
        return SourceLocation(file: file, line: l.line, column: l.column)
    }

    var currentClass: Int? { typeStack.last ?? nil }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let objcName = objcAttributeName(node.attributes)
        let superclass = node.inheritanceClause?.inheritedTypes.first.map { typeName($0.type) }
        classes.append(SourceClass(name: name, objcName: objcName, language: .swift, module: module,
                                   superclass: superclass, declarations: [location(node.name)],
                                   isGeneric: node.genericParameterClause != nil))
        typeStack.append(classes.count - 1)
        objcMembers.append(hasAttribute(node.attributes, "objcMembers"))
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { popType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = typeName(node.extendedType)
        classes.append(SourceClass(name: String(name.split(separator: ".").last ?? Substring(name)),
                                   language: .swift, module: module, extensions: [location(node.extendedType)]))
        typeStack.append(classes.count - 1)
        objcMembers.append(hasAttribute(node.attributes, "objcMembers"))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { popType() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { pushOther() }
    override func visitPost(_ node: StructDeclSyntax) { popType() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { pushOther() }
    override func visitPost(_ node: EnumDeclSyntax) { popType() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { pushOther() }
    override func visitPost(_ node: ProtocolDeclSyntax) { popType() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { pushOther() }
    override func visitPost(_ node: ActorDeclSyntax) { popType() }

    func pushOther() -> SyntaxVisitorContinueKind {
        typeStack.append(nil)
        objcMembers.append(false)
        return .visitChildren
    }
    func popType() {
        typeStack.removeLast()
        objcMembers.removeLast()
    }

    /// True when the node is a direct member of the innermost type (not a local declaration).
    func isMember(_ node: some SyntaxProtocol) -> Bool {
        node.parent?.is(MemberBlockItemSyntax.self) == true && methodStack.isEmpty
    }

    // MARK: Members

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let c = currentClass, isMember(node) else { return .visitChildren }
        let modifiers = Set(node.modifiers.map(\.name.text))
        if modifiers.contains("static") || modifiers.contains("class") { return .visitChildren }
        let outlet = hasAttribute(node.attributes, "IBOutlet")
        let inspectable = hasAttribute(node.attributes, "IBInspectable") || hasAttribute(node.attributes, "GKInspectable")
        let weak = modifiers.contains("weak") || modifiers.contains("unowned")
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            var type = binding.typeAnnotation?.type
            var optionality = Optionality.nonOptional
            if let t = type?.as(OptionalTypeSyntax.self) { optionality = .optional; type = t.wrappedType }
            else if let t = type?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { optionality = .implicitlyUnwrapped; type = t.wrappedType }
            var element: String?
            if let array = type?.as(ArrayTypeSyntax.self) { element = typeName(array.element) }
            classes[c].properties.append(SourceProperty(
                name: pattern.identifier.text, type: type.map(typeName) ?? "", elementType: outlet ? element : nil,
                isOutlet: outlet, isCollection: outlet && element != nil, isInspectable: inspectable, isWeak: weak,
                optionality: optionality, location: location(pattern.identifier)))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let labels = argumentLabels(node.signature.parameterClause)
        if let c = currentClass, isMember(node) {
            let modifiers = Set(node.modifiers.map(\.name.text))
            if !modifiers.contains("static") && !modifiers.contains("class") {
                let action = hasAttribute(node.attributes, "IBAction") || hasAttribute(node.attributes, "IBSegueAction")
                let visible = action || hasAttribute(node.attributes, "objc") || modifiers.contains("dynamic")
                    || modifiers.contains("override") || (objcMembers.last ?? false)
                let display = labels.isEmpty ? name + "()" : methodName(name, labels)
                let imported = modifiers.contains("override") ? SwiftSourceReader.importedSelectors[display] : nil
                let selector = objcAttributeName(node.attributes) ?? imported ?? SwiftSourceReader.objcSelector(base: name, labels: labels)
                classes[c].methods.append(SourceMethod(selector: selector, displayName: display, isAction: action,
                                                       isObjCVisible: visible, location: location(node.name)))
            }
        }
        methodStack.append((methodName(name, labels), []))
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { methodStack.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = argumentLabels(node.signature.parameterClause)
        methodStack.append((methodName("init", labels), []))
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { methodStack.removeLast() }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        methodStack.append((node.accessorSpecifier.text, []))
        return .visitChildren
    }
    override func visitPost(_ node: AccessorDeclSyntax) { methodStack.removeLast() }

    /// Closures run later than the method that creates them: their uses are not the method's.
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        methodStack.append(("closure", []))
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { methodStack.removeLast() }

    /// The argument labels of a parameter list, nil for `_`.
    func argumentLabels(_ clause: FunctionParameterClauseSyntax) -> [String?] {
        clause.parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text }
    }

    /// `save(_:sender:)`; `save` without parameters.
    func methodName(_ base: String, _ labels: [String?]) -> String {
        labels.isEmpty ? base : base + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    // MARK: Uses

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard let c = currentClass, let method = methodStack.last, method.name != "closure" else { return .visitChildren }
        let name = node.baseName.text
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            // `x.name`: the class's own outlet when x is self; another object's in prepare(for:sender:).
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                recordUse(name, method: method.name, other: false, node: node, in: c)
            } else if method.name == "prepare(for:sender:)", member.base != nil {
                recordUse(name, method: method.name, other: true, node: node, in: c)
            }
        } else if node.baseName.tokenKind != .keyword(.self) {
            recordUse(name, method: method.name, other: false, node: node, in: c)
        }
        return .visitChildren
    }

    func recordUse(_ name: String, method: String, other: Bool, node: some SyntaxProtocol, in c: Int) {
        let key = (other ? "." : "") + name
        guard !methodStack.isEmpty, methodStack[methodStack.count - 1].seen.insert(key).inserted else { return }
        classes[c].outletUses.append(OutletUse(outlet: name, method: method, isOnOtherObject: other, location: location(node)))
    }

    // MARK: Literals

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = calleeName(node.calledExpression)
        // `register(Cell.self, forCellReuseIdentifier: …)`: a class registered without its nib.
        if callee == "register", node.arguments.count >= 2,
           let second = node.arguments.dropFirst().first?.label?.text,
           ["forCellReuseIdentifier", "forCellWithReuseIdentifier", "forHeaderFooterViewReuseIdentifier",
            "forSupplementaryViewOfKind"].contains(second),
           let first = node.arguments.first, first.label == nil,
           let member = first.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
           let base = member.base {
            literals.append(SourceLiteral(kind: .registeredClass, value: base.trimmedDescription,
                                          enclosingClass: enclosingClassName(), location: location(first.expression)))
        }
        for (i, argument) in node.arguments.enumerated() {
            guard let value = plainString(argument.expression) else { continue }
            let label = argument.label?.text
            var kind: SourceLiteral.Kind?
            switch (callee, label) {
            case ("performSegue", "withIdentifier"): kind = .segueIdentifier
            case ("instantiateViewController", "withIdentifier"), ("instantiateController", "withIdentifier"),
                 ("instantiateViewController", "identifier"):
                kind = .storyboardIdentifier
            case ("UIStoryboard", "name"), ("NSStoryboard", "name"): kind = .storyboardName
            case (_, "nibName"), (_, "nibNamed"), (_, "windowNibName"): kind = .nibName
            case ("loadNibNamed", nil) where i == 0, ("loadNibNamed", "_") where i == 0: kind = .nibName
            default: break
            }
            if let kind {
                literals.append(SourceLiteral(kind: kind, value: value, enclosingClass: enclosingClassName(),
                                              location: location(argument.expression),
                                              call: kind == .storyboardName ? callee : nil))
            }
        }
        recordPresentation(node, callee: callee)
        return .visitChildren
    }

    func enclosingClassName() -> String? {
        for entry in typeStack.reversed() { if let c = entry { return classes[c].name } }
        return nil
    }

    /// `performSegue` from `performSegue(…)`, `self.performSegue(…)`, `vc.performSegue(…)`,
    /// `UINib` from `UINib(…)`, `loadNibNamed` from `Bundle.main.loadNibNamed(…)`.
    func calleeName(_ expr: ExprSyntax) -> String? {
        if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            // `UIViewController.init(nibName:…)` and `super.init(nibName:)`: the label decides.
            return name
        }
        return nil
    }

    /// The text of a string literal without interpolation.
    func plainString(_ expr: ExprSyntax) -> String? {
        guard let literal = expr.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let s = segment.as(StringSegmentSyntax.self) else { return nil }
            text += s.content.text
        }
        return text
    }

    // MARK: Attributes and types

    func hasAttribute(_ list: AttributeListSyntax, _ name: String) -> Bool {
        list.contains { element in
            element.as(AttributeSyntax.self).map { $0.attributeName.trimmedDescription == name } ?? false
        }
    }

    /// The name in `@objc(name)` / `@objc(name:with:)`.
    func objcAttributeName(_ list: AttributeListSyntax) -> String? {
        for element in list {
            guard let attr = element.as(AttributeSyntax.self), attr.attributeName.trimmedDescription == "objc",
                  case .objCName(let pieces)? = attr.arguments else { continue }
            let name = pieces.map { ($0.name?.text ?? "") + ($0.colon != nil ? ":" : "") }.joined()
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// `UILabel` from `UILabel`, `UIKit.UILabel`, `UILabel?`; the description otherwise.
    func typeName(_ type: TypeSyntax) -> String {
        if let id = type.as(IdentifierTypeSyntax.self) { return id.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let opt = type.as(OptionalTypeSyntax.self) { return typeName(opt.wrappedType) }
        if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeName(iuo.wrappedType) }
        return type.trimmedDescription
    }
}
#endif
