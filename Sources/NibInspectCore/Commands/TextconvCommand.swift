import ArchiveReader
import Foundation
import NibCompare

/// `nibinspect textconv FILE`: the canonical text of an input for line diffs (``CanonicalText``),
/// meant as git's `diff.<driver>.textconv`.
enum TextconvCommand: Command {
    static let spec = CommandSpec(
        name: "textconv",
        abstract: "Print a canonical text form of the nib for line diffs (git textconv).",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, app or .ipa, or '-' for standard input.")],
        options: [
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            .flag("--all-properties", help: "Also print properties at the class's default (tag 0, enabled YES, …)."),
        ],
        discussion: """
        One line per fact, in hierarchy order, keyed by the object's path (a second sibling with
        the same step gets [2]); no archive indices, xib ids, IB object ids or line numbers, which
        change on every edit:
          UIView › UIButton @signInButton : LoginDemo.PrimaryButton (UIButton)
          UIView › UIButton @signInButton . title = "Sign In"
          UIView › UIButton @signInButton action signIn: → File's Owner [touchUpInside]
        A step is the framework class and a name the user gave, never the object's text: its
        label or an identifier (storyboard, restoration, reuse, item, accessibility) in quotes;
        for an object without children, else the outlet that points at it after '@', else its
        own action in parentheses; else the class alone. Design-time properties (canvas
        location, simulated metrics, …) and properties at the class's default (tag 0, enabled
        YES, …; --all-properties prints them) are left out; constraints are listed as formulas,
        sorted, under the view that holds them. Control, separator and bidirectional characters
        in values are escaped (\n, \u{2028}). Several documents (a .storyboardc,
        a bundle, a directory) print one after another under '== NAME ==' headings.
        Use with git: '*.xib diff=nib' in .gitattributes and
        git config diff.nib.textconv "nibinspect textconv". Warnings and errors go to stderr,
        never into the text.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let (input, status, _) = try context.loadResolvedWithStatus(args.positionals[0])
        context.console.write(CanonicalText.text(of: input.documents, allProperties: args.flag("--all-properties")))
        return context.finish(input, status: status)
    }
}
