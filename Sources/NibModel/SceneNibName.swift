/// The names of the nibs a compiled storyboard holds (nib-format.md §5): the reader joins its
/// scene nibs and view nibs by them, and so do the engines that compare or rebuild a storyboard.
package enum SceneNibName {
    /// `Foo.nib/runtime.nib`, `Main.storyboardc/Foo.nib` and `Foo.nib` → `Foo`; `Foo~ipad.nib` →
    /// `Foo~ipad` (device kept): the first path component that names a nib, else the first one.
    package static func normalized(_ nibName: String) -> String {
        let parts = nibName.split(separator: "/", omittingEmptySubsequences: true)
        var s = parts.first { $0.hasSuffix(".nib") } ?? parts.first ?? Substring(nibName)
        if s.hasSuffix(".nib") { s = s.dropLast(4) }
        return String(s)
    }

    /// `Foo~ipad` → (`Foo`, `~ipad`); `Foo` → (`Foo`, ``).
    package static func splitDevice(_ normalizedName: String) -> (base: String, device: String) {
        guard let tilde = normalizedName.firstIndex(of: "~") else { return (normalizedName, "") }
        return (String(normalizedName[..<tilde]), String(normalizedName[tilde...]))
    }
}
