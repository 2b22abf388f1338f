import ArchiveReader

extension DiagnosticCode {
    /// True for what a directory walk (``FileWalker``) skips: a link leading outside the input or
    /// back up the tree, a FIFO, socket or device, a directory nested too deeply, one that cannot
    /// be listed.
    var isWalkWarning: Bool {
        switch self {
        case .symlinkOutsideRoot, .symlinkCycle, .specialFileSkipped, .directoryTooDeep, .unreadableDirectory: return true
        default: return false
        }
    }
}

extension Context {
    /// Prints what the walk of `input` skipped, for the commands that print no other warning of
    /// their inputs (`diff`, `compare`), so that a directory never holds fewer documents silently.
    func printWalkWarnings(_ input: NibInput) {
        printDiagnostics(input.diagnostics.filter { $0.code.isWalkWarning && $0.severity != .error }, input: input.path)
    }
}
