import ArchiveReader
import Foundation
import NibCompare

/// `nibinspect textconv FILE`: the canonical text of an input for line diffs (``CanonicalText``),
/// meant as git's `diff.<driver>.textconv`.
enum TextconvCommand: Command {
    static let spec = CommandSpec(
        name: "textconv",
        abstract: "Print a canonical text form of the nib for line diffs (git textconv).",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, or '-' for standard input.")],
        options: [
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        One line per fact, in hierarchy order, keyed by the object's semantic path (a second
        sibling with the same path gets [2]); no archive indices, xib ids or line numbers, which
        change on every edit:
          View › Button "Sign In" : LoginDemo.PrimaryButton (UIButton)
          View › Button "Sign In" . title = "Sign In"
          View › Button "Sign In" action signIn: → File's Owner (LoginViewController) [touchUpInside]
        Design-time properties (canvas location, simulated metrics, …) are left out; constraints
        are listed as formulas under the view that holds them. Several documents (a .storyboardc,
        a bundle, a directory) print one after another under '== NAME ==' headings.
        Use with git: '*.xib diff=nib' in .gitattributes and
        git config diff.nib.textconv "nibinspect textconv". Warnings and errors go to stderr,
        never into the text.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let (input, status, _) = try context.loadResolvedWithStatus(args.positionals[0])
        context.console.write(CanonicalText.text(of: input.documents))
        return context.finish(input, status: status)
    }
}
