import NibModel

extension FindingCode {
    public static let simulatedMetricsSmallest = FindingCode("simulated-metrics-smallest")
}

/// `simulated-metrics-smallest` (xiblint `simulated_metrics_retina4_0`): a source whose canvas
/// device ('View as:', `<device id=…>`) is set to anything but the smallest screens, the iPhone
/// SE (`retina4_0`) or a 38 mm watch (`watch38`). A file without a device is not reported (see
/// `view-as-device` for that). Once per file. A house rule, off by default.
struct SimulatedMetricsRule: NibRule {
    static let allowed: Set<String> = ["retina4_0", "watch38"]

    static let info = RuleInfo(
        .simulatedMetricsSmallest, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("simulated_metrics_retina4_0")], offByDefault: true,
        "'View as:' (the canvas device) is set to a device other than the smallest, retina4_0 (iPhone SE) or watch38 (once per file).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isFirstOfFile, let device = context.document.sourceAttributes["device.id"], !Self.allowed.contains(device) else { return }
        out.add(nil, line: context.document.source?.file.children(named: "device").first?.line, "'View as:' is \(device); it must be retina4_0 or watch38, the smallest screens",
                fix: "Choose iPhone SE (or a 38 mm watch) in 'View as:' at the bottom of the canvas, and save")
    }
}
