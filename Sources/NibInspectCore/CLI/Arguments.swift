/// One option or flag a command accepts.
struct OptionSpec: Sendable {
    /// Long name first (`--format`), then short names (`-f`).
    var names: [String]
    /// Value placeholder (`<format>`); nil for a flag.
    var valueName: String?
    var help: String
    /// Allowed values (shown in help, enforced when parsing).
    var allowed: [String]? = nil

    var primary: String { names[0] }
    var takesValue: Bool { valueName != nil }

    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help)
    }

    static func option(_ names: String..., value: String, help: String, allowed: [String]? = nil) -> OptionSpec {
        OptionSpec(names: names, valueName: value, help: help, allowed: allowed)
    }
}

/// A subcommand's interface, used for parsing and for `--help`.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    /// Positional arguments for the usage line (`<file>`, `<source> <compiled>`).
    var arguments: [(name: String, help: String)]
    var options: [OptionSpec]
    var discussion: String? = nil

    var usage: String {
        let opts = options.isEmpty ? "" : " [<options>]"
        return "nibinspect \(name)\(opts) " + arguments.map { "<\($0.name)>" }.joined(separator: " ")
    }

    /// ArgumentParser-style help: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
    var help: String {
        var s = "OVERVIEW: \(abstract)\n"
        if let discussion { s += "\n\(discussion)\n" }
        s += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            s += "\nARGUMENTS:\n"
            for a in arguments { s += pad("  <\(a.name)>", a.help) }
        }
        s += "\nOPTIONS:\n"
        for o in options {
            var left = "  " + o.names.reversed().joined(separator: ", ")
            if let v = o.valueName { left += " <\(v)>" }
            var help = o.help
            if let allowed = o.allowed { help += " (values: \(allowed.joined(separator: ", ")))" }
            s += pad(left, help)
        }
        s += pad("  -h, --help", "Show help information.")
        return s
    }

    private func pad(_ left: String, _ right: String) -> String {
        left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) + right + "\n"
            : left + "\n" + String(repeating: " ", count: 26) + right + "\n"
    }
}

/// The parsed command line of one subcommand.
struct ParsedArguments {
    var flags: Set<String> = []
    /// Values by primary option name, in command-line order (an option may repeat).
    var options: [String: [String]] = [:]
    var positionals: [String] = []
    var wantsHelp = false

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }

    /// Parses `args` against `spec`: `--opt value`, `--opt=value`, `-o value`, `--` ends options,
    /// `-` is a positional (stdin).
    init(_ args: [String], spec: CommandSpec) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        func find(_ name: String) -> OptionSpec? { spec.options.first { $0.names.contains(name) } }
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            if arg == "-h" || arg == "--help" { wantsHelp = true; continue }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = find(name) else { throw UsageError("Unknown option '\(name)'") }
            if option.takesValue {
                let value: String
                if let inline { value = inline }
                else if i < args.count { value = args[i]; i += 1 }
                else { throw UsageError("Missing value for '\(name) <\(option.valueName!)>'") }
                if let allowed = option.allowed, !allowed.contains(value) {
                    throw UsageError("The value '\(value)' is invalid for '\(name) <\(option.valueName!)>'; expected one of: \(allowed.joined(separator: ", "))")
                }
                options[option.primary, default: []].append(value)
            } else {
                if inline != nil { throw UsageError("Option '\(name)' takes no value") }
                flags.insert(option.primary)
            }
        }
    }
}
