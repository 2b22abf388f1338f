#if !NIBINSPECT_SINGLE_MODULE
import SourceIndex   // (Scripts/fuzz.sh compiles it into the same module)
#endif
#if NIBINSPECT_SWIFTPARSER
@_implementationOnly import SwiftSyntax

/// The controllers code shows: ``SourceLiteral/Kind/presentedClass`` facts from the calls that
/// present, push or show a view or window controller.
extension Visitor {
    /// The methods whose first, unlabelled argument is the controller shown.
    static let presentingCalls: Set<String> = [
        "present", "pushViewController", "show", "showDetailViewController", "presentAsSheet",
        "presentAsModalWindow", "presentViewControllerAsSheet", "presentViewControllerAsModalWindow",
    ]

    /// Containers whose initialiser's `rootViewController:` argument is the controller that matters.
    static let containerClasses: Set<String> = ["UINavigationController"]

    /// Records a ``SourceLiteral/Kind/presentedClass`` when `node` presents, pushes or shows a
    /// controller whose class the argument's expression gives.
    func recordPresentation(_ node: FunctionCallExprSyntax, callee: String?) {
        // `FooController(…)` / `FooController.init(…)`: a controller made in code.
        if let made = node.initialisedName, made.hasSuffix("Controller"), made.first?.isUppercase == true {
            literals.append(SourceLiteral(kind: .createdClass, value: made, enclosingClass: enclosingClassName(),
                                          location: location(node), call: "init"))
        }
        guard let callee, Self.presentingCalls.contains(callee), let first = node.arguments.first, first.label == nil,
              let name = presentedClass(first.expression, depth: 0) else { return }
        literals.append(SourceLiteral(kind: .presentedClass, value: name, enclosingClass: enclosingClassName(),
                                      location: location(first.expression), call: callee))
    }

    /// The class an expression makes: `Foo(…)`, `Foo.init(…)`, `x as! Foo`, `try`/`!`/`?`/parentheses
    /// around one, a `UINavigationController(rootViewController:)`'s root, or a local variable
    /// initialised by one of these earlier in the same body (at most four steps). Nil for a
    /// controller made by `instantiateViewController` (its identifier literal says which) and for
    /// anything else.
    func presentedClass(_ expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 5 else { return nil }
        if let inner = expr.transparentInner { return presentedClass(inner, depth: depth + 1) }
        if let e = expr.as(AsExprSyntax.self) { return cast(e.expression, to: e.type, depth: depth) }
        if expr.is(SequenceExprSyntax.self) { return expr.unfoldedCast.flatMap { cast($0.value, to: $0.type, depth: depth) } }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            guard let name = call.initialisedName, name.first?.isUppercase == true else { return nil }
            if Self.containerClasses.contains(name),
               let root = call.arguments.first(where: { $0.label?.text == "rootViewController" }) {
                return presentedClass(root.expression, depth: depth + 1) ?? name
            }
            return name
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil,
           ref.baseName.tokenKind != .keyword(.self), let (value, type) = localValue(of: ref.baseName.text, before: ref) {
            if let value, let found = presentedClass(value, depth: depth + 1) { return found }
            if let value, isInstantiation(value) { return nil }
            return type.map(typeName)
        }
        return nil
    }

    /// `inner as! type`: nil when `inner` instantiates from a storyboard (the identifier literal
    /// stands for it), else the cast's class.
    func cast(_ inner: ExprSyntax, to type: TypeSyntax, depth: Int) -> String? {
        if isInstantiation(inner) { return nil }
        let name = typeName(type)
        if Self.containerClasses.contains(name), let found = presentedClass(inner, depth: depth + 1) { return found }
        return name.first?.isUppercase == true ? name : nil
    }

    /// True for `….instantiateViewController(…)`, `instantiateController(…)`,
    /// `instantiateInitialViewController()` and the like, under `try`/`!`/casts.
    func isInstantiation(_ expr: ExprSyntax) -> Bool {
        var current = expr
        for _ in 0..<6 {
            if let e = current.as(TryExprSyntax.self) { current = e.expression; continue }
            if let e = current.as(ForceUnwrapExprSyntax.self) { current = e.expression; continue }
            if let e = current.as(OptionalChainingExprSyntax.self) { current = e.expression; continue }
            if let e = current.as(AsExprSyntax.self) { current = e.expression; continue }
            if let e = current.as(SequenceExprSyntax.self), let first = e.elements.first { current = first; continue }
            break
        }
        guard let call = current.as(FunctionCallExprSyntax.self), let name = calleeName(call.calledExpression) else { return false }
        return name.hasPrefix("instantiate")
    }

    /// The initial value and declared type of the local `name` last bound before `use` in the
    /// enclosing bodies (`let`/`var name = …`, `if let`/`guard let name = …`), innermost body first.
    func localValue(of name: String, before use: some SyntaxProtocol) -> (ExprSyntax?, TypeSyntax?)? {
        var scope: Syntax? = use.parent
        var levels = 0
        while let s = scope, levels < 4 {
            if s.is(FunctionDeclSyntax.self) || s.is(InitializerDeclSyntax.self) || s.is(AccessorDeclSyntax.self)
                || s.is(ClosureExprSyntax.self) {
                let finder = BindingFinder(name: name, before: use.position)
                finder.walk(s)
                if let found = finder.found { return found }
                levels += 1
                if !s.is(ClosureExprSyntax.self) { return nil }
            }
            scope = s.parent
        }
        return nil
    }
}

/// The last binding of one name before a position: `let`/`var` patterns and optional bindings.
private final class BindingFinder: SyntaxVisitor {
    let name: String
    let before: AbsolutePosition
    var found: (ExprSyntax?, TypeSyntax?)?

    init(name: String, before: AbsolutePosition) {
        self.name = name
        self.before = before
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if node.position < before, let p = node.pattern.as(IdentifierPatternSyntax.self), p.identifier.text == name {
            found = (node.initializer?.value, node.typeAnnotation?.type)
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if node.position < before, let p = node.pattern.as(IdentifierPatternSyntax.self), p.identifier.text == name {
            found = (node.initializer?.value, node.typeAnnotation?.type)
        }
        return .visitChildren
    }
}

extension FunctionCallExprSyntax {
    /// The name a call initialises: `Foo(…)` and `Foo.init(…)` give `"Foo"`; nil for a call of
    /// any other shape. Whether the name is a type (capitalised, a known class) is the caller's test.
    var initialisedName: String? {
        if let ref = calledExpression.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
           let base = member.base?.as(DeclReferenceExprSyntax.self) {
            return base.baseName.text
        }
        return nil
    }
}

extension ExprSyntax {
    /// The expression inside `try x`, `await x`, `x!`, `x?` or `(x)` (one unlabelled element); nil
    /// for any other shape. The walkers that read through these (``Visitor/presentedClass(_:depth:)``,
    /// ``Visitor/statedClass(_:depth:)``) call it once per step.
    var transparentInner: ExprSyntax? {
        if let e = self.as(TryExprSyntax.self) { return e.expression }
        if let e = self.as(AwaitExprSyntax.self) { return e.expression }
        if let e = self.as(ForceUnwrapExprSyntax.self) { return e.expression }
        if let e = self.as(OptionalChainingExprSyntax.self) { return e.expression }
        if let e = self.as(TupleExprSyntax.self), e.elements.count == 1, let only = e.elements.first, only.label == nil {
            return only.expression
        }
        return nil
    }

    /// `x as! T`, `x as? T` or `x as T` before operator folding (a three-element sequence): the
    /// value and the type; nil for any other shape.
    var unfoldedCast: (value: ExprSyntax, type: TypeSyntax)? {
        guard let e = self.as(SequenceExprSyntax.self) else { return nil }
        let items = Array(e.elements)
        guard items.count == 3, items[1].is(UnresolvedAsExprSyntax.self), let type = items[2].as(TypeExprSyntax.self) else { return nil }
        return (items[0], type.type)
    }
}
#endif
