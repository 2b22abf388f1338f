import TextEscaping
/// ANSI colouring for text output: on when stdout is a terminal (`--color auto`, the default)
/// unless `NO_COLOR` is set to a non-empty value (<https://no-color.org>), or forced with
/// `--color always|never`.
struct TerminalStyle: Sendable {
    var enabled: Bool

    static let plain = TerminalStyle(enabled: false)

    /// The style for `--color <mode>` (`auto`, `always`, `never`) on `console`.
    static func resolve(mode: String?, console: Console) -> TerminalStyle {
        switch mode.flatMap(ColorMode.init(rawValue:)) ?? .auto {
        case .always: return TerminalStyle(enabled: true)
        case .never: return TerminalStyle(enabled: false)
        case .auto:
            let noColor = console.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return TerminalStyle(enabled: console.stdoutIsTerminal && !noColor)
        }
    }

    /// `s` made terminal-safe (``Escape/terminal(_:)``), in colour when enabled: every styled span is
    /// safe whatever it holds, and the only escape sequences in the output are these.
    private func wrap(_ s: String, _ code: String) -> String {
        let s = Escape.terminal(s)
        return enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    /// Input text without colour, terminal-safe.
    func text(_ s: String) -> String { Escape.terminal(s) }

    /// Object ids (`#12`): dim.
    func id(_ s: String) -> String { wrap(s, "2") }
    /// Framework class names: cyan.
    func className(_ s: String) -> String { wrap(s, "36") }
    /// Custom classes: bold yellow.
    func customClass(_ s: String) -> String { wrap(s, "1;33") }
    /// Placeholders: bold magenta.
    func placeholder(_ s: String) -> String { wrap(s, "1;35") }
    /// Names and quoted text: green.
    func name(_ s: String) -> String { wrap(s, "32") }
    /// Connection kinds: blue.
    func kind(_ s: String) -> String { wrap(s, "34") }
    /// Problems: bold red.
    func warning(_ s: String) -> String { wrap(s, "1;31") }
    /// Secondary detail: dim.
    func detail(_ s: String) -> String { wrap(s, "2") }
}
