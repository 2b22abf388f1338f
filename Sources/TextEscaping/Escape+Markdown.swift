extension Escape {
    /// `s` as a Markdown code span (CommonMark, GitHub): ``terminal(_:)`` first, so that the span
    /// is one line and shows every unsafe character as its escape (`\n`, `\u{2028}`), then
    /// delimited by one backtick more than the longest run of backticks inside, with a space
    /// inside each delimiter when the text starts or ends with a backtick or a space (CommonMark
    /// strips one such space on each side). Nothing in a code span is Markdown: not emphasis, a
    /// link, HTML, an `@mention` or an issue reference. An empty `s` gives `` `` `` `` (a code span of one space).
    ///
    /// For paths, names and values in `diff --format markdown`.
    public static func markdownCode(_ s: String) -> String {
        let text = terminal(s)
        var longest = 0, run = 0
        for c in text.unicodeScalars {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.isEmpty || text.hasPrefix("`") || text.hasSuffix("`") || text.hasPrefix(" ") || text.hasSuffix(" ")
        return fence + (pad ? " " + text + " " : text) + fence
    }
}
