extension ObjCParser {
    // MARK: Methods named in code

    /// `@selector(save:)` and `NSSelectorFromString(@"save:")` (selectors), and the first keyword of
    /// each message send (`[self save:nil]`, `[[x y] save]`: a call of `save`), first per name and kind.
    func references() -> [MethodReference] {
        var out: [MethodReference] = []
        var seen: Set<String> = []
        func add(_ kind: MethodReference.Kind, _ name: String, objc: Bool, _ t: ObjCToken) {
            guard !name.isEmpty, seen.insert("\(kind.rawValue)|\(objc)|\(name)").inserted else { return }
            out.append(MethodReference(kind: kind, name: name, isObjCSelector: objc, location: location(t)))
        }
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .atKeyword, t.text == "@selector", i + 1 < tokens.count, tokens[i + 1].isPunct("(") {
                // The selector's keywords and colons, up to `)` (at most 64 tokens).
                var name = ""
                var j = i + 2
                while j < tokens.count, j < i + 66, !tokens[j].isPunct(")") {
                    if tokens[j].kind == .identifier || tokens[j].isPunct(":") { name += tokens[j].text } else { name = ""; break }
                    j += 1
                }
                add(.selector, name, objc: true, t)
                i = j
            } else if t.isIdentifier("NSSelectorFromString"), i + 2 < tokens.count, tokens[i + 1].isPunct("("),
                      tokens[i + 2].kind == .objcString {
                add(.selector, ObjCParser.unescape(tokens[i + 2].text), objc: true, t)
            } else if t.kind == .objcString, MethodReference.looksLikeSelector(t.text) {
                add(.selector, t.text, objc: true, t)
            } else if t.kind == .identifier, i >= 1, i + 1 < tokens.count, tokens[i + 1].isPunct(":") || tokens[i + 1].isPunct("]"),
                      tokens[i - 1].kind == .identifier || tokens[i - 1].isPunct("]") {
                // `receiver keyword:` / `receiver keyword]`: the first keyword of a message. (A
                // later keyword after an identifier argument is recorded too; it only adds a name.)
                add(.call, t.text, objc: false, t)
            }
            i += 1
        }
        return out
    }
}
