/// How the Objective-C reader tells an instance variable used bare from the other names of a
/// method body, and the classes of parameters and locals (``OutletUse/receiverType``).
extension ObjCParser {
    /// True when the identifier at `i` stands alone as a value, as an instance variable used
    /// without `self->` or `_` does: not a member (`x.name`, `x->name`), not a selector part
    /// (`[x name:…]`, `name:` of a declaration, `@selector(name)`), not a call `name(…)`, not a
    /// keyword or a type in a declaration (`NSMenuItem *name`: the next token is a name).
    func isBareName(_ i: Int) -> Bool {
        let t = tokens[i]
        guard !Self.bareNameStopWords.contains(t.text), t.text.first?.isUppercase != true else { return false }
        if i > 0 {
            let prev = tokens[i - 1]
            if prev.isPunct(".") || (prev.isPunct(">") && i > 1 && tokens[i - 2].isPunct("-")) { return false }
            if prev.isPunct("("), i > 1, tokens[i - 2].kind == .atKeyword { return false }
        }
        if i + 1 < tokens.count {
            let next = tokens[i + 1]
            if next.isPunct(":") || next.isPunct("(") { return false }
            // `Type name` declares; `[name message]` sends to the variable.
            if next.kind == .identifier, !(i > 0 && tokens[i - 1].isPunct("[")) { return false }
            if next.isPunct("*"), i + 2 < tokens.count, tokens[i + 2].kind == .identifier, i > 0,
               tokens[i - 1].isPunct("{") || tokens[i - 1].isPunct(";") || tokens[i - 1].isPunct("(") {
                return false
            }
        }
        return true
    }

    /// True when the name at `i` follows a type as a declaration does: `Type name` at the start
    /// of a statement or of a parameter, or `Type *name` / `Type **name`, followed by `=`, `;`,
    /// `,`, `[`, `in` or (a parameter) `)`.
    func isDeclarator(_ i: Int) -> Bool {
        var j = i - 1
        while j > 0, tokens[j].isPunct("*") { j -= 1 }
        guard j >= 1, tokens[j].kind == .identifier else { return false }
        let start = tokens[j - 1]
        guard start.isPunct("{") || start.isPunct(";") || start.isPunct("(") || start.isPunct("}") || start.isPunct(",")
                || start.kind == .identifier && ["const", "static", "__block", "__weak", "__strong", "__unused"].contains(start.text) else { return false }
        guard i + 1 < tokens.count else { return false }
        let next = tokens[i + 1]
        // `(int x)`, `(int a, int b)`: parameters of a block, lambda or function.
        if next.isPunct(")") { return start.isPunct("(") || start.isPunct(",") }
        return next.isPunct("=") || next.isPunct(";") || next.isPunct(",") || next.isPunct("[") || next.isIdentifier("in")
    }

    /// Words that are never an instance variable's name.
    static let bareNameStopWords: Set<String> = [
        "self", "super", "nil", "Nil", "NULL", "YES", "NO", "true", "false", "return", "if", "else", "for", "while",
        "do", "switch", "case", "default", "break", "continue", "sizeof", "id", "void", "const", "static",
    ]

    /// `Cell *` (and `nullable Cell *`, `__kindof Cell *`) → `Cell`; nil for other types.
    static func pointerClass(_ type: ArraySlice<ObjCToken>) -> String? {
        let words = type.filter { !["nullable", "nonnull", "_Nullable", "_Nonnull", "__kindof", "const", "__weak", "__strong"].contains($0.text) }
        guard words.count == 2, words[words.startIndex].kind == .identifier, words[words.startIndex + 1].isPunct("*"),
              words[words.startIndex].text.first?.isUppercase == true else { return nil }
        return words[words.startIndex].text
    }
}
