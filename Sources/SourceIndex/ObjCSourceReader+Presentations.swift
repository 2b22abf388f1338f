/// The controllers Objective-C code shows: ``SourceLiteral/Kind/presentedClass`` facts.
extension ObjCParser {
    /// The selector keywords whose argument is the controller shown.
    static let presentingKeywords: Set<String> = [
        "presentViewController", "pushViewController", "showViewController", "showDetailViewController",
        "presentViewControllerAsSheet", "presentViewControllerAsModalWindow",
    ]

    /// One fact per `presentViewController:`, `pushViewController:`, … whose argument is
    /// `[[Foo alloc] init…]`, `[Foo new]`, or a local `v` declared `Foo *v = …` earlier in the same
    /// `@implementation` (not when `…` instantiates from a storyboard: its identifier literal says
    /// which scene); `[[UINavigationController alloc] initWithRootViewController:x]` stands for `x`.
    func presentations(_ blocks: [(range: Range<Int>, name: String)]) -> [SourceLiteral] {
        var out: [SourceLiteral] = []
        // `[[FooController alloc] init…]`, `[FooController new]`: a controller made in code.
        for (i, t) in tokens.enumerated() where t.kind == .identifier && t.text.hasSuffix("Controller") && i >= 1 && i + 1 < tokens.count {
            guard tokens[i - 1].isPunct("["), tokens[i + 1].isIdentifier("alloc") || tokens[i + 1].isIdentifier("new"),
                  t.text.first?.isUppercase == true else { continue }
            out.append(SourceLiteral(kind: .createdClass, value: t.text, enclosingClass: blocks.first { $0.range.contains(i) }?.name,
                                     location: SourceLocation(file: file, line: Int(t.line), column: Int(t.column)), call: "init"))
        }
        for (i, t) in tokens.enumerated() where t.kind == .identifier && Self.presentingKeywords.contains(t.text) {
            guard i + 2 < tokens.count, tokens[i + 1].isPunct(":") else { continue }
            let block = blocks.first { $0.range.contains(i) }
            guard let name = presentedClass(at: i + 2, floor: block?.range.lowerBound ?? max(0, i - 4000), depth: 0) else { continue }
            out.append(SourceLiteral(kind: .presentedClass, value: name, enclosingClass: block?.name,
                                     location: SourceLocation(file: file, line: Int(tokens[i + 2].line), column: Int(tokens[i + 2].column)),
                                     call: t.text))
        }
        return out
    }

    /// The class of the expression starting at token `j`; declarations are looked for back to `floor`.
    private func presentedClass(at j: Int, floor: Int, depth: Int) -> String? {
        guard depth < 4, j + 3 < tokens.count else { return nil }
        // `[[Foo alloc] init…]`
        if tokens[j].isPunct("["), tokens[j + 1].isPunct("["), tokens[j + 2].kind == .identifier, tokens[j + 3].isIdentifier("alloc") {
            let name = tokens[j + 2].text
            if name == "UINavigationController", j + 7 < tokens.count, tokens[j + 4].isPunct("]"),
               tokens[j + 5].isIdentifier("initWithRootViewController"), tokens[j + 6].isPunct(":") {
                return presentedClass(at: j + 7, floor: floor, depth: depth + 1) ?? name
            }
            return name
        }
        // `[Foo new]`
        if tokens[j].isPunct("["), tokens[j + 1].kind == .identifier, tokens[j + 2].isIdentifier("new"), tokens[j + 3].isPunct("]") {
            return tokens[j + 1].text
        }
        // A local: `Foo *v = …` before the use.
        guard tokens[j].kind == .identifier, tokens[j + 1].kind == .identifier || tokens[j + 1].isPunct("]") else { return nil }
        let variable = tokens[j].text
        var k = j - 1
        while k >= floor + 2 {
            if tokens[k].isIdentifier(variable), tokens[k - 1].isPunct("*"), tokens[k - 2].kind == .identifier,
               k + 1 < tokens.count, tokens[k + 1].isPunct("=") {
                if k + 3 < tokens.count, tokens[k + 2].isPunct("["), isInstantiation(from: k + 2) { return nil }
                let declared = tokens[k - 2].text
                let value = presentedClass(at: k + 2, floor: floor, depth: depth + 1)
                return value ?? (declared.first?.isUppercase == true && declared != "id" ? declared : nil)
            }
            k -= 1
        }
        return nil
    }

    /// True when the message expression starting at `j` (a `[`) calls `instantiate…` before it closes.
    private func isInstantiation(from j: Int) -> Bool {
        var depth = 0
        var k = j
        while k < tokens.count, k < j + 200 {
            if tokens[k].isPunct("[") { depth += 1 }
            if tokens[k].isPunct("]") { depth -= 1; if depth == 0 { return false } }
            if tokens[k].kind == .identifier, tokens[k].text.hasPrefix("instantiate") { return true }
            k += 1
        }
        return false
    }
}
