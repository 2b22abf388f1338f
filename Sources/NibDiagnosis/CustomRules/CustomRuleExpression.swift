import NibModel

/// A predicate of a user-defined rule (``CustomRule``), parsed from the text of its `match` or
/// `require` (Documentation/custom-rules.md):
///
/// ```
/// expression := term ("or" term)*
/// term       := factor ("and" factor)*
/// factor     := "not" factor | "(" expression ")" | test
/// test       := NAME "(" [argument] ")"                  isA(UILabel), inside(NSToolbar), outlet(), action(signIn:)
///             | subject ("==" | "!=" | "<" | "<=" | ">" | ">=" | "~") value
///             | subject "is" KIND                         textColor is namedColor
/// subject    := NAME ("." NAME)?                          textColor, font.size, class, customClass
/// value      := "quoted text" | number | word | "$" subject
/// ```
///
/// Words are letters, digits and `_ : . * ? - [ ]` (a selector `signIn:` or a pattern
/// `*ViewController` is one word). Parsing is linear in the text and nests at most
/// ``maxDepth`` parentheses and `not`s deep.
indirect enum CustomRuleExpression: Sendable, Hashable {
    case and(CustomRuleExpression, CustomRuleExpression)
    case or(CustomRuleExpression, CustomRuleExpression)
    case not(CustomRuleExpression)
    /// A function test: `isA(UILabel)`.
    case call(Function, String?)
    /// `subject op value`.
    case compare(Subject, Operator, Value)
    /// `subject is kind`.
    case kind(Subject, Kind)

    /// The tests written as calls.
    enum Function: String, Sendable, Hashable, CaseIterable {
        /// The object's framework class or custom class matches the pattern (`isA(UILabel)`,
        /// `isA(*ViewController)`).
        case isA
        /// An object above it in the hierarchy is of the class (`inside(NSToolbar)`).
        case inside
        /// The property is set (`has(textColor)`).
        case has
        /// An outlet or outlet collection points at it (`outlet()`, `outlet(titleLabel)`).
        case outlet
        /// It sends an action (`action()`, `action(signIn:)`).
        case action
        /// A segue starts from it (`segue()`, `segue(showDetail)`: the segue's identifier).
        case segue
        /// A top-level object (no parent, not a placeholder).
        case topLevel
        /// A placeholder (File's Owner, First Responder, Application, an external object).
        case placeholder
        /// The view controller of a storyboard scene.
        case scene

        /// Whether the argument is required (`isA`, `inside`, `has`), optional (connections) or
        /// not allowed (`topLevel()`, `placeholder()`, `scene()`).
        var argument: (required: Bool, allowed: Bool) {
            switch self {
            case .isA, .inside, .has: (true, true)
            case .outlet, .action, .segue: (false, true)
            case .topLevel, .placeholder, .scene: (false, false)
            }
        }
    }

    /// What a comparison or kind test reads of the object: a pseudo-key (`class`, `customClass`,
    /// `frameworkClass`, `module`, `label`, `object`) or a property by key, with an optional field
    /// of a colour, font or image (`textColor.name`, `font.size`).
    struct Subject: Sendable, Hashable, CustomStringConvertible {
        var key: String
        var field: String?
        var description: String { field.map { "\(key).\($0)" } ?? key }
    }

    enum Operator: String, Sendable, Hashable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", matches = "~"
    }

    enum Value: Sendable, Hashable {
        case text(String)
        case number(Double)
        case subject(Subject)
    }

    /// What `is` tests: the value's type or, for colours, how it is given.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A colour of an asset catalog or colour list (xib `name`, `NSColorName`).
        case namedColor
        /// A UIKit system colour (`systemColor`, `UISystemColorName`).
        case systemColor
        /// A colour given by components (RGB, grey, CMYK, a custom space).
        case customColor
        case color, font, image, text, number, bool, object
    }

    /// The deepest nesting of parentheses and `not`s accepted.
    static let maxDepth = 64
}

/// A syntax error in a predicate: the 1-based column and what was expected.
struct CustomRuleSyntaxError: Error, Sendable, Hashable {
    var column: Int
    var message: String
}

/// Parses a predicate (``CustomRuleExpression``); one instance per text.
struct CustomRuleParser {
    private enum Token: Hashable {
        case word(String), text(String), number(Double), symbol(String), end
    }

    private var tokens: [(token: Token, column: Int)] = []
    private var index = 0
    private var depth = 0

    /// The expression of `text`.
    ///
    /// - Throws: ``CustomRuleSyntaxError`` at the first token that does not fit the grammar.
    static func parse(_ text: String, maxTokens: Int = 2_000) throws -> CustomRuleExpression {
        var parser = CustomRuleParser()
        parser.tokens = try tokenize(text)
        if parser.tokens.count - 1 > maxTokens {
            throw CustomRuleSyntaxError(column: parser.tokens[maxTokens].column, message: "more than \(maxTokens) words and symbols")
        }
        let e = try parser.expression()
        guard case .end = parser.current else { throw parser.error("expected 'and', 'or' or the end, found \(parser.describe(parser.current))") }
        return e
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || "_:.*?-[]".contains(c)
    }

    private static func tokenize(_ text: String) throws -> [(token: Token, column: Int)] {
        var out: [(token: Token, column: Int)] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c.isWhitespace { i += 1; continue }
            if c == "\"" || c == "'" {
                var j = i + 1
                var s = ""
                while j < chars.count, chars[j] != c {
                    if chars[j] == "\\", j + 1 < chars.count { j += 1 }
                    s.append(chars[j])
                    j += 1
                }
                guard j < chars.count else { throw CustomRuleSyntaxError(column: column, message: "text not closed by \(c)") }
                out.append((.text(s), column))
                i = j + 1
                continue
            }
            if let two = i + 1 < chars.count ? String(chars[i...i + 1]) : nil, ["==", "!=", "<=", ">="].contains(two) {
                out.append((.symbol(two), column))
                i += 2
                continue
            }
            if "()<>~$".contains(c) {
                out.append((.symbol(String(c)), column))
                i += 1
                continue
            }
            guard isWordCharacter(c) else { throw CustomRuleSyntaxError(column: column, message: "unexpected character '\(c)'") }
            var j = i
            while j < chars.count, isWordCharacter(chars[j]) { j += 1 }
            let word = String(chars[i..<j])
            if let n = Double(word), word.first?.isNumber == true || word.first == "-" { out.append((.number(n), column)) } else { out.append((.word(word), column)) }
            i = j
        }
        out.append((.end, chars.count + 1))
        return out
    }

    private var current: Token { tokens[index].token }

    private func error(_ message: String) -> CustomRuleSyntaxError {
        CustomRuleSyntaxError(column: tokens[index].column, message: message)
    }

    private func describe(_ t: Token) -> String {
        switch t {
        case .word(let w): "'\(w)'"
        case .text(let s): "\"\(s)\""
        case .number(let n): "\(ValueText.number(n))"
        case .symbol(let s): "'\(s)'"
        case .end: "the end"
        }
    }

    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private mutating func expression() throws -> CustomRuleExpression {
        var left = try term()
        while current == .word("or") {
            advance()
            left = .or(left, try term())
        }
        return left
    }

    private mutating func term() throws -> CustomRuleExpression {
        var left = try factor()
        while current == .word("and") {
            advance()
            left = .and(left, try factor())
        }
        return left
    }

    private mutating func factor() throws -> CustomRuleExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= CustomRuleExpression.maxDepth else { throw error("nested more than \(CustomRuleExpression.maxDepth) deep") }
        switch current {
        case .word("not"):
            advance()
            return .not(try factor())
        case .symbol("("):
            advance()
            let e = try expression()
            guard current == .symbol(")") else { throw error("expected ')', found \(describe(current))") }
            advance()
            return e
        case .word(let name):
            advance()
            if current == .symbol("(") { return try call(name) }
            return try comparison(subject(name, column: tokens[index - 1].column))
        default:
            throw error("expected a test (isA(Class), a property comparison, 'not' or '('), found \(describe(current))")
        }
    }

    private mutating func call(_ name: String) throws -> CustomRuleExpression {
        let start = index - 1
        guard let function = CustomRuleExpression.Function(rawValue: name) else {
            index = start
            let known = CustomRuleExpression.Function.allCases.map { "\($0.rawValue)()" }.joined(separator: ", ")
            throw error("unknown test '\(name)' (known: \(known))")
        }
        advance()  // (
        var argument: String?
        switch current {
        case .word(let w), .text(let w):
            argument = w
            advance()
        default: break
        }
        guard current == .symbol(")") else { throw error("expected ')' after \(name)'s argument, found \(describe(current))") }
        if argument == nil && function.argument.required { throw error("\(name)() needs an argument: \(name)(Name)") }
        if argument != nil && !function.argument.allowed { throw error("\(name)() takes no argument") }
        advance()
        return .call(function, argument)
    }

    /// `name` or `name.field` (the word holds the dot).
    private func subject(_ word: String, column: Int) throws -> CustomRuleExpression.Subject {
        let parts = word.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let key = parts.first, !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              parts.count == 1 || parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && !parts[1].isEmpty
        else { throw CustomRuleSyntaxError(column: column, message: "'\(word)' is not a property name (key or key.field)") }
        return CustomRuleExpression.Subject(key: key, field: parts.count > 1 ? parts[1] : nil)
    }

    private mutating func comparison(_ left: CustomRuleExpression.Subject) throws -> CustomRuleExpression {
        if current == .word("is") {
            advance()
            guard case .word(let w) = current, let kind = CustomRuleExpression.Kind(rawValue: w) else {
                let known = CustomRuleExpression.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw error("expected a kind after 'is' (\(known)), found \(describe(current))")
            }
            advance()
            return .kind(left, kind)
        }
        guard case .symbol(let s) = current, let op = CustomRuleExpression.Operator(rawValue: s) else {
            throw error("expected a comparison (==, !=, <, <=, >, >=, ~) or 'is' after '\(left)', found \(describe(current))")
        }
        advance()
        let value: CustomRuleExpression.Value
        switch current {
        case .text(let t): value = .text(t)
        case .number(let n): value = .number(n)
        case .word(let w): value = .text(w)
        case .symbol("$"):
            advance()
            guard case .word(let w) = current else { throw error("expected a property name after '$', found \(describe(current))") }
            value = .subject(try subject(w, column: tokens[index].column))
        default:
            throw error("expected a value after '\(op.rawValue)', found \(describe(current))")
        }
        advance()
        return .compare(left, op, value)
    }
}
