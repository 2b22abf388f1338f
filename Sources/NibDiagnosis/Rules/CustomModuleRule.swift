import NibModel

extension FindingCode {
    public static let customModule = FindingCode("custom-module")
}

/// `custom-module` (IBLinter `custom_module`): an object whose custom class is declared in one of
/// the configured modules has that module as its custom module. The option `customModules` maps
/// each module to its classes (`{"UIComponents": ["PrimaryButton"]}`); `.iblinter.yml`'s
/// `custom_module_rule` (a module with the directories of its Swift files) is read into it, the
/// classes being every class those files declare at top level. Every object is checked, on
/// compiled nibs too (the module survives in a Swift class's mangled name); IBLinter looks at
/// views, placeholders and scene view controllers only. A house rule, off by default.
struct CustomModuleRule: NibRule {
    static let customModules = LintOption.classLists("customModules", default: [:])

    static let info = RuleInfo(
        .customModule, severity: .warning, aliases: [.iblinter("custom_module")], options: [customModules.spec], offByDefault: true,
        "An object's custom class is declared in a configured module (customModules) but the object names another module or none.")

    /// Class → the modules that declare it.
    let modules: [String: [String]]

    init(options: LintOptions) {
        var modules: [String: [String]] = [:]
        for (module, classes) in options[Self.customModules] {
            for c in classes { modules[c, default: []].append(module) }
        }
        self.modules = modules.mapValues { $0.sorted() }
    }

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard let custom = o.customClass, let candidates = modules[custom] else { return }
        if let module = o.customModule, candidates.contains(module) { return }
        out.add(o.id, className: o.effectiveClass, member: custom,
                "\(context.document.semanticPath(of: o.id)): the custom module of \(custom) is \(o.customModule.map { "'\($0)'" } ?? "not set"); it must be one of \(candidates.joined(separator: ", "))",
                fix: "Set the Module of \(custom) in the Identity inspector to \(candidates.count == 1 ? candidates[0] : "one of " + candidates.joined(separator: ", "))")
    }
}
