import NibModel

extension FindingCode {
    public static let unknownStoryboardName = FindingCode("unknown-storyboard-name")
}

/// `unknown-storyboard-name`: `UIStoryboard(name:bundle:)`, `NSStoryboard(name:bundle:)` or
/// `storyboardWithName:bundle:` in code naming a storyboard that none of the storyboards read
/// (source or compiled) has. Found by ``NibSourceCheck`` with the other literals in code; this is
/// its entry in the registry (``SourceCheckRules``).
enum UnknownStoryboardNameRule {
    static let info = RuleInfo(
        .unknownStoryboardName, severity: .warning, appliesTo: .withSources,
        "A storyboard name in code that no storyboard read has (compared with exact case, as on a device): 'Could not find a storyboard named' unless it lives in another bundle.")
}
