import Foundation
#if !NIBINSPECT_SINGLE_MODULE
import SourceIndex   // (Scripts/fuzz.sh compiles it into the same module)
import struct SourceIndex.SourceLocation   // not SwiftSyntax's
#endif
#if NIBINSPECT_SWIFTPARSER
@_implementationOnly import SwiftParser   // (see SwiftSourceReader.swift)
@_implementationOnly import SwiftSyntax
/// The places where the parser inserted missing tokens or skipped unexpected text.
final class ErrorVisitor: SyntaxVisitor {
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
    /// Selectors and calls naming methods, first per name and kind (``MethodReference``).
    var references: [MethodReference] = []
    var referenced: Set<String> = []
    /// The class (index into `classes`) of each enclosing class or extension, nil for other types.
    var typeStack: [Int?] = []
    /// The enclosing method's name, the uses recorded in it and the class of each local or
    /// parameter whose class the code states (``Visitor/statedClass(_:depth:)``).
    var methodStack: [(name: String, seen: Set<String>, locals: [String: String])] = []
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
                let segueAction = hasAttribute(node.attributes, "IBSegueAction")
                let action = hasAttribute(node.attributes, "IBAction") || segueAction
                let visible = action || hasAttribute(node.attributes, "objc") || modifiers.contains("dynamic")
                    || modifiers.contains("override") || (objcMembers.last ?? false)
                let display = labels.isEmpty ? name + "()" : methodName(name, labels)
                let imported = modifiers.contains("override") ? SwiftSourceReader.importedSelectors[display] : nil
                let selector = objcAttributeName(node.attributes) ?? imported ?? SwiftSourceReader.objcSelector(base: name, labels: labels)
                classes[c].methods.append(SourceMethod(selector: selector, displayName: display, isAction: action,
                                                       isObjCVisible: visible, isOverride: modifiers.contains("override"),
                                                       isSegueAction: segueAction, location: location(node.name)))
            }
        }
        methodStack.append((methodName(name, labels), [], parameterClasses(node.signature.parameterClause)))
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { methodStack.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = argumentLabels(node.signature.parameterClause)
        methodStack.append((methodName("init", labels), [], parameterClasses(node.signature.parameterClause)))
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { methodStack.removeLast() }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        methodStack.append((node.accessorSpecifier.text, [], [:]))
        return .visitChildren
    }
    override func visitPost(_ node: AccessorDeclSyntax) { methodStack.removeLast() }

    /// Closures run later than the method that creates them: their uses are not the method's.
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        methodStack.append(("closure", [], [:]))
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { methodStack.removeLast() }

    /// Locals whose class the code states (SwiftSourceVisitor+Receivers.swift).
    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        bindLocal(node.pattern, type: node.typeAnnotation?.type, value: node.initializer?.value)
    }
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        bindLocal(node.pattern, type: node.typeAnnotation?.type, value: node.initializer?.value)
    }

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
        guard let c = currentClass, let method = methodStack.last else { return .visitChildren }
        let name = node.baseName.text
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            // `x.name`: the class's own outlet when x is self; another object's otherwise (a
            // segue's destination in prepare(for:sender:), a cell a data source fills).
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                recordUse(name, method: method.name, other: false, assigned: isAssigned(member), node: node, in: c)
            } else if let base = member.base {
                recordUse(name, method: method.name, other: true, assigned: isAssigned(member), node: node, in: c,
                          receiver: statedClass(base, depth: 0))
            }
        } else if node.baseName.tokenKind != .keyword(.self) {
            recordUse(name, method: method.name, other: false, assigned: isAssigned(node), node: node, in: c)
        }
        return .visitChildren
    }

    func recordUse(_ name: String, method: String, other: Bool, assigned: Bool, node: some SyntaxProtocol, in c: Int,
                   receiver: String? = nil) {
        let key = (other ? "." + (receiver ?? "") : "") + (assigned ? "=" : "") + name
        guard !methodStack.isEmpty, methodStack[methodStack.count - 1].seen.insert(key).inserted else { return }
        classes[c].outletUses.append(OutletUse(outlet: name, method: method, isOnOtherObject: other, isAssignment: assigned,
                                               location: location(node), receiverType: receiver))
    }

    /// True when `expr` is the left side of `=` (`name = …`, `self.name = …`).
    func isAssigned(_ expr: some SyntaxProtocol) -> Bool {
        guard let list = expr.parent?.as(ExprListSyntax.self) else { return false }
        var found = false
        for e in list {
            if found { return e.is(AssignmentExprSyntax.self) }
            if e.id == expr.id { found = true }
        }
        return false
    }

    // MARK: Methods named in code

    /// `#selector(save(_:))`, `#selector(Self.save(_:))`, `#selector(save)`.
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector", let expr = node.arguments.last?.expression else { return .visitChildren }
        let named: (base: String, labels: [String]?)?
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            named = (ref.baseName.text, ref.argumentNames.map { $0.arguments.map(\.name.text) })
        } else if let member = expr.as(MemberAccessExprSyntax.self) {
            named = (member.declName.baseName.text, member.declName.argumentNames.map { $0.arguments.map(\.name.text) })
        } else {
            named = nil
        }
        if let named { reference(.selector, base: named.base, labels: named.labels, node: node) }
        return .visitChildren
    }

    /// A string literal spelled like an Objective-C selector with arguments (`"refreshAll:"`,
    /// `"tap:forEvent:"`): code that builds a selector from text later (`Selector(name)`, a table of
    /// toolbar items or key commands) names that method.
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let value = plainString(ExprSyntax(node)), MethodReference.looksLikeSelector(value),
           referenced.insert("selector|true|\(value)").inserted {
            references.append(MethodReference(kind: .selector, name: value, isObjCSelector: true, location: location(node)))
        }
        return .visitChildren
    }

    /// Records a selector or call: its Swift name (with labels when known) and, with labels, the
    /// Objective-C selector Swift gives it.
    func reference(_ kind: MethodReference.Kind, base: String, labels: [String]?, node: some SyntaxProtocol) {
        guard !base.isEmpty else { return }
        var names: [(String, Bool)] = []
        if let labels {
            names.append((base + "(" + labels.map { $0 + ":" }.joined() + ")", false))
            names.append((SwiftSourceReader.objcSelector(base: base, labels: labels.map { $0 == "_" ? nil : $0 }), true))
        } else {
            names.append((base, false))
        }
        for (name, objc) in names where referenced.insert("\(kind.rawValue)|\(objc)|\(name)").inserted {
            references.append(MethodReference(kind: kind, name: name, isObjCSelector: objc, location: location(node)))
        }
    }

    // MARK: Literals

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = calleeName(node.calledExpression)
        if let callee {
            if callee == "Selector" || callee == "NSSelectorFromString", let first = node.arguments.first,
               let value = plainString(first.expression), !value.isEmpty {
                // `Selector("save:")`: an Objective-C selector as text.
                if referenced.insert("selector|true|\(value)").inserted {
                    references.append(MethodReference(kind: .selector, name: value, isObjCSelector: true, location: location(node)))
                }
            } else {
                // `save(nil)`, `self.save(nil)`, `other.save(sender: x)`.
                reference(.call, base: callee, labels: node.arguments.map { $0.label?.text ?? "_" }, node: node)
            }
        }
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
                                              call: kind == .segueIdentifier ? nil : callee))
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
