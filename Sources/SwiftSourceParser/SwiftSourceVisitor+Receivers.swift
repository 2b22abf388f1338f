#if !NIBINSPECT_SINGLE_MODULE
import SourceIndex   // (Scripts/fuzz.sh compiles it into the same module)
#endif
#if NIBINSPECT_SWIFTPARSER
@_implementationOnly import SwiftSyntax

/// The class of the object an outlet is used on (``OutletUse/receiverType``), where the code
/// states it: parameters and locals declared with a type, locals bound to a cast or an
/// initialiser, and casts and initialisers used in place. Locals are recorded as the walk meets
/// their bindings (source order: a use sees the bindings before it), in the innermost body;
/// closures see the bodies around them.
extension Visitor {
    /// `cell: ProfileCell` → `cell` → `ProfileCell`, for parameters whose type is a single name.
    func parameterClasses(_ clause: FunctionParameterClauseSyntax) -> [String: String] {
        var out: [String: String] = [:]
        for p in clause.parameters {
            let name = (p.secondName ?? p.firstName).text
            guard name != "_", let type = namedClass(p.type) else { continue }
            out[name] = type
        }
        return out
    }

    /// `Foo`, `Foo?`, `Foo!`, `Module.Foo` → `Foo`; nil for function, tuple, array and generic types.
    func namedClass(_ type: TypeSyntax) -> String? {
        if let t = type.as(AttributedTypeSyntax.self) { return namedClass(t.baseType) }
        if let t = type.as(OptionalTypeSyntax.self) { return namedClass(t.wrappedType) }
        if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return namedClass(t.wrappedType) }
        if let t = type.as(IdentifierTypeSyntax.self), t.genericArgumentClause == nil { return t.name.text }
        if let t = type.as(MemberTypeSyntax.self), t.genericArgumentClause == nil { return t.name.text }
        return nil
    }

    /// Records (or forgets, when nothing states its class) the local a binding names in the
    /// innermost body (`let x = …`, `if let x = …`; patterns other than one name are left out).
    func bindLocal(_ pattern: PatternSyntax, type: TypeSyntax?, value: ExprSyntax?) -> SyntaxVisitorContinueKind {
        guard !methodStack.isEmpty, let p = pattern.as(IdentifierPatternSyntax.self) else { return .visitChildren }
        let name = p.identifier.text
        let stated = type.flatMap(namedClass) ?? value.flatMap { statedClass($0, depth: 0) }
        methodStack[methodStack.count - 1].locals[name] = stated
        return .visitChildren
    }

    /// The class an expression is stated to have: `x as! Foo`, `x as? Foo`, `Foo(…)`,
    /// `Foo.init(…)`, a local or parameter recorded with its class, under `try`, `await`, `!`, `?`
    /// and parentheses (at most four steps). Nil for anything else.
    func statedClass(_ expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 5 else { return nil }
        if let inner = expr.transparentInner { return statedClass(inner, depth: depth + 1) }
        if let e = expr.as(AsExprSyntax.self) { return namedClass(e.type) }
        if expr.is(SequenceExprSyntax.self) { return expr.unfoldedCast.flatMap { namedClass($0.type) } }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            return call.initialisedName.flatMap { $0.first?.isUppercase == true ? $0 : nil }
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil {
            let name = ref.baseName.text
            for entry in methodStack.reversed() {
                if let found = entry.locals[name] { return found }
            }
        }
        return nil
    }
}
#endif
